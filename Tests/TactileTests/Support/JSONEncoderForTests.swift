// Foundation's JSON coders, for Codable round trips in tests.
import Foundation

/// Foundation's JSON coders, for Codable round trips in tests.
enum JSONEncoderForTests {
    static func encode<T: Encodable>(_ value: T) throws -> Data { try JSONEncoder().encode(value) }
    static func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T { try JSONDecoder().decode(type, from: data) }
}
