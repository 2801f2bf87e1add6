// The desktop side against Debian's real phoc and wlr-randr 0.2, Xvfb without a window manager, Xwayland with openbox.
import Foundation
import Tactile
@testable import TactileDesktop
@testable import TactileService
import TactileTestSupport
import Testing

/// wlroots compositors other than sway (phoc, wlroots 0.15) read through
/// Debian 12's wlr-randr, and X11 displays with and without an EWMH window
/// manager, as Debian ships them (`tools/desktop-session`).
@Suite(.serialized, .enabled(if: ["phoc", "xvfb", "xwayland"].allSatisfy(DesktopSession.available), "phoc, Xvfb or Xwayland is not installed"))
struct RealWlrootsX11Tests {
    @Test func wlrRandr02sTextPlacesTheClicks() throws {
        let session = try DesktopSession("phoc")
        defer { session.stop() }
        // Debian 12's wlr-randr has no --json.
        let json = try session.run(WlrRandrPointerMapping.arguments)
        #expect(json.status != 0 && json.standardError.contains("unrecognized option '--json'"), "\(json.standardError)")
        let turned = try session.run(["wlr-randr", "--output", "HEADLESS-2", "--scale", "2", "--transform", "90"])
        try #require(turned.status == 0, "\(turned.standardError)")
        let text = try session.run(WlrRandrPointerMapping.textArguments)
        let outputs = try #require(WlrRandrPointerMapping.outputs(inText: text.standardOutput), "\(text.standardOutput)")
        // wlr-randr's `90` is the protocol's: phoc tells its clients wl_output transform 90.
        #expect(Set(outputs) == [OutputRect(name: "HEADLESS-1", x: 0, y: 0, width: 1280, height: 800),
                                 OutputRect(name: "HEADLESS-2", x: 1280, y: 0, width: 540, height: 960, transform: .rotated90)])
        // The whole route, as the service runs it in that session: --json refused, the text read.
        let outcome = PointerMappingOutcome.placing(over: try WlrRandrPointerMapping(environment: session.environment).read(), configured: "HEADLESS-2")
        #expect(outcome.log.contains { $0.contains("clicks placed on HEADLESS-2") && $0.contains("(wlr-randr's text)") }, "\(outcome.log)")
        #expect(outcome.mapping != .identity)
        // Under Phosh (its session names it), phoc's own version decides: it drops the touch cancel.
        var phosh = session.environment
        phosh["XDG_CURRENT_DESKTOP"] = "Phosh:GNOME"
        let choice = ClaimedTouchEndChoice.detect(session: DetectedSession(SessionEnvironment(phosh)), desktop: .detect(environment: SessionEnvironment(phosh)))
        #expect(choice.end == .lift)
        #expect(choice.reason.hasPrefix("phoc 0.24.0 (from phoc --version) drops the cancel"), "\(choice)")
    }

    @Test func anXDisplayWithoutAWindowManagerIsSaidOnce() throws {
        let session = try DesktopSession("xvfb")
        defer { session.stop() }
        let tracker = try #require(FocusTracker.start(session: DetectedSession(SessionEnvironment(session.environment))))
        defer { tracker.stop() }
        #expect(eventually(5) { tracker.problem != nil })
        Thread.sleep(forTimeInterval: 2.5)
        let said = tracker.collect()
        #expect(said.count == 1, "\(said)")
        #expect(said.first?.contains("no _NET_ACTIVE_WINDOW yet (is an EWMH window manager running?)") == true, "\(said)")
        let check = Doctor(system: .current(environment: session.environment)).focusCheck(configUsesApps: false)
        #expect(check.status == .note)
        #expect(check.summary.contains("cannot follow X11 display \(session.environment["DISPLAY"] ?? "")"), "\(check.summary)")
    }

    @Test func openboxsClosedWindowLeavesNoApp() throws {
        let session = try DesktopSession("xwayland")
        defer { session.stop() }
        let tracker = try #require(FocusTracker.start(session: DetectedSession(SessionEnvironment(session.environment))))
        defer { tracker.stop() }
        try session.client(["xmessage", "-name", "tactile", "a window"])
        #expect(eventually(10) { tracker.current == FocusedApp(appID: nil, windowClass: "Xmessage") }, "\(String(describing: tracker.current))")
        // openbox leaves _NET_ACTIVE_WINDOW naming the closed window; its client list changes.
        session.killClients()
        #expect(eventually(5) { tracker.current == nil }, "\(String(describing: tracker.current))")
    }
}
