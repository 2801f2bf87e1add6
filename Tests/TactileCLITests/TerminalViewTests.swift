// The pure renderer of tactile demo's terminal view.
import Tactile
import Testing
@testable import tactile

/// The pure renderer of the terminal view of `tactile demo`.
struct TerminalViewTests {
    static let names = TerminalView.standardRecognizerNames

    /// The cell of `character` in `lines` (column in characters), if drawn.
    static func find(_ character: Character, in lines: [String]) -> (column: Int, row: Int)? {
        for (row, line) in lines.enumerated() {
            if let index = line.firstIndex(of: character) { return (line.distance(from: line.startIndex, to: index), row) }
        }
        return nil
    }

    @Test func fingersAreDrawnAtTheirCells() throws {
        // A 22×12 box: 20×10 inside; (0.5, 0.5) → inner column 10, row 5.
        let box = TerminalView.surface([.init(slot: 0, x: 0.5, y: 0.5), .init(slot: 1, x: 0, y: 0), .init(slot: 2, x: 1, y: 1)],
                                       width: 22, height: 12)
        #expect(box.count == 12)
        #expect(box.allSatisfy { $0.count == 22 })
        let zero = try #require(Self.find("0", in: box))
        #expect(zero.column == 11 && zero.row == 6)
        let one = try #require(Self.find("1", in: box))
        #expect(one.column == 1 && one.row == 1)
        let two = try #require(Self.find("2", in: box))
        #expect(two.column == 20 && two.row == 10)
        #expect(box[0].hasPrefix("┌") && box[11].hasSuffix("┘"))
    }

    @Test func stateFromAFrameIsNormalizedToTheScreen() throws {
        var state = TerminalView.State(recognizerNames: Self.names)
        let screen = Screen(bounds: Rect(x: 0, y: 0, width: 1000, height: 500), pointsPerMillimetre: 4)
        let touch = Touch(id: TouchID(rawValue: 1), slot: 3, trackingID: 7, phase: .began, location: Point(x: 250, y: 125),
                          surfaceLocation: Point(x: 0, y: 0), pressure: 0, toolType: 0, timestamp: 0.5, beganAt: 0.5)
        state.update(frame: TouchFrame(time: 0.5, touches: [touch], fingerCount: 1), screen: screen)
        #expect(state.fingers == [.init(slot: 3, x: 0.25, y: 0.25)])
        let lines = TerminalView.render(state, width: 120, height: 40)
        #expect(lines.count == 40)
        #expect(lines.allSatisfy { $0.count <= 120 })
        #expect(Self.find("3", in: Array(lines.dropFirst())) != nil)
    }

