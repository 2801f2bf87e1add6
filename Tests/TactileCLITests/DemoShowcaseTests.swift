// tactile demo without a device: every recognizer kind firing, its one-line notice, width, colours and the summary it leaves.
import Foundation
import Tactile
import TactileRecording
import TactileTestSupport
import Testing
@testable import tactile

/// What `tactile demo` shows without a device: every recognizer kind
/// firing, said in one line, drawn wide enough, coloured as asked, and a
/// summary left behind.
@MainActor
@Suite struct DemoShowcaseTests {
    static let kinds = ["tap", "doubleTap", "twoFingerTap", "threeFingerTap", "longPress", "hold", "swipe", "pan", "pinch", "rotation"]

    static func items() throws -> [DemoPlaylist.Item] {
        do throws(DemoPlaylistError) {
            return try DemoPlaylist.load(DemoPlaylist.names)
        } catch {
            throw TestFailure(error.lines.joined(separator: "\n"))
        }
    }

    /// The demo's state after playing every item, as the terminal view keeps it.
    static func playedState() throws -> TerminalView.State {
        var state = TerminalView.State(recognizerNames: TerminalView.standardRecognizerNames)
        let items = try items()
        for (index, item) in items.enumerated() {
            state.beginRecording(heading: item.heading(index: index, count: items.count), path: item.path, gestures: item.marks)
            _ = ReplayDriver().run(device: item.recording.device, screen: item.recording.screen, axisValues: item.recording.axisValues,
                                   events: item.recording.events,
                                   onFrame: { state.update(frame: $0, screen: item.recording.screen) },
                                   onAction: { state.update(action: $0) })
        }
        return state
    }

    @Test func everyRecognizerKindFires() throws {
        let tally = try Self.playedState().tally
        for kind in Self.kinds {
            let fired = tally.recognized.filter { $0.key == kind || (kind == "swipe" && $0.key.hasPrefix("swipe")) }.values.reduce(0, +)
            #expect(fired > 0, "\(kind) never recognized in the demo's replay")
        }
    }

    @Test func theOneLineSaysWhatIsPlayed() throws {
        let line = DemoPlaylist.description(try Self.items(), speed: 1)
        #expect(!line.contains("\n"))
        #expect(line.hasPrefix("replaying 6 bundled recordings in real time, about "))
        for gesture in ["tap", "double-tap", "two-finger-tap", "three-finger-tap", "two-finger-scroll", "long-press", "hold", "pinch-out", "pinch-in", "rotation", "swipe"] {
            #expect(line.contains(gesture), "\(gesture) missing from: \(line)")
        }
        #expect(line.contains("recorded tap") && line.contains("synthesized long-press"))
        #expect(DemoPlaylist.description(try Self.items(), speed: 2).contains("at 2× real time"))
    }

    /// At 120 columns a pan's, a pinch's and a tap's values are shown whole.
    @Test func valuesAreWholeAt120Columns() {
        var state = TerminalView.State(recognizerNames: TerminalView.standardRecognizerNames)
        func act(_ name: String, _ state2: GestureRecognizerState, _ values: [ActionValue]) {
            state.update(action: ActionRecord(time: 1, recognizer: name, view: "window", state: state2, touches: 2, location: Point(x: 1, y: 2), values: values))
        }
        act("pan", .changed, [ActionValue("translation.x", -1234.56), ActionValue("translation.y", 176.86),
                              ActionValue("velocity.x", -10706.2), ActionValue("velocity.y", 1500.48)])
        act("pinch", .changed, [ActionValue("scale", 1.5234), ActionValue("velocity", -0.8312)])
        act("rotation", .changed, [ActionValue("rotation", -1.73), ActionValue("velocity", -0.12)])
        act("threeFingerDoubleTap", .ended, [ActionValue("taps", 2), ActionValue("fingers", 3)])
        act("swipe4", .ended, [ActionValue("direction", 4)])
        let lines = TerminalView.render(state, width: 120, height: 40)
        #expect(lines.allSatisfy { $0.count <= 120 })
        #expect(!lines.contains { $0.contains("…") && ($0.contains("pan ") || $0.contains("pinch ")) }, "\(lines.joined(separator: "\n"))")
        #expect(lines.contains { $0.contains("translation=(-1234.6, 176.9)") && $0.contains("velocity=(-10706, 1500)") })
        #expect(lines.contains { $0.contains("scale=1.52 velocity=-0.83") })
        #expect(lines.contains { $0.contains("rotation=-1.73") })
        #expect(lines.contains { $0.contains("threeFingerDoubleTap") && $0.contains("taps=2 fingers=3") })
        #expect(lines.contains { $0.contains("swipe4") && $0.contains("direction=up") })
        // At 80 columns values are shortened to fit, and what still does not fit ends in `…`.
        let narrow = TerminalView.render(state, width: 80, height: 24)
        #expect(narrow.contains { $0.contains("pan ") && $0.contains("t=(-1235,177) v=(-10706,") && $0.hasSuffix("…") }, "\(narrow.joined(separator: "\n"))")
        act("pan", .changed, [ActionValue("translation.x", -40.31), ActionValue("translation.y", 176.86),
                              ActionValue("velocity.x", -306.03), ActionValue("velocity.y", 1500.48)])
        let typical = TerminalView.render(state, width: 80, height: 24)
        #expect(typical.contains { $0.contains("pan ") && $0.trimmingCharacters(in: .whitespaces).hasSuffix("t=(-40,177) v=(-306,1500)") }, "\(typical.joined(separator: "\n"))")
        #expect(typical.contains { $0.contains("pinch ") && $0.contains("scale=1.52 velocity=-0.83") })
    }

