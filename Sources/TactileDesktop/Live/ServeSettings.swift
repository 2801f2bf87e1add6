// What `tactile serve` and `tactiled` are told on their command line: the one reader of serve's options.
import Tactile
import TactileEvdev

/// The options of the gesture service's command line, the same for
/// `tactile serve` and `tactiled` (the service as its systemd unit runs it):
/// the one place they are read, checked and described.
///
/// They are read here, by hand, rather than by ArgumentParser: the service's
/// binary links no Foundation, and ArgumentParser's FoundationEssentials
/// alone adds about 4 MB to a process's peak memory (`docs/performance.md`).
///
/// ```swift
/// switch try ServeSettings.read(["--config", "g.toml", "--quiet"]) {
/// case .run(let settings): settings.configPath   // "g.toml"
/// case .help, .version: break
/// }
/// ```
package struct ServeSettings: Equatable, Sendable {
    /// The config file (`--config`); nil: the first of `ConfigLoader.searchPaths`, else the default.
    package var configPath: String?
    /// Only these nodes (`--device`, repeatable).
    package var devicePaths: [String] = []
    /// Grab nothing and send nothing (`--dry-run`).
    package var dryRun = false
    /// With `--dry-run`: where what would have been sent is saved (`--output`).
    package var outputDirectory: String?
    /// The uinput node (`--uinput`).
    package var uinputPath = UInputSink.defaultPath
    /// Where device nodes are (`--input-directory`).
    package var inputDirectory = DeviceDiscovery.defaultDirectory
    /// Stop after this many seconds without a device (`--idle-exit`, 0…86400).
    package var idleExit: Double?
    /// Seconds between rescans (`--rescan-interval`, 0.1…3600).
    package var rescanInterval = 5.0
    /// Print the latencies at the end (`--stats`).
    package var stats = false
    /// Print only problems (`--quiet`).
    package var quiet = false

    /// Settings as with no option given.
    package init() {}

    /// What a command line asks for.
    package enum Request: Equatable, Sendable {
        /// Serve with these settings.
        case run(ServeSettings)
        /// `--help` or `-h`: print ``help(command:)``.
        case help
        /// `--version`: print the version.
        case version
    }

    /// A command line that cannot be served: ``description`` says which
    /// argument and why, as ArgumentParser's would (`tactile` exits 64).
    package struct UsageError: Error, Equatable, CustomStringConvertible {
        package var description: String
    }

    /// Reads `arguments` (without the program's name, nor `serve`):
    /// `--name value` and `--name=value` alike, flags without a value.
    package static func read(_ arguments: [String]) throws(UsageError) -> Request {
        var settings = ServeSettings()
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            if argument == "--help" || argument == "-h" { return .help }
            if argument == "--version" { return .version }
            let (name, attached) = split(argument)
            guard let option = Option.all.first(where: { $0.name == name }) else {
                let shown = TextFormat.visible(argument)
                throw UsageError(description: argument.hasPrefix("-") ? "Unknown option '\(shown)'" : "Unexpected argument '\(shown)'")
            }
            guard option.valueName != nil else {
                guard attached == nil else { throw UsageError(description: "The flag '\(name)' takes no value") }
                try option.apply(&settings, "")
                continue
            }
            guard let value = attached ?? remaining.popFirst() else {
                throw UsageError(description: "Missing value for '\(name) <\(option.valueName ?? "")>'")
            }
            try option.apply(&settings, value)
        }
        try settings.validate()
        return .run(settings)
    }

    /// The combinations and ranges a command line must keep.
    package func validate() throws(UsageError) {
        if outputDirectory != nil, !dryRun { throw UsageError(description: "--output saves a dry run's output: give --dry-run too") }
        if let idleExit, !(idleExit > 0 && idleExit <= 86_400) { throw UsageError(description: "--idle-exit must be 0…86400 seconds") }
        if !(rescanInterval >= 0.1 && rescanInterval <= 3600) { throw UsageError(description: "--rescan-interval must be 0.1…3600 seconds") }
    }

    /// `--name=value` as its name and value; any other argument as itself and nil.
    private static func split(_ argument: String) -> (String, String?) {
        guard argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") else { return (argument, nil) }
        return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
    }

    /// The usage of `command` (`tactile serve`, `tactiled`), wrapped to
    /// `width` columns between the options, each line after the first
    /// indented under the first option.
    ///
    /// ```swift
    /// ServeSettings.usage(command: "tactiled")
    /// // Usage: tactiled [--config <file>] [--device <node> ...] [--dry-run]
    /// //                 [--output <directory>] …
    /// ```
    package static func usage(command: String, width: Int = 80) -> String {
        let lead = "Usage: \(command) "
        let groups = Option.all.map { option in
            let shown = option.valueName.map { "\(option.name) <\($0)>" } ?? option.name
            return option.name == "--device" ? "[\(shown) ...]" : "[\(shown)]"
        }
        return PlainText.filled(groups, width: width, lead: lead, indent: String(repeating: " ", count: lead.count)).joined(separator: "\n")
    }

    /// The whole `--help` text of `command`: what the service does, the usage
    /// line and each option, wrapped to 80 columns as ArgumentParser's are.
    package static func help(command: String) -> String {
        var lines = [abstract, ""]
        for paragraph in discussion.split(separator: "\n", omittingEmptySubsequences: false) {
            lines += paragraph.isEmpty ? [""] : PlainText.wrappedWords(String(paragraph), width: 80)
        }
        lines += ["", usage(command: command), "", "Options:"]
        let all = Option.all.map { option in (option.valueName.map { "\(option.name) <\($0)>" } ?? option.name, option.help) }
            + [("-h, --help", "Show this help."), ("--version", "Show the version.")]
        for (shown, help) in all {
            lines.append("  " + shown)
            lines += PlainText.wrappedWords(help, width: 72).map { "        " + $0 }
        }
        return lines.joined(separator: "\n")
    }

    /// What the service is, in a line (`tactile help`'s abstract for serve).
    package static let abstract = "Run system gestures on the touchscreens and touchpads (the gesture service)."

    /// What the service does, before the options in ``help(command:)`` (and in `tactile help serve`).
    package static let discussion = """
        Reads the config (--config, else $XDG_CONFIG_HOME/tactile/gestures.toml, else \
        /etc/tactile/gestures.toml, else the built-in default; see docs/gestures-toml.md), takes \
        the touch devices it selects, grabs each once no finger is down, and passes every touch \
        no gesture claims through a uinput copy of the device. A gesture that takes touches \
        already passed on cancels them for the app (MT_TOOL_PALM, then their release), so the app \
        sees a touch cancel, not a tap. Touches that land in an edge zone are held back until the \
        edge's gestures decide.

        The config's directory is watched: a saved config takes effect without a restart, and one \
        with errors is refused with its file, line and column (the last good one stays). Ctrl-C, \
        SIGTERM or the emergency gesture (five fingers held still for three seconds, by default) \
        release every grab at once.

        --dry-run grabs nothing and sends nothing: the gestures are recognized and the actions \
        printed. dist/ has a systemd user unit, which runs tactiled (this service in a binary of \
        its own, lighter than tactile's), and udev rules so that the service runs without root \
        (see docs/service.md).
        """
}
