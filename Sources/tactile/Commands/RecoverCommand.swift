// `tactile recover`: the recording inside a journal `tactile record` left behind.
import ArgumentParser
import Foundation
import Tactile
import TactileConsole
import TactileRecording

/// `tactile recover JOURNAL [OUT]`: the recording in a journal that
/// `tactile record` left behind (a crash, a kill, a power loss).
struct RecoverCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "recover",
        abstract: "Turn a journal left by an interrupted `tactile record` into a recording.",
        discussion: """
            Reads the journal, ignores a torn last line and keeps the whole frames (events up \
            to the last SYN_REPORT), then saves them atomically (mode 0600): at OUT (replacing \
            a file there only with --force), or next to the journal under its name without `.journal`, \
            uniquely numbered. The journal is left in place.
            """
    )

    @Argument(help: ArgumentHelp("The journal (NAME.json.journal).", valueName: "journal"),
              completion: .file(extensions: ["journal"]))
    var journal: String

    @Argument(help: ArgumentHelp("Where to save the recording.", valueName: "out"),
              completion: .file(extensions: ["json"]))
    var out: String?

    @Flag(help: "Overwrite OUT if it exists.")
    var force = false

    func run() throws {
        let recovery: RecordingJournal.Recovery
        do throws(RecordingError) {
            recovery = try RecordingJournal.recover(contentsOf: journal)
        } catch {
            printError("tactile: error: \(error)")
            throw ExitCode.failure
        }
        let saved: String
        do throws(RecordingError) {
            if let out {
                try OutputFile.write(recovery.recording, to: out, as: .tactile, force: force)
                saved = out
            } else {
                let url = URL(fileURLWithPath: journal)
                var base = url.lastPathComponent
                for suffix in ["." + RecordingJournal.fileExtension, "." + RecordingStore.fileExtension] where base.hasSuffix(suffix) {
                    base = String(base.dropLast(suffix.count))
                }
                saved = try RecordingStore(directory: url.deletingLastPathComponent().path).save(recovery.recording, as: base)
            }
        } catch {
            printError("tactile: error: cannot save the recording: \(OutputFile.message(for: error))")
            throw ExitCode.failure
        }
        var notes: [String] = []
        if recovery.tornLine { notes.append("a torn last line ignored") }
        if recovery.droppedEvents > 0 { notes.append("\(recovery.droppedEvents) event\(recovery.droppedEvents == 1 ? "" : "s") of an unfinished frame dropped") }
        let events = recovery.recording.events.count
        printError("tactile recover: \(events) events saved to \(TextFormat.visible(saved))\(notes.isEmpty ? "" : " (" + notes.joined(separator: "; ") + ")").")
        print(TextFormat.visible(saved))
    }
}
