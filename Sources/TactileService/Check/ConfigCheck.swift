// `tactile check --against`: a config run over a recording, saying which bindings fire when and why the others do not.
import Tactile

/// A config run over a recording's events as the service would run it
/// (nothing grabbed, nothing sent): what each binding did, and for each
/// that never fired, why, from the engine's trace.
///
/// ```swift
/// let check = ConfigCheck(config: ConfigLoader.defaultConfig, device: recording.device,
///                         axisValues: recording.axisValues, events: recording.events)
/// for line in check.lines { print(line) }
/// for (binding, reason) in check.silent { print(binding, "did not fire:", reason) }
/// ```
@MainActor
public struct ConfigCheck {
    /// What happened, in order: every binding's began/ended, touches claimed, held touches let go, actions.
    public private(set) var reports: [ServiceReport] = []
    /// How many times each binding began or was recognized, by binding name.
    public private(set) var fired: [String: Int] = [:]
    /// For each binding that never fired, why (in config order).
    public private(set) var silent: [(binding: String, reason: String)] = []
    /// What the service would have sent to the app and the virtual devices.
    public let sink = RecordingSink()

    /// Runs `config` over `events` of `device`, then lets timers run `settle` seconds past the last event.
    public init(config: GestureConfig, device: DeviceDescription, axisValues: AxisValues = AxisValues(),
                events: [InputEvent], settle: Double = 1, display: Screen = .standard) {
        var reports: [ServiceReport] = []
        var trace: [String: BindingTrace] = [:]
        let outputs: DeviceOutputs
        do {
            let keyboard = try sink.create(.keyboard, name: "Tactile keyboard")
            outputs = try ServiceDevice.makeOutputs(for: device, config: config, sink: sink, keyboard: keyboard, passThrough: true)
        } catch {
            // A RecordingSink creates anything; keep going without outputs if it ever refuses.
            outputs = DeviceOutputs()
        }
        let service = ServiceDevice(description: device, config: config, sink: sink, outputs: outputs,
                                    commands: RecordingCommandRunner(), axisValues: axisValues, display: display)
        service.onReport = { reports.append($0) }
        service.onTrace = { event in
            if case .touchBound(_, let names) = event.step {
                for name in names {
                    trace[name, default: BindingTrace()].touches += 1
                    trace[name, default: BindingTrace()].current += 1
                }
            } else {
                trace[event.recognizer, default: BindingTrace()].add(event)
            }
        }
        service.replay(events)
        let end = (events.last?.time ?? 0) + settle
        service.finish(at: end)
        self.reports = reports
        for report in reports {
            if case .fired(let binding, let phase, _, _) = report, phase == .began || phase == .ended {
                fired[binding, default: 0] += 1
            }
        }
        for binding in config.bindings where fired[binding.name] == nil {
            let zone = binding.zone ?? "the screen"
            silent.append((binding.name, trace[binding.name]?.reason(zone: zone) ?? "no touch landed in \(zone)"))
        }
    }

    /// The report lines.
    public var lines: [String] { reports.map(\.description) }
}

/// What the trace said of one recognizer.
struct BindingTrace {
    var touches = 0
    /// Touches bound since the recognizer last ended or failed.
    var current = 0
    var failures: [String: Int] = [:]
    var yielded: [String: Int] = [:]
    var waited: Set<String> = []

    mutating func add(_ event: GestureTraceEvent) {
        switch event.step {
        case .touchBound, .released:
            break
        case .transition(_, let to, let reason):
            if to == .failed {
                let fingers = current == 1 ? "1 finger" : "\(current) fingers"
                failures[(reason?.description ?? "it failed") + " with " + fingers, default: 0] += 1
            }
            if to == .failed || to == .ended || to == .cancelled { current = 0 }
        case .yielded(let winner):
            yielded[winner, default: 0] += 1
        case .waiting(let required):
            waited.insert(required)
        }
    }

    func reason(zone: String) -> String {
        guard touches > 0 else { return "no touch landed in \(zone)" }
        var parts: [String] = []
        let counted = failures.sorted { ($1.value, $0.key) < ($0.value, $1.key) }
        if !counted.isEmpty {
            parts.append("failed: " + counted.map { "\($0.key) (×\($0.value))" }.joined(separator: ", "))
        }
        if !yielded.isEmpty {
            parts.append("yielded to " + yielded.keys.sorted().joined(separator: ", "))
        }
        if !waited.isEmpty {
            parts.append("waited for " + waited.sorted().joined(separator: ", ") + " to fail")
        }
        let fingers = touches == 1 ? "1 touch" : "\(touches) touches"
        return parts.isEmpty ? "\(fingers) reached it, and it never decided" : "\(fingers) reached it; " + parts.joined(separator: "; ")
    }
}
