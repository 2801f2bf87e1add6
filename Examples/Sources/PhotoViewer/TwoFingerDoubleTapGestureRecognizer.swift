// A custom recognizer written as a UIKit subclass is: two fingers tapping twice.
import Tactile

/// Two fingers tapping twice: a custom recognizer, written as a UIKit
/// subclass is — override the touch methods and set `state`.
///
/// Each tap: both fingers land within 150 ms and lift within 300 ms of the
/// first landing, moving less than 3 mm; the second tap lands within 300 ms
/// of the first tap's last lift.
final class TwoFingerDoubleTapGestureRecognizer: GestureRecognizer {
    private var tapsDone = 0
    private var firstLanding: Double?
    private var lastLift: Double?
    private var landed: [TouchID: Point] = [:]
    private var fingersDown = 0

    /// Discrete: it recognizes at once (`possible → ended`), like a tap.
    override var isDiscrete: Bool { true }

    override func touchesBegan(_ touches: [Touch], in frame: TouchFrame) {
        if let lastLift, frame.time - lastLift > 0.3 { return state = .failed }
        if firstLanding == nil { firstLanding = frame.time }
        guard let firstLanding, frame.time - firstLanding <= 0.15 else { return state = .failed }
        for touch in touches { landed[touch.id] = touch.surfaceLocation }
        fingersDown += touches.count
        if fingersDown > 2 { state = .failed }
    }

    override func touchesMoved(_ touches: [Touch], in frame: TouchFrame) {
        for touch in touches where touch.surfaceLocation.distance(to: landed[touch.id] ?? touch.surfaceLocation) > millimetres(.millimetres(3)) {
            return state = .failed
        }
    }

    override func touchesEnded(_ touches: [Touch], in frame: TouchFrame) {
        fingersDown -= touches.count
        guard let firstLanding, frame.time - firstLanding <= 0.3, landed.count == 2 else { return state = .failed }
        guard fingersDown == 0 else { return }
        tapsDone += 1
        if tapsDone == 2 { return state = .ended }
        // Between the taps: wait for the second one, or fail when it does not come.
        lastLift = frame.time
        self.firstLanding = nil
        landed = [:]
        schedule(after: 0.3) { recognizer in
            if recognizer.state == .possible, recognizer.numberOfTouches == 0 { recognizer.state = .failed }
        }
    }

    override func touchesCancelled(_ touches: [Touch], in frame: TouchFrame) {
        state = .failed
    }

    override func reset() {
        super.reset()
        tapsDone = 0
        firstLanding = nil
        lastLift = nil
        landed = [:]
        fingersDown = 0
    }
}
