import Tactile
import TactileTesting
import Testing

@MainActor
@Suite struct ZoomAndTapTests {
    /// A window with a zoom, a double tap and a single tap that waits for the double tap to fail.
    func makeScreen() -> (Window, PinchGestureRecognizer, TapGestureRecognizer, TapGestureRecognizer) {
        let window = Window(screen: Screen(width: 800, height: 600))
        let zoom = PinchGestureRecognizer(name: "zoom")
        let doubleTap = TapGestureRecognizer(taps: 2, name: "doubleTap")
        let tap = TapGestureRecognizer(name: "tap")
        tap.require(toFail: doubleTap)
        for recognizer in [zoom, doubleTap, tap] as [GestureRecognizer] {
            window.addGestureRecognizer(recognizer)
        }
        return (window, zoom, doubleTap, tap)
    }

    @Test func spreadingTwoFingersZoomsIn() throws {
        let (window, zoom, _, _) = makeScreen()
        let tester = TouchTester(window: window)
        tester.pinch(center: Point(x: 400, y: 300), fromSpan: 100, toSpan: 200)
        try tester.expect(zoom, to: .ended, with: ["scale": 2.0 ± 0.1])
    }

    @Test func aTapIsDecidedOnceItCannotBeADoubleTap() throws {
        let (window, _, doubleTap, tap) = makeScreen()
        let tester = TouchTester(window: window)
        tester.tap(at: Point(x: 200, y: 150))
        try tester.expectNoAction(from: tap)
        tester.settle()
        try tester.expectActions([(tap, .ended)])

        tester.clearActions()
        tester.advance(by: 0.5)
        tester.doubleTap(at: Point(x: 200, y: 150))
        tester.settle()
        try tester.expectActions([(doubleTap, .ended)])
    }

    @Test func twoFingersByHandPinchToo() throws {
        let (window, zoom, _, _) = makeScreen()
        let tester = TouchTester(window: window)
        let left = tester.touch(), right = tester.touch()
        left.down(at: Point(x: 350, y: 300))
        right.down(at: Point(x: 450, y: 300))
        left.move(to: Point(x: 300, y: 300), duration: 0.25)
        right.move(to: Point(x: 500, y: 300), duration: 0.25)
        left.up()
        right.up()
        try tester.expect(zoom, to: .ended, with: ["scale": 2.0 ± 0.05])
    }
}
