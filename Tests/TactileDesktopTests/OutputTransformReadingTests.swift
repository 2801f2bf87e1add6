// Each desktop's turn of an output, read from what its own programs print, in the protocol's terms.
import Foundation
import Tactile
@testable import TactileDesktop
@testable import TactileService
import Testing

/// What each desktop's reader makes of a turned output, on what the real
/// programs printed (`Fixtures/desktops/`, captured from Debian 12's
/// headless desktops, `tools/desktop-session`): sway 1.7's `GET_OUTPUTS`
/// after `output HEADLESS-1 transform 90` and `output HEADLESS-2 transform
/// flipped-180`, mutter 43's `GetCurrentState` after `ApplyMonitorsConfig`
/// with transform 1, `kscreen-doctor -j` (Plasma 5.27) after
/// `output.Virtual-0.rotation.left output.Virtual-1.position.800,0`, and
/// wlr-randr 0.2's text on phoc after `--transform 90`. What each desktop
/// told its `wl_output` clients for the same turn is the expected value:
/// sway 3 (270) and 6, mutter 1, KWin 1, phoc 1. Hyprland and RandR
/// rotation bits are not printed by any program Debian ships: their
/// numbers are the ones Hyprland's wiki and Xwayland's
/// `wl_transform_to_xrandr` give.
@Suite struct OutputTransformReadingTests {
    static func fixture(_ name: String) throws -> String {
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/desktops/" + name).path
        return try String(contentsOfFile: path, encoding: .utf8)
    }

