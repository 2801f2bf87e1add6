// A command a binding asks to run, and what came of asking.

/// A binding's command, as the service asks a ``CommandRunner`` to run it.
///
/// ```swift
/// let request = CommandRequest(arguments: ["notify-send", "zoom"], binding: "zoom", time: 12.5,
///                              environment: ["TACTILE_STEPS": "3"])
/// if case .failed(let why) = runner.run(request) { print(why) }
/// ```
public struct CommandRequest: Hashable, Sendable {
    /// The program (looked up on `PATH`) and its arguments.
    public var arguments: [String]
    /// The binding's name: limits are counted per binding.
    public var binding: String
    /// How many of the binding's commands may run at once (`instances = N`; default 1).
    public var maximumInstances: Int
    /// The firing's time (the device's clock, seconds): the rate is counted in it.
    public var time: Double
    /// Variables added to the child's environment (`TACTILE_GESTURE`, `TACTILE_PHASE`, `TACTILE_STEPS`).
    public var environment: [String: String]

    /// A request to run `arguments` for `binding` at `time`.
    public init(arguments: [String], binding: String, maximumInstances: Int = 1, time: Double, environment: [String: String] = [:]) {
        self.arguments = arguments
        self.binding = binding
        self.maximumInstances = maximumInstances
        self.time = time
        self.environment = environment
    }
}

/// What came of asking a runner to run a command.
public enum CommandOutcome: Hashable, Sendable {
    /// Started (or, off the input loop, on its way to starting).
    case started
    /// Not run: a limit of the binding's or a full queue, the reason says which
    /// (`nil`: a skip already said this second, not worth another line).
    case skipped(String?)
    /// Could not be started (the reason says why).
    case failed(String)
}
