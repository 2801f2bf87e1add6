// Where Tactile reports a developer's mistake without stopping input (a forbidden transition).

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Where Tactile tells a developer what went wrong without stopping input:
/// today, a recognizer asking for a transition its state machine forbids
/// (the usual cause: a subclass that forgot to override `isDiscrete`).
///
/// By default a diagnostic is printed to standard error in debug builds
/// (`tactile: tap: possible → changed is not allowed …`) and dropped in
/// release builds; a test or an app can collect them instead:
///
/// ```swift
/// var problems: [String] = []
/// GestureDiagnostics.handler = { problems.append($0) }
/// ```
public enum GestureDiagnostics {
    /// Receives every diagnostic, on the main actor.
    @MainActor public static var handler: (String) -> Void = defaultHandler

    /// Prints to standard error in debug builds; drops the message in release builds.
    public static let defaultHandler: @Sendable (String) -> Void = { message in
        #if DEBUG
        let line = Array(("tactile: " + message + "\n").utf8)
        _ = line.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
        #endif
    }

    /// Why `from → to` is refused, with what to do about it.
    static func rejection(of recognizer: String, from: GestureRecognizerState, to: GestureRecognizerState, isDiscrete: Bool) -> String {
        var message = "\(recognizer): \(from) → \(to) is not allowed"
        switch (from, to, isDiscrete) {
        case (.possible, .ended, false):
            message += "; a continuous recognizer begins (possible → began); override isDiscrete to return true for one that recognizes at once"
        case (.possible, .began, true), (.possible, .changed, true):
            message += "; a discrete recognizer recognizes at once (possible → ended); override isDiscrete to return false for a continuous one"
        case (.possible, .changed, false), (.possible, .cancelled, _):
            message += "; nothing has begun yet (possible → began first)"
        case (_, .possible, _):
            message += "; the engine resets recognizers to possible once their touches are gone"
        default:
            message += " (\(from) is \(from.isFinal ? "final until the recognizer resets" : "not followed by \(to)"))"
        }
        return message
    }
}
