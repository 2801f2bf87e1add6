// The Tactile JSON writer's output buffer: the header's parts, labels and events appended as bytes.
import Tactile

/// A growing buffer of JSON bytes.
struct RecordingJSONOutput {
    let file: String
    private(set) var bytes: [UInt8] = []

    init(file: String) {
        self.file = file
    }

    /// The bytes as text (they are UTF-8 JSON).
    var text: String { String(decoding: bytes, as: UTF8.self) }

    mutating func reserve(_ count: Int) {
        bytes.reserveCapacity(count)
    }

    mutating func append(_ text: String) {
        bytes.append(contentsOf: text.utf8)
    }

    /// A JSON string (see `JSONText/quote(_:)`).
    mutating func appendString(_ text: String) {
        append(JSONText.quote(text))
    }

    func unrepresentable(_ value: Double, path: String) -> RecordingError {
        RecordingError(
            file: file, line: nil, column: nil, path: path, problem: .notRepresentable,
            message: "expected a finite number, found \(value), which JSON cannot hold")
    }

    /// A finite double in Swift's shortest form that reads back to the same value.
    mutating func appendDouble(_ value: Double, path: String) throws(RecordingError) {
        guard value.isFinite else { throw unrepresentable(value, path: path) }
        append(value.description)
    }

    mutating func appendIntegers<T: BinaryInteger>(_ values: [T]) {
        bytes.append(UInt8(ascii: "["))
        for (index, value) in values.enumerated() {
            if index > 0 { append(", ") }
            append(String(value))
        }
        bytes.append(UInt8(ascii: "]"))
    }

    /// The device with the keys and shapes of its synthesized `Codable`
    /// (checked beforehand by `RecordingLimits.checkDevice`).
    mutating func appendDevice(_ device: DeviceDescription) {
        append("{\n    \"name\": ")
        appendString(device.name)
        let identity = device.identity
        append(",\n    \"identity\": {\"bustype\": \(identity.bustype), \"vendor\": \(identity.vendor), \"product\": \(identity.product), \"version\": \(identity.version)}")
        append(",\n    \"properties\": ")
        appendIntegers(device.properties.sorted())
        append(",\n    \"keys\": ")
        appendIntegers(device.keys.sorted())
        append(",\n    \"axes\": [")
        let axes = device.axes.sorted { $0.code < $1.code }
        for (index, axis) in axes.enumerated() {
            append(index == 0 ? "\n      " : ",\n      ")
            append("{\"code\": \(axis.code), \"minimum\": \(axis.minimum), \"maximum\": \(axis.maximum), \"fuzz\": \(axis.fuzz), \"flat\": \(axis.flat), \"resolution\": \(axis.resolution)}")
        }
        append(axes.isEmpty ? "]" : "\n    ]")
        append(",\n    \"otherCodes\": [")
        for (index, set) in device.otherCodes.sorted(by: { $0.type < $1.type }).enumerated() {
            if index > 0 { append(", ") }
            append("{\"type\": \(set.type.rawValue), \"codes\": ")
            appendIntegers(set.codes.sorted())
            append("}")
        }
        append("],\n    \"kind\": ")
        appendString(device.kind.rawValue)
        append("\n  }")
    }

    /// The screen; refused beyond what a reader takes back (`Screen.maximumSide`,
    /// `Screen.densityRange`).
    mutating func appendScreen(_ screen: Screen) throws(RecordingError) {
        let side = -Screen.maximumSide...Screen.maximumSide
        append("{\"bounds\": {\"origin\": {\"x\": ")
        try appendScreenValue(screen.bounds.origin.x, path: "screen.bounds.origin.x", within: side)
        append(", \"y\": ")
        try appendScreenValue(screen.bounds.origin.y, path: "screen.bounds.origin.y", within: side)
        append("}, \"size\": {\"width\": ")
        try appendScreenValue(screen.bounds.size.width, path: "screen.bounds.size.width", within: 0...Screen.maximumSide)
        append(", \"height\": ")
        try appendScreenValue(screen.bounds.size.height, path: "screen.bounds.size.height", within: 0...Screen.maximumSide)
        append("}}, \"pointsPerMillimetre\": ")
        try appendScreenValue(screen.pointsPerMillimetre, path: "screen.pointsPerMillimetre", within: Screen.densityRange)
        append("}")
    }

