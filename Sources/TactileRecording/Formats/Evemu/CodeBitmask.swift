// The bitmask form evemu uses for event codes and properties (byte i, bit j is code 8i + j), both ways.
/// The bitmask form evemu uses for event codes and properties: byte `i`,
/// bit `j` (least significant first) stands for code `8 * i + j`.
enum CodeBitmask {
    /// The codes whose bits are set.
    static func codes(in bytes: [UInt8]) -> [UInt16] {
        var codes: [UInt16] = []
        for (index, byte) in bytes.enumerated() where byte != 0 && index < 8192 {
            for bit in 0..<8 where byte & (1 << bit) != 0 {
                codes.append(UInt16(index * 8 + bit))
            }
        }
        return codes
    }

    /// Bytes with the bits of `codes` set, at least `minimumBytes` long and
    /// padded to a whole number of `multiple`-byte lines.
    static func bytes<S: Sequence>(for codes: S, minimumBytes: Int, multiple: Int = 8) -> [UInt8] where S.Element == UInt16 {
        let highest = codes.max().map { Int($0) / 8 + 1 } ?? 0
        let needed = max(highest, minimumBytes, 1)
        let count = (needed + multiple - 1) / multiple * multiple
        var bytes = [UInt8](repeating: 0, count: count)
        for code in codes {
            bytes[Int(code) / 8] |= 1 << UInt8(code % 8)
        }
        return bytes
    }
}
