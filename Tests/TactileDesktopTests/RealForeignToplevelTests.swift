// The focused app on Debian's real phoc 0.24 (wlroots 0.15), through wlr-foreign-toplevel-management.
import Foundation
import Tactile
@testable import TactileDesktop
@testable import TactileService
import TactileTestSupport
import Testing

/// wlroots compositors of no IPC of their own (labwc, phoc, wayfire, river) tell their focused
/// window only in their list of toplevels, as they tell a taskbar. Headless phoc (0.24) has no
/// input device, hence no `wl_seat` and no focus (foot and wev refuse to start without a seat):
/// the windows are followed on sway 1.7 (wlroots 0.15), which lists its toplevels the same way and
/// has a seat headless too, with its own IPC left out of the environment.
@Suite(.serialized, .enabled(if: DesktopSession.available("phoc") && DesktopSession.available("sway") && TestSupport.findOnPath("foot") != nil,
                             "phoc, sway or foot is not installed"))
struct RealForeignToplevelTests {
    /// How long `condition` took to come true, in seconds (polled every 10 ms); nil if it did not within `seconds`.
    static func reached(_ seconds: Double, _ condition: () -> Bool) -> Double? {
        let start = MonotonicClock.seconds()
        return eventually(seconds, condition) ? MonotonicClock.seconds() - start : nil
    }

    @Test func theActivatedToplevelIsTheFocusedApp() throws {
        let session = try DesktopSession("sway")
        defer { session.stop() }
        var environment = session.environment
        for key in ["SWAYSOCK", "I3SOCK"] { environment[key] = nil }
        let display = try #require(environment["WAYLAND_DISPLAY"])
        let tracker = try #require(FocusTracker.start(session: DetectedSession(SessionEnvironment(environment))))
        defer { tracker.stop() }
        #expect(tracker.route == "wlr-foreign-toplevel-management on \(display)")
        #expect(eventually(10) { tracker.isAnswering }, "\(tracker.problem ?? "no answer")")
        #expect(tracker.current == nil)
        // The session's user has no login shell: foot runs sh.
        let (a, b) = (FocusedApp(appID: "tactile-a", windowClass: nil), FocusedApp(appID: "tactile-b", windowClass: nil))
        let first = try session.client(["foot", "--app-id=tactile-a", "sh"])
        let opened = Self.reached(20) { tracker.current == a }
        #expect(opened != nil, "\(String(describing: tracker.current))\n\(session.log)")
        let second = try session.client(["foot", "--app-id=tactile-b", "sh"])
        #expect(eventually(20) { tracker.current == b }, "\(String(describing: tracker.current))")
        // SIGKILL: the clients inherit the test runner's blocked signals.
        kill(second.processIdentifier, SIGKILL)
        let back = Self.reached(5) { tracker.current == a }
        #expect(back != nil, "after the kill: \(String(describing: tracker.current))")
        kill(first.processIdentifier, SIGKILL)
        let none = Self.reached(5) { tracker.current == nil }
        #expect(none != nil, "after the last kill: \(String(describing: tracker.current))")
        #expect(tracker.isAnswering)
        #expect(tracker.collect() == ["focused app: followed through \(tracker.route)"])
    }

    @Test func phocsSessionTakesTheRouteAndItAnswers() throws {
        let session = try DesktopSession("phoc")
        defer { session.stop() }
        let tracker = try #require(FocusTracker.start(session: DetectedSession(SessionEnvironment(session.environment))))
        defer { tracker.stop() }
        #expect(tracker.route == "wlr-foreign-toplevel-management on \(session.environment["WAYLAND_DISPLAY"] ?? "")")
        #expect(eventually(10) { tracker.isAnswering }, "\(tracker.problem ?? "no answer")")
        #expect(tracker.current == nil)
        #expect(tracker.collect() == ["focused app: followed through \(tracker.route)"])
        // The doctor says the same.
        let check = Doctor(system: .current(environment: session.environment)).focusCheck(configUsesApps: true)
        #expect(check.status == .ok)
        #expect(check.summary == "followed through \(tracker.route): no app has the focus now", "\(check.summary)")
    }

    @Test(.enabled(if: DesktopSession.available("mutter"), "mutter is not installed"))
    func mutterOffersNoListAndSaysSo() throws {
        let session = try DesktopSession("mutter")
        defer { session.stop() }
        let path = try #require(SessionEnvironment(session.environment).waylandSocketPath)
        let source = ForeignToplevelFocusSource(socketPath: path, display: "wayland-0")
        do throws(FocusError) {
            try source.follow(FocusTracker(route: "wlr-foreign-toplevel-management on wayland-0"))
            Issue.record("mutter's globals had the manager")
        } catch {
            #expect(error.description == "the compositor at wayland-0 offers no wlr-foreign-toplevel-management: "
                    + "no zwlr_foreign_toplevel_manager_v1 among its globals")
        }
    }
}
