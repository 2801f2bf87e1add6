// The service where the compositor drops libinput's touch cancel: each kind of claim ends as a lift at rest, read by the real libinput.
import Tactile
import TactileService
import TactileTestSupport
import Testing

@Suite struct ClaimedLiftServiceTests {
    /// `text` with claimed touches lifted (as on sway 1.7, phoc, mutter).
    static func lifting(_ text: String) throws -> GestureConfig {
        var config = try #require(ConfigLoader.parse(text, file: "g.toml").config)
        config.claimedTouchEnd = .configured(.lift, file: "g.toml")
        return config
    }

    static let swipe = """
        [[gesture]]
        name = "next"
        recognizer = "swipe"
        direction = "right"
        ended = { key = "alt+Right" }
        """

    /// Frames of the copy in which slot 0's contact lifts (`ABS_MT_TRACKING_ID -1`), with their times.
    static func lifts(_ copy: [InputEvent]) -> [Double] {
        frames(of: copy).filter { $0.contains { $0.code == AbsCode.mtTrackingID && $0.value == -1 } }.compactMap(\.first?.time)
    }

    @Test func aPressHeldAndLiftedInPlaceLiftsForTheAppThenRightClicks() throws {
        var stream = PanelStream()
        stream.frame(land: [0: (120, 40)])
        stream.wait(0.8, slot: 0)   // the panel's jitter: a unit now and then
        stream.frame(lift: [0])
        let run = try ServiceRun(config: Self.lifting(ConfigLoader.defaultText), events: stream.events)
        let copy = run.events(of: run.outputs.touchCopy)
        #expect(!copy.contains { $0.code == AbsCode.mtToolType }, "no palm: the compositor would drop its cancel")
        // It rested, so it lifts with the real finger's lift, before the right click is sent.
        let liftTime = try #require(stream.events.last?.time)
        #expect(Self.lifts(copy) == [liftTime])
        let click = try #require(run.events(of: run.outputs.pointer).first { $0.code == KeyCode.buttonRight })
        #expect(click.time >= liftTime)
    }

    @Test func aSwipeTakenWhileMovingStopsThenLiftsOnceAtRest() throws {
        var stream = PanelStream()
        stream.stroke(slot: 0, from: (40, 50), to: (140, 52), frames: 20, lift: false)
        let lastMotion = stream.time - 0.010
        for step in 1...5 { stream.frame(move: [0: (140 + Double(step) * 4, 52)]) }   // it goes on, then lifts
        stream.frame(lift: [0])
        let run = try ServiceRun(config: Self.lifting(Self.swipe), events: stream.events)
        let copy = run.events(of: run.outputs.touchCopy)
        #expect(run.reports.contains { $0.contains("next takes slot 0 from the app") }, "\(run.reports)")
        let lift = try #require(Self.lifts(copy).first)
        let moves = copy.filter { $0.code == AbsCode.mtPositionX }
        let frozen = try #require(moves.last)
        // Nothing of the finger after the claim; the lift a full rest after the last motion the app saw.
        #expect(frozen.time <= lastMotion)
        #expect(lift - frozen.time >= TouchGate.restBeforeLift - 1e-9, "lift at \(lift), last motion \(frozen.time)")
        #expect(lift - frozen.time < TouchGate.restBeforeLift + 0.011)
        #expect(!copy.contains { $0.code == AbsCode.mtToolType })
    }
}

@Suite(.serialized, .enabled(if: LibinputRunner.missing == nil, Comment(rawValue: LibinputRunner.missing ?? "")))
struct ClaimedLiftLibinputTests {
    @Test func libinputReadsTheClaimedSwipeAsATouchUpNotACancel() throws {
        var stream = PanelStream(unitsPerMillimetre: 16, time: 0.5)
        stream.stroke(slot: 0, from: (40, 50), to: (140, 52), frames: 20)
        let config = try ClaimedLiftServiceTests.lifting(ClaimedLiftServiceTests.swipe)
        let run = try ServiceRun(device: ServeTestbedTests.panel, config: config, events: stream.events)
        let copy = VirtualDeviceTemplate.touchCopy(of: ServeTestbedTests.panel).description(name: ServeTestbedTests.panel.name)
        let lines = try LibinputRunner.debugEvents(device: copy, events: run.events(of: run.outputs.touchCopy))
        let touches = lines.filter { $0.contains("TOUCH_") }.compactMap { $0.split(separator: " ").first { $0.hasPrefix("TOUCH_") } }
        #expect(touches.first == "TOUCH_DOWN" && touches.last == "TOUCH_FRAME", "\(lines)")
        #expect(touches.filter { $0 == "TOUCH_UP" }.count == 1, "\(lines)")
        #expect(!touches.contains("TOUCH_CANCEL"), "\(lines)")
    }
}
