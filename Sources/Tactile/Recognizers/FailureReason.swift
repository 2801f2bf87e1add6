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
    /// ```
    public enum FailureReason: Hashable, Sendable, CustomStringConvertible {
        /// The recognizer's own criteria were not met (it moved to `failed` itself).
        case gaveUp
        /// A rival sharing a touch recognized first and excludes it (its name).
        case preventedBy(String)
        /// A recognizer it requires to fail recognized (its name).
        case requiredRecognizerRecognized(String)
        /// Its delegate's `gestureRecognizerShouldBegin` returned `false`.
        case delegateDeclined
        /// Its touches are gone and no timer can still decide it.
        case undecided
        /// It was disabled or removed from its view while possible.
        case stopped

        public var description: String {
            switch self {
            case .gaveUp: return "its criteria were not met"
            case .preventedBy(let name): return "prevented by \(name)"
            case .requiredRecognizerRecognized(let name): return "\(name), which it requires to fail, recognized"
            case .delegateDeclined: return "its delegate declined to let it begin"
            case .undecided: return "its touches ended before it could decide"
            case .stopped: return "disabled or removed while possible"
            }
        }
    }
}
