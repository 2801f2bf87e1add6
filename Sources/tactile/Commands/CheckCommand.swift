// `tactile check`: validates a gestures.toml and explains it against recordings.
import ArgumentParser
import Foundation
import Tactile
import TactileConsole
import TactileDesktop
import TactileRecording
import TactileService

/// `tactile check CONFIG [--against RECORDING…]`.
struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Validate a gestures config, and show what it does with recordings.",
        discussion: """
            Reads CONFIG (default: the config tactile serve would use) and prints its errors and \
            warnings with file, line and column, then its zones and gestures. With --against, runs \
            the config over each recording (any format tactile reads; record your own hands with \
            tactile record) as the service would, and prints which gestures fire when, which touches \
            they take from the app, which held edge touches go on, what each action would send, and \
            for every gesture that did not fire, why (from the engine's trace). With --plot, also \
            draws it as an SVG picture (one recording): the fingers' paths on the surface with the \
            config's zones, a row per gesture with its states, decisions and actions on one time \
            axis, and per finger when the service held it back from the app, let it go on or took \
            it (see tactile plot). Exits with status 1 when the config has errors.
            """
    )

    @Argument(help: ArgumentHelp("The config (default: the one tactile serve would use).", valueName: "config"),
              completion: .file(extensions: ["toml"]))
    var config: String?

    @Option(name: .customLong("against"), parsing: .upToNextOption,
            help: ArgumentHelp("Recordings to run the config over (several after one --against, or --against repeated).", valueName: "recording"),
            completion: .file())
    var recordings: [String] = []

    @Option(name: .customLong("plot"), help: ArgumentHelp("Also draw the check of the one --against recording as an SVG picture here.", valueName: "file.svg"),
            completion: .file(extensions: ["svg"]))
    var plotFile: String?

    @Flag(help: "Overwrite the --plot file if it exists.")
    var force = false

    /// The display a touchscreen without resolution is taken to cover, in the check and its plot alike.
    static let display = Screen.standard

    func validate() throws {
        if plotFile != nil, recordings.count != 1 {
            throw ValidationError("--plot draws one recording: give exactly one after --against (\(recordings.count) given).")
        }
    }

    func run() throws {
        try MainActor.assumeIsolated { try check() }
    }

    /// Writes a line to standard output, in order with the messages on
    /// standard error (which flush it first: ``printError(_:)``).
    private func say(_ line: String) {
        LineOutput.standardOutput.write(line)
    }

    @MainActor
    private func check() throws {
        defer { LineOutput.standardOutput.flush() }
        let environment = ProcessInfo.processInfo.environment
        let path = config ?? ConfigLoader.locate(environment: environment) { FileManager.default.fileExists(atPath: $0) }
        let session = SessionSettings.detect(session: DetectedSession(SessionEnvironment(environment)))
        let result = path.map { ConfigLoader.load(path: $0, session: session) }
            ?? ConfigLoader.parse(ConfigLoader.defaultText, file: "<default>", session: session)
        let diagnostics = result.diagnostics
        let name = path.map { TextFormat.visible($0) } ?? "built-in default config"
        for diagnostic in diagnostics { say(diagnostic.description) }
        guard let config = result.config else {
            let errors = diagnostics.filter { $0.severity == .error }.count
            printError("tactile: error: \(name): \(errors) error\(errors == 1 ? "" : "s"); tactile serve would refuse it")
            throw ExitCode.failure
        }
        let warnings = diagnostics.count
        say("\(name): ok, \(config.zones.count) zone\(config.zones.count == 1 ? "" : "s"), "
              + "\(config.bindings.count) gesture\(config.bindings.count == 1 ? "" : "s")"
              + (warnings > 0 ? ", \(warnings) warning\(warnings == 1 ? "" : "s")" : ""))
        say("  desktop actions done as on \(config.desktop.preset.rawValue) (from \(config.desktop.source)), "
              + "with its \(TextFormat.visible(config.desktop.routesSource))")
        for action in DesktopAction.allCases where config.desktop.preset != .none {
            let (route, why) = config.desktop.route(for: action)
            let how = route.map { "\($0.description) (\($0.documented))" } ?? "none (\(why ?? "no default way"))"
            say("    \(action.rawValue): " + TextFormat.visible(how))
        }
        say("  a touch taken after the app saw it is " + TextFormat.visible(config.claimedTouchEnd.description))
        say("  keys typed on the layout \(TextFormat.visible(config.keyboard.layout.description)) (from \(TextFormat.visible(config.keyboard.source)))")
        for binding in config.bindings { say("  " + Self.summary(of: binding)) }
        if let plotFile {
            // Refused before the check, not after it.
            do throws(RecordingError) {
                try OutputFile.checkFree(plotFile, force: force)
            } catch {
                printError("tactile: error: " + OutputFile.message(for: error))
                throw ExitCode.failure
            }
        }
        var failed = false
        for file in recordings {
            say("")
            do throws(RecordingError) {
                let drawing = try explain(config, configName: name, file: file)
                if let plotFile, let drawing {
                    LineOutput.standardOutput.flush()
                    try PlotCommand.write(drawing.plot, to: plotFile, force: force)
                }
            } catch {
                printError("tactile: error: " + OutputFile.message(for: error))
                failed = true
            }
        }
        if failed { throw ExitCode.failure }
    }

    static func summary(of binding: Binding) -> String {
        var text = TextFormat.visible(binding.name) + ": " + binding.recognizer.kind.rawValue + " on " + TextFormat.visible(binding.zone ?? "the screen")
        var parameters = binding.recognizer.parameters.map { "\($0.name) \(Self.text(of: $0.value))" }
        if let fingers = RecognizerSpec.defaultFingers(for: binding.recognizer.kind),
           !binding.recognizer.parameters.contains(where: { $0.name == "fingers" }) {
            parameters.insert("fingers \(fingers) (the default)", at: 0)
        }
        if !parameters.isEmpty { text += " (" + parameters.joined(separator: ", ") + ")" }
        for phase in GesturePhase.allCases {
            guard let actions = binding.actions[phase], !actions.isEmpty else { continue }
            text += "; \(phase.rawValue): " + actions.map(Self.text(of:)).joined(separator: ", ")
        }
        if let step = binding.step {
            text += "; " + Self.text(of: step) + ": " + (step.increase + step.decrease).map(Self.text(of:)).joined(separator: " / ")
        }
        if binding.maximumInstances > 1 { text += "; up to \(binding.maximumInstances) of its commands at once" }
        if !binding.claimsTouches { text += "; leaves touches to the app" }
        return text
    }

    /// A step's pace with its unit: `every 6 mm of vertical travel`,
    /// `every 0.3 of log2 scale (×1.23)`, `every 15° of rotation`; with `fast`, from what speed steps shorten.
    /// An action as the config has it; a key chord with the key codes it
    /// resolved to on the layout (`key ctrl+plus = KEY_LEFTCTRL+KEY_LEFTSHIFT+KEY_EQUAL`).
    static func text(of action: ServiceAction) -> String {
        guard case .key(let chord) = action else { return TextFormat.visible(action.description) }
        return TextFormat.visible(action.description) + " = " + chord.codeNames
    }

    static func text(of step: StepAction) -> String {
        let every = figure(step.every)
        var text: String
        switch step.measure {
        case .horizontal, .vertical: text = "every \(every) mm of \(step.measure.rawValue) travel"
        case .scale: text = "every \(every) of log2 scale (×\(figure(Foundation.pow(2, step.every), places: 2)))"
        case .rotation: text = "every \(every)° of rotation"
        }
        if let fast = step.fast {
            let unit = switch step.measure {
            case .horizontal, .vertical: " mm/s"
            case .scale: " log2 scale/s"
            case .rotation: "°/s"
            }
            text += ", halved at \(figure(fast))\(unit)"
        }
        return text
    }

    /// A number with at most `places` decimals, trailing zeros dropped: `6`, `0.3`, `1.23`.
    static func figure(_ value: Double, places: Int = 3) -> String {
        var text = FixedDecimal.format(value, places: places)
        if text.contains(".") {
            while text.hasSuffix("0") { text.removeLast() }
            if text.hasSuffix(".") { text.removeLast() }
        }
        return text
    }

    static func text(of value: ParameterValue) -> String {
        switch value {
        case .integer(let n): "\(n)"
        case .number(let x): figure(x)
        case .millimetres(let x): "\(figure(x)) mm"
        case .millimetresPerSecond(let x): "\(figure(x)) mm/s"
        case .seconds(let x): "\(figure(x)) s"
        case .degrees(let x): "\(figure(x))°"
        case .boolean(let b): b ? "true" : "false"
        case .directions(let headings): headings.map(\.rawValue).joined(separator: "/")
        }
    }

    /// Runs `config` over the recording in `file` and prints what it does;
    /// with `--plot`, returns the plot of it (`configName` names the config in it).
    /// A Tactile JSON file is checked while it is read, so memory stays flat
    /// however long it is; other formats, and an old Tactile JSON file that
    /// kept protocol A (converted when opened whole), are read whole first.
    @MainActor
    private func explain(_ config: GestureConfig, configName: String, file: String) throws(RecordingError) -> CheckPlot? {
        let name = TextFormat.visible(ReadableFile.displayName(file))
        if !ReadableFile.isStream(file), try RecordingFormat.detect(contentsOf: file) == .tactile,
           case let stream = try RecordingReader.events(contentsOf: file), !stream.header.device.usesProtocolA {
            let drawing = plotFile.map { _ in CheckPlot(config: config, configName: configName, device: stream.header.device,
                                                         display: Self.display, transform: stream.header.transform,
                                                         title: ReadableFile.displayName(file)) }
            explain(config, device: stream.header.device, axisValues: stream.header.axisValues, transform: stream.header.transform,
                    events: stream, name: name, drawing: drawing)
            for warning in stream.warnings { printError(warning.description) }
            if let error = stream.error { throw error }
            return drawing
        }
        let loaded = try Recording.open(file)
        for warning in loaded.warnings { printError(warning.description) }
        let recording = loaded.recording
        let drawing = plotFile.map { _ in CheckPlot(config: config, configName: configName, device: recording.device,
                                                     display: Self.display, transform: recording.transform,
                                                     title: ReadableFile.displayName(file)) }
        explain(config, device: recording.device, axisValues: recording.axisValues, transform: recording.transform,
                events: recording.events, name: name, drawing: drawing)
        return drawing
    }

    @MainActor
    private func explain<Events: Sequence>(_ config: GestureConfig, device: DeviceDescription, axisValues: AxisValues,
                                           transform: SurfaceTransform, events: Events, name: String,
                                           drawing: CheckPlot?) where Events.Element == InputEvent {
        var notes: [String] = []
        if !config.devices.kinds.contains(device.kind) {
            notes.append("the config takes " + config.devices.kinds.map(\.rawValue).sorted().joined(separator: " and ") + "s; checked anyway")
        }
        if !config.devices.grab {
            notes.append("grab = false: the app sees every touch too, and nothing is taken from it")
        }
        say("\(name): \(TextFormat.visible(device.name)) (\(device.kind.rawValue))" + notes.map { " — " + $0 }.joined())
        let check: ConfigCheck
        if let drawing {
            check = ConfigCheck(config: config, device: device, axisValues: axisValues,
                                events: notingFirstTime(of: events) { drawing.see($0) }, display: Self.display,
                                transform: transform, observer: drawing.observer) { say("  " + $0) }
        } else {
            check = ConfigCheck(config: config, device: device, axisValues: axisValues, events: events, display: Self.display,
                                transform: transform) { say("  " + $0) }
        }
        if check.lineCount == 0 { say("  no gesture fired") }
        for (binding, reason) in check.silent {
            say("  \(TextFormat.visible(binding)) did not fire: \(reason)")
        }
    }
}
