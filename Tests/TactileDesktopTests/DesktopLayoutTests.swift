import Foundation
import Tactile
@testable import TactileDesktop
@testable import TactileService
import TactileTestSupport
import Testing

/// Clicks placed on the touchscreen's output where the compositor spans the
/// virtual pointer over its whole layout and offers no way to map it: the
/// layout read the desktop's own way (mutter's GetCurrentState through
/// busctl, kscreen-doctor, wlr-randr; X11's RandR from a real Xvfb), then
/// the maths. The programs here are fakes on PATH that print what the real
/// ones print, for what the real ones cannot show on this machine: a
/// built-in panel (no headless compositor has one), Plasma 6's
/// `kscreen-doctor` and wlr-randr 0.4's JSON (newer than Debian 12). The real
/// mutter 43, KWin 5.27 and wlr-randr 0.2 are `RealGnomeKDETests` and
/// `RealWlrootsX11Tests`.
@Suite(.serialized) struct DesktopLayoutTests {
    /// busctl --json=short's answer of mutter's GetCurrentState: a 3840×2160
    /// monitor at scale 1.5 (2560×1440 logical) and the built-in 2880×1800
    /// panel at scale 2 (1440×900) to its right, 540 down.
    nonisolated static func mutterState(layoutMode: Int = 1) -> String {
        let dell = #"["DP-1","DEL","DELL U2720Q","ABC123"]"#
        let panel = #"["eDP-1","BOE","0x0a1f","0x00000000"]"#
        let current = #"{"is-current":{"type":"b","data":true},"is-preferred":{"type":"b","data":true}}"#
        let monitors = "[[\(dell),[[\"3840x2160@60.000\",3840,2160,60.0,1.5,[1.0,1.5,2.0],\(current)],"
            + #"["2560x1440@59.951",2560,1440,59.951,1.0,[1.0,1.25],{}]],{"is-builtin":{"type":"b","data":false},"display-name":{"type":"s","data":"Dell 27\""}}],"#
            + "[\(panel),[[\"2880x1800@90.000\",2880,1800,90.0,2.0,[1.0,2.0],\(current)]],"
            + #"{"is-builtin":{"type":"b","data":true},"display-name":{"type":"s","data":"Built-in display"}}]]"#
        let logical = layoutMode == 1
            ? "[[0,0,1.5,0,true,[\(dell)],{}],[2560,540,2.0,0,false,[\(panel)],{}]]"
            : "[[0,0,1.5,0,true,[\(dell)],{}],[3840,360,2.0,0,false,[\(panel)],{}]]"
        return #"{"type":"ua((ssss)a(siiddada{sv})a{sv})a(iiduba(ssss)a{sv})a{sv}","data":[7,"# + monitors + "," + logical
            + #",{"layout-mode":{"type":"u","data":\#(layoutMode)},"supports-changing-layout-mode":{"type":"b","data":true}}]}"#
    }

    /// kscreen-doctor -j: the built-in 2880×1800 panel at scale 2 and a
    /// 1920×1080 monitor turned right (1080×1920) to its right, marked primary.
    nonisolated static let kscreenState = """
        {"features": 63, "outputs": [
          {"id": 1, "name": "eDP-1", "type": 7, "enabled": true, "connected": true, "pos": {"x": 0, "y": 0}, "scale": 2,
           "size": {"width": 2880, "height": 1800}, "rotation": 1, "currentModeId": "1", "primary": false,
           "modes": [{"id": "1", "name": "2880x1800@90", "size": {"width": 2880, "height": 1800}, "refreshRate": 90}]},
          {"id": 2, "name": "HDMI-A-1", "type": 6, "enabled": true, "connected": true, "pos": {"x": 1440, "y": 0}, "scale": 1,
           "size": {"width": 1920, "height": 1080}, "rotation": 8, "currentModeId": "5", "primary": true,
           "modes": [{"id": "4", "size": {"width": 1280, "height": 720}}, {"id": "5", "size": {"width": 1920, "height": 1080}}]},
          {"id": 3, "name": "DP-2", "type": 14, "enabled": false, "connected": false, "pos": {"x": 0, "y": 0}, "modes": []}
        ], "screen": {"id": 0, "currentSize": {"width": 2520, "height": 1920}}, "tabletModeAvailable": false}
        """

