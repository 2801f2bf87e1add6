// A pan that starts only at the screen's edges, heading inward, after UIScreenEdgePanGestureRecognizer.

/// A pan that begins only for fingers that land within a band along one of
/// the screen's ``edges`` and move inward, away from that edge, after
/// `UIScreenEdgePanGestureRecognizer`: the swipe that opens a menu from the
/// left edge of a kiosk.
///
/// - A finger landing while it is possible must land within ``edgeBand``
///   (4 mm on the surface by default) of one of ``edges``; a finger landing
///   farther in makes it fail. Several fingers must land at one edge.
/// - It begins as a pan does, once the fingers travelled the pan's
///   ``PanGestureRecognizer/minimumTranslation`` (with several fingers,
///   moving together: ``MultiFingerMotion``), and only if they head
///   inward from that edge, within ``inwardTolerance`` of straight in; a
///   stroke along the edge or out of it makes it fail.
/// - Then it is a pan: ``PanGestureRecognizer/translation(in:)`` and
///   ``PanGestureRecognizer/velocity(in:)``, and ``recognizedEdge``, the
///   edge it began from (`edge` in the action log: top 1, left 2,
///   bottom 4, right 8, as ``ScreenEdges``).
///
/// The edges are the screen's as the person sees it: a panel mounted in
/// portrait has its screen's left edge along one of its long sides
/// (``SurfaceTransform``). The band is millimetres under the finger, the
/// same on a dense panel and a coarse one; where a touch lands at an edge is
/// the one definition of ``ScreenEdges``, which the gesture service's edge
/// zones share.
///
/// A pan sharing a touch with it waits for it to decide (the arena's rule 1,
/// ``GestureEngine``), so a map's pan never takes the swipe in from the
/// edge; a touch landing outside the band decides it at once.
///
/// ```swift
/// let menu = ScreenEdgePanGestureRecognizer(edges: .left)
/// menu.addTarget { recognizer in
///     guard let edgePan = recognizer as? ScreenEdgePanGestureRecognizer else { return }
///     drawer.offset = edgePan.translation(in: drawer).x   // follows the finger in from the left edge
///     if edgePan.state == .ended { drawer.settle(velocity: edgePan.velocity(in: drawer).x) }
/// }
/// window.addGestureRecognizer(menu)
/// ```
open class ScreenEdgePanGestureRecognizer: PanGestureRecognizer {
    /// Defaults, with their reasons in `docs/gestures.md`.
    public enum EdgeDefaults {
        /// How deep the band along each edge is where a finger lands to begin
        /// it, in mm on the surface: the service's edge zones' default depth,
        /// a little over UIKit's ≈ 20 pt and Android's `ViewDragHelper` 20 dp (≈ 3.2 mm).
        public static let edgeBand = Length.millimetres(4)
        /// How far from straight inward the fingers may head when they begin
        /// it, in radians: 49.5°, libinput's margin for a touch leaving an
        /// edge (45° and a tenth of it), as ``ThumbDetector`` lets a palm leave a band.
        public static let inwardTolerance = 49.5 * Double.pi / 180
    }

    /// The edges it starts from (``ScreenEdges``); UIKit's `edges`.
    public var edges: ScreenEdges { get { settings.edges } set { settings.edges = newValue } }
    /// How deep the band along each edge is (``Length``; see ``EdgeDefaults/edgeBand``).
    public var edgeBand: Length { get { settings.edgeBand } set { settings.edgeBand = newValue } }
    /// How far from straight inward the fingers may head, in radians (see ``EdgeDefaults/inwardTolerance``).
    public var inwardTolerance: Double { get { settings.inwardTolerance } set { settings.inwardTolerance = newValue } }

    /// The edge it began from, one of ``edges``; empty until it began (and
    /// after it is reset).
    public var recognizedEdge: ScreenEdges { gesture.recognizedEdge }

    /// The storage of the settings above (documented there).
    private struct Settings {
        var edges: ScreenEdges = []
        var edgeBand = EdgeDefaults.edgeBand
        var inwardTolerance = EdgeDefaults.inwardTolerance
    }

    /// What one gesture keeps; ``reset()`` starts it afresh (``GestureState``).
    private struct Gesture: GestureState {
        /// The edges every finger so far landed at (`nil`: none landed yet).
        var landedAt: ScreenEdges?
        var recognizedEdge: ScreenEdges = []
    }

