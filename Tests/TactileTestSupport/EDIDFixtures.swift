// EDID base blocks built byte by byte and made-up sysfs trees of DRM connectors, for the display tests.
import Foundation

/// EDID base blocks built byte by byte for the tests (no real monitor here),
/// and made-up sysfs trees of DRM connectors that hold them.
public enum EDIDFixtures {
    /// A valid 128-byte EDID 1.4 base block: `manufacturer` (three capitals),
    /// the image size in cm (bytes 21–22), the preferred mode's pixels and
    /// millimetres in the first detailed timing descriptor (54–71), a monitor
    /// name descriptor (72–89), and the checksum in byte 127.
    public static func block(
        manufacturer: String = "BOE", product: UInt16 = 0x0747,
        centimetres: (Int, Int) = (34, 19), pixels: (Int, Int)? = (1920, 1080), millimetres: (Int, Int) = (344, 194),
        interlaced: Bool = false, name: String = "Test Panel"
    ) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: 128)
        bytes.replaceSubrange(0..<8, with: [0x00, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x00])
        let letters = manufacturer.unicodeScalars.map { UInt16($0.value) - 64 }
        let id = letters[0] << 10 | letters[1] << 5 | letters[2]
        bytes[8] = UInt8(id >> 8)
        bytes[9] = UInt8(id & 0xFF)
        bytes[10] = UInt8(product & 0xFF)
        bytes[11] = UInt8(product >> 8)
        bytes[16] = 1       // week
        bytes[17] = 30      // 1990 + 30
        bytes[18] = 1       // version 1.4
        bytes[19] = 4
        bytes[20] = 0xA5    // digital input
        bytes[21] = UInt8(centimetres.0)
        bytes[22] = UInt8(centimetres.1)
        bytes[23] = 0x78    // gamma 2.2
        bytes[24] = 0x0A    // preferred timing mode in the first descriptor
        for index in stride(from: 38, to: 54, by: 2) { bytes[index] = 1; bytes[index + 1] = 1 }  // no standard timings
        if let pixels {
            // 148.5 MHz, blanking 280 × 45.
            let descriptor: [UInt8] = [
                0x02, 0x3A,
                UInt8(pixels.0 & 0xFF), 0x18, UInt8((pixels.0 >> 8) << 4 | 0x01),
                UInt8(pixels.1 & 0xFF), 0x2D, UInt8((pixels.1 >> 8) << 4),
                88, 44, 0x45, 0x00,
                UInt8(millimetres.0 & 0xFF), UInt8(millimetres.1 & 0xFF), UInt8((millimetres.0 >> 8) << 4 | (millimetres.1 >> 8) & 0x0F),
                0, 0, interlaced ? 0x9E : 0x1E,
            ]
            bytes.replaceSubrange(54..<72, with: descriptor)
        } else {
            bytes.replaceSubrange(54..<72, with: [0, 0, 0, 0x10, 0] + [UInt8](repeating: 0, count: 13))  // a dummy display descriptor
        }
        var nameBytes = Array(name.utf8.prefix(13))
        if nameBytes.count < 13 { nameBytes.append(0x0A) }
        while nameBytes.count < 13 { nameBytes.append(0x20) }
        bytes.replaceSubrange(72..<90, with: [0, 0, 0, 0xFC, 0] + nameBytes)
        bytes.replaceSubrange(90..<108, with: [0, 0, 0, 0x10, 0] + [UInt8](repeating: 0, count: 13))
        bytes.replaceSubrange(108..<126, with: [0, 0, 0, 0x10, 0] + [UInt8](repeating: 0, count: 13))
        bytes[127] = checksum(bytes)
        return bytes
    }

    /// The byte that makes the 128 bytes sum to 0 modulo 256.
    public static func checksum(_ bytes: [UInt8]) -> UInt8 {
        let sum = bytes.prefix(127).reduce(UInt8(0)) { $0 &+ $1 }
        return 0 &- sum
    }

    /// One connector of a made-up sysfs tree.
    public struct Connector: Sendable {
        public var name: String
        public var status: String
        public var enabled: String?
        public var edid: [UInt8]
        public var modes: [String]

        public init(name: String, status: String = "connected", enabled: String? = "enabled", edid: [UInt8] = [], modes: [String] = []) {
            self.name = name
            self.status = status
            self.enabled = enabled
            self.edid = edid
            self.modes = modes
        }
    }

    /// A laptop's built-in 1920 × 1080 panel (eDP), 344 × 194 mm.
    public static let panel = Connector(name: "card0-eDP-1", edid: block(), modes: ["1920x1080", "1280x720"])
    /// An external 2560 × 1440 monitor (HDMI), 597 × 336 mm.
    public static let monitor = Connector(
        name: "card0-HDMI-A-1",
        edid: block(manufacturer: "DEL", centimetres: (60, 34), pixels: (2560, 1440), millimetres: (597, 336)),
        modes: ["2560x1440", "1920x1080"])

    /// Writes `root/class/drm/<connector>/…` (and a `card0` directory, which is no connector).
    public static func writeTree(_ connectors: [Connector], in root: URL) throws {
        let drm = root.appendingPathComponent("class/drm")
        try FileManager.default.createDirectory(at: drm.appendingPathComponent("card0"), withIntermediateDirectories: true)
        try "0x1234\n".write(to: drm.appendingPathComponent("card0/dev"), atomically: false, encoding: .utf8)
        for connector in connectors {
            let directory = drm.appendingPathComponent(connector.name)
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try (connector.status + "\n").write(to: directory.appendingPathComponent("status"), atomically: false, encoding: .utf8)
            if let enabled = connector.enabled {
                try (enabled + "\n").write(to: directory.appendingPathComponent("enabled"), atomically: false, encoding: .utf8)
            }
            try Data(connector.edid).write(to: directory.appendingPathComponent("edid"))
            try connector.modes.map { $0 + "\n" }.joined().write(to: directory.appendingPathComponent("modes"), atomically: false, encoding: .utf8)
        }
    }

    /// A fresh temporary directory, removed by the caller.
    public static func temporaryRoot() throws -> URL {
        try TemporaryDirectory.create(prefix: "tactile-sysfs")
    }
}
