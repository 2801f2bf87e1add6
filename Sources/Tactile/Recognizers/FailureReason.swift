// Why a recognizer failed: its own criteria or an arbitration rule.

extension GestureRecognizer {
    /// Why a recognizer failed: its own criteria, or a rule of the engine's
    /// arbitration (UIKit keeps this to itself; Flutter prints it only in
    /// debug builds).
    ///
    /// ```swift
    /// if tap.state == .failed, case .preventedBy(let winner)? = tap.failureReason {
    ///     print("the tap lost to \(winner)")
    /// }
    /// if case .criterionNotMet(.moved(let millimetres, let allowed))? = tap.failureReason {
    ///     print("moved \(millimetres) mm, \(allowed) mm allowed")
    /// }
    /// ```
    public enum FailureReason: Hashable, Sendable, CustomStringConvertible {
        /// The recognizer's own criteria were not met and it did not say
        /// which (it moved to `failed` itself, with ``GestureRecognizer/transition(to:)``).
        case gaveUp
        /// One of the recognizer's own criteria was not met, with the value
        /// wanted and the value seen (``GestureRecognizer/fail(because:)``).
        case criterionNotMet(Criterion)
        /// A rival sharing a touch recognized first and excludes it (its name).
        case preventedBy(String)
        /// A recognizer it requires to fail recognized (its name).
        case requiredRecognizerRecognized(String)
        /// It recognized, but its gesture ended while it still waited for this
        /// recognizer (its name), which it requires to fail, to decide.
        case endedWhileWaiting(for: String)
        /// Its delegate's `gestureRecognizerShouldBegin` returned `false`.
        case delegateDeclined
        /// Its touches are gone and no timer can still decide it.
        case undecided
        /// It was disabled or removed from its view while possible.
        case stopped

        public var description: String {
            switch self {
            case .gaveUp: return "its criteria were not met"
            case .criterionNotMet(let criterion): return criterion.description
            case .preventedBy(let name): return "prevented by \(name)"
            case .requiredRecognizerRecognized(let name): return "\(name), which it requires to fail, recognized"
            case .endedWhileWaiting(let name): return "its gesture ended while it waited for \(name) to fail"
            case .delegateDeclined: return "its delegate declined to let it begin"
            case .undecided: return "its touches ended before it could decide"
            case .stopped: return "disabled or removed while possible"
            }
        }
    }

    /// Fails, while `possible`, saying which of its criteria was not met:
    /// the failure's ``failureReason`` is ``FailureReason/criterionNotMet(_:)``
    /// (what `tactile check` and the trace print). Does nothing in another state.
    ///
    /// ```swift
    /// override func touchesMoved(_ touches: [Touch], in frame: TouchFrame) {
    ///     let moved = touches[0].surfaceLocation.distance(to: start)
    ///     if moved > 3 { fail(because: .moved(millimetres: moved, allowed: 3)) }
    /// }
    /// ```
    public final func fail(because criterion: FailureReason.Criterion) {
        guard state == .possible else { return }
        core.unmetCriterion = criterion
        transition(to: .failed)
        core.unmetCriterion = nil
    }
}
