// Several devices on one window: a gesture never combines fingers of two devices.
import Testing
@testable import Tactile
import TactileTestSupport

/// Two panels on one window, a pipeline each (the 200 × 100 mm test panel,
/// 10 units = 10 pt = 1 mm): every device's touches reach the window's
/// recognizers, but a recognizer follows one device's fingers at a time.
@Suite("Several devices on one window")
struct SeveralDeviceTests {
    /// The window, its recognizers and one pipeline per device, each logging its actions.
    final class Table {
        let window = Window(screen: TestDevices.panelScreen)
        let pan = PanGestureRecognizer(name: "pan")
        let pinch = PinchGestureRecognizer(name: "pinch")
        let tap = TapGestureRecognizer(taps: 1, name: "tap")
        let a: InputPipeline
        let b: InputPipeline
        private(set) var logA: [ActionRecord] = []
        private(set) var logB: [ActionRecord] = []

        init() {
            for recognizer in [pan, pinch, tap] as [GestureRecognizer] { window.addGestureRecognizer(recognizer) }
            a = InputPipeline(device: TestDevices.panel, window: window)
            b = InputPipeline(device: TestDevices.panel, window: window)
            a.engine.onAction = { [unowned self] in logA.append($0) }
            b.engine.onAction = { [unowned self] in logB.append($0) }
        }

        /// Feeds both devices' frames in time order (A's first at equal times), then lets timers run out.
        func run(a scriptA: EventScript, b scriptB: EventScript, end: Double = 5) {
            var frames: [(time: Double, device: Int, events: [InputEvent])] = []
            for (device, events) in [scriptA.events, scriptB.events].enumerated() {
                var current: [InputEvent] = []
                for event in events {
                    current.append(event)
                    if event.isReport {
                        frames.append((event.time, device, current))
                        current = []
                    }
                }
            }
            frames.sort { ($0.time, $0.device) < ($1.time, $1.device) }
            for frame in frames { (frame.device == 0 ? a : b).process(frame.events) }
            a.advance(to: end)
            b.advance(to: end)
        }

        func records(_ log: [ActionRecord], of name: String) -> [ActionRecord] { log.filter { $0.recognizer == name } }
    }

    /// A finger resting on B from 0 to 1.5 s at (500, 500).
    static func resting(from start: Double = 0, until end: Double = 1.5) -> EventScript {
        var script = EventScript()
        script.frame(at: start) { $0.slot(0).track(1).x(500).y(500) }
        script.frame(at: end) { $0.slot(0).lift() }
        return script
    }

    /// A's finger drags 60 mm to the right from (800, 300), starting at `start`.
    static func drag(start: Double, hold: Double = 0) -> EventScript {
        var script = EventScript()
        if hold > 0 {
            script.frame(at: start) { $0.slot(0).track(1).x(800).y(300) }
            script.motion(from: [Point(x: 800, y: 300)], to: [Point(x: 1400, y: 300)], start: start + hold, duration: 0.4,
                          firstID: 1, land: false)
        } else {
            script.motion(from: [Point(x: 800, y: 300)], to: [Point(x: 1400, y: 300)], start: start, duration: 0.4, firstID: 1)
        }
        return script
    }

    @Test("a pan on A while a finger rests on B is a one-finger pan of A's finger")
    func panBesideARestingFinger() throws {
        let table = Table()
        table.run(a: Self.drag(start: 0.3), b: Self.resting())
        let pan = table.records(table.logA, of: "pan")
        #expect(pan.first?.state == .began && pan.last?.state == .ended, "\(pan.map(\.readableLine))")
        #expect(pan.allSatisfy { $0.touches == 1 }, "\(pan.map(\.readableLine))")
        // The whole 60 mm (600 pt) of A's finger, not half of it as the centroid of two fingers would move.
        let moved = try #require(pan.last?.value(named: "translation.x"))
        #expect(moved > 500 && moved <= 600, "\(moved)")
        #expect(table.records(table.logB, of: "pan").isEmpty && table.records(table.logB, of: "pinch").isEmpty)
        #expect(table.records(table.logA, of: "pinch").isEmpty)
    }

