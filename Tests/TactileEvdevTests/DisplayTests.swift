// EDID parsing and display discovery from made-up sysfs trees of DRM connectors.
import Foundation
import Tactile
import TactileEvdev
import TactileTestSupport
import Testing

@Suite("EDID")
struct EDIDTests {
    @Test("a base block gives the manufacturer, the size in cm, the preferred mode and its size in mm, the name")
    func parses() throws {
        let edid = try EDID(bytes: EDIDFixtures.block())
        #expect(edid.manufacturer == "BOE" && edid.productCode == 0x0747)
        #expect(edid.version == 1 && edid.revision == 4)
        #expect(edid.widthCentimetres == 34 && edid.heightCentimetres == 19)
        let timing = try #require(edid.preferredTiming)
        #expect(timing.horizontalPixels == 1920 && timing.verticalPixels == 1080)
        #expect(timing.widthMillimetres == 344 && timing.heightMillimetres == 194)
        #expect(timing.pixelClockKilohertz == 148_500 && !timing.isInterlaced)
        #expect(edid.displayName == "Test Panel")
        #expect(edid.physicalSize == Size(width: 344, height: 194))
    }

    @Test("values above 255 use the high nibbles; extension blocks after the base block are allowed")
    func largeValuesAndExtensions() throws {
        var bytes = EDIDFixtures.block(centimetres: (60, 34), pixels: (3840, 2160), millimetres: (597, 336), interlaced: true)
        bytes[126] = 1
        bytes[127] = EDIDFixtures.checksum(bytes)
        let edid = try EDID(bytes: bytes + [UInt8](repeating: 0, count: 128))
        let timing = try #require(edid.preferredTiming)
        #expect(timing.horizontalPixels == 3840 && timing.verticalPixels == 2160 && timing.isInterlaced)
        #expect(edid.physicalSize == Size(width: 597, height: 336))
    }

    @Test("the size falls back to the centimetres, and is unknown when only an aspect ratio is written")
    func sizeFallbacks() throws {
        #expect(try EDID(bytes: EDIDFixtures.block(millimetres: (0, 0))).physicalSize == Size(width: 340, height: 190))
        #expect(try EDID(bytes: EDIDFixtures.block(millimetres: (160, 90))).physicalSize == Size(width: 340, height: 190),
                "160 × 90 mm is an aspect ratio, as mutter treats it")
        #expect(try EDID(bytes: EDIDFixtures.block(centimetres: (16, 9), millimetres: (16, 9))).physicalSize == nil)
        #expect(try EDID(bytes: EDIDFixtures.block(centimetres: (0, 0), millimetres: (0, 0))).physicalSize == nil, "a projector")
        let noTiming = try EDID(bytes: EDIDFixtures.block(pixels: nil))
        #expect(noTiming.preferredTiming == nil && noTiming.physicalSize == Size(width: 340, height: 190))
    }

    @Test("short, headerless or damaged bytes are errors that say what was expected")
    func errors() {
        let good = EDIDFixtures.block()
        func message(_ bytes: [UInt8]) -> String? {
            do throws(EDIDError) {
                _ = try EDID(bytes: bytes)
                return nil
            } catch {
                return error.description
            }
        }
        #expect(message([])?.contains("128 bytes, found 0 bytes") == true)
        #expect(message(Array(good.prefix(100)))?.contains("found 100 bytes") == true)
        var header = good
        header[0] = 0x01
        #expect(message(header)?.contains("header 00 FF FF FF FF FF FF 00, found 01 FF") == true)
        var damaged = good
        damaged[60] &+= 1
        #expect(message(damaged)?.contains("sum to 0 modulo 256, found 1") == true)
    }

    @Test("no byte string crashes the reader")
    func arbitraryBytes() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<500 {
            var bytes = EDIDFixtures.block()
            for _ in 0..<Int.random(in: 1...40, using: &generator) {
                bytes[Int.random(in: 8..<127, using: &generator)] = UInt8.random(in: 0...255, using: &generator)
            }
            bytes[127] = EDIDFixtures.checksum(bytes)
            if let edid = try? EDID(bytes: bytes) {
                _ = edid.physicalSize
                _ = edid.displayName
            }
        }
    }
}

@Suite("Display discovery")
struct DisplayDiscoveryTests {
    typealias Connector = EDIDFixtures.Connector

    static let panel = EDIDFixtures.panel
    static let monitor = EDIDFixtures.monitor

