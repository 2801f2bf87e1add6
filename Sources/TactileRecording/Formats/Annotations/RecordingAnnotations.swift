// What a Recording holds beyond a device and its events, carried through evemu and libinput record as comment lines.
import Tactile

/// The parts of a ``Recording`` that evemu and `libinput record` have no
/// field for (the screen, the mounting, the creation time, the labels and the golden log),
/// carried as comment lines those formats allow, so a conversion reads back
/// and replays as the original does.
///
/// One line per part, the key then the value as Tactile JSON writes it:
///
/// ```
/// # Tactile-Screen: {"bounds": {"origin": {"x": 0, "y": 0}, "size": {"width": 480.0, "height": 800.0}}, "pointsPerMillimetre": 8.0}
/// # Tactile-Transform: [0, -1, 1, 1, 0, 0]
/// # Tactile-Created: "2026-11-21T12:00:00Z"
/// # Tactile-Labels: [{"gesture": "drag", "fingers": 1, "recognizers": ["pan"], "absent": [], "values": {}}]
/// # Tactile-Expected: 2 actions
/// # Tactile-Action: {"t":0.166851,"recognizer":"pan", …}
/// # Tactile-Action: {"t":0.412000,"recognizer":"pan", …}
/// ```
///
/// `# Tactile-Expected:` pins a golden log (of 0 actions, too), and its count
/// must match the `# Tactile-Action:` lines after it, so a cut file is told
/// from a short log. Other tools skip these lines as the comments they are:
/// `evemu-play` and `evemu-device` skip every `#` line, and `libinput replay`
/// reads YAML, where `#` starts a comment.
///
/// The evemu writer puts them after its version comment, before the device
/// header; the evemu reader takes them anywhere before the first event. The
/// `libinput record` writer puts them in the comment block the file starts
/// with, where its reader takes them.
struct RecordingAnnotations: Hashable, Sendable {
    /// The creation time (ISO 8601 in UTC), or empty.
    var created = ""
    /// The screen, when the file gives one.
    var screen: Screen?
    /// How the surface lay on the screen, when the file says (upright when not).
    var transform: SurfaceTransform?
    /// The labels.
    var labels: [RecordingLabel] = []
    /// The golden log, when one is pinned.
    var expected: [ActionRecord]?

    /// What the comment lines prefixes are, after `# `.
    enum Key: String, CaseIterable {
        case screen = "Tactile-Screen:"
        case transform = "Tactile-Transform:"
        case created = "Tactile-Created:"
        case labels = "Tactile-Labels:"
        case expected = "Tactile-Expected:"
        case action = "Tactile-Action:"
    }

    init(created: String = "", screen: Screen? = nil, transform: SurfaceTransform? = nil, labels: [RecordingLabel] = [],
         expected: [ActionRecord]? = nil) {
        self.created = created
        self.screen = screen
        self.transform = transform
        self.labels = labels
        self.expected = expected
    }

    /// The parts of `recording` that evemu and libinput record have no field for.
    init(_ recording: Recording) {
        self.init(created: recording.created, screen: recording.screen, transform: recording.transform.isIdentity ? nil : recording.transform,
                  labels: recording.labels, expected: recording.expected)
    }

    /// Whether there is nothing to carry.
    var isEmpty: Bool { created.isEmpty && screen == nil && transform == nil && labels.isEmpty && expected == nil }

    /// `recording` with these parts: the screen when there is one, the
    /// creation time when not empty, the labels and the golden log.
    func applied(to recording: Recording) -> Recording {
        var recording = recording
        if let screen { recording.screen = screen }
        if let transform { recording.transform = transform }
        if !created.isEmpty { recording.created = created }
        recording.labels = labels
        recording.expected = expected
        return recording
    }

    // MARK: - Writing

    /// The comment lines (without line breaks), in the order of the type's
    /// documentation. Throws ``RecordingError/Problem/notRepresentable``, naming
    /// `file` and the field, for what a reader would not take back: the
    /// limits of a Tactile JSON header (`RecordingLimits.checkHeader`) and a
    /// number JSON cannot hold.
    func commentLines(file: String) throws(RecordingError) -> [String] {
        var lines: [String] = []
        try RecordingLimits.checkHeader(created: created, labels: labels, expected: expected, file: file)
        if let screen {
            var out = RecordingJSONOutput(file: file)
            try out.appendScreen(screen)
            lines.append(Self.line(.screen, out.text))
        }
        if let transform {
            lines.append(Self.line(.transform, "[" + transform.values.map { FixedDecimal.shortest($0) }.joined(separator: ", ") + "]"))
        }
        if !created.isEmpty {
            lines.append(Self.line(.created, JSONText.quote(created)))
        }
        if !labels.isEmpty {
            var out = RecordingJSONOutput(file: file)
            out.append("[")
            for (index, label) in labels.enumerated() {
                if index > 0 { out.append(", ") }
                try out.appendLabel(label, path: "labels[\(index)]")
            }
            out.append("]")
            lines.append(Self.line(.labels, out.text))
        }
        if let expected {
            lines.append(Self.line(.expected, "\(expected.count) action\(expected.count == 1 ? "" : "s")"))
            for (index, action) in expected.enumerated() {
                let path = "expected.actions[\(index)]"
                let out = RecordingJSONOutput(file: file)
                guard action.time.isFinite else { throw out.unrepresentable(action.time, path: path + ".t") }
                guard action.location.x.isFinite, action.location.y.isFinite else {
                    throw out.unrepresentable(action.location.x.isFinite ? action.location.y : action.location.x, path: path + ".location")
                }
                lines.append(Self.line(.action, action.jsonLine))
            }
        }
        return lines
    }

    private static func line(_ key: Key, _ value: String) -> String {
        "# " + key.rawValue + " " + value
    }
}
