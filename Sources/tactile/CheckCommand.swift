// `tactile check`: validates a gestures.toml and explains it against recordings.
import ArgumentParser
import Foundation
import Tactile
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
            for every gesture that did not fire, why (from the engine's trace). Exits with status 1 \
            when the config has errors.
            """
    )

    @Argument(help: ArgumentHelp("The config (default: the one tactile serve would use).", valueName: "config"),
              completion: .file(extensions: ["toml"]))
    var config: String?

    @Option(name: .customLong("against"), help: ArgumentHelp("A recording to run the config over (repeatable).", valueName: "recording"),
            completion: .file())
    var recordings: [String] = []

    func run() throws {
        try MainActor.assumeIsolated { try check() }
    }

    @MainActor
    private func check() throws {
        let environment = ProcessInfo.processInfo.environment
        let path = config ?? ConfigLoader.locate(environment: environment) { FileManager.default.fileExists(atPath: $0) }
        let result = path.map { ConfigLoader.load(path: $0) }
        let diagnostics = result?.diagnostics ?? []
        let name = path.map { TextFormat.visible($0) } ?? "built-in default config"
        for diagnostic in diagnostics { print(diagnostic.description) }
        guard let config = result.map({ $0.config }) ?? ConfigLoader.defaultConfig else {
            let errors = diagnostics.filter { $0.severity == .error }.count
            printError("tactile: error: \(name): \(errors) error\(errors == 1 ? "" : "s"); tactile serve would refuse it")
            throw ExitCode.failure
        }
        let warnings = diagnostics.count
        print("\(name): ok, \(config.zones.count) zone\(config.zones.count == 1 ? "" : "s"), "
              + "\(config.bindings.count) gesture\(config.bindings.count == 1 ? "" : "s")"
              + (warnings > 0 ? ", \(warnings) warning\(warnings == 1 ? "" : "s")" : ""))
        for binding in config.bindings { print("  " + Self.summary(of: binding)) }
        var failed = false
        for file in recordings {
            print("")
            do throws(RecordingError) {
                let recording = try Recording(contentsOf: file)
                explain(config, recording: recording, name: TextFormat.visible(ReadableFile.displayName(file)))
            } catch {
                printError("tactile: error: \(error)")
                failed = true
            }
        }
        if failed { throw ExitCode.failure }
    }

    static func summary(of binding: Binding) -> String {
        var text = TextFormat.visible(binding.name) + ": " + binding.recognizer.kind.rawValue + " on " + TextFormat.visible(binding.zone ?? "the screen")
        let parameters = binding.recognizer.parameters.map { "\($0.name) \(Self.text(of: $0.value))" }
        if !parameters.isEmpty { text += " (" + parameters.joined(separator: ", ") + ")" }
        for phase in GesturePhase.allCases {
            guard let actions = binding.actions[phase], !actions.isEmpty else { continue }
            text += "; \(phase.rawValue): " + actions.map { TextFormat.visible($0.description) }.joined(separator: ", ")
        }
        if let step = binding.step {
            text += "; every \(step.every) of \(step.measure.rawValue): " + (step.increase + step.decrease).map { TextFormat.visible($0.description) }.joined(separator: " / ")
        }
        if !binding.claimsTouches { text += "; leaves touches to the app" }
        return text
    }

    static func text(of value: ParameterValue) -> String {
        switch value {
        case .integer(let n): "\(n)"
        case .number(let x): "\(x)"
        case .millimetres(let x): "\(x) mm"
        case .millimetresPerSecond(let x): "\(x) mm/s"
        case .seconds(let x): "\(x) s"
        case .degrees(let x): "\(x)°"
        case .boolean(let b): b ? "true" : "false"
        case .directions(let edges): edges.map { [.top: "up", .bottom: "down"][$0] ?? $0.rawValue }.joined(separator: "/")
        }
    }

    @MainActor
    private func explain(_ config: GestureConfig, recording: Recording, name: String) {
        let device = recording.device
        var note = ""
        if !config.devices.kinds.contains(device.kind) {
            note = " — the config takes " + config.devices.kinds.map(\.rawValue).sorted().joined(separator: " and ") + "s; checked anyway"
        }
        print("\(name): \(TextFormat.visible(device.name)) (\(device.kind.rawValue))\(note)")
        let check = ConfigCheck(config: config, device: device, axisValues: recording.axisValues, events: recording.events)
        for line in check.lines { print("  " + line) }
        if check.lines.isEmpty { print("  no gesture fired") }
        for (binding, reason) in check.silent {
            print("  \(TextFormat.visible(binding)) did not fire: \(reason)")
        }
    }
}