    func detect(_ connectors: [Connector]) throws -> DisplayDiscovery.Detection {
        let root = try EDIDFixtures.temporaryRoot()
        defer { try? FileManager.default.removeItem(at: root) }
        try EDIDFixtures.writeTree(connectors, in: root)
        return DisplayDiscovery.detect(sysfsRoot: root.path)
    }

    @Test("the connector type comes from the name; eDP, LVDS and DSI are built-in panels")
    func connectorTypes() {
        let names = ["card0-eDP-1": "eDP", "card1-HDMI-A-2": "HDMI-A", "card0-DSI-1": "DSI", "card0-LVDS-1": "LVDS", "card2-DP-3": "DP"]
        for (name, type) in names {
            let connector = DisplayConnector(name: name, status: "connected\n", enabled: nil, edidBytes: [], modes: [])
            #expect(connector.connectorType == type)
            #expect(connector.isInternalPanel == ["eDP", "DSI", "LVDS"].contains(type))
        }
    }

    @Test("a laptop's built-in panel is chosen over a monitor: its mode in points, its EDID width for the density")
    func builtInPanelFirst() throws {
        let detected = try detect([Self.monitor, Self.panel])
        #expect(detected.display?.name == "card0-eDP-1")
        #expect(detected.note == nil)
        #expect(detected.screen.bounds == Rect(x: 0, y: 0, width: 1920, height: 1080))
        #expect(abs(detected.screen.pointsPerMillimetre - 1920.0 / 344) < 1e-12)
        #expect(abs(detected.screen.physicalSize.width - 344) < 1e-9)
        #expect(detected.connectors.map(\.name) == ["card0-HDMI-A-1", "card0-eDP-1"], "card0 itself is no connector")
        #expect(detected.summary == "card0-eDP-1 (344 × 194 mm): 1920×1080 pt at 142 dpi")
    }

    @Test("with the lid closed (the panel not enabled) the monitor in use is chosen")
    func enabledFirst() throws {
        var closed = Self.panel
        closed.enabled = "disabled"
        let detected = try detect([closed, Self.monitor])
        #expect(detected.display?.name == "card0-HDMI-A-1")
        #expect(detected.screen.bounds.width == 2560 && abs(detected.screen.pointsPerMillimetre - 2560.0 / 597) < 1e-12)
    }

    @Test("without modes the EDID's preferred timing gives the pixels")
    func modeFromEDID() throws {
        var panel = Self.panel
        panel.modes = []
        #expect(try detect([panel]).screen.bounds.size == Size(width: 1920, height: 1080))
    }

    @Test("no DRM, nothing connected, no EDID, a damaged one: 1920×1080 at 96 dpi and one line that says why")
    func fallbacks() throws {
        let root = try EDIDFixtures.temporaryRoot()
        defer { try? FileManager.default.removeItem(at: root) }
        let none = DisplayDiscovery.detect(sysfsRoot: root.path)
        #expect(none.screen == .standard && none.display == nil)
        #expect(none.note == "no display found: \(root.path)/class/drm does not exist (no DRM); using 1920×1080 pt at 96 dpi")

        var unplugged = Self.monitor
        unplugged.status = "disconnected"
        #expect(try detect([unplugged]).note?.contains("no connected display among card0-HDMI-A-1") == true)

        var blank = Self.panel
        blank.edid = []
        #expect(try detect([blank]).note?.contains("card0-eDP-1 has no EDID") == true)

        var damaged = Self.panel
        damaged.edid[70] &+= 3
        let broken = try detect([damaged])
        #expect(broken.screen == .standard)
        #expect(broken.note?.contains("the EDID of card0-eDP-1 is unusable: expected the 128 bytes") == true)

        var projector = Self.panel
        projector.edid = EDIDFixtures.block(centimetres: (0, 0), millimetres: (0, 0))
        #expect(try detect([projector]).note?.contains("gives no physical size") == true)
        for detection in [try detect([unplugged]), try detect([blank]), broken] {
            #expect(detection.note?.hasSuffix("; using 1920×1080 pt at 96 dpi") == true)
            #expect(detection.note?.contains("\n") == false, "one line")
        }
    }

    @Test("this machine's sysfs is read without trouble, whatever it holds")
    func realSysfs() {
        let detected = DisplayDiscovery.detect()
        #expect((detected.display == nil) == (detected.note != nil))
        #expect(detected.screen.pointsPerMillimetre > 0)
    }
}