    /// wlr-randr --json: a 1920×1080 monitor left of the origin and a
    /// 2560×1600 panel at scale 2 turned 90° (800×1280).
    nonisolated static let wlrRandrState = """
        [{"name": "DP-1", "description": "Dell", "enabled": true, "modes": [{"width": 1920, "height": 1080, "refresh": 60.0, "preferred": true, "current": true}],
          "position": {"x": -1920, "y": 0}, "transform": "normal", "scale": 1.0},
         {"name": "eDP-1", "enabled": true, "modes": [{"width": 2560, "height": 1600, "refresh": 60.0, "current": true}],
          "position": {"x": 0, "y": 0}, "transform": "90", "scale": 2.0},
         {"name": "HDMI-A-1", "enabled": false, "modes": [], "position": {"x": 0, "y": 0}, "transform": "normal", "scale": 1.0}]
        """

    nonisolated static func close(_ mapping: OutputMapping, _ originX: Double, _ originY: Double, _ scaleX: Double, _ scaleY: Double) -> Bool {
        abs(mapping.originX - originX) < 1e-4 && abs(mapping.originY - originY) < 1e-4
            && abs(mapping.scaleX - scaleX) < 1e-4 && abs(mapping.scaleY - scaleY) < 1e-4
    }

    /// A directory with a program `name` that checks its arguments are
    /// `arguments` and prints `answer` (else says so and exits 2).
    static func fakeProgram(_ name: String, arguments: [String], answer: String) throws -> URL {
        let directory = try TemporaryDirectory.create(prefix: "tactile-desktop")
        let answerFile = directory.appendingPathComponent("answer")
        try answer.write(to: answerFile, atomically: true, encoding: .utf8)
        let expected = arguments.dropFirst().joined(separator: " ")
        let script = """
            #!/bin/sh
            if [ "$*" != "\(expected)" ]; then echo "unexpected arguments: $*" >&2; exit 2; fi
            cat "\(answerFile.path)"

            """
        let program = directory.appendingPathComponent(name)
        try script.write(to: program, atomically: true, encoding: .utf8)
        chmod(program.path, 0o755)
        return directory
    }

