// `tactile check --against`: a config run over a recording, saying which bindings fire when and why the others do not.
import Tactile

/// A config run over a recording's events as the service would run it
/// (nothing grabbed, nothing sent): what each binding did, line by line as
/// it happens, and for each binding that never fired, why, from the
/// engine's trace.
///
/// Lines go to `onLine` as they come and are not kept; what is kept is
/// bounded by the config, not by the recording: the count of firings per
/// binding, a summary of the trace per binding, and a ``CountingSink`` of
/// what would have been sent. A recording of any length is checked in
/// constant memory when its events are streamed.
///
/// ```swift
/// let check = ConfigCheck(config: ConfigLoader.defaultConfig, device: recording.device,
///                         axisValues: recording.axisValues, events: recording.events) { print($0) }
/// // 1.250 s  right click began at (120.0, 80.0)
/// for (binding, reason) in check.silent { print(binding, "did not fire:", reason) }
/// ```
@MainActor
public struct ConfigCheck {
    /// How many times each binding began or was recognized, by binding name.
    public private(set) var fired: [String: Int] = [:]
    /// For each binding that never fired, why (in config order).
    public private(set) var silent: [(binding: String, reason: String)] = []
    /// How many lines were given to `onLine`.
    public private(set) var lineCount = 0
    /// What the service would have sent to the app and the virtual devices, counted.
    public let sink = CountingSink()

    /// Runs `config` over `events` of `device` as `tactile serve` would (its
    /// copy only when the config grabs), then lets timers run `runOut`
    /// seconds past the last event, the device's surface lying on the screen
    /// as `transform` says (a recording's mounting). Each thing done goes to `onLine` as a
    /// line, timed in seconds from the first event (`1.250 s  back ended at (3.0, 80.0)`);
    /// `observer` sees the rest as it happens (`tactile check --plot` draws it).
    public init<Events: Sequence>(config: GestureConfig, device: DeviceDescription, axisValues: AxisValues = AxisValues(),
                                  events: Events, runOut: Double = 1, display: Screen = .standard,
                                  transform: SurfaceTransform = .identity, observer: CheckObserver = CheckObserver(),
                                  onLine: @escaping (String) -> Void) where Events.Element == InputEvent {
        let outputs: DeviceOutputs
        do {
            let keyboard = try sink.create(.keyboard, name: "Tactile keyboard")
            outputs = try ServiceDevice.makeOutputs(for: device, config: config, sink: sink, keyboard: keyboard, passThrough: config.devices.grab)
        } catch {
            // A CountingSink creates anything; keep going without outputs if it ever refuses.
            outputs = DeviceOutputs()
        }
        let service = ServiceDevice(description: device, config: config, sink: sink, outputs: outputs,
                                    commands: RecordingCommandRunner(), axisValues: axisValues, display: display, transform: transform)
        let state = CheckState(onLine: onLine)
        service.onReport = Self.handler({ state.take($0) }, then: observer.onReport)
        service.onTrace = Self.handler({ state.trace($0) }, then: observer.onTrace)
        service.onFrame = observer.onFrame
        service.onHold = observer.onHold
        service.replay(events.lazy.map { event in
            state.note(event)
            return event
        })
        service.finish(at: (state.last ?? 0) + runOut)
        fired = state.fired
        lineCount = state.lineCount
        for binding in config.bindings where fired[binding.name] == nil {
            let zone = binding.zone ?? "the screen"
            silent.append((binding.name, state.traces[binding.name]?.reason(zone: zone) ?? "no touch landed in \(zone)"))
        }
    }

    /// The check's own handler `first`, then the observer's `then` when it has one.
    private static func handler<Value>(_ first: @escaping (Value) -> Void, then: ((Value) -> Void)?) -> (Value) -> Void {
        guard let then else { return first }
        return { value in
            first(value)
            then(value)
        }
    }
}

/// What a caller sees of a ``ConfigCheck`` besides its lines, as it
/// happens: the frames of touches, the engine's trace, everything the
/// service did, and the fingers it held back from the app. Each is called
/// after the check's own use of it.
///
/// ```swift
/// var frames = 0
/// let observer = CheckObserver(onFrame: { _ in frames += 1 })
/// _ = ConfigCheck(config: config, device: device, events: events, observer: observer) { print($0) }
/// ```
@MainActor
public struct CheckObserver {
    /// Each frame of touches, as the engine gets it.
    public var onFrame: ((TouchFrame) -> Void)?
    /// Each step of the engine's trace (the bindings' recognizers are named as the bindings).
    public var onTrace: ((GestureTraceEvent) -> Void)?
    /// Each thing the service did (what the lines say).
    public var onReport: ((ServiceReport) -> Void)?
    /// Each finger held back from the app in a holding zone.
    public var onHold: ((TouchHold) -> Void)?

    public init(onFrame: ((TouchFrame) -> Void)? = nil, onTrace: ((GestureTraceEvent) -> Void)? = nil,
                onReport: ((ServiceReport) -> Void)? = nil, onHold: ((TouchHold) -> Void)? = nil) {
        self.onFrame = onFrame
        self.onTrace = onTrace
        self.onReport = onReport
        self.onHold = onHold
    }
}

/// What a check keeps while it runs: bounded by the config's bindings.
@MainActor
private final class CheckState {
    let onLine: (String) -> Void
    var first: Double?
    var last: Double?
    var fired: [String: Int] = [:]
    var traces: [String: BindingTrace] = [:]
    var lineCount = 0

    init(onLine: @escaping (String) -> Void) {
        self.onLine = onLine
    }

    func note(_ event: InputEvent) {
        let time = event.time
        if first == nil { first = time }
        last = time
    }

    func take(_ report: ServiceReport) {
        switch report {
        case .fired(let binding, let phase, _, _) where phase == .began || phase == .ended:
            fired[binding, default: 0] += 1
        default:
            break
        }
        lineCount += 1
        onLine(report.line(since: first ?? report.time))
    }

    func trace(_ event: GestureTraceEvent) {
        if case .touchBound(_, let names) = event.step {
            for name in names { traces[name, default: BindingTrace()].bind() }
        } else {
            traces[event.recognizer, default: BindingTrace()].add(event)
        }
    }
}

/// What the trace said of one recognizer, summed up.
struct BindingTrace {
    var touches = 0
    /// Touches bound since the recognizer last ended or failed.
    var current = 0
    var failures = FailureTally()
    var yielded: [String: Int] = [:]
    var waited: Set<String> = []

    mutating func bind() {
        touches += 1
        current += 1
    }

    mutating func add(_ event: GestureTraceEvent) {
        switch event.step {
        case .touchBound, .released, .tookLandingTouch:
            break
        case .startedAgain(let touches), .tookAnotherHand(let touches):
            current = touches.count
        case .transition(_, let to, let reason):
            if to == .failed { failures.add(reason, fingers: current) }
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
        if !failures.isEmpty {
            parts.append("failed: " + failures.summary.joined(separator: ", "))
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
