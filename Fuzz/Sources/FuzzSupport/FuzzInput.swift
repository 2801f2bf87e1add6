// What the harnesses share: libFuzzer's buffer as bytes, a cursor that decodes values from them, format choice.
import TactileRecording

/// The bytes libFuzzer hands `LLVMFuzzerTestOneInput`, and the choices a
/// harness takes from them.
public enum FuzzInput {
    /// The bytes at `start` (empty when `count` is 0 or `start` is null).
    public static func bytes(_ start: UnsafeRawPointer?, _ count: Int) -> [UInt8] {
        guard let start, count > 0 else { return [] }
        return Array(UnsafeRawBufferPointer(start: start, count: count))
    }

    /// The format a leading selector byte names — `0x01` … `0x05` for
    /// `RecordingFormat.allCases` in order — and the file after it; any other
    /// first byte (as in every real file) leaves the whole input to format
    /// detection, as the CLI does. `nil` when neither names a format.
    public static func formatAndFile(_ input: [UInt8]) -> (format: RecordingFormat, file: [UInt8])? {
        let all = RecordingFormat.allCases
        if let first = input.first, (1...all.count).contains(Int(first)) { return (all[Int(first) - 1], Array(input.dropFirst())) }
        return RecordingFormat.sniff(input).map { ($0, input) }
    }
}

/// Reads little-endian values from fuzz bytes; past the end every read is 0.
public struct FuzzCursor {
    private let bytes: [UInt8]
    private var index = 0

    public init(_ bytes: [UInt8]) { self.bytes = bytes }

    /// Whether every byte has been read.
    public var isAtEnd: Bool { index >= bytes.count }

    public mutating func byte() -> UInt8 {
        guard index < bytes.count else { return 0 }
        defer { index += 1 }
        return bytes[index]
    }

    public mutating func uint16() -> UInt16 {
        UInt16(byte()) | UInt16(byte()) << 8
    }

    public mutating func int32() -> Int32 {
        var value: UInt32 = 0
        for shift in stride(from: 0, to: 32, by: 8) { value |= UInt32(byte()) << UInt32(shift) }
        return Int32(bitPattern: value)
    }

    public mutating func double() -> Double {
        var value: UInt64 = 0
        for shift in stride(from: 0, to: 64, by: 8) { value |= UInt64(byte()) << UInt64(shift) }
        return Double(bitPattern: value)
    }
}
