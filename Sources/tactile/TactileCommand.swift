import ArgumentParser

/// `tactile`: replay recordings and run the demo.
struct TactileCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tactile",
        abstract: "Gesture recognition for Linux touchpads and touchscreens.",
        discussion: """
            Replays evemu recordings through the touch assembler and the gesture engine \
            and prints what happens: touches landing and lifting, and recognizer actions.
            """,
        subcommands: [ReplayCommand.self, DemoCommand.self]
    )
}
