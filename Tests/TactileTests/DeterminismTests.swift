// Determinism of the engine, and the action log.
import Testing
@testable import Tactile

@Suite("Determinism")
struct DeterminismTests {
    /// Taps, a double tap, drags, a long press and two-finger contact, with
    /// gaps long enough for every timer to matter.
    private func session() -> EventScript {
        var script = EventScript()
        script.tap(at: Point(x: 200, y: 200), start: 0.00, duration: 0.06, id: 1)
        script.tap(at: Point(x: 203, y: 201), start: 0.20, duration: 0.05, id: 2)
        script.tap(at: Point(x: 800, y: 500), start: 1.00, duration: 0.07, id: 3)
        script.drag(from: Point(x: 100, y: 900), dx: 300, steps: 12, start: 2.00, id: 4)
        script.frame(at: 3.0) { $0.track(5).x(1500).y(300) }
        script.frame(at: 3.9) { $0.x(1504) }
        script.frame(at: 4.2) { $0.lift() }
        script.frame(at: 5.0) { $0.slot(0).track(6).x(600).y(600).slot(1).track(7).x(900).y(600) }
        script.frame(at: 5.05) { $0.slot(1).x(980) }
        script.frame(at: 5.10) { $0.slot(0).lift().slot(1).lift() }
        script.tap(at: Point(x: 1000, y: 100), start: 6.00, duration: 0.05, id: 8)
        return script
    }

    private func makeHarness() -> Harness {
        let harness = Harness()
        let panel = View(frame: Rect(x: 0, y: 0, width: 1000, height: 1080), name: "panel")
        harness.window.addSubview(panel)
        let single = TestTap(taps: 1), double = TestTap(taps: 2)
        single.require(toFail: double)
        panel.addGestureRecognizer(single)
        panel.addGestureRecognizer(double)
        panel.addGestureRecognizer(TestDrag())
        harness.window.addGestureRecognizer(TestPress(duration: 0.5))
        // Outside the panel only: on the panel it would win every tap at once.
        let windowTap = TestTap(taps: 1, name: "windowTap")
        let outside = TestDelegate()
        outside.shouldReceive = { $0.location.x >= 1000 }
        windowTap.delegate = outside
        harness.window.addGestureRecognizer(windowTap)
        harness.retained.append(outside)
        return harness
    }

    @Test("the same frames in one call, or event by event with advance(to:) between, give identical logs")
    func replaySpeedDoesNotMatter() {
        let events = session().events
        let end = 10.0

        let batch = makeHarness()
        batch.pipeline.process(events)
        batch.pipeline.advance(to: end)

        let stepped = makeHarness()
        var clock = 0.0
        for event in events {
            // A live loop wakes at arbitrary times between events: every 7 ms here.
            while clock + 0.007 < event.time {
                clock += 0.007
                stepped.pipeline.advance(to: clock)
            }
            stepped.pipeline.advance(to: event.time)
            stepped.pipeline.process(event)
        }
        stepped.pipeline.advance(to: end)

        #expect(batch.log.count >= 8, "the session exercises several recognizers")
        #expect(Set(batch.log.records.map(\.recognizer)) == ["tap", "doubleTap", "testDrag", "press", "windowTap"])
        #expect(batch.log.jsonText == stepped.log.jsonText)

        let again = makeHarness()
        again.pipeline.process(events)
        again.pipeline.advance(to: end)
        #expect(again.log.jsonText == batch.log.jsonText, "and the same again")
    }
}

@Suite("Action log")
struct ActionLogTests {
    @Test("one JSON line per action: fixed key order, fixed decimals, no -0, null for non-finite")
    func jsonLine() {
        let record = ActionRecord(
            time: 1.25, recognizer: "pinch", view: "canvas \"main\"", state: .changed, touches: 2,
            location: Point(x: 512.00049, y: -0.0001),
            values: [ActionValue("scale", 1.5), ActionValue("velocity", -0.0000001), ActionValue("bad", .nan)]
        )
        #expect(record.jsonLine == #"{"t":1.250000,"recognizer":"pinch","view":"canvas \"main\"","state":"changed","touches":2,"location":[512.000,0.000],"values":{"scale":1.500000,"velocity":0.000000,"bad":null}}"#)
        #expect(record.readableLine == "1.250000  pinch@canvas \"main\"  changed  2 touches  (512.0, 0.0)  scale=1.500  velocity=0.000  bad=null")
    }

    @Test("fixed decimals round half away from zero and keep large values exact")
    func decimals() {
        #expect(FixedDecimal.format(0.0000005, places: 6) == "0.000001")
        #expect(FixedDecimal.format(-2.5, places: 0) == "-3")
        #expect(FixedDecimal.format(-0.05, places: 1) == "-0.1")
        #expect(FixedDecimal.format(123456.789, places: 3) == "123456.789")
        #expect(FixedDecimal.format(0.01, places: 3) == "0.010")
        #expect(FixedDecimal.format(.infinity, places: 3) == "null")
    }

    @Test("control characters in names are escaped")
    func escaping() {
        #expect(JSONText.quote("a\u{1}b\nc\\") == #""a\u0001b\nc\\""#)
    }
}
