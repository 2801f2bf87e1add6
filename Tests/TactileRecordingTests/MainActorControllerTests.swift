// A controller written as a UIKit app writes one (main-actor isolated, target and delegate) compiles and works.
import Tactile
import TactileRecording
import TactileTestSupport
import TactileTesting
import Testing

/// A controller written the way a UIKit app writes one: main-actor isolated,
/// target of its recognizers' actions and their delegate, with no
/// annotation beyond `@MainActor` (this target has no default isolation, so
/// the file compiling under Swift 6's strict concurrency is the test).
@MainActor
final class PhotoController: GestureRecognizerDelegate {
    let window = Window(screen: .standard)
    let photo = View(frame: Rect(x: 0, y: 0, width: 1920, height: 1080), name: "photo")
    private(set) var zoom = 1.0
    private(set) var turns = 0.0
    private(set) var offset = Point.zero
    private(set) var flung = false

    init() {
        window.addSubview(photo)
        let pinch = PinchGestureRecognizer(), rotation = RotationGestureRecognizer(), pan = PanGestureRecognizer()
        pinch.addTarget(self, action: PhotoController.handlePinch)
        rotation.addTarget(self, action: PhotoController.handleRotation)
        pan.addTarget(self, action: PhotoController.handlePan)
        for recognizer in [pinch, rotation, pan] as [GestureRecognizer] {
            recognizer.delegate = self
            photo.addGestureRecognizer(recognizer)
        }
    }

    func handlePinch(_ pinch: PinchGestureRecognizer) {
        zoom *= pinch.scale
        pinch.scale = 1
    }

    func handleRotation(_ rotation: RotationGestureRecognizer) {
        turns += rotation.rotation
        rotation.rotation = 0
    }

    func handlePan(_ pan: PanGestureRecognizer) {
        let translation = pan.translation(in: photo)
        offset.x += translation.x
        offset.y += translation.y
        pan.setTranslation(.zero, in: photo)
        let velocity = pan.velocity(in: photo)
        if pan.state == .ended, abs(velocity.x) + abs(velocity.y) > 100 { flung = true }
    }

    func gestureRecognizer(_ recognizer: GestureRecognizer, shouldRecognizeSimultaneouslyWith other: GestureRecognizer) -> Bool {
        true
    }
}

@Suite("A @MainActor controller as target and delegate")
struct MainActorControllerTests {
    @Test("it drives a photo from a recording, from a test running off the main actor")
    func photo() async throws {
        let recording = try RecordingReader.read(contentsOf: Repository.recordings + "/synthetic/touchscreen-pinches.json")
        let (zoom, offset) = try await MainActor.run {
            let controller = PhotoController()
            try TouchTester(window: controller.window, replaying: recording).replay(recording)
            return (controller.zoom, controller.offset)
        }
        #expect(zoom != 1, "the pinches zoomed: \(zoom)")
        #expect(offset.x.isFinite && offset.y.isFinite)
    }
}
