// tactile serve on a turned output of Debian's real sway, mutter and KWin: the edge swipe and the click as the person sees the screen.
import Foundation
import Tactile
import TactileRecording
@testable import TactileDesktop
@testable import TactileService
import TactileTestSupport
import Testing

/// `tactile serve` on the testbed touchscreen (256 × 160 mm, 4096 × 2560
/// units: ``ServeTestbedTests/panel``) in a real, headless session whose
/// touchscreen output is turned the desktop's own way: sway's `output …
/// transform 90`, mutter's `ApplyMonitorsConfig` with a transform, KWin's
/// `kscreen-doctor output.….rotation.left`. The service reads the turn from
/// the desktop; a swipe in from the screen's left edge *as seen* is the back
/// key, and the long press's right click lands under the finger on the
/// turned output (read from what the service sent its pointer). A swipe from
/// the panel's own left edge would be the back key upright: each test fails
/// when the service does not follow the turn.
@Suite(.serialized, .enabled(if: TestSupport.testbedHelper != nil && TestSupport.product("tactile") != nil
                             && ["sway", "mutter", "kwin"].allSatisfy(DesktopSession.available),
                             "the testbed helper, tactile, sway, mutter or kwin is missing"))
struct RealTurnedOutputTests {
    /// What serve did: the back key's codes, the click's place (pointer units), its log.
    struct Outcome {
        var keys: [UInt16]
        var click: (x: Int, y: Int)?
        var log: String
    }

    /// A swipe from `start` to `end`, then a long press at 128 × 60 mm (millimetres on the panel as made).
    static func stream(swipeFrom start: (Double, Double), to end: (Double, Double), time: Double = 0.5) -> PanelStream {
        var stream = PanelStream(unitsPerMillimetre: 16, time: time)
        stream.stroke(slot: 0, from: start, to: end, frames: 12)
        stream.time += 0.3
        stream.frame(land: [0: (128, 60)])
        stream.wait(0.9, slot: 0)
        stream.frame(lift: [0])
        return stream
    }

    /// The testbed's config on the output `output`.
    static func config(output: String) -> String {
        ServeTestbedTests.config.replacingOccurrences(of: "kinds = [\"touchscreen\"]\n", with: "kinds = [\"touchscreen\"]\noutput = \"\(output)\"\n")
    }

    static func outcome(_ served: ServeTestbedTests.Served, log: String) -> Outcome {
        let keys = served.devices.first { $0.name == "Tactile keyboard" }?.inputEvents.filter { $0.type == .key }.map(\.code) ?? []
        let pointer = served.devices.first { $0.name.hasSuffix("pointer (Tactile)") }?.inputEvents ?? []
        let x = pointer.first { $0.type == .abs && $0.code == AbsCode.x }?.value, y = pointer.first { $0.type == .abs && $0.code == AbsCode.y }?.value
        return Outcome(keys: keys, click: x.flatMap { x in y.map { (Int(x), Int($0)) } }, log: log)
    }

    /// Serves `stream` in `session` with the config's output `output` (`mock`: options of `tactile mock`).
    func serve(_ stream: PanelStream, in session: DesktopSession, output: String, mock: [String] = []) throws -> Outcome {
        let served = try ServeTestbedTests().serve(stream.events, config: Self.config(output: output), session: session, mock: mock)
        #expect(served.output.status == 0, "\(served.output.standardError)")
        return Self.outcome(served, log: served.output.standardError)
    }

    static func near(_ click: (x: Int, y: Int)?, _ x: Double, _ y: Double) -> Bool {
        guard let click else { return false }
        return abs(Double(click.x) - x) <= 3 && abs(Double(click.y) - y) <= 3
    }

    /// That serve said `follows` of the device, sent the back key, and clicked at (`x`, `y`) (pointer units).
    static func expect(_ outcome: Outcome, follows: String, clickAt x: Double, _ y: Double) {
        #expect(outcome.log.contains("/dev/input/event5: gestures and clicks follow " + follows), "\(outcome.log)")
        #expect(outcome.keys == [56, 105, 105, 56], "\(outcome.log)")
        #expect(near(outcome.click, x, y), "\(String(describing: outcome.click)) \(outcome.log)")
    }

