// The Tactile JSON format as a Decodable mirror: Foundation's JSONDecoder, the load reference.
import Tactile

/// The v1 format as a `Decodable` mirror: JSONDecoder parses the whole
/// document and builds the events array the reader builds.
package struct DecodedRecording: Decodable {
    package var events: [DecodedEvent]
}

/// One `[sec, usec, type, code, value]` row.
package struct DecodedEvent: Decodable {
    package var event: InputEvent

    package init(from decoder: Decoder) throws {
        var row = try decoder.unkeyedContainer()
        let seconds = try row.decode(Int64.self), microseconds = try row.decode(Int32.self)
        let type = try row.decode(UInt16.self), code = try row.decode(UInt16.self), value = try row.decode(Int32.self)
        event = InputEvent(seconds: seconds, microseconds: microseconds, type: EventType(rawValue: type), code: code, value: value)
    }
}
