// A config's zones and bindings built onto a view tree: zones are views, bindings are recognizers.
import Tactile

/// A config built for one device: a window the size of its surface, a view
/// for each zone (later zones on top), and for each binding the engine's
/// recognizer on its zone's view (the window for the whole screen). Every
/// action of a bound recognizer becomes a ``BindingFiring``.
///
/// A touch binds, as in UIKit, to the recognizers of the view it lands in
/// and of every view above it: a touch in the left-edge zone reaches the
/// edge's bindings and the whole screen's.
@MainActor
public final class GestureMap {
    /// The config it was built from.
    public let config: GestureConfig
    /// The device's surface and where its zones lie on it.
    public let layout: ZoneLayout
    /// The window the zones' views are in; the engine's touches land on it.
    public let window: Window
    /// The bound recognizers, by binding index.
    public private(set) var recognizers: [GestureRecognizer] = []
    /// The emergency gesture's recognizer, if on.
    public private(set) var emergency: GestureRecognizer?
    /// Zone views that hold their touches, by name.
    private var holdingViews: [ObjectIdentifier: String] = [:]
    private var zoneViews: [String: View] = [:]
    /// Called with each action of a bound recognizer, inside the engine's cycle.
    public var onFiring: ((BindingFiring) -> Void)?

    /// Builds `config` for `device`.
    public init(config: GestureConfig, layout: ZoneLayout) {
        self.config = config
        self.layout = layout
        window = Window(screen: layout.screen, name: "screen")
        for zone in config.zones {
            let view = View(frame: layout.frame(of: zone.shape), name: zone.name)
            window.addSubview(view)
            zoneViews[zone.name] = view
            if zone.holdsTouches { holdingViews[ObjectIdentifier(view)] = zone.name }
        }
        for (index, binding) in config.bindings.enumerated() {
            let recognizer = binding.recognizer.makeRecognizer(name: binding.name)
            let view = binding.zone.flatMap { zoneViews[$0] } ?? window
            view.addGestureRecognizer(recognizer)
            recognizer.addAction { [weak self] in self?.fire($0, binding: index) }
            recognizers.append(recognizer)
        }
        if config.emergency.fingers > 0 {
            let press = LongPressGestureRecognizer(
                minimumPressDuration: config.emergency.duration, touches: config.emergency.fingers, name: "emergency")
            press.allowableMovement = .millimetres(15)
            window.addGestureRecognizer(press)
            press.addAction { [weak self] in self?.fire($0, binding: -1) }
            emergency = press
        }
    }

    /// The config's bindings, in order: ``BindingFiring/binding`` indexes them.
    public var bindings: [Binding] { config.bindings }

    /// The name of the holding zone `view` is, if it holds its touches.
    public func holdingZone(of view: View?) -> String? {
        view.flatMap { holdingViews[ObjectIdentifier($0)] }
    }

    /// The zone view named `name`.
    public func view(ofZone name: String) -> View? { zoneViews[name] }

    private func fire(_ recognizer: GestureRecognizer, binding index: Int) {
        let phase: GesturePhase
        switch recognizer.state {
        case .began: phase = .began
        case .changed: phase = .changed
        case .ended: phase = .ended
        case .cancelled: phase = .cancelled
        default: return
        }
        let p = ZoneLayout.pointsPerMillimetre
        var firing = BindingFiring(
            binding: index, phase: phase, time: recognizer.currentTime,
            location: recognizer.location(in: nil), slots: recognizer.touches.map(\.slot).sorted()
        )
        switch recognizer {
        case let pan as PanGestureRecognizer:
            let t = pan.translation(in: nil), v = pan.velocity(in: nil)
            firing.translation = Vector(dx: t.dx / p, dy: t.dy / p)
            firing.velocity = Vector(dx: v.dx / p, dy: v.dy / p)
        case let pinch as PinchGestureRecognizer:
            firing.scale = pinch.scale
            // d(log2 scale)/dt = (dscale/dt) / (scale · ln 2)
            firing.velocity = Vector(dx: pinch.scale > 0 ? pinch.velocity / (pinch.scale * 0.693_147_180_559_945_3) : 0, dy: 0)
        case let rotation as RotationGestureRecognizer:
            firing.rotation = rotation.rotation * 180 / Double.pi
            firing.velocity = Vector(dx: rotation.velocity * 180 / Double.pi, dy: 0)
        case let swipe as SwipeGestureRecognizer:
            firing.direction = Self.edge(of: swipe.recognizedDirection)
        default:
            break
        }
        onFiring?(firing)
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
