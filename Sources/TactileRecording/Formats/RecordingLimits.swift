// The one check every writer makes before it writes: the readers' own limits, so whatever is written reads back.
import Tactile

/// What the readers refuse, checked by every writer before it writes, so
/// that a file Tactile writes is one Tactile reads back (or the writer
/// refuses with ``RecordingError/Problem/notRepresentable`` naming the field
/// and the limit). The limits are the readers' own:
/// ``RecordingReader/Limits/default`` (names, keys, strings, axes, labels,
/// expected actions), the codes Linux defines (`InputProperty.max`,
/// `KeyCode.max`, `AbsCode.max`, `EventType.max`),
/// `AbsoluteAxis.limitProblem`, the event times the JSON reader takes, and
/// the label fields its decoder checks. The screen is checked where it is
/// written (`Screen.maximumSide`, `Screen.densityRange`).
enum RecordingLimits {
    /// The limits the writers keep to: the readers' defaults.
    static let reader = RecordingReader.Limits.default
    /// The most fingers a label may give (the JSON reader's range).
    static let maximumLabelFingers = 1000
    /// The most recognizer names in a label's `recognizers` or `absent`.
    static let maximumLabelNames = 1024
    /// The most touches an expected action may give.
    static let maximumActionTouches = 1_000_000
    /// The most sets of other codes (one per event type).
    static let maximumCodeSets = 32

    /// Throws when a reader of `format` would refuse `device`.
    static func checkDevice(_ device: DeviceDescription, file: String, format: RecordingFormat) throws(RecordingError) {
        if let problem = nameProblem(device.name, what: "the device name") {
            throw refusal(file, "device.name", problem)
        }
        if format == .evemu, let scalar = device.name.unicodeScalars.first(where: { ($0.value < 0x20 && !(0x09...0x0d).contains($0.value)) || $0.value == 0x7f }) {
            throw refusal(file, "device.name", "expected a device name evemu can hold (no control character but a tab or a line break), found \(TextFormat.visible(String(scalar)))")
        }
        try checkCodes(device.properties, maximum: InputProperty.max, what: "property codes", path: "device.properties", file: file)
        try checkCodes(device.keys, maximum: KeyCode.max, what: "key codes", path: "device.keys", file: file)
        guard device.axes.count <= reader.maximumAxes else {
            throw refusal(file, "device.axes", "expected at most \(reader.maximumAxes) axes, found \(device.axes.count)")
        }
        try checkCodes(device.axes.map(\.code), maximum: AbsCode.max, what: "axis codes", path: "device.axes", file: file)
        for (index, axis) in device.axes.enumerated() {
            if let problem = axis.limitProblem {
                throw refusal(file, "device.axes[\(index)]", "expected a device Linux could have, which a reader takes back: \(problem)")
            }
        }
        guard device.otherCodes.count <= maximumCodeSets else {
            throw refusal(file, "device.otherCodes", "expected at most \(maximumCodeSets) sets of codes, found \(device.otherCodes.count)")
        }
        try checkCodes(device.otherCodes.map(\.type.rawValue), maximum: EventType.max.rawValue, what: "event types", path: "device.otherCodes", file: file)
        for (index, set) in device.otherCodes.enumerated() {
            try checkCodes(set.codes, maximum: KeyCode.max, what: "codes", path: "device.otherCodes[\(index)].codes", file: file)
        }
    }

    /// Throws when `libinput record` YAML cannot hold what the replay of
    /// `recording` depends on: it has no axis values (a recording that begins
    /// in a slot other than 0 would replay differently) and no device kind
    /// (one other than the device's codes imply would be lost).
    static func checkLibinputRecord(_ recording: Recording, file: String) throws(RecordingError) {
        if recording.axisValues.slot != 0 {
            throw refusal(file, "axisValues", "expected a recording that begins in slot 0, which libinput record can say, found one that begins in slot "
                          + "\(recording.axisValues.slot) (write evemu or Tactile JSON, which keep it)")
        }
        let device = recording.device
        let implied = DeviceDescription.classify(properties: device.properties, keys: device.keys, axes: device.axes, otherCodes: device.otherCodes)
        if device.kind != implied {
            throw refusal(file, "device.kind", "expected the device kind its codes imply (\(implied.rawValue)), which libinput record can say, found "
                          + "\(device.kind.rawValue) (write evemu or Tactile JSON, which keep it)")
        }
    }

    /// The event seconds every reader of `format` takes, and every writer
    /// writes: from 0 to the JSON reader's ``EventArrayReader/maximumSeconds``
    /// (about 292,000 years, the most whose microseconds fit in an `Int64`);
    /// evemu's `<seconds>.<microseconds>` may be negative, so it takes half that
    /// on either side. Either way the time between two events of one recording
    /// fits in an `Int64` of microseconds too.
    static func secondsRange(for format: RecordingFormat) -> ClosedRange<Int64> {
        let most = EventArrayReader.maximumSeconds
        return format == .evemu ? -(most / 2)...(most / 2) : 0...most
    }

    /// The message of a reader that refuses `seconds` (outside ``secondsRange(for:)``).
    static func secondsProblem(_ seconds: Int64, format: RecordingFormat) -> String? {
        let range = secondsRange(for: format)
        guard !range.contains(seconds) else { return nil }
        return "expected a time of \(range.lowerBound) to \(range.upperBound) seconds, found \(seconds)"
    }

