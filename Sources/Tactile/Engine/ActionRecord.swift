// One action a recognizer sent, as a JSON line and as a line for people; JSON string quoting.

/// One action a recognizer sent: what the action log stores and the CLI prints.
///
/// ```swift
/// pipeline.engine.onAction = { record in
///     if record.recognizer == "pinch", record.state == .ended {
///         print(record.jsonLine)   // {"t":0.869352,"recognizer":"pinch",…}
///     }
/// }
/// ```
public struct ActionRecord: Hashable, Sendable {
    /// Engine time of the action, in seconds.
    public var time: Double
    /// The recognizer's ``GestureRecognizer/name``.
    public var recognizer: String
    /// The name of the recognizer's view.
    public var view: String
    /// The state the action was sent for.
    public var state: GestureRecognizerState
    /// The number of touches the recognizer followed.
    public var touches: Int
    /// The recognizer's location in its view's coordinates, in points.
    public var location: Point
    /// The recognizer's own values, in its order.
    public var values: [ActionValue]

    public init(time: Double, recognizer: String, view: String, state: GestureRecognizerState, touches: Int, location: Point, values: [ActionValue]) {
        self.time = time
        self.recognizer = recognizer
        self.view = view
        self.state = state
        self.touches = touches
        self.location = location
        self.values = values
    }

    /// Decimal places of each kind of number in the JSON line.
    public enum Precision {
        /// Times: microseconds, as the kernel gives them.
        public static let time = 6
        /// Locations in points.
        public static let location = 3
        /// Recognizer values (scale, velocity, translation…).
        public static let value = 6
    }

    /// The record as one JSON object on one line, keys in a fixed order:
    /// `t`, `recognizer`, `view`, `state`, `touches`, `location`, `values`.
    public var jsonLine: String {
        LineBytes.line(capacity: 160) { appendJSONLine(to: &$0) }
    }

    /// Appends ``jsonLine``'s UTF-8 bytes (no line feed) to `bytes`: how
    /// the CLI prints millions of lines without a `String` for each.
    package func appendJSONLine(to bytes: inout [UInt8]) {
        LineBytes.append("{\"t\":", to: &bytes)
        LineBytes.appendFixed(time, places: Precision.time, to: &bytes)
        LineBytes.append(",\"recognizer\":", to: &bytes)
        LineBytes.appendQuoted(recognizer, to: &bytes)
        LineBytes.append(",\"view\":", to: &bytes)
        LineBytes.appendQuoted(view, to: &bytes)
        LineBytes.append(",\"state\":", to: &bytes)
        LineBytes.appendQuoted(state.rawValue, to: &bytes)
        LineBytes.append(",\"touches\":", to: &bytes)
        LineBytes.append(touches, to: &bytes)
        LineBytes.append(",\"location\":[", to: &bytes)
        LineBytes.appendFixed(location.x, places: Precision.location, to: &bytes)
        bytes.append(UInt8(ascii: ","))
        LineBytes.appendFixed(location.y, places: Precision.location, to: &bytes)
        LineBytes.append("],\"values\":{", to: &bytes)
        for (index, value) in values.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            LineBytes.appendQuoted(value.name, to: &bytes)
            bytes.append(UInt8(ascii: ":"))
            LineBytes.appendFixed(value.value, places: Precision.value, to: &bytes)
        }
        LineBytes.append("}}", to: &bytes)
    }

    /// The value the recognizer reported under `name`, if any.
    ///
    /// ```swift
    /// let speed = record.value(named: "velocity.x") ?? 0
    /// ```
    public func value(named name: String) -> Double? {
        values.first { $0.name == name }?.value
    }

    /// The record as a line for people: `0.250000  pinch@canvas  began  2 touches  (512.0, 300.0)  scale=1.000`;
    /// names are made safe to print (`TextFormat.visible`: control characters escaped, `\x1b`).
    public var readableLine: String {
        LineBytes.line(capacity: 120) { appendReadableLine(to: &$0) }
    }

    /// Appends ``readableLine``'s UTF-8 bytes (no line feed) to `bytes`.
    package func appendReadableLine(to bytes: inout [UInt8]) {
        appendReadableLine(to: &bytes, stateWord: state.rawValue)
    }

    /// Appends ``readableLine``'s UTF-8 bytes with `stateWord` in place of
    /// the state (the demo's `continues` for a `began` after a re-grip).
    package func appendReadableLine(to bytes: inout [UInt8], stateWord: String) {
        LineBytes.appendFixed(time, places: 6, to: &bytes)
        LineBytes.append("  ", to: &bytes)
        LineBytes.appendVisible(recognizer, to: &bytes)
        bytes.append(UInt8(ascii: "@"))
        LineBytes.appendVisible(view, to: &bytes)
        LineBytes.append("  ", to: &bytes)
        bytes.append(contentsOf: stateWord.utf8)
        LineBytes.append("  ", to: &bytes)
        LineBytes.append(touches, to: &bytes)
        if touches == 1 { LineBytes.append(" touch", to: &bytes) } else { LineBytes.append(" touches", to: &bytes) }
        LineBytes.append("  (", to: &bytes)
        LineBytes.appendFixed(location.x, places: 1, to: &bytes)
        LineBytes.append(", ", to: &bytes)
        LineBytes.appendFixed(location.y, places: 1, to: &bytes)
        bytes.append(UInt8(ascii: ")"))
        for value in values {
            LineBytes.append("  ", to: &bytes)
            LineBytes.appendVisible(value.name, to: &bytes)
            bytes.append(UInt8(ascii: "="))
            LineBytes.appendFixed(value.value, places: 3, to: &bytes)
        }
    }
}
