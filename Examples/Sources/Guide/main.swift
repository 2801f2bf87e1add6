// This guide's code as one program: Sources/Tactile/Tactile.docc/GettingStarted.md from
// "A window sized to the screen" to "Await gestures". make examples checks that each of the
// guide's code blocks is here, unchanged and in order, and runs the program on recordings.
// The lines between the blocks are the example's own: they check what the guide promises.
import Tactile

let screen = Screen(width: 1920, height: 1080, dotsPerInch: 96)
let window = Window(screen: screen)
let photo = View(frame: window.bounds, name: "photo")
let sidebar = View(frame: Rect(x: 1520, y: 0, width: 400, height: 1080), name: "sidebar")
window.addSubview(photo)
window.addSubview(sidebar)  // in front of the photo

@MainActor
final class PhotoController: GestureRecognizerDelegate {
    var zoom = 1.0

    func pinched(_ pinch: PinchGestureRecognizer) {
        zoom *= pinch.scale
        pinch.scale = 1
        if pinch.state == .ended { print("fling at", pinch.velocity, "per second") }
    }

    func gestureRecognizer(_ recognizer: GestureRecognizer,
                           shouldRecognizeSimultaneouslyWith other: GestureRecognizer) -> Bool {
        true  // pinch and rotation together
    }
}

let controller = PhotoController()
let pinch = PinchGestureRecognizer()
pinch.addTarget(controller, action: PhotoController.pinched)
pinch.delegate = controller
photo.addGestureRecognizer(pinch)

let tap = TapGestureRecognizer(), doubleTap = TapGestureRecognizer(taps: 2)
tap.require(toFail: doubleTap)
sidebar.addGestureRecognizer(tap)
sidebar.addGestureRecognizer(doubleTap)

final class TwoFingerTapRecognizer: GestureRecognizer {
    override var isDiscrete: Bool { true }
    private var landed = 0

    override func touchesBegan(_ touches: [Touch], in frame: TouchFrame) {
        landed += touches.count
        if landed > 2 { state = .failed }
    }

    override func touchesMoved(_ touches: [Touch], in frame: TouchFrame) {
        for touch in touches where touch.location(in: view).distance(to: touch.previousLocation(in: view)) > 20 {
            return state = .failed
        }
    }

    override func touchesEnded(_ touches: [Touch], in frame: TouchFrame) {
        if activeTouches.isEmpty { state = landed == 2 ? .ended : .failed }
    }

    override func reset() {
        super.reset()
        landed = 0
    }
}

final class TwoFingerPressRecognizer: GestureRecognizer {
    var minimumPressDuration = 0.4
    var allowableMovement = Length.millimetres(2)
    private var landed: [TouchID: Point] = [:]  // where each finger landed, in mm

    // Pressing, it takes no more fingers: another hand stays free.
    override var acceptsTouchesDuringGesture: Bool { false }

    override func touchesBegan(_ touches: [Touch], in frame: TouchFrame) {
        for touch in touches { landed[touch.id] = touch.surfaceLocation }
        if landed.count > 2 { return state = .failed }
        guard landed.count == 2 else { return }
        // Both fingers down: begin if they still rest when the time is up.
        schedule(after: minimumPressDuration) { recognizer in
            if recognizer.state == .possible { recognizer.state = .began }
        }
    }

    override func touchesMoved(_ touches: [Touch], in frame: TouchFrame) {
        if state == .possible {
            let allowed = millimetres(allowableMovement)
            for touch in touches where touch.surfaceLocation.distance(to: landed[touch.id] ?? touch.surfaceLocation) > allowed {
                return state = .failed
            }
        } else if state.isInProgress {
            state = .changed
        }
    }

    override func touchesEnded(_ touches: [Touch], in frame: TouchFrame) {
        if state.isInProgress { state = .ended } else if state == .possible { state = .failed }
    }

    override func touchesCancelled(_ touches: [Touch], in frame: TouchFrame) {
        if state.isInProgress { state = .cancelled } else if state == .possible { state = .failed }
    }

    override func reset() {
        super.reset()
        landed = [:]
    }
}

let press = TwoFingerPressRecognizer()
press.addAction { press in
    if press.state != .changed { print("two-finger press", press.state, "at", press.currentTime, "s") }
}
photo.addGestureRecognizer(press)

import TactileRecording

let path = CommandLine.arguments.dropFirst().first ?? "Recordings/synthetic/touchscreen-pinches.json"
let recording = try Recording(contentsOf: path)
let pipeline = InputPipeline(for: recording, window: window)

// The example's own: every action onAction sees, to compare with what the stream receives.
var seen: [ActionRecord] = []
pipeline.engine.onAction = { seen.append($0) }

let actions = pipeline.engine.actions()
let listener = Task { @MainActor in
    var received: [ActionRecord] = []
    for await action in actions { received.append(action) }
    return received  // the loop ends once the input is finished
}

pipeline.process(recording.events)
pipeline.finishInput(at: (recording.events.last?.time ?? 0) + 1)
let received = await listener.value
print(received.count, "actions,", received.filter { $0.state == .ended }.count, "ended; zoom ×\((controller.zoom * 100).rounded() / 100)")

// The example's own: here the loop has ended (the await above returned); the stream lost nothing.
if received == seen {
    print("the stream received all \(seen.count) actions onAction saw, and its loop ended")
} else {
    print("the stream received \(received.count) actions, not the \(seen.count) onAction saw")
}