    private mutating func appendScreenValue(_ value: Double, path: String, within range: ClosedRange<Double>) throws(RecordingError) {
        try appendDouble(value, path: path)
        guard range.contains(value) else {
            throw RecordingError(file: file, line: nil, column: nil, path: path, problem: .notRepresentable,
                                 message: "expected \(FixedDecimal.format(range.lowerBound, places: 2)) to \(FixedDecimal.format(range.upperBound, places: 2)), "
                                    + "which a reader takes back, found \(value)")
        }
    }

    /// A label on one line: `gesture`, then the optional `fingers`, `start`,
    /// `end` when known, `recognizers`, `absent`, `values` (names sorted) and
    /// `note` when there is one.
    mutating func appendLabel(_ label: RecordingLabel, path: String) throws(RecordingError) {
        append("{\"gesture\": ")
        appendString(label.gesture)
        if let fingers = label.fingers { append(", \"fingers\": \(fingers)") }
        if let start = label.start {
            append(", \"start\": ")
            try appendDouble(start, path: path + ".start")
        }
        if let end = label.end {
            append(", \"end\": ")
            try appendDouble(end, path: path + ".end")
        }
        append(", \"recognizers\": ")
        appendStrings(label.recognizers)
        append(", \"absent\": ")
        appendStrings(label.absent)
        append(", \"values\": {")
        for (index, name) in label.values.keys.sorted().enumerated() {
            if index > 0 { append(", ") }
            appendString(name)
            append(": ")
            try appendDouble(label.values[name] ?? 0, path: JSONPath.key(path + ".values", name))
        }
        append("}")
        if let note = label.note {
            append(", \"note\": ")
            appendString(note)
        }
        append("}")
    }

    mutating func appendStrings(_ values: [String]) {
        bytes.append(UInt8(ascii: "["))
        for (index, value) in values.enumerated() {
            if index > 0 { append(", ") }
            appendString(value)
        }
        bytes.append(UInt8(ascii: "]"))
    }

    /// `[sec, usec, type, code, value]` on its own line, indented, after a comma unless first.
    @inline(__always)
    mutating func appendEvent(_ event: InputEvent, first: Bool) {
        if !first { bytes.append(UInt8(ascii: ",")) }
        bytes.append(0x0A)
        for _ in 0..<4 { bytes.append(0x20) }
        bytes.append(UInt8(ascii: "["))
        appendFast(event.seconds)
        bytes.append(UInt8(ascii: ","))
        bytes.append(0x20)
        appendFast(Int64(event.microseconds))
        bytes.append(UInt8(ascii: ","))
        bytes.append(0x20)
        appendFast(Int64(event.type.rawValue))
        bytes.append(UInt8(ascii: ","))
        bytes.append(0x20)
        appendFast(Int64(event.code))
        bytes.append(UInt8(ascii: ","))
        bytes.append(0x20)
        appendFast(Int64(event.value))
        bytes.append(UInt8(ascii: "]"))
    }

    /// Decimal digits of `value` without going through `String`.
    @inline(__always)
    private mutating func appendFast(_ value: Int64) {
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        if magnitude < 10 {
            bytes.append(UInt8(ascii: "0") + UInt8(magnitude))
            return
        }
        var digits: (UInt64, Int) = (0, 0)  // reversed digits packed four bits each (up to 16 digits)
        if magnitude >= 10_000_000_000_000_000 {
            append(String(magnitude))
            return
        }
        while magnitude > 0 {
            digits.0 = digits.0 << 4 | (magnitude % 10)
            digits.1 += 1
            magnitude /= 10
        }
        // The packed digits come out most significant first when read from the low end.
        var packed = digits.0
        for _ in 0..<digits.1 {
            bytes.append(UInt8(ascii: "0") + UInt8(packed & 0xF))
            packed >>= 4
        }
    }
}
