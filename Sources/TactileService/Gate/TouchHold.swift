// A finger the service holds back from the app: it landed in a zone whose gestures may still take it.
import Tactile

/// A finger the service holds back from the app: it landed in a zone whose
/// gestures hold their touches (a screen edge), and the app sees nothing of
/// it until they decide; then it goes on to the app
/// (``ServiceReport/released(slot:zone:time:heldFor:)``) or a gesture takes
/// it (``ServiceReport/claimed(binding:slots:time:)``).
///
/// ```swift
/// device.onHold = { hold in print("slot \(hold.slot) held in \(hold.zone) at \(hold.time)") }
/// ```
public struct TouchHold: Hashable, Sendable {
    /// The slot of the device the finger is in.
    public var slot: Int
    /// The engine's touch.
    public var touch: TouchID
    /// The zone it landed in.
    public var zone: String
    /// When it landed (engine time, seconds).
    public var time: Double
}
