// The photo viewer screen: a photo that pinches, turns and pans, a sidebar of buttons, a reset gesture.
import Tactile

/// A screen with a photo that pinches, turns and pans, a sidebar of buttons
/// that tap, and a two-finger double tap that resets the photo. A drag that
/// gains a second finger becomes a zoom, as in a photo app (Flutter's
/// behaviour; Tactile's pan keeps a drag a drag unless told to yield).
@MainActor
final class PhotoViewer: GestureRecognizerDelegate {
    let window: Window
    let photo: View
    let toolbar: View
    private(set) var zoom = 1.0
    private(set) var angle = 0.0
    private(set) var offset = Point.zero
    private(set) var log: [String] = []

    init(screen: Screen) {
        window = Window(screen: screen)
        let bounds = window.bounds
        // A sidebar of five buttons along the right edge, in front of the photo:
        // touches landing there belong to it, not to the photo (hit testing).
        photo = View(frame: bounds, name: "photo")
        toolbar = View(frame: Rect(x: bounds.width - 400, y: 0, width: 400, height: bounds.height), name: "sidebar")
        window.addSubview(photo)
        window.addSubview(toolbar)

        let pinch = PinchGestureRecognizer(), rotation = RotationGestureRecognizer(), pan = PanGestureRecognizer()
        // One finger drags the photo; a second finger that spreads or turns
        // takes the drag over as a zoom or a turn.
        pan.yieldsToPinchAndRotation = true
        pinch.addTarget(self, action: PhotoViewer.pinched)
        rotation.addTarget(self, action: PhotoViewer.turned)
        pan.addTarget(self, action: PhotoViewer.moved)
        let reset = TwoFingerDoubleTapGestureRecognizer(name: "twoFingerDoubleTap")
        reset.addTarget(self, action: PhotoViewer.resetPhoto)
        for recognizer in [pinch, rotation, pan, reset] as [GestureRecognizer] {
            recognizer.delegate = self
            photo.addGestureRecognizer(recognizer)
        }
        let button = TapGestureRecognizer(name: "button")
        button.addTarget(self, action: PhotoViewer.pressed)
        toolbar.addGestureRecognizer(button)
    }

    func pinched(_ pinch: PinchGestureRecognizer) {
        zoom *= pinch.scale
        pinch.scale = 1
        if pinch.state == .ended { say("pinch ended: zoom ×\(Self.rounded(zoom)), \(Self.rounded(pinch.velocity))/s") }
    }

    func turned(_ rotation: RotationGestureRecognizer) {
        angle += rotation.rotation
        rotation.rotation = 0
        if rotation.state == .ended { say("rotation ended: \(Self.rounded(angle)) rad") }
    }

    func moved(_ pan: PanGestureRecognizer) {
        // As in UIKit: the translation is a point (x, y), taken as a delta and re-based.
        let translation = pan.translation(in: photo)
        offset.x += translation.x
        offset.y += translation.y
        pan.setTranslation(.zero, in: photo)
        if pan.state == .ended { say("pan ended: offset (\(Self.rounded(offset.x)), \(Self.rounded(offset.y))) pt") }
        if pan.state == .cancelled { say("drag handed over to a zoom or turn at offset (\(Self.rounded(offset.x)), \(Self.rounded(offset.y))) pt") }
    }

    func resetPhoto(_ recognizer: TwoFingerDoubleTapGestureRecognizer) {
        zoom = 1
        angle = 0
        offset = .zero
        say("two-finger double tap: photo reset")
    }

    func pressed(_ button: TapGestureRecognizer) {
        let point = button.location(in: toolbar)
        say("button \(Int(point.y / (toolbar.bounds.height / 5)) + 1) of 5 tapped")
    }

    // Pinch and rotation move the photo together; the pan hands over to
    // them rather than moving with them; the two-finger double tap waits
    // for nothing.
    func gestureRecognizer(_ recognizer: GestureRecognizer, shouldRecognizeSimultaneouslyWith other: GestureRecognizer) -> Bool {
        let loners: [GestureRecognizer.Type] = [TwoFingerDoubleTapGestureRecognizer.self, PanGestureRecognizer.self]
        return !loners.contains { type(of: recognizer) == $0 || type(of: other) == $0 }
    }

    private func say(_ line: String) { log.append(line) }

    static func rounded(_ value: Double) -> Double { (value * 100).rounded() / 100 }
}
