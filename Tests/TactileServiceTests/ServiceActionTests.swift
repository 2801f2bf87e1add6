// Scrolling, steps and commands: what continuous gestures send as they go on.
import Tactile
import TactileService
import TactileTestSupport
import Testing

@Suite struct ServiceActionTests {
    static let location = SourceLocation(file: "test.toml", line: 1, column: 1)

    func run(_ config: GestureConfig, _ stream: PanelStream) throws -> (RecordingSink, DeviceOutputs, RecordingCommandRunner, [String]) {
        let run = try ServiceRun(config: config, events: stream.events)
        return (run.sink, run.outputs, run.commands, run.reports)
    }

    @Test func twoFingersScrollSmoothlyInWholeNotchesAndHighResolutionSteps() throws {
        let config = GestureConfig(bindings: [
            Binding(name: "scroll", recognizer: RecognizerSpec(kind: .pan, parameters: [
                Parameter(name: "fingers", value: .integer(2), location: Self.location),
            ]), actions: [.changed: [.scroll(ScrollAction(natural: true, millimetresPerNotch: 8))]], location: Self.location),
        ])
        var stream = PanelStream()
        stream.frame(land: [0: (90, 80), 1: (110, 80)])
        for step in 1...40 {
            stream.frame(move: [0: (90, 80 - Double(step)), 1: (110, 80 - Double(step))])   // 40 mm up
        }
        stream.frame(lift: [0, 1])
        let (sink, outputs, _, _) = try run(config, stream)
        let wheel = sink.events(of: try #require(outputs.pointer))
        let highResolution = wheel.filter { $0.code == 0x0b }.map(\.value)
        let notches = wheel.filter { $0.code == 0x08 }.map(\.value)
        // Fingers up, natural: the content follows, the wheel turns back. 40 mm less the pan's
        // threshold at 15 units per mm: every unit sent, and a notch each 120.
        #expect(highResolution.allSatisfy { $0 < 0 })
        let total = -highResolution.reduce(0, +)
        #expect(total > 500 && total <= 600, "\(total)")
        #expect(-notches.reduce(0, +) == total / 120)
        #expect(!wheel.contains { $0.code == 0x0c || $0.code == 0x06 }, "no horizontal scrolling")
    }

    @Test func aCommandRunsWithItsArgumentsAsGivenAndNoShell() throws {
        let config = GestureConfig(bindings: [
            Binding(name: "notify", recognizer: RecognizerSpec(kind: .tap, parameters: [
                Parameter(name: "fingers", value: .integer(3), location: Self.location),
            ]), actions: [.ended: [.command(["notify-send", "$(reboot)", "a b; c"])]], location: Self.location),
        ])
        var stream = PanelStream()
        stream.frame(land: [0: (80, 50), 1: (100, 50), 2: (120, 50)])
        stream.frame(lift: [0, 1, 2])
        let (_, _, commands, reports) = try run(config, stream)
        #expect(commands.commands == [["notify-send", "$(reboot)", "a b; c"]])
        #expect(reports.contains { $0.contains("notify → run notify-send $(reboot) a b; c") })
    }

    @Test func steppedKeysFollowTheTravelBothWays() throws {
        let config = GestureConfig(bindings: [
            Binding(name: "volume", recognizer: RecognizerSpec(kind: .pan, parameters: [
                Parameter(name: "fingers", value: .integer(1), location: Self.location),
            ]), step: StepAction(measure: .vertical, every: 10, increase: [.key(KeyChord(keys: [114], text: "volumedown"))],
                                 decrease: [.key(KeyChord(keys: [115], text: "volumeup"))]), location: Self.location),
        ])
        var stream = PanelStream()
        stream.frame(land: [0: (100, 50)])
        for step in 1...35 { stream.frame(move: [0: (100, 50 + Double(step))]) }    // 35 mm down
        for step in 1...60 { stream.frame(move: [0: (100, 85 - Double(step))]) }    // then 60 mm up
        stream.frame(lift: [0])
        let (sink, outputs, _, _) = try run(config, stream)
        let presses = sink.events(of: try #require(outputs.keyboard)).filter { $0.type == .key && $0.value == 1 }.map(\.code)
        // Down 35 mm less the pan's threshold (about 32 mm from where it began): 3 steps, the
        // last at 30 mm; back up 60 mm, to about -28 mm: 5 steps the other way (30 → -20).
        #expect(presses.filter { $0 == 114 }.count == 3, "\(presses)")
        #expect(presses.filter { $0 == 115 }.count == 5, "\(presses)")
        #expect(presses.prefix(3).allSatisfy { $0 == 114 }, "the steps come in the order the fingers went")
    }
}

@Suite struct StepPacingTests {
    /// The same 40 mm stroke, slow and fast, under a step of 10 mm that halves at 100 mm/s.
    func presses(frames: Int, fast: Double?) throws -> Int {
        let location = SourceLocation(file: "test.toml", line: 1, column: 1)
        let config = GestureConfig(bindings: [
            Binding(name: "next", recognizer: RecognizerSpec(kind: .pan),
                    step: StepAction(measure: .horizontal, every: 10, increase: [.key(KeyChord(keys: [106], text: "Right"))],
                                     decrease: [], fast: fast), location: location),
        ])
        let text = """
            [[gesture]]
            recognizer = "pan"
            [gesture.step]
            measure = "horizontal"
            every = "10mm"
            fast = "100mm/s"
            increase = { key = "Right" }
            """
        // The config file says the same as the one built here.
        #expect(ConfigLoader.parse(text, file: "step.toml").config?.bindings.first?.step?.fast == 100)
        let sink = RecordingSink()
        let keyboard = try sink.create(.keyboard, name: "keyboard")
        let outputs = DeviceOutputs(keyboard: keyboard)
        let device = ServiceDevice(description: servicePanel, config: config, sink: sink, outputs: outputs, commands: RecordingCommandRunner())
        var stream = PanelStream()
        stream.frame(land: [0: (50, 50)])
        for step in 1...frames { stream.frame(move: [0: (50 + 40 * Double(step) / Double(frames), 50)]) }
        stream.frame(lift: [0])
        for event in stream.events { device.process(event) }
        device.finish(at: stream.time + 1)
        return sink.events(of: keyboard).filter { $0.type == .key && $0.value == 1 }.count
    }

    @Test func travelPacesStepsAtAnySpeedAndFastMakesQuickStrokesRepeatMore() throws {
        // Travel alone: the same steps slow (2 s, 20 mm/s) and quick (0.2 s, 200 mm/s).
        #expect(try presses(frames: 200, fast: nil) == 3)
        #expect(try presses(frames: 20, fast: nil) == 3)
        // Paced by velocity too: the slow stroke barely changes, the quick one repeats about three times as much.
        #expect(try presses(frames: 200, fast: 100) == 4)
        #expect(try presses(frames: 20, fast: 100) >= 8)
    }
}
