import CSessionLibraries
import Foundation
import Tactile
@testable import TactileDesktop
@testable import TactileService
import TactileTestSupport
import Synchronization
import Testing

/// Per-app bindings follow the focused window through each session's own
/// protocol, spoken here by a local fake server for Hyprland's sockets
/// (Hyprland is not in Debian) and a real X server (Xvfb); sway's and i3's
/// are `RealSwayTests`. Per-device bindings are built only on the devices
/// they name.
@Suite(.serialized) struct FocusConditionTests {
    /// A three-finger swipe left that acts only in Firefox, and one that acts anywhere but there.
    static let config: GestureConfig = {
        let text = """
            [[gesture]]
            name = "firefox back"
            recognizer = "swipe"
            fingers = 3
            direction = "left"
            app = ["firefox", "org.mozilla.firefox"]
            ended = { key = "alt+Left" }

            [[gesture]]
            name = "elsewhere"
            recognizer = "swipe"
            fingers = 3
            direction = "left"
            not-app = "firefox"
            ended = { key = "super+Page_Down" }
            """
        return ConfigLoader.parse(text, file: "apps.toml").config ?? GestureConfig()
    }()

    static func swipe() -> [InputEvent] {
        var stream = PanelStream()
        stream.frame(land: [0: (120, 40), 1: (140, 42), 2: (160, 45)])
        for step in 1...12 {
            let dx = -Double(step) * 5
            stream.frame(move: [0: (120 + dx, 40), 1: (140 + dx, 42), 2: (160 + dx, 45)])
        }
        stream.frame(lift: [0, 1, 2])
        return stream.events
    }

    /// What a swipe does while `tracker` reports what it reports.
    static func swipeReports(_ tracker: FocusTracker?) throws -> [String] {
        try ServiceRun(config: config, events: swipe(), focusedApp: { tracker?.current }).reports
    }

    // sway's and i3's IPC: against the real sway 1.7 and i3 4.22 (RealSwayTests); how an app
    // gates a binding is shown here through Hyprland's sockets and X11's active window.

    // MARK: Hyprland

    @Test func hyprlandsSocketsSayWhichAppHasTheFocus() throws {
        let subscribers = Mutex<[FakeConnection]>([])
        let hyprland = try FakeHyprland(signature: "abc123_1700000000_42", prefix: "tactile-focus",
                                        events: { connection in subscribers.withLock { $0.append(connection) } }) { connection in
            let request = connection.readSome().map { String(decoding: $0, as: UTF8.self) }
            #expect(request == "j/activewindow")
            connection.write(Array(#"{"address": "0x55d1", "class": "kitty", "title": "~", "initialClass": "kitty", "pid": 4242}"#.utf8))
            connection.close()
        }
        defer { hyprland.close() }
        let tracker = try #require(FocusTracker.start(session: DetectedSession(SessionEnvironment(hyprland.environment))))
        defer { tracker.stop() }
        #expect(eventually { tracker.current == FocusedApp(appID: nil, windowClass: "kitty") })
        #expect(try Self.swipeReports(tracker).contains { $0.contains("elsewhere → key super+Page_Down") })
        let connection = try #require(subscribers.withLock { $0.first })
        // A title with commas: the class ends at the first.
        connection.write(Array("workspace>>2\nactivewindow>>firefox,Tactile, a gesture engine — Mozilla Firefox\nactivewindowv2>>55d1\n".utf8))
        #expect(eventually { tracker.current?.windowClass == "firefox" })
        #expect(try Self.swipeReports(tracker).contains { $0.contains("firefox back → key alt+Left") })
        connection.write(Array("activewindow>>,\n".utf8))
        #expect(eventually { tracker.current == nil })
        // No window known: only the not-app binding acts.
        let reports = try Self.swipeReports(tracker)
        #expect(!reports.contains { $0.contains("firefox back") }, "\(reports)")
        #expect(reports.contains { $0.contains("elsewhere → key super+Page_Down") })
    }

    // MARK: X11

    @Test func x11sActiveWindowSaysWhichAppHasTheFocus() throws {
        guard let server = try XvfbServer(base: 90, size: "640x480") else { return }
        defer { server.stop() }
        let display = server.display
        // A client of our own plays the window manager: a window with a WM_CLASS, named active on the root.
        var screenNumber: Int32 = 0
        var connection: OpaquePointer?
        #expect(eventually(10) {
            if let made = xcb_connect(display, &screenNumber), xcb_connection_has_error(made) == 0 { connection = made; return true }
            return false
        })
        let client = try #require(connection)
        defer { xcb_disconnect(client) }
        let root = try #require(X11FocusSource.root(client, screen: screenNumber))
        let active = try #require(X11FocusSource.atom(client, "_NET_ACTIVE_WINDOW", create: true))
        func window(class names: String) -> xcb_window_t {
            let window = xcb_generate_id(client)
            xcb_create_window(client, 0, window, root, 0, 0, 10, 10, 0, UInt16(XCB_WINDOW_CLASS_INPUT_OUTPUT.rawValue), 0, 0, nil)
            let bytes = Array(names.utf8)
            xcb_change_property(client, UInt8(XCB_PROP_MODE_REPLACE.rawValue), window, xcb_atom_t(XCB_ATOM_WM_CLASS.rawValue),
                                xcb_atom_t(XCB_ATOM_STRING.rawValue), 8, UInt32(bytes.count), bytes)
            return window
        }
        func activate(_ window: xcb_window_t) {
            var value = window
            xcb_change_property(client, UInt8(XCB_PROP_MODE_REPLACE.rawValue), root, active, xcb_atom_t(XCB_ATOM_WINDOW.rawValue), 32, 1, &value)
            xcb_flush(client)
        }
        let terminal = window(class: "xterm\0XTerm\0"), browser = window(class: "Navigator\0firefox\0")
        activate(terminal)
        let tracker = try #require(FocusTracker.start(session: DetectedSession(SessionEnvironment(["DISPLAY": display]))))
        defer { tracker.stop() }
        #expect(tracker.route == "X11 display \(display)")
        #expect(eventually { tracker.current == FocusedApp(appID: nil, windowClass: "XTerm") }, "\(String(describing: tracker.problem))")
        #expect(try Self.swipeReports(tracker).contains { $0.contains("elsewhere → key super+Page_Down") })
        activate(browser)
        #expect(eventually { tracker.current?.windowClass == "firefox" })
        #expect(try Self.swipeReports(tracker).contains { $0.contains("firefox back → key alt+Left") })
    }

