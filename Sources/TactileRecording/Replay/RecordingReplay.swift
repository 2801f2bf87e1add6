// Golden-log replay: a recording through the standard recognizers, checked against its labels and expected actions.
import Tactile

/// Replays a recording through the standard recognizer set, as `tactile
/// replay` and the corpus tests do, and checks what came out against the
/// recording's labels and golden log.
///
/// ```swift
/// let recording = try Recording(contentsOf: "Recordings/touchpad-synaptics-two-finger-scroll.json")
/// let outcome = RecordingReplay.run(recording)
/// print(outcome.log.jsonText)
/// print(RecordingReplay.labelProblems(recording.labels, log: outcome.log))   // [] when the labels hold
/// ```
public enum RecordingReplay {
    /// Seconds the engine keeps running after the last event, so pending
    /// timers (a single tap waiting for its double tap) fire.
    public static let defaultRunOut = 1.0

    /// What one replay produced.
    public struct Outcome: Sendable {
        /// Every action, in order.
        public var log: ActionLog
        /// What the assembler had to work around.
        public var diagnostics: AssemblerDiagnostics

        @usableFromInline
        init(log: ActionLog, diagnostics: AssemblerDiagnostics) {
            self.log = log
            self.diagnostics = diagnostics
        }
    }

    /// Replays `recording` on a window sized to its screen, through its
    /// ``Recording/transform`` (what the app saw), with `StandardGestures` attached; touches left down at the end are
    /// cancelled and timers run `runOut` seconds past the last event.
    /// `onFrame` and `onAction` see frames and actions as they happen, in
    /// time order (engine time reaches a frame's time, firing the timers due
    /// before it, before `onFrame` sees it).
    /// `beforeEvent` runs before each event is fed (a real-time player waits there).
    @MainActor
    public static func run(
        _ recording: Recording, runOut: Double = defaultRunOut,
        onFrame: ((TouchFrame) -> Void)? = nil, onAction: ((ActionRecord) -> Void)? = nil,
        beforeEvent: ((InputEvent) -> Void)? = nil
    ) -> Outcome {
        run(device: recording.device, screen: recording.screen, transform: recording.transform, axisValues: recording.axisValues,
            events: recording.events,
            runOut: runOut, onFrame: onFrame, onAction: onAction, beforeEvent: beforeEvent)
    }

    /// Replays `events` (any sequence: an array, or a ``RecordingEventStream``
    /// reading a file as it goes) from `device`, its axes starting at
    /// `axisValues`, on a window sized to `screen` (its surface lying there as
    /// `transform` says), as ``run(_:runOut:onFrame:onAction:beforeEvent:)`` does. With
    /// `keepsLog: false` the outcome's log stays empty, so memory does not
    /// grow with the recording (actions still reach `onAction`).
    @inlinable @MainActor
    public static func run<Events: Sequence<InputEvent>>(
        device: DeviceDescription, screen: Screen, transform: SurfaceTransform = .identity, axisValues: AxisValues = AxisValues(),
        events: Events, runOut: Double = defaultRunOut,
        keepsLog: Bool = true,
        onFrame: ((TouchFrame) -> Void)? = nil, onAction: ((ActionRecord) -> Void)? = nil,
        beforeEvent: ((InputEvent) -> Void)? = nil
    ) -> Outcome {
        ReplayDriver(runOut: runOut, keepsLog: keepsLog).run(
            device: device, screen: screen, transform: transform, axisValues: axisValues, events: events,
            onFrame: onFrame, onAction: onAction, beforeEvent: beforeEvent)
    }

    /// What a replay got wrong against a recording's labels: a label's
    /// recognizer that did not recognize within the label's time span (the
    /// whole recording when the label has none), or an `absent` one that did.
    /// Empty when everything holds. Names from the labels are escaped
    /// (`TextFormat.visible`), so the lines are safe to print.
    public static func labelProblems(_ labels: [RecordingLabel], log: ActionLog) -> [String] {
        var problems: [String] = []
        for label in labels {
            let inSpan = log.records.filter { record in
                (label.start.map { record.time >= $0 - 1e-6 } ?? true) && (label.end.map { record.time <= $0 + labelEndGrace } ?? true)
            }
            let recognized = Set(inSpan.filter { $0.state == .began || $0.state == .ended }.map(\.recognizer))
            let gesture = TextFormat.visible(label.gesture)
            for name in label.recognizers where !recognized.contains(name) {
                problems.append("\(gesture): \(TextFormat.visible(name)) did not recognize" + span(label)
                    + (recognized.isEmpty ? "" : " (recognized: \(recognized.sorted().map { TextFormat.visible($0) }.joined(separator: ", ")))"))
            }
            for name in label.absent where recognized.contains(name) {
                problems.append("\(gesture): \(TextFormat.visible(name)) recognized but must not" + span(label))
            }
        }
        return problems
    }

    /// Discrete recognizers may fire after a label's end (a single tap waits
    /// for its double tap's interval): how long after still counts.
    static let labelEndGrace = 0.5

    private static func span(_ label: RecordingLabel) -> String {
        guard let start = label.start, let end = label.end else { return "" }
        return " between \(FixedDecimal.format(start, places: 6)) s and \(FixedDecimal.format(end, places: 6)) s"
    }

    /// The differences between an expected and an actual log, as unified-diff
    /// style lines (`-` expected, `+` actual) around the first mismatch; empty
    /// when they are identical.
    public static func diff(expected: [ActionRecord], actual: [ActionRecord], context: Int = 3) -> [String] {
        let old = expected.map(\.jsonLine), new = actual.map(\.jsonLine)
        guard old != new else { return [] }
        var first = 0
        while first < old.count, first < new.count, old[first] == new[first] { first += 1 }
        var lastOld = old.count - 1, lastNew = new.count - 1
        while lastOld >= first, lastNew >= first, old[lastOld] == new[lastNew] {
            lastOld -= 1
            lastNew -= 1
        }
        var lines = ["@@ action \(first + 1): expected \(old.count) actions, got \(new.count) @@"]
        for index in max(0, first - context)..<first { lines.append("  " + old[index]) }
        if lastOld >= first { for index in first...lastOld { lines.append("- " + old[index]) } }
        if lastNew >= first { for index in first...lastNew { lines.append("+ " + new[index]) } }
        let tail = lastOld + 1
        if tail < old.count { for index in tail..<min(old.count, tail + context) { lines.append("  " + old[index]) } }
        return lines
    }
}

