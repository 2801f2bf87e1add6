// Lengths and speeds in millimetres or points: thresholds carry their unit.
import Testing
@testable import Tactile

/// Thresholds carry their unit: a value copied from UIKit in points stays points.
@Suite("Lengths and speeds in millimetres or points")
struct LengthTests {
    @Test("points convert through the screen's density; millimetres stay")
    func conversion() {
        let screen = Screen(width: 1920, height: 1080, dotsPerInch: 254)  // 10 points per mm
        #expect(Length.points(10).inMillimetres(pointsPerMillimetre: screen.pointsPerMillimetre) == 1)
        #expect(Length.millimetres(3).inMillimetres(pointsPerMillimetre: screen.pointsPerMillimetre) == 3)
        #expect(Speed.pointsPerSecond(600).inMillimetresPerSecond(pointsPerMillimetre: 10) == 60)
        #expect(Length.points(10).description == "10.0 pt")
    }

    @Test("a tap's allowance given in points is converted through the window's screen")
    func tapAllowanceInPoints() {
        // The test panel: 10 points per mm, 10 device units per mm.
        func taps(allowance: Length, travel: Int32) -> [String] {
            let harness = Harness.panel()
            let tap = TapGestureRecognizer(name: "tap")
            tap.allowableMovement = allowance
            harness.window.addGestureRecognizer(tap)
            var script = EventScript()
            script.drag(from: Point(x: 500, y: 500), dx: travel, steps: 2, start: 0, id: 1)
            harness.run(script)
            harness.pipeline.advance(to: 5)
            return harness.actions
        }
        #expect(taps(allowance: .millimetres(3), travel: 25) == ["tap:ended"], "2.5 mm within 3 mm")
        #expect(taps(allowance: .points(10), travel: 25) == [], "2.5 mm beyond 10 pt = 1 mm")
        #expect(taps(allowance: .points(30), travel: 25) == ["tap:ended"], "2.5 mm within 30 pt = 3 mm")
    }
}
