// Shell completions for each kind of argument.
import ArgumentParser
import Foundation
import TactileRecording

/// What the shell completes for each kind of argument (`tactile
/// --generate-completion-script bash|zsh|fish` writes the scripts; docs/cli.md
/// says how to install them).
enum Completions {
    /// Recordings to read: every extension a supported format uses.
    static let recordings = CompletionKind.file(extensions: RecordingFormat.allCases.flatMap(\.fileExtensions))
    /// Recordings to write: Tactile JSON, evemu, libinput record YAML.
    static let writableRecordings = CompletionKind.file(extensions: ["json", "evemu", "yml", "yaml"])
    /// Tactile JSON recordings.
    static let jsonRecordings = CompletionKind.file(extensions: ["json"])
    /// The evdev nodes present now.
    static let eventNodes = CompletionKind.shellCommand("ls -1 /dev/input/event* 2>/dev/null")
    /// The formats `convert --to` writes, by their CLI names.
    static let outputFormats = CompletionKind.list(OutputFormatName.all.map(\.name))
    /// The recordings `demo --recording` can play: the JSON files of the bundled `Recordings/`.
    static let bundledRecordings = CompletionKind.custom(bundledRecordingNames)

    /// The `.json` files below the first bundled `Recordings/` directory found, relative to it.
    @Sendable static func bundledRecordingNames(_ words: [String], _ index: Int, _ prefix: String) -> [String] {
        for directory in BundledRecordings.candidates() {
            guard let walker = FileManager.default.enumerator(atPath: directory) else { continue }
            var names: [String] = []
            while let relative = walker.nextObject() as? String {
                if relative.hasSuffix(".json"), !relative.hasPrefix("velocity/") { names.append(relative) }
            }
            if !names.isEmpty { return names.sorted() }
        }
        return []
    }
}

/// A recording format by the name `convert --to` takes: kebab-case
/// (`libinput-record`), the camelCase raw value as an alias.
struct OutputFormatName {
    var name: String
    var format: RecordingFormat

    /// The formats `tactile convert` writes.
    static let all = [
        OutputFormatName(name: "tactile", format: .tactile), OutputFormatName(name: "evemu", format: .evemu),
        OutputFormatName(name: "libinput-record", format: .libinputRecord),
    ]

    /// The format named `argument`; the error lists the names.
    static func parse(_ argument: String) throws -> RecordingFormat {
        let key = argument.lowercased().filter { $0 != "-" && $0 != "_" }
        guard let match = all.first(where: { $0.name.filter { $0 != "-" } == key }) else {
            throw ValidationError("expected \(all.map(\.name).joined(separator: ", "))")
        }
        return match.format
    }
}
