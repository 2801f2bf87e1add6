// `tactile serve`: the gesture service — touch devices grabbed, gestures turned into keys, clicks, scrolling and commands.
import ArgumentParser
import Foundation
import Tactile
import TactileConsole
import TactileDesktop
import TactileService

/// `tactile serve`: runs the gestures of a config on the machine's touch devices.
///
/// Its options are read by ``ServeSettings``, the reader `tactiled` (the
/// service's own binary, which the systemd unit runs) shares, and the run is
/// ``ServeSession``'s: the two differ only in what the binary links.
/// `--output` is this command's alone: saving a dry run's evemu
/// recordings takes the recording writers, which `tactiled` leaves out.
struct ServeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: ServeSettings.abstract,
        discussion: ServeSettings.discussion + "\n\n" + ServeSettings.usage(command: "tactile serve")
            + "\n\nSee 'tactile serve --help' for each option."
    )

    @Argument(parsing: .captureForPassthrough, help: ArgumentHelp("serve's options (see 'tactile serve --help')", valueName: "option"))
    var arguments: [String] = []

    func run() throws {
        let settings: ServeSettings
        do throws(ServeSettings.UsageError) {
            switch try ServeSettings.read(arguments) {
            case .run(let read): settings = read
            case .help:
                print(ServeSettings.help(command: "tactile serve"))
                return
            case .version:
                print(TactileVersion.current)
                return
            }
        } catch {
            printError("Error: \(error)")
            for line in ServeSettings.usage(command: "tactile serve").split(separator: "\n") { printError(String(line)) }
            printError("  See 'tactile serve --help' for more information.")
            throw ExitCode.validationFailure
        }
        let status = MainActor.assumeIsolated { serve(settings) }
        if status != EXIT_SUCCESS { throw ExitCode(status) }
    }

    @MainActor
    private func serve(_ settings: ServeSettings) -> Int32 {
        if let output = settings.outputDirectory {
            // Made (or found) before anything runs, so a bad directory is said at once, not at the end.
            do {
                try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)
            } catch {
                printError("tactile: error: cannot make \(TextFormat.visible(output)): \(error.localizedDescription)")
                return EXIT_FAILURE
            }
        }
        LineOutput.standardOutput.flush()
        return ServeSession.run(settings) { recording, log in
            guard let directory = settings.outputDirectory else { return true }
            do throws(OutputError) {
                for file in try recording.save(to: directory, overwrite: true) { log.enqueue("tactile serve: saved \(TextFormat.visible(file))") }
                return true
            } catch {
                log.enqueue("tactile: error: \(error)")
                return false
            }
        }
    }
}