    // MARK: devices and the config

    @Test func deviceConditionsBuildABindingOnlyOnTheDevicesItNames() throws {
        let text = """
            [[gesture]]
            name = "panel only"
            recognizer = "swipe"
            fingers = 3
            direction = "left"
            device = "Wacom"
            ended = { key = "alt+Left" }

            [[gesture]]
            name = "touchscreens"
            recognizer = "swipe"
            fingers = 3
            direction = "left"
            device-kind = "touchscreen"
            ended = { key = "super+Page_Down" }
            """
        let config = try #require(ConfigLoader.parse(text, file: "devices.toml").config)
        #expect(config.bindings[0].conditions.devices == ["Wacom"])
        #expect(config.bindings[1].conditions.deviceKinds == [.touchscreen])
        // The test panel is a touchscreen whose name has no "Wacom".
        let reports = try ServiceRun(config: config, events: Self.swipe()).reports
        #expect(reports.contains { $0.contains("touchscreens → key super+Page_Down") }, "\(reports)")
        #expect(!reports.contains { $0.contains("panel only") })
        var wacom = servicePanel
        wacom.name = "Wacom HID 52C2 Finger"
        let onWacom = try ServiceRun(device: wacom, config: config, events: Self.swipe()).reports
        #expect(onWacom.contains { $0.contains("panel only → key alt+Left") }, "\(onWacom)")
        // Misspelt kinds and empty names are errors.
        let errors = ConfigLoader.parse("[[gesture]]\nrecognizer = \"tap\"\ndevice-kind = \"touchscren\"\napp = []\n", file: "t.toml")
            .diagnostics.map(\.description)
        #expect(errors.contains { $0.contains("unknown device kind \"touchscren\"") && $0.contains("did you mean \"touchscreen\"") }, "\(errors)")
        #expect(errors.contains { $0.contains("\"app\" must name at least one") })
    }