    @Test("A's finger held still, then B's resting finger, then A's drag: still a one-finger pan on A")
    func heldFingerThenRestThenDrag() throws {
        let table = Table()
        // A lands at 0.2 and holds until 0.8; B's finger lands at 0.5 and rests.
        table.run(a: Self.drag(start: 0.2, hold: 0.6), b: Self.resting(from: 0.5, until: 2))
        let pan = table.records(table.logA, of: "pan")
        #expect(pan.first?.state == .began && pan.last?.state == .ended, "\(pan.map(\.readableLine))")
        #expect(pan.allSatisfy { $0.touches == 1 })
        #expect(table.records(table.logB, of: "pan").isEmpty)
    }

    @Test("a pan that began keeps its device's finger when another device's finger lands")
    func panInProgressKeepsItsDevice() {
        let table = Table()
        // B lands at 0.4, while A's drag (0.3 to 0.71) is under way, and moves 30 mm.
        var moving = EventScript()
        moving.motion(from: [Point(x: 500, y: 800)], to: [Point(x: 500, y: 500)], start: 0.4, duration: 0.5, firstID: 1)
        table.run(a: Self.drag(start: 0.3), b: moving)
        let pan = table.records(table.logA, of: "pan")
        #expect(pan.first?.state == .began && pan.last?.state == .ended)
        #expect(pan.allSatisfy { $0.touches == 1 })
        #expect(table.records(table.logA, of: "pinch").isEmpty && table.records(table.logB, of: "pinch").isEmpty)
    }

    /// A quick three-finger tap far off on B at 0 s, so that B's next touch ids come after A's: the
    /// ids of two devices' touches may be the same, and a rule must not rely on that to keep them apart.
    static func warmUp(_ script: inout EventScript) {
        script.frame(at: 0) { $0.slot(0).track(7).x(1950).y(950).slot(1).track(8).x(1900).y(950).slot(2).track(9).x(1850).y(950) }
        script.frame(at: 0.02) { $0.slot(0).lift().slot(1).lift().slot(2).lift() }
    }

    @Test("two fingers of two devices moving apart are never a pinch")
    func noPinchAcrossDevices() {
        let table = Table()
        var left = EventScript(), right = EventScript()
        Self.warmUp(&right)
        left.motion(from: [Point(x: 900, y: 500)], to: [Point(x: 400, y: 500)], start: 0.2, duration: 0.5, firstID: 1)
        right.motion(from: [Point(x: 1100, y: 500)], to: [Point(x: 1600, y: 500)], start: 0.2, duration: 0.5, firstID: 1)
        table.run(a: left, b: right)
        #expect(table.records(table.logA, of: "pinch").isEmpty && table.records(table.logB, of: "pinch").isEmpty)
        // One device's finger pans (the one that moved the pan past its threshold first), alone.
        let pans = table.records(table.logA, of: "pan") + table.records(table.logB, of: "pan")
        #expect(pans.allSatisfy { $0.touches == 1 }, "\(pans.map(\.readableLine))")
    }

    @Test("a two-finger pinch on A beside a finger resting on B is A's pinch")
    func pinchBesideARestingFinger() {
        let table = Table()
        var pinch = EventScript()
        pinch.motion(from: [Point(x: 900, y: 300), Point(x: 1100, y: 300)], to: [Point(x: 600, y: 300), Point(x: 1400, y: 300)],
                     start: 0.4, duration: 0.4, firstID: 1)
        var rest = EventScript()
        Self.warmUp(&rest)
        rest.frame(at: 0.1) { $0.slot(0).track(1).x(500).y(500) }
        rest.frame(at: 1.5) { $0.slot(0).lift() }
        table.run(a: pinch, b: rest)
        let recognized = table.records(table.logA, of: "pinch")
        #expect(recognized.first?.state == .began, "\(table.logA.map(\.readableLine))")
        #expect(recognized.allSatisfy { $0.touches == 2 })
        // A's fingers spread from 20 to 80 mm: ×4, not what a third finger resting on B would make of it.
        let scale = recognized.last?.value(named: "scale") ?? 0
        #expect(abs(scale - 4) < 0.2, "\(scale)")
        #expect(table.records(table.logB, of: "pinch").isEmpty)
    }

    @Test("a tap on A while B's finger has rested too long to tap is A's tap")
    func tapBesideALongRest() {
        let table = Table()
        var tap = EventScript()
        tap.tap(at: Point(x: 1500, y: 500), start: 1.0, id: 1)
        table.run(a: tap, b: Self.resting(until: 2))
        #expect(table.records(table.logA, of: "tap").map(\.state) == [.ended])
        #expect(table.records(table.logB, of: "tap").isEmpty)
    }
}
