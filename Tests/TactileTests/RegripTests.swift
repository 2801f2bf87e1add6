// Hands that change grip: zoom, lift a finger and drag with the one left, land it again and zoom on, without lifting every finger.
import Testing
@testable import Tactile

@MainActor
@Suite("A hand that changes its grip")
struct RegripTests {
    /// A photo viewer's pair on the 200 × 100 mm panel (10 units = 1 mm): a pan that yields to a pinch, and the pinch.
    static func viewer(startsAgain: Bool = true) -> Harness {
        let harness = Harness.panel()
        let pan = PanGestureRecognizer(name: "pan"), pinch = PinchGestureRecognizer(name: "pinch")
        pan.yieldsToPinchAndRotation = true
        pan.startsAgainWhenFingersChange = startsAgain
        pinch.startsAgainWhenFingersChange = startsAgain
        harness.window.addGestureRecognizer(pan)
        harness.window.addGestureRecognizer(pinch)
        return harness
    }

    /// Two fingers spread 40 → 80 mm; finger `lifting` lifts, `pause` s later the other drags `drag` mm down;
    /// then the lifted finger lands again and the two spread once more; then both lift.
    static func script(lifting: Int, pause: Double, drag: Double) -> EventScript {
        var script = EventScript()
        let y: Int32 = 200   // the panel is 100 mm high: room below for a 60 mm drag
        script.frame(at: 1) { $0.slot(0).track(1).x(800).y(y).slot(1).track(2).x(1200).y(y) }
        for step in 1...20 {
            let spread = Int32(step * 10)
            script.frame(at: 1 + Double(step) * 0.01) { $0.slot(0).x(800 - spread).slot(1).x(1200 + spread) }
        }
        var t = 1.3
        script.frame(at: t) { $0.slot(Int32(lifting)).lift() }
        let staying = Int32(1 - lifting), stayX: Int32 = lifting == 0 ? 1400 : 600
        t += pause
        let steps = max(2, Int(drag / 2))
        for step in 1...steps {
            let dy = Int32((drag * 10 * Double(step) / Double(steps)).rounded())
            script.frame(at: t + Double(step) * 0.01) { $0.slot(staying).x(stayX).y(y + dy) }
        }
        t += Double(steps) * 0.01 + 0.1
        let landY = y + Int32(drag * 10), landX: Int32 = 1000
        script.frame(at: t) { $0.slot(Int32(lifting)).track(3).x(landX).y(landY) }
        for step in 1...20 {
            let spread = Int32(step * 10)
            script.frame(at: t + Double(step) * 0.01) { builder in
                builder.slot(Int32(lifting)).x(landX + (lifting == 0 ? -spread : spread)).slot(staying).x(stayX + (lifting == 0 ? spread : -spread))
            }
        }
        script.frame(at: t + 0.3) { $0.slot(0).lift().slot(1).lift() }
        return script
    }

    @Test("zoom, lift either finger, drag with the other after any pause, land again and zoom on",
          arguments: [0, 1], [0.0, 0.05, 0.3, 1.0])
    func zoomDragZoom(lifting: Int, pause: Double) {
        for drag in [5.0, 20, 60] {
            let harness = Self.viewer()
            harness.run(Self.script(lifting: lifting, pause: pause, drag: drag))
            harness.pipeline.advance(to: 30)
            let actions = harness.actions.filter { !$0.hasSuffix(":changed") }
            // The pinch begins again, and the drag yields to it (in the frame the pinch begins).
            #expect(actions == ["pinch:began", "pinch:ended", "pan:began", "pinch:began", "pan:cancelled", "pinch:ended"],
                    "finger \(lifting) lifts, \(pause) s, \(drag) mm: \(actions)")
            // The drag moves by what the finger did after the lift: nothing jumps, nothing is lost.
            let moved = harness.log.records.filter { $0.recognizer == "pan" }.reduce(0.0) { total, record in
                max(total, record.values.first { $0.name == "translation.y" }?.value ?? 0)
            }
            #expect(abs(moved - drag * 10) <= 2, "translation \(moved) pt for a \(drag) mm drag")
            // The second pinch counts from the new grip: scale 1 at its start, growing as the fingers spread.
            let scales = harness.log.records.filter { $0.recognizer == "pinch" }.compactMap { $0.values.first { $0.name == "scale" }?.value }
            #expect(scales.last.map { $0 > 1.2 } == true, "\(scales)")
        }
    }

    @Test("UIKit's model: nothing more until every finger is up")
    func uikitsModel() {
        let harness = Self.viewer(startsAgain: false)
        harness.run(Self.script(lifting: 1, pause: 0.1, drag: 20))
        harness.pipeline.advance(to: 30)
        #expect(harness.actions.filter { !$0.hasSuffix(":changed") } == ["pinch:began", "pinch:ended"])
    }

    @Test("the trace says which gesture starts again, with which fingers")
    func traceSaysItStartsAgain() {
        let harness = Self.viewer()
        var lines: [String] = []
        harness.engine.onTrace = { lines.append($0.description) }
        harness.run(Self.script(lifting: 1, pause: 0.1, drag: 20))
        #expect(lines.contains { $0.hasSuffix("pan@window  starts again with touch #1, still down as a finger lifted") }, "\(lines)")
        #expect(lines.contains { $0.hasSuffix("pinch@window  starts again with touch #1, still down as a finger lifted") }, "\(lines)")
    }
}
