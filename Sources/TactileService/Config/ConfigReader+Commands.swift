// The loader's warnings about commands that may run on every frame: in a `changed` phase or a step.
import Tactile

extension ConfigReader {
    /// Warns at each `command` action in `value` (an action or an array of
    /// them) how often it may run (`often`: `"on every frame the pan moves
    /// (up to ~100 per second)"`), and how the service bounds it.
    mutating func warnPerFrameCommands(_ value: TOMLValue, often: String) {
        let elements = value.array ?? [value]
        for element in elements {
            guard let command = element.table?.entry("command") else { continue }
            warning("this command runs \(often); the service starts at most \(Binding.commandsPerSecond) "
                    + "per second for a binding and one at a time (instances = N for more): a key or a step suits a moving gesture better",
                    at: command.keyLocation)
        }
    }
}

extension RecognizerKind {
    /// When a continuous gesture's `changed` runs, for messages: `the pan moves`.
    var changes: String {
        switch self {
        case .pan: "the pan moves"
        case .longPress: "the fingers move after the press"
        case .tap, .pressAndHold, .swipe, .pinch, .rotation, .hold: "the \(rawValue) changes"
        }
    }
}

extension Binding {
    /// Whether any of the binding's actions, steps included, runs a command.
    var runsCommands: Bool {
        let actions = Array(actions.values.joined()) + (step.map { $0.increase + $0.decrease } ?? [])
        return actions.contains { if case .command = $0 { true } else { false } }
    }
}