    @Test func theSessionsRouteIsChosenFromItsEnvironment() {
        #expect(FocusTracker.source(for: ["SWAYSOCK": "/run/user/1000/sway-ipc.sock", "DISPLAY": ":0"])?.0 == "sway IPC at /run/user/1000/sway-ipc.sock")
        #expect(FocusTracker.source(for: ["I3SOCK": "/run/user/1000/i3/ipc-socket.1"])?.0 == "i3 IPC at /run/user/1000/i3/ipc-socket.1")
        #expect(FocusTracker.source(for: ["HYPRLAND_INSTANCE_SIGNATURE": "x", "XDG_RUNTIME_DIR": "/nonexistent"])?.0 == "Hyprland's sockets in /tmp/hypr/x")
        #expect(FocusTracker.source(for: ["HYPRLAND_INSTANCE_SIGNATURE": "../../etc"]) == nil)
        #expect(FocusTracker.source(for: ["DISPLAY": ":1"])?.0 == "X11 display :1")
        // GNOME or KDE on Wayland: the shell, over the session bus, before Xwayland's DISPLAY (which
        // knows only X11 windows); only the desktop XDG_CURRENT_DESKTOP names is asked.
        let gnome: SessionEnvironment = ["WAYLAND_DISPLAY": "wayland-0", "XDG_CURRENT_DESKTOP": "ubuntu:GNOME", "DISPLAY": ":0", "XDG_RUNTIME_DIR": "/run/user/1000"]
        #expect(FocusTracker.source(for: gnome)?.0 == "GNOME Shell's extension tactile-focus@tactile.github.io over the session bus")
        #expect((FocusTracker.source(for: gnome)?.1 as? ShellFocusSource)?.busAddress == "unix:path=/run/user/1000/bus")
        let kde: SessionEnvironment = ["WAYLAND_DISPLAY": "wayland-0", "XDG_CURRENT_DESKTOP": "KDE", "DBUS_SESSION_BUS_ADDRESS": "unix:path=/tmp/bus"]
        #expect(FocusTracker.source(for: kde)?.0 == "KWin's script tactile-focus over the session bus")
        // No bus named: said, and no connection tried.
        let unnamed: SessionEnvironment = ["WAYLAND_DISPLAY": "wayland-0", "XDG_CURRENT_DESKTOP": "KDE"]
        #expect((FocusTracker.source(for: unnamed)?.1 as? ShellFocusSource)?.busAddress == nil)
        #expect((FocusTracker.source(for: kde)?.1 as? ShellFocusSource)?.busAddress == "unix:path=/tmp/bus")
        // On X11 they set _NET_ACTIVE_WINDOW; another Wayland desktop is not taken for either.
        #expect(FocusTracker.source(for: ["XDG_CURRENT_DESKTOP": "KDE", "DISPLAY": ":0"])?.0 == "X11 display :0")
        #expect(FocusTracker.shell(of: ["WAYLAND_DISPLAY": "wayland-0", "XDG_CURRENT_DESKTOP": "labwc:wlroots"]) == nil)
        // Any other Wayland compositor: wlroots' list of toplevels, before Xwayland's DISPLAY.
        let labwc: SessionEnvironment = ["WAYLAND_DISPLAY": "wayland-0", "XDG_CURRENT_DESKTOP": "labwc:wlroots", "XDG_RUNTIME_DIR": "/run/user/1000", "DISPLAY": ":0"]
        #expect(FocusTracker.source(for: labwc)?.0 == "wlr-foreign-toplevel-management on wayland-0")
        #expect((FocusTracker.source(for: labwc)?.1 as? ForeignToplevelFocusSource)?.socketPath == "/run/user/1000/wayland-0")
        // Without XDG_RUNTIME_DIR a display's name leads to no socket: X11, if there is one.
        #expect(FocusTracker.source(for: ["WAYLAND_DISPLAY": "wayland-0", "DISPLAY": ":0"])?.0 == "X11 display :0")
        #expect(FocusTracker.source(for: ["WAYLAND_DISPLAY": "wayland-0"]) == nil)
        // phosh's session names GNOME after Phosh, and runs no GNOME Shell: phoc's toplevels are asked.
        let phosh: SessionEnvironment = ["WAYLAND_DISPLAY": "wayland-0", "XDG_CURRENT_DESKTOP": "Phosh:GNOME", "XDG_RUNTIME_DIR": "/run/user/1000"]
        #expect(FocusTracker.shell(of: phosh) == nil)
        #expect(FocusTracker.source(for: phosh)?.0 == "wlr-foreign-toplevel-management on wayland-0")
    }
}
