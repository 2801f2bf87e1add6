// The desktop side against Debian's real sway 1.7 and i3 4.22, headless: the focused app, the bindings, the dry run.
import Foundation
import Tactile
@testable import TactileDesktop
@testable import TactileService
import TactileTestSupport
import Testing

/// sway and i3 as Debian ships them, headless (`tools/desktop-session`):
/// what a fake IPC server could not show. Each test starts its own session.
@Suite(.serialized, .enabled(if: DesktopSession.available("sway") && DesktopSession.available("i3"), "sway or i3 is not installed"))
struct RealSwayTests {
    /// The lines of Debian's own default configs that the presets read (`/etc/sway/config`, `/etc/i3/config`).
    static let swayBindings = """
        set $mod Mod4
        set $menu dmenu_path | dmenu | xargs swaymsg exec --
        bindsym $mod+d exec $menu
        floating_modifier $mod normal

        """
    static let i3Bindings = """
        set $mod Mod1
        bindsym $mod+d exec --no-startup-id dmenu_run
        floating_modifier $mod

        """

    static func start(_ name: String, config: String = "", settings: [String: String] = [:]) throws -> DesktopSession {
        try DesktopSession(name, settings: settings) { directory in
            try config.write(toFile: directory + "/extra.conf", atomically: true, encoding: .utf8)
        }
    }

    /// Follows the focus through `route`'s tracker while `session` opens a window of `app`,
    /// switches to an empty workspace and back, and kills the window (`message`: swaymsg or i3-msg).
    func followsEveryChange(_ session: DesktopSession, message: String, window: [String], app: FocusedApp) throws {
        let tracker = try #require(FocusTracker.start(session: DetectedSession(SessionEnvironment(session.environment))))
        defer { tracker.stop() }
        #expect(eventually(10) { tracker.isAnswering }, "\(tracker.problem ?? "no answer")")
        try session.client(window)
        #expect(eventually(10) { tracker.current == app }, "\(String(describing: tracker.current))")
        // An empty workspace: no window event at all, only workspace ones.
        #expect(try session.run([message, "workspace", "5"]).status == 0)
        #expect(eventually(5) { tracker.current == nil }, "after the switch: \(String(describing: tracker.current))")
        #expect(try session.run([message, "workspace", "1"]).status == 0)
        #expect(eventually(5) { tracker.current == app })
        // The last window closed: a close event, and no focus event after it.
        #expect(try session.run([message, "kill"]).status == 0)
        #expect(eventually(5) { tracker.current == nil }, "after the kill: \(String(describing: tracker.current))")
        #expect(tracker.collect() == ["focused app: followed through \(tracker.route)"])
    }

    @Test func onSwayTheFocusFollowsWorkspacesAndClosedWindows() throws {
        let session = try Self.start("sway")
        defer { session.stop() }
        try followsEveryChange(session, message: "swaymsg", window: ["wev"], app: FocusedApp(appID: "wev", windowClass: nil))
    }

    @Test func onI3TheFocusFollowsWorkspacesAndClosedWindows() throws {
        let session = try Self.start("i3")
        defer { session.stop() }
        let app = FocusedApp(appID: nil, windowClass: "Xmessage")
        try followsEveryChange(session, message: "i3-msg", window: ["xmessage", "-name", "tactile", "a window"], app: app)
        // The X11 route of the same session agrees: _NET_ACTIVE_WINDOW 0 on the empty workspace.
        var x11 = session.environment
        x11["I3SOCK"] = nil
        let tracker = try #require(FocusTracker.start(session: DetectedSession(SessionEnvironment(x11))))
        defer { tracker.stop() }
        #expect(tracker.route.hasPrefix("X11 display"))
        try session.client(["xmessage", "-name", "tactile", "another"])
        #expect(eventually(10) { tracker.current == app })
        #expect(try session.run(["i3-msg", "workspace", "5"]).status == 0)
        #expect(eventually(5) { tracker.current == nil })
    }