    @Test func onSwayTurned90TheSwipeAndTheClickAreTheScreens() throws {
        let session = try DesktopSession("sway") { directory in
            try "output HEADLESS-1 transform 90\n".write(toFile: directory + "/extra.conf", atomically: true, encoding: .utf8)
        }
        defer { session.stop() }
        // sway's 90 turns the picture clockwise (wl_output 270): the screen's left edge as seen is the
        // panel's top edge, and a swipe right as seen goes down the panel.
        // sway maps the pointer to the output: 128 × 60 mm (0.5, 0.375 of the panel) is 0.375, 0.5 of the output as seen.
        Self.expect(try serve(Self.stream(swipeFrom: (128, 1), to: (128, 60)), in: session, output: "HEADLESS-1"),
                    follows: "HEADLESS-1 as sway shows it, transform 90 (wl_output 270): touch matrix 0 1 0 -1 0 1", clickAt: 0.375 * 4095, 0.5 * 2559)
    }

    @Test func onSwayTheOutputsTurnFollowsThePanelsUdevCalibration() throws {
        let session = try DesktopSession("sway") { directory in
            try "output HEADLESS-1 transform 90\n".write(toFile: directory + "/extra.conf", atomically: true, encoding: .utf8)
        }
        defer { session.stop() }
        // The panel is mounted upside down on its output (its udev entry says so, as libinput reads it),
        // and sway turns the output clockwise: together, wl_output 90's matrix.
        let served = try serve(Self.stream(swipeFrom: (128, 159), to: (128, 100)), in: session, output: "HEADLESS-1", mock: ["--rotate", "180"])
        Self.expect(served, follows: "HEADLESS-1 as sway shows it, transform 90 (wl_output 270), after the udev calibration -1 0 1 0 -1 1: "
                    + "touch matrix 0 -1 1 1 0 0", clickAt: 0.625 * 4095, 0.5 * 2559)
    }

    /// Turns mutter's first virtual monitor by `transform` (wl_output's), the second to its right, as GNOME's display settings do.
    static func turnMutter(_ session: DesktopSession, transform: Int) throws {
        let state = try session.run(MutterPointerMapping.arguments)
        let object = try JSONSerialization.jsonObject(with: Data(state.standardOutput.utf8)) as? [String: Any]
        let serial = try #require((object?["data"] as? [Any])?.first as? NSNumber)
        let apply = try session.run(["busctl", "--user", "call", "org.gnome.Mutter.DisplayConfig", "/org/gnome/Mutter/DisplayConfig",
                                     "org.gnome.Mutter.DisplayConfig", "ApplyMonitorsConfig", "uua(iiduba(ssa{sv}))a{sv}", "\(serial)", "1", "2",
                                     "0", "0", "1", "\(transform)", "true", "1", "Meta-0", "1280x800@60.000", "0",
                                     "800", "0", "1", "0", "false", "1", "Meta-1", "1024x768@60.000", "0", "0"])
        try #require(apply.status == 0, "\(apply.standardError)")
    }

    @Test func onMutterTurnedByApplyMonitorsConfigTheSwipeAndTheClickAreTheScreens() throws {
        let session = try DesktopSession("mutter")
        defer { session.stop() }
        try Self.turnMutter(session, transform: 1)
        // wl_output 90 (GNOME's transform 1): the screen's left edge as seen is the panel's bottom edge.
        // mutter spans the pointer over its monitors: Meta-0 is 800 × 1280 of 1824 × 1280; the press is 0.625, 0.5 of it.
        Self.expect(try serve(Self.stream(swipeFrom: (128, 159), to: (128, 100)), in: session, output: "Meta-0"),
                    follows: "Meta-0 as GNOME shows it, transform 1 (wl_output 90): touch matrix 0 -1 1 1 0 0",
                    clickAt: 0.625 * 800 / 1824 * 4095, 0.5 * 2559)
    }

