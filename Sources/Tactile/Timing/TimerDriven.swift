// Firing a part's timers by the device's clock, each at its own deadline: the one loop every driver uses.

/// Something that keeps timers in engine time and fires them when told
/// time has passed: an ``InputPipeline``, or a part built around one (the
/// gesture service's devices).
///
/// Every driver (a replay, a live session, the gesture service) fires
/// timers the same way, through ``fireTimers(through:pace:)`` and
/// ``fireTimers(before:pace:)``: each timer at its own deadline, in order,
/// so that a timer's cycle (a long press recognized) runs at the time it was
/// due, whatever the wall clock did.
///
/// ```swift
/// for event in recording.events {
///     pipeline.fireTimers(before: event.time)   // a single tap decided before the next finger lands
///     pipeline.process(event)
/// }
/// pipeline.fireTimers(through: lastTime + 1)
/// ```
@MainActor
public protocol TimerDriven: AnyObject {
    /// The earliest pending deadline, in engine time, if any.
    var nextDeadline: Double? { get }
    /// Moves time to `time`, firing the timers due on the way.
    func advance(to time: Double)
}

extension TimerDriven {
    /// Fires every timer due at or before `time`, each at its own deadline.
    /// `pace` is called with each deadline first (a paced replay waits
    /// there) and stops the firing by returning `false` (a stop request).
    /// Returns whether every due timer fired.
    @discardableResult
    public func fireTimers(through time: Double, pace: (Double) -> Bool = { _ in true }) -> Bool {
        while let deadline = nextDeadline, deadline <= time {
            guard pace(deadline) else { return false }
            advance(to: deadline)
        }
        return true
    }

    /// Fires every timer due strictly before `time` (an event stamped
    /// `time` comes next: a timer due at the same moment fires with it, as
    /// the engine's own cycle does), each at its own deadline.
    @discardableResult
    public func fireTimers(before time: Double, pace: (Double) -> Bool = { _ in true }) -> Bool {
        while let deadline = nextDeadline, deadline < time {
            guard pace(deadline) else { return false }
            advance(to: deadline)
        }
        return true
    }
}

extension InputPipeline: TimerDriven {
    /// The engine's earliest timer deadline, if any.
    public var nextDeadline: Double? { engine.nextDeadline }
}
