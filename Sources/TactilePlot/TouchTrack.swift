// One finger's path on the surface, thinned to points 0.2 mm apart, with when it landed and how it ended.
import Tactile

/// One touch as a plot draws it: its path on the surface and its time down.
///
/// The path keeps a point only once the finger moved ``spacing`` from the
/// last point kept (and always the last point), so a finger resting for a
/// minute is one point and a long drag costs a point per 0.2 mm, not one
/// per event.
struct TouchTrack: Sendable {
    /// How far apart kept points are, in millimetres of the surface.
    static let spacing = 0.2

    let id: TouchID
    let slot: Int
    /// When the finger landed.
    let began: Double
    /// When it lifted or was lost (`nil` while down).
    var ended: Double?
    /// `cancelled` when it was lost rather than lifted.
    var endPhase: TouchPhase?
    /// Whether it was ever a resting thumb or a palm (kept from the recognizers).
    var rejected = false
    /// Points kept, in millimetres of the surface.
    private(set) var points: [Point]
    /// The latest point seen, kept or not.
    private var latest: Point
    /// Millimetres travelled along the kept points.
    private(set) var travelled = 0.0

    init(_ touch: Touch) {
        id = touch.id
        slot = touch.slot
        began = touch.beganAt
        points = [touch.surfaceLocation]
        latest = touch.surfaceLocation
        rejected = touch.rejection != nil
    }

    /// Takes the touch as of one more frame.
    mutating func update(_ touch: Touch) {
        latest = touch.surfaceLocation
        if touch.rejection != nil { rejected = true }
        if let last = points.last, last.distance(to: latest) >= Self.spacing {
            travelled += last.distance(to: latest)
            points.append(latest)
        }
        if touch.phase.isFinal { end(at: touch.timestamp, phase: touch.phase) }
    }

    /// Ends the touch (lifted, lost, or still down when the plot finished).
    mutating func end(at time: Double, phase: TouchPhase) {
        guard ended == nil else { return }
        ended = time
        endPhase = phase
        if let last = points.last, last != latest {
            travelled += last.distance(to: latest)
            points.append(latest)
        }
    }
}