    /// Where clicks land in the session of `environment`, as the service
    /// places them: over the layout an output follower read.
    static func placing(_ environment: [String: String], configured: String?) throws -> PointerMappingOutcome {
        let follower = try #require(OutputFollower.start(session: DetectedSession(SessionEnvironment(environment))))
        defer { follower.stop() }
        #expect(eventually(30) { follower.hasAnswered })
        #expect(follower.collect().isEmpty)
        return PointerMappingOutcome.placing(over: try #require(follower.layout), configured: configured)
    }

    /// What `read` throws, if it does.
    static func failure(_ read: () throws(FocusError) -> DesktopLayout) -> String? {
        do throws(FocusError) {
            _ = try read()
            return nil
        } catch {
            return error.description
        }
    }

    // MARK: The maths over each desktop's range

    @Test func aPointerSpanningFromTheOriginIsPlacedOnTheOutput() throws {
        // X11's root window: 3840×1080, the touchscreen its right half.
        let right = OutputRect(name: "eDP-1", x: 1920, y: 0, width: 1920, height: 1080)
        let root = OutputRect(name: "", x: 0, y: 0, width: 3840, height: 1080)
        let mapping = try #require(OutputMapping(layout: [right], touchscreen: "eDP-1", range: root))
        #expect(Self.close(mapping, 0.5, 0, 0.5, 1))
        #expect(mapping.place(x: 0.5, y: 0.5) == (0.75, 0.5))
        #expect(OutputMapping(layout: [right], touchscreen: "DP-1", range: root) == nil)
        #expect(OutputMapping(layout: [right], touchscreen: "eDP-1", range: OutputRect(name: "", x: 0, y: 0, width: 0, height: 1080)) == nil)
    }

    @Test func theDesktopsLikelyOutputIsTakenWithoutAConfig() {
        let two = [OutputRect(name: "DP-1", x: 0, y: 0, width: 1920, height: 1080),
                   OutputRect(name: "eDP-1", x: 1920, y: 0, width: 1920, height: 1080)]
        let builtin = OutputChoice(outputs: two, configured: nil, compositor: "GNOME", preferred: ("eDP-1", "the built-in display"))
        #expect(builtin.target == "eDP-1")
        #expect(builtin.log == ["2 outputs (DP-1, eDP-1) and no output under [devices]: clicks land on eDP-1, the built-in display; "
                                + "if the touchscreen is on another, set output = \"NAME\" under [devices]"])
        // The config wins; a likely output the compositor does not have is not taken.
        #expect(OutputChoice(outputs: two, configured: "DP-1", compositor: "GNOME", preferred: ("eDP-1", "the built-in display")).target == "DP-1")
        #expect(OutputChoice(outputs: two, configured: nil, compositor: "GNOME", preferred: ("HDMI-A-1", "the built-in display")).target == "DP-1")
    }

    // MARK: GNOME

    @Test func mutterStateGivesTheLogicalLayoutAndTheBuiltInPanel() throws {
        let layout = try #require(MutterPointerMapping.layout(inJSON: Self.mutterState()))
        #expect(layout.outputs == [OutputRect(name: "DP-1", x: 0, y: 0, width: 2560, height: 1440),
                                   OutputRect(name: "eDP-1", x: 2560, y: 540, width: 1440, height: 900)])
        #expect(layout.likely == .init(name: "eDP-1", reason: "the built-in display"))
        #expect(layout.range == OutputRect(name: "", x: 0, y: 0, width: 4000, height: 1440))
        // Physical layout mode: sizes are the modes' pixels.
        let physical = try #require(MutterPointerMapping.layout(inJSON: Self.mutterState(layoutMode: 2)))
        #expect(physical.outputs.map(\.width) == [3840, 2880])
        #expect(physical.range == OutputRect(name: "", x: 0, y: 0, width: 6720, height: 2160))
        #expect(MutterPointerMapping.layout(inJSON: #"{"type":"s","data":["x"]}"#) == nil)
        #expect(MutterPointerMapping.layout(inJSON: "not json") == nil)
    }

    @Test func onGNOMEClicksArePlacedOnTheBuiltInDisplayThroughBusctl() throws {
        let directory = try Self.fakeProgram("busctl", arguments: MutterPointerMapping.arguments, answer: Self.mutterState())
        defer { try? FileManager.default.removeItem(at: directory) }
        let environment = ["XDG_CURRENT_DESKTOP": "ubuntu:GNOME", "WAYLAND_DISPLAY": "wayland-0", "DISPLAY": ":0",
                           "PATH": directory.path + ":/usr/bin:/bin"]
        let outcome = try Self.placing(environment, configured: nil)
        #expect(Self.close(outcome.mapping, 0.64, 0.375, 0.36, 0.625), "\(outcome.mapping)")
        #expect(outcome.log == [
            "2 outputs (DP-1, eDP-1) and no output under [devices]: clicks land on eDP-1, the built-in display; "
                + "if the touchscreen is on another, set output = \"NAME\" under [devices]",
            "clicks placed on eDP-1 over GNOME's layout of 2 monitors",
        ])
    }

    @Test func withoutBusctlGNOMESaysWhy() throws {
        let empty = try TemporaryDirectory.create(prefix: "tactile-desktop")
        defer { try? FileManager.default.removeItem(at: empty) }
        #expect(Self.failure { () throws(FocusError) in try MutterPointerMapping(environment: ["PATH": empty.path]).read() }
                == "cannot ask GNOME for its monitors: busctl is not on PATH")
        let failing = try Self.fakeProgram("busctl", arguments: ["busctl", "other"], answer: "")
        defer { try? FileManager.default.removeItem(at: failing) }
        let refused = Self.failure { () throws(FocusError) in try MutterPointerMapping(environment: ["PATH": failing.path + ":/usr/bin:/bin"]).read() }
        #expect(refused?.hasPrefix("cannot ask GNOME for its monitors: busctl: unexpected arguments: --user --json=short call") == true)
    }

    // MARK: KDE Plasma

    @Test func kscreenDoctorGivesTheLogicalLayoutAndTheBuiltInPanel() throws {
        let layout = try #require(KScreenPointerMapping.layout(inJSON: "kscreen.doctor: some log line\n" + Self.kscreenState))
        #expect(layout.outputs == [OutputRect(name: "eDP-1", x: 0, y: 0, width: 1440, height: 900),
                                   OutputRect(name: "HDMI-A-1", x: 1440, y: 0, width: 1080, height: 1920, transform: .rotated270)])
        #expect(layout.likely?.name == "eDP-1")
        #expect(layout.range == OutputRect(name: "", x: 0, y: 0, width: 2520, height: 1920))
        #expect(KScreenPointerMapping.layout(inJSON: "[]") == nil)
    }

    @Test func onKDEClicksArePlacedThroughKscreenDoctor() throws {
        let directory = try Self.fakeProgram("kscreen-doctor", arguments: KScreenPointerMapping.arguments, answer: Self.kscreenState)
        defer { try? FileManager.default.removeItem(at: directory) }
        let environment = ["XDG_CURRENT_DESKTOP": "KDE", "WAYLAND_DISPLAY": "wayland-0", "PATH": directory.path + ":/usr/bin:/bin"]
        let outcome = try Self.placing(environment, configured: "HDMI-A-1")
        #expect(Self.close(outcome.mapping, 1440.0 / 2520, 0, 1080.0 / 2520, 1), "\(outcome.mapping)")
        #expect(outcome.log == ["clicks placed on HDMI-A-1 over KDE Plasma's layout of 2 outputs"])
    }

    // MARK: Other wlroots compositors

    @Test func wlrRandrGivesTheLayoutOfLabwcAndItsKin() throws {
        let outputs = try #require(WlrRandrPointerMapping.outputs(inJSON: Self.wlrRandrState))
        #expect(outputs == [OutputRect(name: "DP-1", x: -1920, y: 0, width: 1920, height: 1080),
                            OutputRect(name: "eDP-1", x: 0, y: 0, width: 800, height: 1280, transform: .rotated90)])
        let directory = try Self.fakeProgram("wlr-randr", arguments: WlrRandrPointerMapping.arguments, answer: Self.wlrRandrState)
        defer { try? FileManager.default.removeItem(at: directory) }
        let environment = ["XDG_CURRENT_DESKTOP": "labwc:wlroots", "WAYLAND_DISPLAY": "wayland-0", "PATH": directory.path + ":/usr/bin:/bin"]
        let outcome = try Self.placing(environment, configured: "eDP-1")
        #expect(Self.close(outcome.mapping, 1920.0 / 2720, 0, 800.0 / 2720, 1), "\(outcome.mapping)")
        #expect(outcome.log == ["clicks placed on eDP-1 over the compositor's layout of 2 outputs (wlr-randr --json)"])
    }

    // MARK: X11

    @Test func x11sMonitorsAreReadThroughRandR() throws {
        guard let server = try XvfbServer(base: 600, size: "3840x1080") else { return }
        defer { server.stop() }
        let display = server.display
        var layout: DesktopLayout?
        #expect(eventually(10) {
            layout = try? X11PointerMapping.layout(display: display)
            return layout != nil
        })
        // Xvfb has one output, "screen", over the whole root window.
        let read = try #require(layout)
        #expect(read.outputs == [OutputRect(name: "screen", x: 0, y: 0, width: 3840, height: 1080)])
        #expect(read.range == OutputRect(name: "", x: 0, y: 0, width: 3840, height: 1080))
        // One monitor: nothing to place, and nothing to say.
        let outcome = try Self.placing(["DISPLAY": display], configured: nil)
        #expect(outcome.mapping == .identity)
        #expect(outcome.log.isEmpty)
        // A display that is not there says so.
        #expect(Self.failure { () throws(FocusError) in try X11PointerMapping(display: ":1999").read() }
                == "cannot read the X11 monitors: cannot connect to the X11 display :1999")
    }

    @Test func eachSessionIsAskedItsOwnWay() {
        func route(_ environment: [String: String]) -> Bool {
            DetectedSession(SessionEnvironment(environment)).outputsRoute != nil
        }
        #expect(route(["SWAYSOCK": "/run/sway.sock", "WAYLAND_DISPLAY": "wayland-1"]))
        #expect(route(["XDG_CURRENT_DESKTOP": "GNOME", "WAYLAND_DISPLAY": "wayland-0"]))
        #expect(route(["DISPLAY": ":0", "XDG_CURRENT_DESKTOP": "XFCE"]))
        // A console or a kiosk without a compositor has nothing to ask.
        #expect(!route([:]))
        #expect(!route(["DISPLAY": "", "WAYLAND_DISPLAY": ""]))
    }
}