    @Test func onKWinTurnedByKscreenDoctorTheSwipeAndTheClickAreTheScreens() throws {
        let session = try DesktopSession("kwin")
        defer { session.stop() }
        let turn = try session.run(["kscreen-doctor", "output.Virtual-0.rotation.left", "output.Virtual-1.position.800,0"])
        try #require(turn.status == 0, "\(turn.standardError)")
        // KScreen's left is wl_output 90: the screen's left edge as seen is the panel's bottom edge.
        // KWin spans the pointer over its workspace: Virtual-0 is 800 × 1280 of 2080 × 1280.
        Self.expect(try serve(Self.stream(swipeFrom: (128, 159), to: (128, 100)), in: session, output: "Virtual-0"),
                    follows: "Virtual-0 as KDE Plasma shows it, rotation left (wl_output 90): touch matrix 0 -1 1 1 0 0",
                    clickAt: 0.625 * 800 / 2080 * 4095, 0.5 * 2559)
    }

    @Test func aTurnWhileServingIsFollowedWithoutARestart() throws {
        let session = try DesktopSession("sway")
        defer { session.stop() }
        let directory = try TemporaryDirectory.make(prefix: "tactile-turn")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let gestures = directory + "/turned.events", gate = directory + "/go", log = directory + "/serve.log"
        // The gestures as the testbed writes them, `E: SEC.USEC TYPE CODE VALUE`, once serve has followed the turn.
        let stream = Self.stream(swipeFrom: (128, 1), to: (128, 60), time: 0)
        let lines = stream.events.map { event in
            String(format: "E: %d.%06d %04x %04x %d", event.seconds, event.microseconds, event.type.rawValue, event.code, event.value)
        }
        try (lines.joined(separator: "\n") + "\n").write(toFile: gestures, atomically: true, encoding: .utf8)
        try session.own(directory)
        // Each step waits for what serve says (at most a minute each), never for a guessed time.
        func waitFor(_ pattern: String) -> String {
            "i=0; until grep -q -- '\(pattern)' @LOG@; do i=$((i+1)); [ $i -gt 1200 ] && break; sleep 0.05; done; "
        }
        let swaymsg = "env -u LD_PRELOAD swaymsg output HEADLESS-1 transform 90 >/dev/null; "
        let script = waitFor("follow HEADLESS-1 as sway shows it, upright") + swaymsg + waitFor("its output changed") + "touch \(gate); "
            + waitFor("back → key alt+Left") + waitFor("menu → right click") + "kill -TERM $$"
        let served = try ServeTestbedTests().serve([], config: Self.config(output: "HEADLESS-1"), during: script,
                                                   testbed: ["--paced-events", "/dev/input/event5=\(gestures)", "--paced-after", gate],
                                                   unplugAfter: 600, logTo: log, session: session)
        let text = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
        #expect(served.output.status == 0, "\(served.output.standardError) \(text)")
        #expect(text.contains("/dev/input/event5: its output changed: gestures and clicks follow HEADLESS-1 as sway shows it, "
                              + "transform 90 (wl_output 270): touch matrix 0 1 0 -1 0 1, from the next moment no finger is down"), "\(text)")
        Self.expect(Self.outcome(served, log: text + served.output.standardError),
                    follows: "HEADLESS-1 as sway shows it, upright", clickAt: 0.375 * 4095, 0.5 * 2559)
    }

    /// Where sway draws a window's title bar on the panel, and its title's text (`tools/output-picture.py`).
    struct Picture: Decodable {
        var width: Double, height: Double
        var edge: String?
        var text: [Double]?
    }

    static func picture(_ session: DesktopSession) throws -> Picture? {
        let output = try session.run(["python3", Repository.path("tools/output-picture.py"), "HEADLESS-1"])
        return output.status == 0 ? try? JSONDecoder().decode(Picture.self, from: Data(output.standardOutput.utf8)) : nil
    }

    @Test func swaysPictureTurnsAsTheTouchMatrixSays() throws {
        // The direction of each turn, from sway's own picture: the framebuffer as the panel holds it
        // (wlr-screencopy), a window's title bar along the screen's top as seen, its title at the left.
        let session = try DesktopSession("sway")
        defer { session.stop() }
        try session.client(["wev"])
        for name in ["normal", "90", "180", "270", "flipped", "flipped-90", "flipped-180", "flipped-270"] {
            #expect(try session.run(["swaymsg", "output", "HEADLESS-1", "transform", name]).status == 0)
            var picture: Picture?
            #expect(eventually(30) { picture = try? Self.picture(session); return picture?.edge != nil && picture?.text != nil }, "\(name)")
            guard let picture, let edge = picture.edge, let text = picture.text else { continue }
            // The touch matrix of sway's transform takes the panel's point to the screen as seen.
            let matrix = try #require(OutputTransform(swayName: name)).surfaceTransform
            let along = (text[0] + text[1]) / 2
            let (middle, title): (Point, Point) = switch edge {
            case "top": (Point(x: 0.5, y: 0), Point(x: along / picture.width, y: 0))
            case "bottom": (Point(x: 0.5, y: 1), Point(x: along / picture.width, y: 1))
            case "left": (Point(x: 0, y: 0.5), Point(x: 0, y: along / picture.height))
            default: (Point(x: 1, y: 0.5), Point(x: 1, y: along / picture.height))
            }
            #expect(abs(matrix.apply(to: middle).y) < 0.01, "sway's \(name): the title bar along the panel's \(edge) edge is the screen's top as seen")
            #expect(matrix.apply(to: title).x < 0.05, "sway's \(name): the title, at \(along) along that edge, is at the screen's left as seen")
        }
    }

    @Test func theOutputsAreFollowedThroughWlOutputAndXwaylandsThroughRandR() throws {
        let session = try DesktopSession("sway")
        defer { session.stop() }
        let wayland = try #require(OutputFollower.start(session: DetectedSession(SessionEnvironment(session.environment))))
        defer { wayland.stop() }
        #expect(wayland.route.name == "sway's IPC" && wayland.route.watch != nil)
        #expect(eventually(30) { wayland.layout?.outputs.count == 2 }, "\(wayland.collect())")
        #expect(wayland.layout?.outputs.first { $0.name == "HEADLESS-1" }?.transform == .normal)
        // X11 clients of the same session see sway's outputs through Xwayland's RandR (XWAYLAND0 is
        // HEADLESS-1), the X server admitting the tests' user as it admits the session's.
        #expect(try session.run(["xhost", "+si:localuser:\(NSUserName())"]).status == 0)
        var x11Environment = session.environment
        for key in ["SWAYSOCK", "WAYLAND_DISPLAY", "I3SOCK"] { x11Environment[key] = nil }
        let x11 = try #require(OutputFollower.start(session: DetectedSession(SessionEnvironment(x11Environment))))
        defer { x11.stop() }
        #expect(x11.route.name == "RandR")
        #expect(eventually(30) { x11.layout?.outputs.count == 2 }, "\(x11.collect())")
        let (before, xBefore) = (wayland.generation, x11.generation)
        #expect(try session.run(["swaymsg", "output", "HEADLESS-1", "transform", "90"]).status == 0)
        // sway's 90 is wl_output 270, and Xwayland's RR_Rotate_270.
        #expect(eventually(30) { wayland.layout?.outputs.first { $0.name == "HEADLESS-1" }?.transform == .rotated270 })
        #expect(wayland.generation > before)
        #expect(wayland.layout?.outputs.first { $0.name == "HEADLESS-1" }.map { ($0.width, $0.height) } ?? (0, 0) == (1080, 1920))
        #expect(eventually(30) { x11.layout?.outputs.first { $0.name == "XWAYLAND0" }?.transform == .rotated270 },
                "\(String(describing: x11.layout))")
        #expect(x11.generation > xBefore)
        #expect(wayland.collect().isEmpty && x11.collect().isEmpty)
    }
}