    @Test func aSocketThatIsGoneIsSaidOnceAndFollowedWhenItAnswers() throws {
        let session = try Self.start("sway")
        defer { session.stop() }
        var environment = session.environment
        environment["SWAYSOCK"] = session.directory + "/run/gone.sock"
        let tracker = try #require(FocusTracker.start(session: DetectedSession(SessionEnvironment(environment))))
        defer { tracker.stop() }
        #expect(eventually(5) { tracker.problem != nil })
        // Retried each second, said once.
        Thread.sleep(forTimeInterval: 2.5)
        let said = tracker.collect()
        #expect(said.count == 1, "\(said)")
        #expect(said.first?.hasPrefix("focused app: cannot follow sway IPC at \(session.directory)/run/gone.sock: cannot connect to ") == true,
                "\(said)")
        #expect(!tracker.isAnswering)
        // The doctor says the same, and that the config's app = … gestures would not fire.
        let check = Doctor(system: .current(environment: environment)).focusCheck(configUsesApps: true)
        #expect(check.status == .problem)
        #expect(check.summary.contains("cannot follow sway IPC at") && check.summary.hasSuffix("the config's gestures with app = … never fire"),
                "\(check.summary)")
        // Once the socket is there, it is followed, and that is said too.
        #expect(symlink(session.environment["SWAYSOCK"] ?? "", environment["SWAYSOCK"] ?? "") == 0)
        #expect(eventually(5) { tracker.isAnswering })
        #expect(tracker.collect() == ["focused app: followed through \(tracker.route) again"])
    }

    @Test func theBindingsAreReadFromTheConfigSwayRuns() throws {
        // The launcher rebound from Debian's $mod+d to $mod+p: the key read is the one the user has.
        let rebound = Self.swayBindings.replacingOccurrences(of: "bindsym $mod+d", with: "bindsym $mod+p")
        let session = try Self.start("sway", config: rebound)
        defer { session.stop() }
        let bindings = try DesktopBindings.read(.sway, session: DetectedSession(SessionEnvironment(session.environment))).get()
        #expect(bindings.version == "sway 1.7")
        #expect(bindings.routes[.appGrid]?.kind == .key("super+p"))
        #expect(bindings.routes[.appGrid]?.documented == "sway's config: bindsym $mod+p exec $menu")
        #expect(bindings.routes[.moveWindow]?.kind == .drag("super"))
        #expect(bindings.routes[.nextWorkspace]?.kind == .command(["swaymsg", "workspace", "next_on_output"]))
        #expect(bindings.absent[.overview] == "sway has no overview")
        // The config loaded in that session says where its keys came from.
        let settings = SessionSettings.detect(session: DetectedSession(SessionEnvironment(session.environment)))
        #expect(settings.desktop.routesSource == "bindings read from sway's config over its IPC, sway 1.7")
        // sway 1.7 passes no touch cancel on: claimed touches are lifted, its version read over its IPC.
        #expect(settings.claimedTouchEnd.end == .lift)
        #expect(settings.claimedTouchEnd.reason.hasPrefix("sway 1.7 (from sway's IPC) drops the cancel"), "\(settings.claimedTouchEnd)")
    }

    @Test func keysAreTypedOnTheLayoutSwaysConfigGives() throws {
        // tools/desktops/sway.sh's config: input type:keyboard xkb_layout de.
        let session = try Self.start("sway")
        defer { session.stop() }
        let choice = KeyboardLayoutChoice.detect(session: DetectedSession(SessionEnvironment(session.environment)), root: session.directory)
        #expect(choice.layout == KeyboardLayout(layout: "de"))
        #expect(choice.source == "sway's config (input type:keyboard)")
        // A block and a variable, as sway's own man page writes them.
        let block = "set $kb de\ninput type:keyboard {\n    xkb_layout $kb\n    xkb_variant nodeadkeys\n}\n"
        #expect(KeyboardLayoutChoice.swayLayout(inConfig: block)?.layout == KeyboardLayout(layout: "de", variant: "nodeadkeys"))
    }

    @Test func i3sBindingsAreItsOwnConfigs() throws {
        let session = try Self.start("i3", config: Self.i3Bindings)
        defer { session.stop() }
        let bindings = try DesktopBindings.read(.i3, session: DetectedSession(SessionEnvironment(session.environment))).get()
        #expect(bindings.version?.hasPrefix("i3 4.22") == true, "\(bindings.version ?? "none")")
        #expect(bindings.routes[.appGrid]?.kind == .key("alt+d"))
        #expect(bindings.routes[.moveWindow]?.kind == .drag("alt"))
    }
}
