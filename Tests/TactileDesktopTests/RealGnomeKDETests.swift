// The desktop side against Debian's real mutter 43 and KWin 5.27, headless: the primary output, the bindings, doctor.
import Foundation
import Tactile
@testable import TactileDesktop
@testable import TactileService
import TactileTestSupport
import Testing

/// GNOME's compositor and KDE Plasma's as Debian 12 ships them, headless,
/// each on a session bus of its own (`tools/desktop-session`). What needs
/// the session's bus runs inside the session, as its user.
@Suite(.serialized, .enabled(if: DesktopSession.available("mutter") && DesktopSession.available("kwin"), "mutter or kwin is not installed"))
struct RealGnomeKDETests {
    static var tactile: String? { TestSupport.product("tactile") }

    /// What `arguments` print in `session`, as `read` understands it (the service's own reader).
    func answer<Value>(_ session: DesktopSession, _ arguments: [String], _ read: (String) -> Value?) throws -> Value {
        let output = try session.run(arguments)
        try #require(output.status == 0, "\(output.standardError)")
        return try #require(read(output.standardOutput), "\(output.standardOutput)")
    }

    /// mutter's GetCurrentState, asked as the service asks it.
    func mutterLayout(_ session: DesktopSession) throws -> DesktopLayout {
        try answer(session, MutterPointerMapping.arguments, MutterPointerMapping.layout(inJSON:))
    }

    @Test func gnomesPrimaryMonitorIsWhereClicksLand() throws {
        let session = try DesktopSession("mutter")
        defer { session.stop() }
        #expect(try mutterLayout(session).likely == .init(name: "Meta-0", reason: "the primary monitor"))
        // The second monitor made primary, as GNOME's display settings do (ApplyMonitorsConfig, temporary).
        let apply = try session.run(["busctl", "--user", "call", "org.gnome.Mutter.DisplayConfig", "/org/gnome/Mutter/DisplayConfig",
                                     "org.gnome.Mutter.DisplayConfig", "ApplyMonitorsConfig", "uua(iiduba(ssa{sv}))a{sv}", "2", "1", "2",
                                     "0", "0", "1", "0", "false", "1", "Meta-0", "1280x800@60.000", "0",
                                     "1280", "0", "1", "0", "true", "1", "Meta-1", "1024x768@60.000", "0", "0"])
        try #require(apply.status == 0, "\(apply.standardError)")
        let layout = try mutterLayout(session)
        #expect(layout.likely == .init(name: "Meta-1", reason: "the primary monitor"))
        let choice = layout.choice(configured: nil)
        #expect(choice.target == "Meta-1")
        #expect(choice.log.first?.contains("clicks land on Meta-1, the primary monitor") == true, "\(choice.log)")
    }

    @Test func gnome43sOwnBindingsDecideAndCheckSaysWhichItRead() throws {
        let tactile = try #require(Self.tactile)
        let session = try DesktopSession("mutter")
        defer { session.stop() }
        let check = try session.run([tactile, "check"])
        #expect(check.status == 0, "\(check.standardError)")
        let text = check.standardOutput
        // GNOME 43 has no quick-settings key, and its <Super>s opens the overview: the gesture is left out.
        #expect(text.contains("quick-settings: none (org.gnome.shell.keybindings has no toggle-quick-settings)"), "\(text)")
        #expect(text.contains("gesture \"quick settings\" is left out"), "\(text)")
        #expect(!text.contains("super+s"), "\(text)")
        #expect(text.contains("with its bindings read from gsettings"), "\(text)")
        #expect(text.contains("overview: key super (org.gnome.mutter overlay-key = 'Super_L', read from gsettings)"), "\(text)")
        #expect(text.contains("next-workspace: key super+Page_Down"), "\(text)")
        // mutter 43 passes no touch cancel on: claimed touches are lifted, its version read from it.
        #expect(text.contains("a touch taken after the app saw it is lifted once at rest: mutter 43.")
                || text.contains("a touch taken after the app saw it is lifted once at rest: GNOME Shell 43."), "\(text)")
        #expect(text.contains("show-desktop: none (org.gnome.desktop.wm.keybindings show-desktop = @as []: bound to nothing)"), "\(text)")
        // A user's own binding is the one sent.
        let set = try session.run(["gsettings", "set", "org.gnome.shell.keybindings", "toggle-message-tray", "['<Super>n']"])
        try #require(set.status == 0, "\(set.standardError)")
        let rebound = try session.run([tactile, "check"]).standardOutput
        #expect(rebound.contains("notifications: key super+n (org.gnome.shell.keybindings toggle-message-tray = ['<Super>n']"), "\(rebound)")
    }

    @Test func doctorOnGnomeWithoutAUserManagerDoesNotAdviseTheHiddenAutostartEntry() throws {
        let tactile = try #require(Self.tactile)
        let session = try DesktopSession("mutter")
        defer { session.stop() }
        // No systemd user manager here, as on a GNOME session without one.
        let doctor = try session.run([tactile, "doctor"])
        let session_ = doctor.lines.drop { !$0.contains(" session: ") }.prefix(4).joined(separator: "\n")
        #expect(session_.contains("GNOME: graphical-session.target is not known here"), "\(doctor.standardOutput)")
        #expect(!session_.contains("--autostart"), "\(session_)")
        #expect(session_.contains("which needs your systemd user manager"), "\(session_)")
        // The autostart entry it used to advise is not shown on GNOME at all.
        let entry = try String(contentsOfFile: Repository.path("dist/tactile-autostart.desktop"), encoding: .utf8)
        #expect(entry.contains("NotShowIn=GNOME;KDE;"))
    }

    /// kscreen-doctor's layout, asked as the service asks it.
    func plasmaLayout(_ session: DesktopSession) throws -> DesktopLayout {
        try answer(session, KScreenPointerMapping.arguments, KScreenPointerMapping.layout(inJSON:))
    }

    @Test func plasma527sPrimaryIsItsPriorityOne() throws {
        let session = try DesktopSession("kwin")
        defer { session.stop() }
        #expect(try plasmaLayout(session).likely?.name == "Virtual-0")
        let swap = try session.run(["kscreen-doctor", "output.Virtual-1.priority.1"])
        try #require(swap.status == 0, "\(swap.standardError)")
        let layout = try plasmaLayout(session)
        #expect(layout.likely?.name == "Virtual-1")
        #expect(layout.likely?.reason == "the primary output")
    }

    @Test func kwinsShortcutsAreReadFromKglobalaccel() throws {
        let tactile = try #require(Self.tactile)
        let session = try DesktopSession("kwin")
        defer { session.stop() }
        let text = try session.run([tactile, "check"]).standardOutput
        #expect(text.contains("with its bindings read from kglobalaccel on the session bus, KWin 5.27"), "\(text)")
        #expect(text.contains("overview: run dbus-send"), "\(text)")
        #expect(text.contains("quick-settings: none (KDE Plasma has no quick-settings)"), "\(text)")
        // KWin passes libinput's touch cancel on: claimed touches stay cancelled.
        #expect(text.contains("a touch taken after the app saw it is cancelled: KWin 5.27"), "\(text)")
    }
}
