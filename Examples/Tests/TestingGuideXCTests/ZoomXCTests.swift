import Tactile
import TactileTesting
import XCTest

final class ZoomXCTests: XCTestCase {
    // On Linux an XCTest method on the main actor must be async.
    @MainActor func testSpreadingTwoFingersZoomsIn() async throws {
        let window = Window(screen: Screen(width: 800, height: 600))
        let zoom = PinchGestureRecognizer(name: "zoom")
        window.addGestureRecognizer(zoom)
        let tester = TouchTester(window: window)
        tester.pinch(center: Point(x: 400, y: 300), fromSpan: 100, toSpan: 200)
        try tester.expect(zoom, to: .ended, with: ["scale": 2.0 ± 0.1])
    }
}
