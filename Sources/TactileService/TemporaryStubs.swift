// TEMPORARY until the config branch lands: makes a recognizer of a spec's kind with defaults.
import Tactile

extension RecognizerSpec {
    @MainActor func makeRecognizer(name: String) -> GestureRecognizer {
        var fingers = 1
        var directions: SwipeGestureRecognizer.Direction = .all
        var duration: Double?
        for parameter in parameters {
            switch (parameter.name, parameter.value) {
            case ("fingers", .integer(let n)): fingers = n
            case ("direction", .directions(let edges)):
                directions = []
                for edge in edges {
                    switch edge {
                    case .left: directions.insert(.left)
                    case .right: directions.insert(.right)
                    case .top: directions.insert(.up)
                    case .bottom: directions.insert(.down)
                    }
                }
            case ("duration", .seconds(let s)): duration = s
            default: break
            }
        }
        switch kind {
        case .tap: return TapGestureRecognizer(taps: 1, touches: fingers, name: name)
        case .longPress: return LongPressGestureRecognizer(minimumPressDuration: duration ?? 0.5, touches: fingers, name: name)
        case .swipe: return SwipeGestureRecognizer(direction: directions, touches: fingers, name: name)
        case .pan:
            let pan = PanGestureRecognizer(name: name)
            pan.minimumNumberOfTouches = fingers
            pan.maximumNumberOfTouches = fingers
            return pan
        case .pinch: return PinchGestureRecognizer(name: name)
        case .rotation: return RotationGestureRecognizer(name: name)
        case .hold: return HoldGestureRecognizer(name: name)
        }
    }
}

public struct ConfigDiagnostic: Hashable, Sendable, CustomStringConvertible {
    public enum Severity: Hashable, Sendable { case error, warning }
    public var severity: Severity
    public var location: SourceLocation
    public var message: String
    public var description: String { "\(location): \(severity == .error ? "error" : "warning"): \(message)" }
}

public struct ConfigLoadResult: Sendable {
    public var config: GestureConfig?
    public var diagnostics: [ConfigDiagnostic]
}

public enum ConfigLoader {
    public static func load(path: String) -> ConfigLoadResult { ConfigLoadResult(config: GestureConfig(file: path), diagnostics: []) }
    public static func parse(_ text: String, file: String) -> ConfigLoadResult { ConfigLoadResult(config: GestureConfig(file: file), diagnostics: []) }
    public static func searchPaths(environment: [String: String]) -> [String] { ["/etc/tactile/gestures.toml"] }
    public static func locate(environment: [String: String], fileExists: (String) -> Bool) -> String? { nil }
    public static var defaultConfig: GestureConfig { GestureConfig() }
}
