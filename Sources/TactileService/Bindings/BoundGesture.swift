// A binding's recognizer built with its parameters, and how to read its measure: no downcasts at firing time.
import Tactile

/// A binding's recognizer, made for its kind with the binding's parameters,
/// and a reader of its measures made with it: the recognizer's class is
/// looked at once, when the config is built, never when it fires.
@MainActor
struct BoundGesture {
    let recognizer: GestureRecognizer
    /// The recognizer's measures now, in the config's units.
    let measure: () -> GestureMeasure

    /// The recognizer `spec` describes, named `name` (``RecognizerSpec/makeRecognizer(name:)``),
    /// and the reader of its measures, made once for its class.
    init(spec: RecognizerSpec, name: String) {
        let recognizer = spec.makeRecognizer(name: name)
        self.recognizer = recognizer
        let p = ZoneLayout.pointsPerMillimetre
        switch recognizer {
        case let pan as PanGestureRecognizer:
            measure = { [unowned pan] in
                let t = pan.translation(in: nil), v = pan.velocity(in: nil)
                return .pan(translation: Vector(dx: t.x / p, dy: t.y / p), velocity: Vector(dx: v.x / p, dy: v.y / p))
            }
        case let pinch as PinchGestureRecognizer:
            // d(log2 scale)/dt = (d scale/dt) / (scale · ln 2)
            measure = { [unowned pinch] in
                .pinch(scale: pinch.scale, speed: pinch.scale > 0 ? pinch.velocity / (pinch.scale * 0.693_147_180_559_945_3) : 0)
            }
        case let rotation as RotationGestureRecognizer:
            measure = { [unowned rotation] in .rotation(degrees: rotation.rotation * 180 / .pi, speed: rotation.velocity * 180 / .pi) }
        case let swipe as SwipeGestureRecognizer:
            measure = { [unowned swipe] in .swipe(Self.edge(of: swipe.recognizedDirection)) }
        default:
            measure = { .none }
        }
    }

    private static func edge(of direction: SwipeGestureRecognizer.Direction) -> ScreenEdge? {
        switch direction {
        case .left: .left
        case .right: .right
        case .up: .top
        case .down: .bottom
        default: nil
        }
    }
}