    @Test func aNewRecordingClearsWhatTheLastOneLeft() {
        var state = TerminalView.State(recognizerNames: TerminalView.standardRecognizerNames)
        state.fingers = [.init(slot: 0, x: 0.5, y: 0.5)]
        state.time = 3
        state.update(action: ActionRecord(time: 3, recognizer: "pinch", view: "window", state: .ended, touches: 0,
                                          location: Point(x: 1, y: 2), values: [ActionValue("scale", 2)]))
        state.beginRecording(heading: "2/6 next.json", path: "Recordings/next.json", gestures: [.init(name: "tap", start: 0)])
        #expect(state.fingers.isEmpty && state.time == 0)
        #expect(state.recognizers.allSatisfy { $0.state == .possible && $0.values.isEmpty && $0.recognized == 0 })
        #expect(state.tally.recognized["pinch"] == 1, "the session's tally stays for the summary")
        #expect(state.log.last?.text == "── Recordings/next.json")
        let lines = TerminalView.render(state, width: 120, height: 40)
        #expect(lines[0] == "tactile demo  2/6 next.json")
        #expect(lines.contains { $0.contains(" pinch ") && $0.contains("possible") && !$0.contains("scale=") })
    }

    @Test func theNoticeStaysInView() {
        var state = TerminalView.State(recognizerNames: TerminalView.standardRecognizerNames)
        state.notice = DemoReplay.notice("no touch device found", count: 6)
        for (width, height) in [(80, 24), (120, 40), (200, 50)] {
            let lines = TerminalView.render(state, width: width, height: height)
            #expect(lines.contains("No touch device found: replaying 6 bundled recordings (--device PATH names one)."), "\(width)×\(height)")
        }
    }

    @Test func statesAreColouredUnlessNoColour() {
        var state = TerminalView.State(recognizerNames: TerminalView.standardRecognizerNames)
        state.update(action: ActionRecord(time: 0.5, recognizer: "longPress", view: "window", state: .began, touches: 1,
                                          location: Point(x: 1, y: 2), values: [ActionValue("duration", 0.5)]))
        let styled = TerminalView.renderStyled(state, width: 120, height: 40)
        let row = styled.first { $0.text.contains("longPress") && $0.text.contains("began") }
        #expect(row?.ansi.contains("\u{1B}[1;32mbegan") == true, "\(row?.ansi ?? "")")
        #expect(styled.map(\.text) == TerminalView.render(state, width: 120, height: 40))
        #expect(ColourChoice.usesColour(isTerminal: true, environment: ["TERM": "xterm-256color"]))
        #expect(!ColourChoice.usesColour(isTerminal: true, environment: ["TERM": "xterm", "NO_COLOR": "1"]))
        #expect(ColourChoice.usesColour(isTerminal: true, environment: ["TERM": "xterm", "NO_COLOR": ""]))
        #expect(!ColourChoice.usesColour(isTerminal: true, environment: ["TERM": "dumb"]))
        #expect(!ColourChoice.usesColour(isTerminal: false, environment: ["TERM": "xterm"]))
    }

    @Test func theSummaryFitsOneScreen() throws {
        let state = try Self.playedState()
        for (width, height) in [(80, 24), (120, 40), (200, 50), (80, 12), (40, 6)] {
            let lines = DemoSummary.lines(state, headline: "tactile demo: replayed 6 bundled recordings in 18.6 s, no touch device found",
                                          notes: ["Next: `tactile demo --recording NAME` plays one recording, `tactile replay FILE` prints any."],
                                          width: width, height: height)
            #expect(lines.count <= height - 2, "\(width)×\(height)")
            #expect(lines.allSatisfy { $0.count <= max(20, width) }, "\(width)×\(height)")
            #expect(lines.first?.text.hasPrefix("tactile demo: replayed") == true)
            let text = lines.map(\.text).joined(separator: "\n")
            if height >= 24 {
                for kind in Self.kinds { #expect(text.contains(kind), "\(kind) missing at \(width)×\(height)") }
                #expect(text.contains("rotation") && text.contains("rad ("))
            }
            #expect(!text.contains("┌") && !text.contains("└"))
        }
    }

    @Test func panelValuesAtEachDetail() {
        let values = [ActionValue("translation.x", -40.31), ActionValue("translation.y", 176.86),
                      ActionValue("velocity.x", -306.03), ActionValue("velocity.y", 1500.48)]
        #expect(PanelValues.text(values, detail: .withUnits) == "translation=(-40.3, 176.9) pt velocity=(-306, 1500) pt/s")
        #expect(PanelValues.text(values, detail: .plain) == "translation=(-40.3, 176.9) velocity=(-306, 1500)")
        #expect(PanelValues.text(values, detail: .compact) == "t=(-40,177) v=(-306,1500)")
        #expect(PanelValues.text([ActionValue("rotation", .pi / 2)], detail: .withUnits) == "rotation=1.57 rad (90°)")
        #expect(PanelValues.text([ActionValue("direction", 2)], detail: .plain) == "direction=left")
        #expect(PanelValues.text([ActionValue("taps", 1), ActionValue("fingers", 2)], detail: .compact) == "n=1 f=2")
        #expect(PanelValues.text([ActionValue("scale", -0.0001)], detail: .plain) == "scale=0.00")
    }
}
