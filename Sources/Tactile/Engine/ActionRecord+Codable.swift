// Reading an action back from its JSON line (Decodable), and writing it (Encodable).

/// Reads an action back from the shape ``ActionRecord/jsonLine`` writes:
/// `{"t": 0.25, "recognizer": "pinch", "view": "canvas", "state": "began",
/// "touches": 2, "location": [512, 300], "values": {"scale": 1, "velocity": null}}`.
///
/// A `null` value (the log's form of NaN and infinities) reads as NaN; `t`
/// and `location` must be numbers. JSON objects have no order, and decoders
/// such as Foundation's `JSONDecoder` do not keep it, so ``values`` come back
/// in the decoder's key order; `RecordingReader` (in TactileRecording) reads
/// them in the order of the text, so that `jsonLine` gives back the same line.
extension ActionRecord: Decodable {
    private enum CodingKeys: String, CodingKey {
        case t, recognizer, view, state, touches, location, values
    }

    /// A value's name as a coding key.
    private struct ValueName: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }

        init(stringValue: String) {
            self.stringValue = stringValue
        }

        init?(intValue: Int) {
            nil
        }
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let time = try container.decode(Double.self, forKey: .t)
        let recognizer = try container.decode(String.self, forKey: .recognizer)
        let view = try container.decode(String.self, forKey: .view)
        let state = try container.decode(GestureRecognizerState.self, forKey: .state)
        let touches = try container.decode(Int.self, forKey: .touches)
        guard touches >= 0 else {
            throw DecodingError.dataCorruptedError(forKey: .touches, in: container, debugDescription: "expected a touch count of 0 or more, found \(touches)")
        }
        var location = try container.nestedUnkeyedContainer(forKey: .location)
        let x = try location.decode(Double.self)
        let y = try location.decode(Double.self)
        guard location.isAtEnd else {
            throw DecodingError.dataCorruptedError(in: location, debugDescription: "expected the location as [x, y], found more numbers")
        }
        let valueContainer = try container.nestedContainer(keyedBy: ValueName.self, forKey: .values)
        var values: [ActionValue] = []
        for key in valueContainer.allKeys {
            let value = try valueContainer.decodeNil(forKey: key) ? Double.nan : valueContainer.decode(Double.self, forKey: key)
            values.append(ActionValue(key.stringValue, value))
        }
        self.init(time: time, recognizer: recognizer, view: view, state: state, touches: touches, location: Point(x: x, y: y), values: values)
    }
}
