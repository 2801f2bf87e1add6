// A recognizer's time: timers in engine time, the current time, and thresholds in the screen's units.

extension GestureRecognizer {
    /// Runs `body` after `delay` seconds of engine time, with the recognizer
    /// as its argument, even if no input arrives. Timers die with the
    /// recognizer's reset (the timer holds the recognizer until then). Returns
    /// `nil` when the recognizer is in no engine yet.
    ///
    /// ```swift
    /// timer = schedule(after: 0.5) { recognizer in recognizer.state = .failed }
    /// ```
    @discardableResult
    public final func schedule(after delay: Double, _ body: @escaping (GestureRecognizer) -> Void) -> TimerToken? {
        guard let engine else { return nil }
        // Deadlines fall on whole microseconds, like event times, so logs read cleanly.
        let deadline = ((engine.now + max(0, delay)) * 1_000_000).rounded() / 1_000_000
        return engine.schedule(at: deadline, owner: self) { body(self) }
    }

    /// Cancels a timer made by ``schedule(after:_:)``.
    public final func cancelTimer(_ token: TimerToken?) {
        guard let token else { return }
        engine?.cancelTimer(token, ownedBy: self)
    }

    /// The engine's current time in seconds while the recognizer is in play;
    /// afterwards the time at which it left (0 before its first touch).
    public final var currentTime: Double { engine?.now ?? core.timeAtLeaving }

    /// Called by `engine` when the recognizer leaves its play.
    func leave(_ engine: GestureEngine) {
        guard core.engine === engine else { return }
        core.timeAtLeaving = engine.now
        core.engine = nil
    }

    // MARK: Units

    /// Display points per millimetre of the screen the recognizer's touches
    /// map onto (96 dpi before it is in play), for thresholds given in points.
    public final var pointsPerMillimetre: Double {
        core.engine != nil ? core.screenDensity : view?.window?.screen.pointsPerMillimetre ?? Screen.standard.pointsPerMillimetre
    }

    /// The kind of device the recognizer's touches come from (`nil` before
    /// it is in play, or when its engine was not told): defaults that
    /// differ between a touchpad and a touchscreen follow it (a tap's
    /// longest press: 0.18 s on a touchpad, 0.5 s on a screen).
    public final var deviceKind: DeviceKind? {
        core.engine != nil ? core.deviceKind : nil
    }

    /// A threshold in millimetres on the surface: points go through ``pointsPerMillimetre``.
    @inline(__always)
    public final func millimetres(_ length: Length) -> Double {
        length.inMillimetres(pointsPerMillimetre: pointsPerMillimetre)
    }

    /// A speed threshold in millimetres per second on the surface.
    @inline(__always)
    public final func millimetresPerSecond(_ speed: Speed) -> Double {
        speed.inMillimetresPerSecond(pointsPerMillimetre: pointsPerMillimetre)
    }
}