    /// Throws at the first event a reader of `format` refuses: a time outside
    /// ``secondsRange(for:)`` or microseconds outside 0…999999, and in evemu
    /// and libinput record a type beyond `EV_MAX`.
    static func checkEvents(_ events: [InputEvent], file: String, format: RecordingFormat) throws(RecordingError) {
        let seconds = secondsRange(for: format)
        for (index, event) in events.enumerated() where !seconds.contains(event.seconds) || event.microseconds < 0 || event.microseconds >= 1_000_000 {
            throw refusal(file, "events[\(index)]",
                          "expected an event time of \(seconds.lowerBound) to \(seconds.upperBound) seconds and 0 to 999999 microseconds, "
                          + "which a reader takes back, found \(event.seconds) s and \(event.microseconds) µs")
        }
        // Tactile JSON keeps an event of a type Linux does not define (its reader warns);
        // evemu and libinput record hold types up to EV_MAX only, and their readers refuse more.
        if format != .tactile, let index = events.firstIndex(where: { $0.type.rawValue > EventType.max.rawValue }) {
            throw refusal(file, "events[\(index)]",
                          "expected event types 0 to \(EventType.max.rawValue) (EV_MAX), which \(format) holds, found \(events[index].type.rawValue)"
                          + " (Tactile JSON keeps it)")
        }
    }

    /// Throws when the JSON reader would refuse the recording's creation
    /// time, labels or expected actions.
    static func checkHeader(_ recording: Recording, file: String) throws(RecordingError) {
        try checkHeader(created: recording.created, labels: recording.labels, expected: recording.expected, file: file)
    }

    /// Throws when the JSON reader would refuse this creation time, these
    /// labels or these expected actions (wherever they are written).
    static func checkHeader(created: String, labels: [RecordingLabel], expected: [ActionRecord]?, file: String) throws(RecordingError) {
        if !created.isEmpty, created.utf8.count > 64 || !RecordingHeaderDecoder.isUTCTimestamp(created) {
            throw refusal(file, "created", "expected the creation time as ISO 8601 in UTC (like \"2026-11-21T12:00:00Z\") or empty, found \"\(TextFormat.visible(created))\"")
        }
        guard labels.count <= reader.maximumLabels else {
            throw refusal(file, "labels", "expected at most \(reader.maximumLabels) labels, found \(labels.count)")
        }
        for (index, label) in labels.enumerated() {
            try checkLabel(label, path: "labels[\(index)]", file: file)
        }
        guard let expected else { return }
        guard expected.count <= reader.maximumExpectedActions else {
            throw refusal(file, "expected.actions", "expected at most \(reader.maximumExpectedActions) expected actions, found \(expected.count)")
        }
        for (index, action) in expected.enumerated() {
            let path = "expected.actions[\(index)]"
            if let problem = nameProblem(action.recognizer, what: "the recognizer name") { throw refusal(file, path + ".recognizer", problem) }
            if let problem = nameProblem(action.view, what: "the view name") { throw refusal(file, path + ".view", problem) }
            guard (0...maximumActionTouches).contains(action.touches) else {
                throw refusal(file, path + ".touches", "expected a touch count of 0 to \(maximumActionTouches), found \(action.touches)")
            }
            for value in action.values where value.name.utf8.count > reader.maximumKeyLength {
                throw refusal(file, path + ".values", "expected value names of at most \(reader.maximumKeyLength) bytes, found \(value.name.utf8.count)")
            }
        }
    }

    /// Throws when the JSON reader would refuse `label`.
    static func checkLabel(_ label: RecordingLabel, path: String, file: String) throws(RecordingError) {
        if let problem = nameProblem(label.gesture, what: "the gesture") { throw refusal(file, path + ".gesture", problem) }
        if let fingers = label.fingers, !(0...maximumLabelFingers).contains(fingers) {
            throw refusal(file, path + ".fingers", "expected a finger count of 0 to \(maximumLabelFingers), found \(fingers)")
        }
        if let start = label.start, let end = label.end, start.isFinite, end.isFinite, end < start {
            throw refusal(file, path + ".end", "expected the end time at or after the start (\(start)), found \(end)")
        }
        for (key, names) in [("recognizers", label.recognizers), ("absent", label.absent)] {
            guard names.count <= maximumLabelNames else {
                throw refusal(file, path + "." + key, "expected at most \(maximumLabelNames) recognizer names, found \(names.count)")
            }
            for (index, name) in names.enumerated() {
                if let problem = nameProblem(name, what: "a recognizer name") { throw refusal(file, "\(path).\(key)[\(index)]", problem) }
            }
        }
        for name in label.values.keys where name.utf8.count > reader.maximumKeyLength {
            throw refusal(file, path + ".values", "expected value names of at most \(reader.maximumKeyLength) bytes, found \(name.utf8.count)")
        }
        if let note = label.note, note.utf8.count > reader.maximumStringLength {
            throw refusal(file, path + ".note", "expected a note of at most \(reader.maximumStringLength) bytes, found \(note.utf8.count)")
        }
    }

    /// Why the readers refuse `name` (longer than ``RecordingReader/Limits/maximumNameLength``), or `nil`.
    static func nameProblem(_ name: String, what: String) -> String? {
        let length = name.utf8.count
        guard length > reader.maximumNameLength else { return nil }
        return "expected \(what) of at most \(reader.maximumNameLength) bytes, which a reader takes back, found \(length)"
    }

    private static func checkCodes(_ codes: [UInt16], maximum: UInt16, what: String, path: String, file: String) throws(RecordingError) {
        var seen = Set<UInt16>()
        for code in codes {
            guard code <= maximum else {
                throw refusal(file, path, "expected \(what) of 0 to \(maximum) (what Linux defines), found \(code)")
            }
            guard seen.insert(code).inserted else {
                throw refusal(file, path, "expected each of the \(what) once, found \(code) again")
            }
        }
    }

    static func refusal(_ file: String, _ path: String, _ message: String) -> RecordingError {
        RecordingError(file: file, line: nil, column: nil, path: path, problem: .notRepresentable, message: message)
    }
}
