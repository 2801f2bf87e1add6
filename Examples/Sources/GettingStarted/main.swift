// Getting started: a photo that zooms, turns and takes taps, played from a recording.
import Tactile
import TactileRecording

/// Zooms and turns a photo, as a UIKit view controller would.
@MainActor
final class PhotoController: GestureRecognizerDelegate {
    var zoom = 1.0
    var angle = 0.0

    func pinched(_ pinch: PinchGestureRecognizer) {
        zoom *= pinch.scale
        pinch.scale = 1  // increments from here on; the velocity stays the fingers'
    }

    func turned(_ rotation: RotationGestureRecognizer) {
        angle += rotation.rotation
        rotation.rotation = 0
    }

    func tapped(_ tap: TapGestureRecognizer) {
        print("tap at", tap.location(in: tap.view))
    }

    // A pinch and a rotation may run together, as in any photo viewer.
    func gestureRecognizer(_ recognizer: GestureRecognizer, shouldRecognizeSimultaneouslyWith other: GestureRecognizer) -> Bool {
        true
    }
}

// A window sized to the screen receives every touch; the photo fills it.
let window = Window(screen: .standard)
let photo = View(frame: window.bounds, name: "photo")
window.addSubview(photo)

let controller = PhotoController()
let pinch = PinchGestureRecognizer(), rotation = RotationGestureRecognizer()
let tap = TapGestureRecognizer(), doubleTap = TapGestureRecognizer(taps: 2)
pinch.addTarget(controller, action: PhotoController.pinched)
rotation.addTarget(controller, action: PhotoController.turned)
tap.addTarget(controller, action: PhotoController.tapped)
tap.require(toFail: doubleTap)  // a single tap waits until the double tap fails
pinch.delegate = controller
rotation.delegate = controller
for recognizer in [pinch, rotation, tap, doubleTap] as [GestureRecognizer] {
    photo.addGestureRecognizer(recognizer)
}

// Any recording (Tactile JSON, evemu, libinput record, getevent…); a live
// device is a LiveSession(device: EvdevDevice(path:…), window: window).
let path = CommandLine.arguments.dropFirst().first ?? "Recordings/synthetic/touchscreen-pinches.json"
let recording = try Recording(contentsOf: path)
let pipeline = InputPipeline(for: recording, window: window)
pipeline.process(recording.events)
pipeline.finishInput(at: (recording.events.last?.time ?? 0) + 1)
print("zoom ×\((controller.zoom * 100).rounded() / 100), turned \((controller.angle * 100).rounded() / 100) rad")
