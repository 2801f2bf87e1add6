// `tactile`: the root command and its subcommands, and how errors reach the terminal.
import ArgumentParser
#if canImport(Glibc)
import Glibc
#endif
import TactileConsole
import TactileDesktop

/// `tactile`: replay recordings and run the demo.
@main
@available(macOS 10.15, *)
struct TactileCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tactile",
        abstract: "Gesture recognition for Linux touchpads and touchscreens.",
        discussion: """
            Replays recordings through the touch assembler and the gesture engine and prints \
            what happens: touches landing and lifting, and recognizer actions; draws it as a \
            picture (tactile plot). Converts between recording formats, synthesizes labelled \
            gestures and pins golden logs.
            """,
        version: TactileVersion.current,
        subcommands: [DemoCommand.self, ReplayCommand.self, PlotCommand.self, InfoCommand.self, ConvertCommand.self,
                      SynthCommand.self, GoldenCommand.self, DevicesCommand.self, MockCommand.self, ServeCommand.self, CheckCommand.self,
                      RecordCommand.self, RecoverCommand.self, DoctorCommand.self, UInputProbeCommand.self]
    )

    /// Runs the command. ArgumentParser's own error messages quote the
    /// argument they refuse as typed; they are printed here, line by line,
    /// with control characters escaped (`\x1b`), so no value given on the
    /// command line (or pasted from a crafted file name) reaches the terminal raw.
    static func main() async {
        do {
            var command = try parseAsRoot()
            if var asynchronous = command as? any AsyncParsableCommand {
                try await asynchronous.run()
            } else {
                try command.run()
            }
        } catch {
            let code = exitCode(for: error)
            let message = fullMessage(for: error)
            if code == .success {
                // Help, version and completion scripts: the command's own text.
                if !message.isEmpty { print(message) }
            } else if !message.isEmpty {
                for line in message.split(separator: "\n", omittingEmptySubsequences: false) { printError(String(line)) }
            }
            LineOutput.standardOutput.flush()
            Glibc.exit(code.rawValue)
        }
    }
}
