// The edges of a screen as an option set, and the bands along them where a touch lands "at an edge".

/// Edges of the screen, as an option set with the values of UIKit's
/// `UIRectEdge`: top 1, left 2, bottom 4, right 8.
///
/// It is also the one definition of a touch that lands *at an edge*: the
/// band ``band(depth:in:)`` of a depth along an edge of the screen's bounds,
/// a point being in it as a view of that frame takes it in a hit test
/// (``Rect/contains(_:)``). ``ScreenEdgePanGestureRecognizer`` judges where
/// its fingers land with ``edges(at:depth:in:)``, and the gesture service's
/// edge zones are views whose frames are these bands. The bands are the
/// screen's as the person sees it: a touch's screen location already
/// follows how the panel is mounted (``SurfaceTransform``).
///
/// ```swift
/// let bounds = Rect(x: 0, y: 0, width: 800, height: 480)
/// ScreenEdges.left.band(depth: 20, in: bounds)   // [0, 0, 20×480]
/// ScreenEdges.all.edges(at: Point(x: 5, y: 470), depth: Size(width: 20, height: 20), in: bounds)   // [.left, .bottom]
/// ```
public struct ScreenEdges: OptionSet, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }

    public static let top = ScreenEdges(rawValue: 1 << 0)
    public static let left = ScreenEdges(rawValue: 1 << 1)
    public static let bottom = ScreenEdges(rawValue: 1 << 2)
    public static let right = ScreenEdges(rawValue: 1 << 3)
    /// The four edges.
    public static let all: ScreenEdges = [.top, .left, .bottom, .right]

    /// Each edge alone, in the order of their raw values.
    public static let each: [ScreenEdges] = [.top, .left, .bottom, .right]

    /// Whether the edge runs along the screen's height (left, right): its
    /// band's depth is measured across the width.
    public var isSide: Bool { !isDisjoint(with: [.left, .right]) }

    /// The band `depth` deep along this edge of `bounds` (in the units of
    /// `bounds`; a depth beyond the bounds is the whole of them): the strip
    /// of `bounds` within `depth` of the edge. For several edges, the
    /// smallest rectangle holding all their bands; for none, an empty
    /// rectangle at the bounds' origin.
    ///
    /// ```swift
    /// ScreenEdges.right.band(depth: 16, in: Rect(x: 0, y: 0, width: 800, height: 480))   // [784, 0, 16×480]
    /// ```
    public func band(depth: Double, in bounds: Rect) -> Rect {
        var union: Rect?
        for edge in Self.each where contains(edge) {
            let band = edge.singleBand(depth: depth, in: bounds)
            union = union.map { $0.union(band) } ?? band
        }
        return union ?? Rect(origin: bounds.origin, size: .zero)
    }

    /// The band of one edge.
    private func singleBand(depth: Double, in bounds: Rect) -> Rect {
        let across = isSide ? bounds.width : bounds.height
        let d = min(max(0, depth), across)
        switch self {
        case .left: return Rect(x: bounds.minX, y: bounds.minY, width: d, height: bounds.height)
        case .right: return Rect(x: bounds.maxX - d, y: bounds.minY, width: d, height: bounds.height)
        case .top: return Rect(x: bounds.minX, y: bounds.minY, width: bounds.width, height: d)
        default: return Rect(x: bounds.minX, y: bounds.maxY - d, width: bounds.width, height: d)
        }
    }

    /// The edges among these whose band holds `point`: bands
    /// `depth.width` deep along the left and right edges and `depth.height`
    /// along the top and bottom, in the units of `bounds` (a surface's
    /// millimetres become different numbers of points across the width
    /// and across the height when its units are not square). A point in a
    /// corner is at two edges; one outside `bounds` is at none.
    ///
    /// ```swift
    /// let edges = [ScreenEdges.left, .right].edges(at: touch.location, depth: Size(width: 12, height: 12), in: screen.bounds)
    /// ```
    public func edges(at point: Point, depth: Size, in bounds: Rect) -> ScreenEdges {
        var found: ScreenEdges = []
        for edge in Self.each where contains(edge) {
            if edge.singleBand(depth: edge.isSide ? depth.width : depth.height, in: bounds).contains(point) { found.insert(edge) }
        }
        return found
    }

    /// How far `point` lies from the nearest of these edges of `bounds`, in
    /// the units of `bounds`, each axis scaled by `scale` (`width` across
    /// the width, `height` across the height: points to millimetres); `nil`
    /// for no edge.
    public func distance(of point: Point, in bounds: Rect, scale: Size = Size(width: 1, height: 1)) -> Double? {
        var nearest: Double?
        for edge in Self.each where contains(edge) {
            let distance: Double
            switch edge {
            case .left: distance = (point.x - bounds.minX) * scale.width
            case .right: distance = (bounds.maxX - point.x) * scale.width
            case .top: distance = (point.y - bounds.minY) * scale.height
            default: distance = (bounds.maxY - point.y) * scale.height
            }
            nearest = min(nearest ?? distance, distance)
        }
        return nearest
    }

    /// The direction on screen that leads away from this edge (one edge):
    /// right from the left edge, down from the top.
    public var inward: Vector {
        switch self {
        case .left: Vector(dx: 1, dy: 0)
        case .right: Vector(dx: -1, dy: 0)
        case .top: Vector(dx: 0, dy: 1)
        case .bottom: Vector(dx: 0, dy: -1)
        default: .zero
        }
    }

    /// `left`, `top or right`, `no edge`.
    public var description: String {
        let names = zip(Self.each, ["top", "left", "bottom", "right"]).filter { contains($0.0) }.map(\.1)
        return names.isEmpty ? "no edge" : names.joined(separator: " or ")
    }
}

extension Rect {
    /// The smallest rectangle holding both.
    func union(_ other: Rect) -> Rect {
        let minX = Swift.min(self.minX, other.minX), minY = Swift.min(self.minY, other.minY)
        return Rect(x: minX, y: minY, width: Swift.max(maxX, other.maxX) - minX, height: Swift.max(maxY, other.maxY) - minY)
    }
}
