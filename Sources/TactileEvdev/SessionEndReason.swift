// Why a loop reading a device ended: a live session, a following session, `tactile record`.

/// Why a loop reading a device returned: `LiveSession.run()`,
/// `FollowingSession.run()` (which never ends with ``deviceGone``: it waits
/// for the device to come back), or a recorder reading a device into a file.
///
/// ```swift
/// let outcome = try session.run()
/// if outcome.reason == .deviceGone { print("unplugged") }
/// ```
public enum SessionEndReason: String, Sendable, Hashable {
    /// The device went away; everything before was processed.
    case deviceGone
    /// ``StopSignal/requestStop()`` was called.
    case stopped
    /// No event arrived for the idle limit (``LiveSession/Options/idleExit``).
    case idle
    /// The longest run (``LiveSession/Options/maxDuration``) passed.
    case maxDuration
}
