// The pipeline's mapping run backwards: where a window point lies on a mounted device's surface, and whether a finger can be there.
import Tactile

/// The screen as the person sees it and the device's surface under it, as
/// the pipeline maps one onto the other (``SurfaceMapping`` with the
/// device's mounting), run backwards so that the tester can draw on the
/// screen and send what the mounted device would.
///
/// Three kinds of coordinates meet here:
/// - window points (the screen as seen);
/// - millimetres on the surface as seen (from its top-left corner, as
///   `Touch.surfaceLocation` gives them), in which the tester draws its
///   gestures, so that fingers 18 mm apart are 18 mm apart whatever the mounting;
/// - millimetres along the device's own axes (from its minimum corner),
///   which the synthesizer turns into device units.
struct MountedSurface: Sendable {
    /// The pipeline's mapping: the device's axes, the screen, the transform.
    let mapping: SurfaceMapping
    /// Normalized screen to normalized surface; `nil` for a matrix that folds the surface onto a line.
    let inverse: SurfaceTransform?
    /// Device units along each axis, `maximum − minimum + 1`, as the mapping normalizes.
    let units: (x: Double, y: Double)

    init(mapping: SurfaceMapping) {
        self.mapping = mapping
        inverse = mapping.transform.inverted
        units = (mapping.xAxis.span + 1, mapping.yAxis.span + 1)
    }

    /// How finger positions drawn in millimetres as seen become millimetres
    /// along the device's axes; `nil` when upright (they are the same).
    var placement: (@Sendable (Point) -> Point)? {
        let orientation = mapping.orientation
        guard orientation != .upright else { return nil }
        let undo = orientation.inverted, seen = mapping.surfaceSize
        return { point in undo.apply(to: point, on: seen) }
    }

    // MARK: Window points and millimetres

    /// Millimetres on the surface as seen under the window point `point`.
    func millimetres(at point: Point) -> Point {
        let device = deviceMillimetres(at: point)
        let orientation = mapping.orientation
        return orientation == .upright ? device : orientation.apply(to: device, on: mapping.deviceSurfaceSize)
    }

    /// Millimetres along the device's axes under the window point `point`.
    func deviceMillimetres(at point: Point) -> Point {
        let bounds = mapping.screenBounds
        let screen = Point(x: bounds.width > 0 ? (point.x - bounds.minX) / bounds.width : 0,
                           y: bounds.height > 0 ? (point.y - bounds.minY) / bounds.height : 0)
        let surface = mapping.transform.isIdentity ? screen : (inverse ?? .identity).apply(to: screen)
        return Point(x: surface.x * units.x / mapping.unitsPerMillimetreX, y: surface.y * units.y / mapping.unitsPerMillimetreY)
    }

    /// The window point over `millimetres` on the surface as seen (not held inside the screen).
    func point(atMillimetres millimetres: Point) -> Point {
        let orientation = mapping.orientation
        let device = orientation == .upright ? millimetres : orientation.inverted.apply(to: millimetres, on: mapping.surfaceSize)
        return point(atDeviceMillimetres: device)
    }

    /// The window point over `device`, millimetres along the device's axes (not held inside the screen).
    func point(atDeviceMillimetres device: Point) -> Point {
        let screen = mapping.transform.apply(to: normalized(device))
        let bounds = mapping.screenBounds
        return Point(x: bounds.minX + screen.x * bounds.width, y: bounds.minY + screen.y * bounds.height)
    }

    /// `device` millimetres as fractions of the axes (0…1 across the surface).
    private func normalized(_ device: Point) -> Point {
        Point(x: device.x * mapping.unitsPerMillimetreX / units.x, y: device.y * mapping.unitsPerMillimetreY / units.y)
    }

    // MARK: Where a finger can be

    /// Why no finger can be at `device` (millimetres along the device's
    /// axes), or `nil` when one can: off the screen, or on the screen where
    /// the surface as mounted does not reach. The far edges count as on
    /// (a finger there is sensed at the axis's last position).
    func problem(atDeviceMillimetres device: Point) -> String? {
        guard inverse != nil else {
            return "nowhere: the mounting \(mapping.transform) folds the surface onto a line"
        }
        let seen = point(atDeviceMillimetres: device)
        let bounds = mapping.screenBounds
        let slack = 1e-9 * max(1, bounds.width, bounds.height)
        if seen.x < bounds.minX - slack || seen.x > bounds.maxX + slack || seen.y < bounds.minY - slack || seen.y > bounds.maxY + slack {
            return "at \(Self.format(seen)) pt, outside the screen (\(Self.range(bounds.minX, bounds.maxX)) × "
                + "\(Self.range(bounds.minY, bounds.maxY)) pt)"
        }
        let fraction = normalized(device), tolerance = 1e-9
        if fraction.x < -tolerance || fraction.x > 1 + tolerance || fraction.y < -tolerance || fraction.y > 1 + tolerance {
            let corners = [Point(x: 0, y: 0), Point(x: 1, y: 0), Point(x: 0, y: 1), Point(x: 1, y: 1)].map {
                point(atDeviceMillimetres: Point(x: $0.x * units.x / mapping.unitsPerMillimetreX, y: $0.y * units.y / mapping.unitsPerMillimetreY))
            }
            let xs = corners.map(\.x), ys = corners.map(\.y)
            return "at \(Self.format(seen)) pt, which the surface does not reach as it is mounted (\(mapping.transform.summary)): "
                + "it covers x \(Self.range(xs.min() ?? 0, xs.max() ?? 0)), y \(Self.range(ys.min() ?? 0, ys.max() ?? 0)) pt of the screen"
        }
        return nil
    }

    /// `(12.500, 300.000)`.
    static func format(_ point: Point) -> String {
        "(\(ApproximateValue.format(point.x)), \(ApproximateValue.format(point.y)))"
    }

    /// `0…800`, with a range's ends as short as they go.
    private static func range(_ low: Double, _ high: Double) -> String {
        "\(FixedDecimal.shortest((low * 1000).rounded() / 1000))…\(FixedDecimal.shortest((high * 1000).rounded() / 1000))"
    }
}
