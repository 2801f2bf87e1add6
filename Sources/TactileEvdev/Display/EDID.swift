// A display's EDID base block: size, preferred mode, name.
import Tactile

/// Why EDID bytes could not be read.
public struct EDIDError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What was expected and what was found.
    public var description: String

    /// An error with its message.
    public init(_ description: String) { self.description = description }
}

/// The parts of a display's EDID (VESA E-EDID 1.3/1.4 base block, 128 bytes)
/// that say how large it is and which mode it prefers, as the kernel exposes
/// them in `/sys/class/drm/card*-*/edid`.
///
/// Read: the header (bytes 0–7), the manufacturer and product (8–11), the
/// version (18–19), the image size in centimetres (21–22: width, height; 0
/// when unknown), and the first detailed timing descriptor (54–71): the
/// preferred mode's pixels and its image size in millimetres. The checksum
/// (all 128 bytes sum to 0 modulo 256) must hold. Extension blocks are not read.
///
/// ```swift
/// let edid = try EDID(bytes: Array(contentsOfEdidFile))
/// edid.preferredTiming?.horizontalPixels   // 1920
/// edid.physicalSize                        // 344 × 194 mm
/// ```
public struct EDID: Hashable, Sendable {
    /// The preferred mode, from the first detailed timing descriptor.
    public struct DetailedTiming: Hashable, Sendable {
        /// The pixel clock in kilohertz.
        public var pixelClockKilohertz: Int
        /// Active pixels across and down.
        public var horizontalPixels: Int
        public var verticalPixels: Int
        /// The image size of this mode in millimetres (0 when unknown).
        public var widthMillimetres: Int
        public var heightMillimetres: Int
        /// Whether the mode is interlaced (then `verticalPixels` counts one field).
        public var isInterlaced: Bool
    }

    /// The three-letter PNP id of the manufacturer (`BOE`, `SHP`, `DEL`…).
    public var manufacturer: String
    /// The manufacturer's product code.
    public var productCode: UInt16
    /// EDID version and revision (1 and 3 or 4).
    public var version: UInt8
    public var revision: UInt8
    /// The image size from the basic parameters (bytes 21–22), in centimetres; 0 when unknown.
    public var widthCentimetres: Int
    public var heightCentimetres: Int
    /// The first detailed timing descriptor, when byte 54 holds one (not a display descriptor).
    public var preferredTiming: DetailedTiming?
    /// The monitor name descriptor (tag `0xFC`), when there is one.
    public var displayName: String?

    /// The fixed 8-byte header of every EDID.
    public static let header: [UInt8] = [0x00, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x00]

    /// Reads the base block at the start of `bytes` (extensions may follow).
    ///
    /// - Throws: ``EDIDError`` for fewer than 128 bytes, a wrong header or a wrong checksum.
    public init(bytes: [UInt8]) throws(EDIDError) {
        guard bytes.count >= 128 else {
            throw EDIDError("expected an EDID base block of 128 bytes, found \(bytes.count) byte\(bytes.count == 1 ? "" : "s")")
        }
        let block = Array(bytes.prefix(128))
        guard Array(block.prefix(8)) == Self.header else {
            throw EDIDError("expected the EDID header 00 FF FF FF FF FF FF 00, found \(Self.hex(block.prefix(8)))")
        }
        let sum = block.reduce(UInt8(0)) { $0 &+ $1 }
        guard sum == 0 else {
            throw EDIDError("expected the 128 bytes of the EDID base block to sum to 0 modulo 256, found \(sum) (a damaged EDID)")
        }
        let id = UInt16(block[8]) << 8 | UInt16(block[9])
        manufacturer = String([10, 5, 0].map { (shift: UInt16) -> Character in
            let letter = (id >> shift) & 0x1F
            return (1...26).contains(letter) ? Character(Unicode.Scalar(UInt8(64 + letter))) : "?"
        })
        productCode = UInt16(block[10]) | UInt16(block[11]) << 8
        version = block[18]
        revision = block[19]
        widthCentimetres = Int(block[21])
        heightCentimetres = Int(block[22])
        preferredTiming = Self.detailedTiming(block[54..<72])
        displayName = nil
        for start in stride(from: 54, to: 126, by: 18) {
            let descriptor = block[start..<(start + 18)]
            let base = descriptor.startIndex
            guard descriptor[base] == 0, descriptor[base + 1] == 0, descriptor[base + 3] == 0xFC else { continue }
            let text = descriptor[(base + 5)...].prefix { $0 != 0x0A && $0 != 0 }
            displayName = String(decoding: text, as: UTF8.self).trimmingSpaces
            break
        }
    }

    /// A detailed timing descriptor, or `nil` for a display descriptor (pixel clock 0).
    private static func detailedTiming(_ bytes: ArraySlice<UInt8>) -> DetailedTiming? {
        let d = Array(bytes)
        let clock = Int(d[0]) | Int(d[1]) << 8
        guard clock != 0 else { return nil }
        return DetailedTiming(
            pixelClockKilohertz: clock * 10,
            horizontalPixels: Int(d[2]) | Int(d[4] & 0xF0) << 4,
            verticalPixels: Int(d[5]) | Int(d[7] & 0xF0) << 4,
            widthMillimetres: Int(d[12]) | Int(d[14] & 0xF0) << 4,
            heightMillimetres: Int(d[13]) | Int(d[14] & 0x0F) << 8,
            isInterlaced: d[17] & 0x80 != 0
        )
    }

    /// The physical size of the image in millimetres: the preferred mode's
    /// (millimetre precision) when it is plausible, else the basic
    /// parameters' centimetres; `nil` when neither is (unknown, a projector,
    /// or an aspect ratio written where the size belongs, as some monitors do:
    /// 16 × 9, 160 × 90, 1600 × 900…).
    public var physicalSize: Size? {
        if let timing = preferredTiming, Self.isPlausible(width: timing.widthMillimetres, height: timing.heightMillimetres) {
            return Size(width: Double(timing.widthMillimetres), height: Double(timing.heightMillimetres))
        }
        if Self.isPlausible(width: widthCentimetres * 10, height: heightCentimetres * 10) {
            return Size(width: Double(widthCentimetres * 10), height: Double(heightCentimetres * 10))
        }
        return nil
    }

    /// Both dimensions known, at least 20 mm, and not an aspect ratio in disguise.
    static func isPlausible(width: Int, height: Int) -> Bool {
        guard width >= 20, height >= 20 else { return false }
        let aspectRatios = [(16, 9), (16, 10)]
        for (w, h) in aspectRatios {
            for scale in [10, 100] where width == w * scale && height == h * scale { return false }
        }
        return true
    }

    private static func hex(_ bytes: ArraySlice<UInt8>) -> String {
        bytes.map { byte in
            let digits = String(byte, radix: 16, uppercase: true)
            return digits.count == 1 ? "0" + digits : digits
        }.joined(separator: " ")
    }
}

extension String {
    /// Without leading and trailing spaces.
    fileprivate var trimmingSpaces: String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { $0 != " " }), let last = scalars.lastIndex(where: { $0 != " " }) else { return "" }
        return String(scalars[first...last])
    }
}
