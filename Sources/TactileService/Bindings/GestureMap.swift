// A config's zones and bindings built onto a view tree: zones are views, bindings are recognizers.
import Tactile

/// A config built for one device: a window the size of its surface, a view
/// for each zone (later zones on top), and for each binding the engine's
/// recognizer on its zone's view (the window for the whole screen). Every
/// action of a bound recognizer becomes a ``BindingFiring``, with the
/// gesture's typed measure.
///
/// A touch binds, as in UIKit, to the recognizers of the view it lands in
/// and of every view above it: a touch in the left-edge zone reaches the
/// edge's bindings and the whole screen's.
///
/// ```swift
/// let map = GestureMap(config: config, layout: ZoneLayout(device: panel))
/// map.onFiring = { print(map.bindings[$0.bindingIndex].name, $0.phase) }
/// let pipeline = InputPipeline(device: panel, window: map.window)
/// ```
@MainActor
public final class GestureMap {
    /// The config it was built from.
    public let config: GestureConfig
    /// The device's surface and where its zones lie on it.
    public let layout: ZoneLayout
    /// The window the zones' views are in; the engine's touches land on it.
    public let window: Window
    /// The bound recognizers, by binding index.
    public let recognizers: [GestureRecognizer]
    /// Each binding's measure reader, by binding index.
    private let measures: [() -> GestureMeasure]
    /// The zone each binding of a holding zone holds touches for, by its recognizer.
    private let holdingZones: [ObjectIdentifier: String]
    /// Zone views that hold their touches, by name.
    private let holdingViews: [ObjectIdentifier: String]
    private let zoneViews: [String: View]
    /// Called with each action of a bound recognizer, inside the engine's cycle.
    public var onFiring: ((BindingFiring) -> Void)?

    /// Builds `config` for the device `layout` describes: bindings whose
    /// `device` or `device-kind` exclude it get a recognizer that is never attached (it never fires).
    public init(config: GestureConfig, layout: ZoneLayout) {
        self.config = config
        self.layout = layout
        dependsOnFocus = config.bindings.contains { $0.conditions.dependsOnFocus }
        window = Window(screen: layout.screen, name: "screen")
        var zoneViews: [String: View] = [:], holdingViews: [ObjectIdentifier: String] = [:]
        // A zone no gesture uses (its bindings left out on a desktop that cannot do their actions) holds nothing.
        let usedZones = Set(config.bindings.filter { $0.conditions.admits(device: layout.device) }.compactMap(\.zone))
        for zone in config.zones {
            let view = View(frame: layout.frame(of: zone.shape), name: zone.name)
            window.addSubview(view)
            zoneViews[zone.name] = view
            if zone.holdsTouches, usedZones.contains(zone.name) { holdingViews[ObjectIdentifier(view)] = zone.name }
        }
        var recognizers: [GestureRecognizer] = [], measures: [() -> GestureMeasure] = []
        var holdingZones: [ObjectIdentifier: String] = [:]
        for binding in config.bindings {
            let bound = BoundGesture(spec: binding.recognizer, name: binding.name)
            let view = binding.zone.flatMap { zoneViews[$0] } ?? window
            if binding.conditions.admits(device: layout.device) { view.addGestureRecognizer(bound.recognizer) }
            if let zone = holdingViews[ObjectIdentifier(view)] { holdingZones[ObjectIdentifier(bound.recognizer)] = zone }
            recognizers.append(bound.recognizer)
            measures.append(bound.measure)
        }
        self.zoneViews = zoneViews
        self.holdingViews = holdingViews
        self.holdingZones = holdingZones
        self.recognizers = recognizers
        self.measures = measures
        for (index, recognizer) in recognizers.enumerated() {
            recognizer.addAction { [weak self] in self?.fire($0, bindingIndex: index) }
        }
    }

    /// Whether a binding has app conditions (`app`, `not-app`).
    public let dependsOnFocus: Bool

    /// The config's bindings, in order: ``BindingFiring/bindingIndex`` indexes them.
    public var bindings: [Binding] { config.bindings }

    /// The name of the holding zone `view` is, if it holds its touches.
    public func holdingZone(of view: View?) -> String? {
        view.flatMap { holdingViews[ObjectIdentifier($0)] }
    }

    /// Whether `recognizer` is one of a holding zone's bindings: a touch held
    /// in that zone waits for it to decide.
    public func holdsTouches(for recognizer: GestureRecognizer) -> Bool {
        holdingZones[ObjectIdentifier(recognizer)] != nil
    }

    /// The zone view named `name`.
    public func view(ofZone name: String) -> View? { zoneViews[name] }

    private func fire(_ recognizer: GestureRecognizer, bindingIndex index: Int) {
        let phase: GesturePhase
        switch recognizer.state {
        case .began: phase = .began
        case .changed: phase = .changed
        case .ended: phase = .ended
        case .cancelled: phase = .cancelled
        default: return
        }
        onFiring?(BindingFiring(
            bindingIndex: index, phase: phase, time: recognizer.currentTime, location: recognizer.location(in: nil),
            slots: recognizer.touches.map(\.slot).sorted(), measure: measures[index]()
        ))
    }
}