    @Test func swaysNinetyIsTheProtocolsTwoSeventy() throws {
        let reply = try #require(JSONValue.parse(try Self.fixture("sway-1.7-get-outputs-transform-90.json")))
        let outputs = SwayPointerMapping.outputs(in: reply)
        #expect(outputs == [OutputRect(name: "HEADLESS-1", x: 0, y: 0, width: 1080, height: 1920, transform: .rotated270),
                            OutputRect(name: "HEADLESS-2", x: 1920, y: 0, width: 1920, height: 1080, transform: .flipped180)])
        let layout = DesktopLayout(source: .sway, outputs: outputs)
        #expect(layout.source.words(for: .rotated270) == "transform 90")
        #expect(layout.output(configured: "HEADLESS-1")?.transform.surfaceTransform.values == [0, 1, 0, -1, 0, 1])
    }

    @Test func mutterGivesTheProtocolsNumbers() throws {
        let layout = try #require(MutterPointerMapping.layout(inJSON: try Self.fixture("mutter-43-get-current-state-transform-1.json")))
        #expect(layout.outputs == [OutputRect(name: "Meta-0", x: 0, y: 0, width: 800, height: 1280, transform: .rotated90),
                                   OutputRect(name: "Meta-1", x: 800, y: 0, width: 1024, height: 768)])
        #expect(layout.likely == .init(name: "Meta-0", reason: "the primary monitor"))
        #expect(layout.range == OutputRect(name: "", x: 0, y: 0, width: 1824, height: 1280))
        #expect(layout.source.words(for: .rotated90) == "transform 1")
        // No output under [devices]: the primary monitor, turned.
        #expect(layout.output(configured: nil)?.transform == .rotated90)
    }

    @Test func kscreensLeftIsTheProtocolsNinety() throws {
        let layout = try #require(KScreenPointerMapping.layout(inJSON: try Self.fixture("kscreen-doctor-5.27-rotation-left.json")))
        #expect(layout.outputs == [OutputRect(name: "Virtual-0", x: 0, y: 0, width: 800, height: 1280, transform: .rotated90),
                                   OutputRect(name: "Virtual-1", x: 800, y: 0, width: 1280, height: 800)])
        #expect(layout.likely == .init(name: "Virtual-0", reason: "the primary output"))
        #expect(layout.source.words(for: .rotated90) == "rotation left")
        #expect([1, 2, 4, 8, 16, 128].map(KScreenPointerMapping.transform(ofRotation:)) == [.normal, .rotated90, .rotated180, .rotated270, .flipped, .flipped270])
        #expect(KScreenPointerMapping.transform(ofRotation: 3) == nil && KScreenPointerMapping.transform(ofRotation: 0) == nil)
    }

    @Test func wlrRandrsNinetyIsTheProtocolsNinety() throws {
        let outputs = try #require(WlrRandrPointerMapping.outputs(inText: try Self.fixture("wlr-randr-0.2-phoc-transform-90.txt")))
        #expect(outputs == [OutputRect(name: "HEADLESS-2", x: 1280, y: 0, width: 1080, height: 1920, transform: .rotated90),
                            OutputRect(name: "HEADLESS-1", x: 0, y: 0, width: 1280, height: 800)])
        let json = #"[{"name": "eDP-1", "enabled": true, "modes": [{"width": 2560, "height": 1600, "current": true}], "#
            + #""position": {"x": 0, "y": 0}, "transform": "flipped-270", "scale": 2.0}]"#
        #expect(WlrRandrPointerMapping.outputs(inJSON: json)?.first?.transform == .flipped270)
    }

    @Test func hyprlandGivesTheProtocolsNumbers() throws {
        let reply = try #require(JSONValue.parse("""
            [{"name": "eDP-1", "width": 2880, "height": 1800, "x": 0, "y": 0, "scale": 2.0, "transform": 1, "disabled": false},
             {"name": "DP-1", "width": 1920, "height": 1080, "x": 900, "y": 0, "scale": 1.0, "transform": 5, "disabled": false}]
            """))
        #expect(HyprlandPointerMapping.outputs(in: reply) == [
            OutputRect(name: "eDP-1", x: 0, y: 0, width: 900, height: 1440, transform: .rotated90),
            OutputRect(name: "DP-1", x: 900, y: 0, width: 1080, height: 1920, transform: .flipped90),
        ])
    }

    @Test func randrsRotationsAreXwaylandsMapOfTheProtocols() {
        // Xwayland's wl_transform_to_xrandr: 90 → RR_Rotate_90, flipped-N → RR_Reflect_X | RR_Rotate_N.
        #expect([1, 2, 4, 8].map { X11PointerMapping.transform(ofRotation: $0) } == [.normal, .rotated90, .rotated180, .rotated270])
        #expect([17, 18, 20, 24].map { X11PointerMapping.transform(ofRotation: $0) } == [.flipped, .flipped90, .flipped180, .flipped270])
        // A reflection in y is one in x turned by a half; both, a half turn.
        #expect(X11PointerMapping.transform(ofRotation: 33) == .flipped180)
        #expect(X11PointerMapping.transform(ofRotation: 49) == .rotated180)
        #expect(X11PointerMapping.rotationWords(of: .rotated90) == "rotate left")
        #expect(X11PointerMapping.rotationWords(of: .flipped270) == "rotate right, reflect x")
    }

    @Test func theTouchscreensOutputIsTheConfigsTheOnlyOneTheLikelyOneOrTheFirst() {
        let a = OutputRect(name: "DP-1", x: 0, y: 0, width: 1920, height: 1080)
        let b = OutputRect(name: "eDP-1", x: 1920, y: 0, width: 1080, height: 1920, transform: .rotated90)
        #expect(DesktopLayout(source: .gnome, outputs: [a, b]).output(configured: "eDP-1") == b)
        #expect(DesktopLayout(source: .gnome, outputs: [b]).output(configured: nil) == b)
        #expect(DesktopLayout(source: .gnome, outputs: [a, b], likely: .init(name: "eDP-1", reason: "the built-in display")).output(configured: nil) == b)
        #expect(DesktopLayout(source: .gnome, outputs: [a, b]).output(configured: nil) == a)
        #expect(DesktopLayout(source: .gnome, outputs: [a, b]).output(configured: "HDMI-A-1") == a)
        #expect(DesktopLayout(source: .gnome, outputs: []).output(configured: nil) == nil)
    }
}
