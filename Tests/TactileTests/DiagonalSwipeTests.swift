// Swipes beyond UIKit's four: the diagonals (eight directions) and a direction by angle.
import Foundation
import Tactile
import TactileTestSupport
import Testing

@Suite struct DiagonalSwipeTests {
    /// A quick one-finger stroke of `dx`, `dy` panel units (the panel's y grows downwards) in 0.1 s.
    func swipe(_ configure: (SwipeGestureRecognizer) -> Void, dx: Double, dy: Double) -> (actions: [String], direction: Double?, failure: String?) {
        let harness = Harness.panel()
        let swipe = SwipeGestureRecognizer()
        configure(swipe)
        harness.window.addGestureRecognizer(swipe)
        var script = EventScript()
        script.motion(from: [Point(x: 1000, y: 500)], to: [Point(x: 1000 + dx, y: 500 + dy)], start: 0, duration: 0.1, firstID: 1)
        harness.run(script)
        return (harness.actions, harness.log.records.first?.values.first?.value, swipe.failureReason?.description)
    }

    @Test func aDiagonalIsRecognizedByTheNearestOfEightDirections() {
        let upRight = swipe({ $0.direction = .upRight }, dx: 300, dy: -300)
        #expect(upRight.actions == ["swipe:ended"])
        #expect(upRight.direction == Double(SwipeGestureRecognizer.Direction.upRight.rawValue))
        #expect(swipe({ $0.direction = .downLeft }, dx: -280, dy: 320).actions == ["swipe:ended"])
        // 20° above the horizontal is right, not up-right (the nearest of eight), …
        let shallow = swipe({ $0.direction = [.upRight, .right] }, dx: 400, dy: -146)
        #expect(shallow.direction == 1)
        let onlyDiagonal = swipe({ $0.direction = .upRight }, dx: 400, dy: -146)
        #expect(onlyDiagonal.actions.isEmpty)
        #expect(onlyDiagonal.failure?.contains("went right (wants up-right)") == true, "\(onlyDiagonal.failure ?? "")")
        // … and with UIKit's four alone, 45° stays a failure, as before.
        #expect(swipe({ $0.direction = .all }, dx: 300, dy: -300).actions.isEmpty)
    }

    @Test func aDirectionByAngleTakesStrokesWithinItsTolerance() {
        // 60° counter-clockwise from right (up and to the right, steeply): -60° on screen.
        func at(_ degrees: Double) -> (actions: [String], direction: Double?, failure: String?) {
            let radians = degrees * .pi / 180
            return swipe({ $0.angle = -60 * .pi / 180; $0.angularTolerance = 15 * .pi / 180 },
                         dx: 400 * cos(radians), dy: -400 * sin(radians))
        }
        let steep = at(62)
        #expect(steep.actions == ["swipe:ended"])
        #expect(steep.direction == Double(SwipeGestureRecognizer.Direction.upRight.rawValue), "reported as the nearest of eight")
        #expect(at(70).actions == ["swipe:ended"])
        let flat = at(30)
        #expect(flat.actions.isEmpty)
        #expect(flat.failure?.contains("went up-right (wants its angle)") == true, "\(flat.failure ?? "")")
    }
}
