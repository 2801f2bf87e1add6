// `tactile check --plot`: what a config did with a recording, drawn — its zones, its bindings' states, the fingers it held and took.
import Tactile
import TactilePlot
import TactileDesktop
import TactileService

/// Collects the plot of a config check: the config's zones on the surface,
/// a row per binding (in config order, those no touch reached too), what
/// the service did with each finger (held back from the app, let go on,
/// taken by a binding) and the actions it carried out.
///
/// ```swift
/// let drawing = CheckPlot(config: config, configName: "gestures.toml", device: device, display: .standard, title: "hands.json")
/// _ = ConfigCheck(config: config, device: device, events: events, display: .standard, observer: drawing.observer) { print($0) }
/// try PlotCommand.write(drawing.plot, to: "hands.svg", force: false)
/// ```
@MainActor
final class CheckPlot {
    private(set) var plot: GesturePlot

    /// A plot for `config` on `device`, whose touchscreen without resolution covers `display`
    /// (the check's own display, so both map touches alike).
    init(config: GestureConfig, configName: String, device: DeviceDescription, display: Screen,
         transform: SurfaceTransform = .identity, title: String) {
        let layout = ZoneLayout(device: device, display: display, transform: transform)
        plot = GesturePlot(device: device, screen: layout.screen, transform: transform, title: title)
        plot.notes.append("Checked against \(configName), as tactile serve would run it"
                          + (config.devices.grab ? "." : " (grab = false: the app sees every touch, nothing is held or taken)."))
        for zone in config.zones {
            plot.addZone(zone.name, frame: layout.frame(of: zone.shape), holdsTouches: zone.holdsTouches)
        }
        for binding in config.bindings {
            plot.addRecognizer(binding.name, detail: binding.recognizer.kind.rawValue + " on " + (binding.zone ?? "the screen"))
        }
    }

    /// What the check is to tell the plot.
    var observer: CheckObserver {
        CheckObserver(
            onFrame: { [unowned self] in plot.add($0) },
            onTrace: { [unowned self] in plot.add($0) },
            onReport: { [unowned self] in take($0) },
            onHold: { [unowned self] in plot.hold(slot: $0.slot, zone: $0.zone, at: $0.time) })
    }

    /// Makes `time` part of the time axis (the recording's first event).
    func see(_ time: Double) {
        plot.see(time)
    }

    /// Takes one thing the service did.
    func take(_ report: ServiceReport) {
        switch report {
        case .fired(let binding, let phase, let time, let location):
            let state: GestureRecognizerState = switch phase {
            case .began: .began
            case .changed: .changed
            case .ended: .ended
            case .cancelled: .cancelled
            }
            plot.addAction(recognizer: binding, state: state, time: time, location: location)
        case .claimed(let binding, let slots, let time):
            plot.claim(slots: slots, by: binding, at: time)
        case .released(let slot, _, let time, _):
            plot.release(slot: slot, at: time)
        case .performed(let binding, let action, let time):
            plot.addPerformed(recognizer: binding, time: time, what: action)
        case .skipped(let binding, let action, let reason, let time):
            plot.addPerformed(recognizer: binding, time: time, what: action + " skipped: " + reason)
        case .emergency(let time):
            plot.see(time)
            plot.notes.append("The emergency gesture was made: every grab released.")
        case .failed(let message, let time):
            plot.see(time)
            if plot.notes.count < 8 { plot.notes.append("Error: " + message) }
        }
    }
}
