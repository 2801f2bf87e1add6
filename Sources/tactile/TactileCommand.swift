// `tactile`: the root command and its subcommands.
import ArgumentParser

/// `tactile`: replay recordings and run the demo.
@main
@available(macOS 10.15, *)
struct TactileCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tactile",
        abstract: "Gesture recognition for Linux touchpads and touchscreens.",
        discussion: """
            Replays recordings through the touch assembler and the gesture engine and prints \
            what happens: touches landing and lifting, and recognizer actions. Converts between \
            recording formats, synthesizes labelled gestures and pins golden logs.
            """,
        version: TactileVersion.current,
        subcommands: [DemoCommand.self, ReplayCommand.self, InfoCommand.self, ConvertCommand.self,
                      SynthCommand.self, GoldenCommand.self, DevicesCommand.self, MockCommand.self,
                      RecordCommand.self, RecoverCommand.self]
    )
}