    @Test func statesAndValuesAreShown() {
        var state = TerminalView.State(recognizerNames: Self.names)
        state.update(action: ActionRecord(time: 0.5, recognizer: "longPress", view: "window", state: .began, touches: 1,
                                          location: Point(x: 1, y: 2), values: [ActionValue("duration", 0.5)]))
        state.update(action: ActionRecord(time: 0.6, recognizer: "pinch", view: "window", state: .changed, touches: 2,
                                          location: Point(x: 1, y: 2), values: [ActionValue("scale", 1.25), ActionValue("velocity", -0.5)]))
        let lines = TerminalView.render(state, width: 120, height: 40)
        #expect(lines.contains { $0.contains("longPress") && $0.contains("began") && $0.contains("duration=0.50") })
        #expect(lines.contains { $0.contains("pinch") && $0.contains("changed") && $0.contains("scale=1.25") && $0.contains("velocity=-0.50") })
        #expect(lines.contains { $0.contains("hold") && $0.contains("possible") })
        for name in Self.names { #expect(lines.contains { $0.contains(" \(name) ") }, "\(name) missing") }
    }

    @Test func logScrolls() {
        var state = TerminalView.State(recognizerNames: Self.names)
        state.logLimit = 50
        for index in 0..<100 {
            state.update(action: ActionRecord(time: Double(index), recognizer: "pan", view: "window", state: .changed, touches: 1,
                                              location: Point(x: Double(index), y: 0), values: []))
        }
        #expect(state.log.count == 50)
        let lines = TerminalView.render(state, width: 120, height: 40)
        let last = state.log.last?.text ?? ""
        #expect(lines.contains { $0.hasPrefix(last + "  changed") })
        #expect(!lines.contains { $0.hasPrefix(state.log[0].text + "  ") })
    }

    @Test("the action log shows values as the panel does, as much as fits, never cut in a number")
    func logValuesFit() {
        var state = TerminalView.State(recognizerNames: Self.names)
        state.update(action: ActionRecord(time: 12.345678, recognizer: "pan", view: "content", state: .changed, touches: 2,
                                          location: Point(x: 1234.5, y: 678.9),
                                          values: [ActionValue("translation.x", -40.3125), ActionValue("translation.y", 176.875),
                                                   ActionValue("velocity.x", -306.25), ActionValue("velocity.y", 1500.5),
                                                   ActionValue("fingers", 2)]))
        state.update(action: ActionRecord(time: 13, recognizer: "swipe", view: "content", state: .ended, touches: 1,
                                          location: Point(x: 10, y: 10), values: [ActionValue("direction", 2)]))
        for width in [80, 100, 160] {
            let lines = TerminalView.render(state, width: width, height: 40)
            let pan = lines.first { $0.hasPrefix("12.345678  pan@content  changed") }
            #expect(pan != nil, "no pan line at \(width) columns")
            #expect(pan.map { !$0.contains("…") && $0.count <= width } == true, "\(pan ?? "")")
            #expect(pan?.contains(width >= 160 ? "translation=(-40.3, 176.9) pt" : "=(-40") == true, "\(pan ?? "")")
            #expect(lines.contains { $0.hasPrefix("13.000000  swipe@content  ended") && $0.hasSuffix("direction=left") }, "at \(width)")
        }
    }

    @Test func smallTerminalsDoNotCrash() {
        var state = TerminalView.State(recognizerNames: Self.names)
        state.fingers = [.init(slot: 0, x: 0.5, y: 0.5), .init(slot: 12, x: 2, y: -1), .init(slot: 1, x: .nan, y: 0.1)]
        state.update(action: ActionRecord(time: 0, recognizer: "tap", view: "window", state: .ended, touches: 1,
                                          location: Point(x: 0, y: 0), values: []))
        for width in [0, 1, 2, 3, 10, 40, 59, 60, 200] {
            for height in [0, 1, 2, 3, 5, 15, 16, 60] {
                let lines = TerminalView.render(state, width: width, height: height)
                #expect(lines.count == height)
                #expect(lines.allSatisfy { $0.count <= max(width, 0) })
            }
        }
    }

    /// Redraws are due at most 30 times a second of frame time.
    @Test func redrawsAreThrottledByFrameTime() {
        #expect(TerminalScreen.isDue(0, lastDraw: nil))
        #expect(!TerminalScreen.isDue(1.01, lastDraw: 1.0))
        #expect(TerminalScreen.isDue(1.0 + 1 / 30, lastDraw: 1.0))
        #expect(TerminalScreen.isDue(0.5, lastDraw: 1.0))
        var drawn = 0
        var last: Double?
        for frame in 0..<1000 {
            let time = Double(frame) / 1000
            if TerminalScreen.isDue(time, lastDraw: last) { drawn += 1; last = time }
        }
        #expect(drawn <= 31 && drawn >= 25, "\(drawn) drawings in 1 s of frames")
    }
}

@Suite("Terminal view: brief holds")
struct BriefHoldTests {
    private func hold(_ state: GestureRecognizerState, at time: Double) -> ActionRecord {
        ActionRecord(time: time, recognizer: "hold", view: "window", state: state, touches: 1, location: Point(x: 0, y: 0),
                     values: [ActionValue("fingers", 1)])
    }

    private func tap(at time: Double) -> ActionRecord {
        ActionRecord(time: time, recognizer: "tap", view: "window", state: .ended, touches: 0, location: Point(x: 0, y: 0), values: [])
    }

    @Test("a hold that ends within 0.2 s (a tap's rest) is left out of the log and the counts; one that lasts is logged when it began")
    func briefHoldsAreQuiet() {
        var state = TerminalView.State(recognizerNames: ["tap", "hold"])
        // A tap: the hold begins 40 ms in and ends at the lift.
        state.update(action: hold(.began, at: 1.04))
        state.update(action: hold(.ended, at: 1.1))
        state.update(action: tap(at: 1.4))
        #expect(state.log.map(\.text) == ["1.400000  tap@window"])
        #expect(state.tally.recognized["hold"] == nil && state.tally.briefHolds == 1)
        // A rest: the hold begins at 2.04 and is logged once 0.2 s passed, with its own time.
        state.update(action: hold(.began, at: 2.04))
        #expect(state.log.count == 1, "not yet")
        state.time = 2.3
        state.update(action: hold(.ended, at: 3))
        #expect(state.log.map(\.text).suffix(2) == ["2.040000  hold@window", "3.000000  hold@window"])
        #expect(state.tally.recognized["hold"] == 1)
        let summary = DemoSummary.lines(state, headline: "done", width: 120, height: 40).map(\.text)
        #expect(summary.contains { $0.contains("1 hold shorter than 0.2 s") }, "\(summary)")
    }
}