    // Read as fingers land and as it begins: one store each, as the other recognizers keep theirs.
    @exclusivity(unchecked) private var settings = Settings()
    @exclusivity(unchecked) private var gesture = Gesture()

    /// A pan from `edges` of the screen (UIKit's `edges`).
    public init(edges: ScreenEdges, name: String? = nil) {
        super.init(name: name)
        settings.edges = edges
        core.precedesPans = true
    }

    /// The pan's values (``PanGestureRecognizer/actionValues``) and `edge`:
    /// the raw value of ``recognizedEdge`` (top 1, left 2, bottom 4, right 8).
    open override var actionValues: [ActionValue] {
        super.actionValues + [ActionValue("edge", Double(gesture.recognizedEdge.rawValue))]
    }

    open override func touchesBegan(_ touches: [Touch], in frame: TouchFrame) {
        super.touchesBegan(touches, in: frame)
        for touch in touches where state == .possible { judgeLanding(of: touch) }
    }

    /// Fails unless `touch` lands within the band of an edge every finger so far landed at.
    private func judgeLanding(of touch: Touch) {
        guard let screen = engine?.window.screen ?? view?.window?.screen else { return }
        let band = bandGeometry(on: screen)
        let at = settings.edges.edges(at: touch.location, depth: band.depth, in: screen.bounds)
        let candidates = gesture.landedAt.map { $0.intersection(at) } ?? at
        guard candidates.isEmpty else {
            gesture.landedAt = candidates
            return
        }
        let wanted = gesture.landedAt ?? settings.edges
        let distance = wanted.distance(of: touch.location, in: screen.bounds, scale: band.millimetresPerPoint) ?? 0
        fail(because: .landedAwayFromEdge(millimetres: max(0, distance), band: millimetres(settings.edgeBand), edges: wanted))
    }

    /// The band's depth in screen points across the width and across the
    /// height, and the millimetres of the surface per point across each:
    /// the surface spans the screen (the engine's ``GestureEngine/surfaceSize``,
    /// else the screen's physical size).
    private func bandGeometry(on screen: Screen) -> (depth: Size, millimetresPerPoint: Size) {
        let surface = engine?.surfaceSize ?? screen.physicalSize
        let bounds = screen.bounds
        let perPoint = Size(width: bounds.width > 0 ? surface.width / bounds.width : 0,
                            height: bounds.height > 0 ? surface.height / bounds.height : 0)
        let band = millimetres(settings.edgeBand)
        return (Size(width: perPoint.width > 0 ? band / perPoint.width : 0, height: perPoint.height > 0 ? band / perPoint.height : 0),
                perPoint)
    }

    /// Begins only heading inward from an edge its fingers landed at (the
    /// nearest to straight in, for a finger that landed in a corner);
    /// otherwise fails, saying which way the fingers went.
    override func mayBegin(heading displacement: Vector) -> Bool {
        guard gesture.recognizedEdge.isEmpty else { return true }  // judged already; waiting to begin
        let landedAt = gesture.landedAt ?? []
        var best: (edge: ScreenEdges, angle: Double)?
        for edge in ScreenEdges.each where landedAt.contains(edge) {
            let angle = abs(TouchGeometry.wrap(displacement.angle - edge.inward.angle))
            if angle <= settings.inwardTolerance, angle < best?.angle ?? .infinity { best = (edge, angle) }
        }
        guard let best else {
            let heading = SwipeGestureRecognizer.direction(of: displacement, tolerance: .pi / 4) ?? []
            fail(because: .direction(heading: heading, allowed: Self.directions(inwardFrom: landedAt)))
            return false
        }
        gesture.recognizedEdge = best.edge
        return true
    }

    /// The directions that lead in from `edges`: right from the left edge, down from the top.
    static func directions(inwardFrom edges: ScreenEdges) -> SwipeGestureRecognizer.Direction {
        var directions: SwipeGestureRecognizer.Direction = []
        if edges.contains(.left) { directions.insert(.right) }
        if edges.contains(.right) { directions.insert(.left) }
        if edges.contains(.top) { directions.insert(.down) }
        if edges.contains(.bottom) { directions.insert(.up) }
        return directions
    }

    open override func reset() {
        super.reset()
        gesture.restart()
    }
}
