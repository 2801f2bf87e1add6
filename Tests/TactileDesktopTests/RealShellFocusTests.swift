// Per-app bindings on Debian's real KWin 5.27 and GNOME Shell 43 under Wayland: the shell tells tactile serve the focused app.
import Foundation
import Tactile
@testable import TactileDesktop
@testable import TactileService
import TactileTestSupport
import Testing

/// `tactile serve --dry-run` with bindings for two apps and one for no app,
/// on a testbed touchscreen, inside a real headless KDE Plasma (KWin 5.27
/// with its Xwayland) or GNOME Shell 43 session. The focus moves between a
/// Wayland app and another app and then to none; after each move, once the
/// service says it heard it, one drag: the binding that fires is the
/// focused app's, or the `not-app` binding when none has the focus. Each
/// test fails without the route (no binding with `app` would fire).
///
/// How long each move took to reach the service (from the action that moves
/// the focus to the service's line) is measured and printed; the assertion
/// on it is loose (5 s), so that a busy machine cannot fail it.
@Suite(.serialized, .enabled(if: TestSupport.testbedHelper != nil && TestSupport.product("tactile") != nil
                             && DesktopSession.available("kwin"), "the testbed helper, tactile or kwin is missing"))
struct RealShellFocusTests {
    /// Bindings of one drag (a pan: the paced writer stamps each frame as it writes it, and a
    /// busy machine may pause it mid-stroke, which would fail a swipe's 0.5 s): in `first`, in
    /// `second`, and in neither.
    static func config(first: String, second: String) -> String {
        """
        [devices]
        kinds = ["touchscreen"]

        [[gesture]]
        name = "in \(first)"
        recognizer = "pan"
        app = "\(first)"
        ended = { key = "ctrl+1" }

        [[gesture]]
        name = "in \(second)"
        recognizer = "pan"
        app = "\(second)"
        ended = { key = "ctrl+2" }

        [[gesture]]
        name = "no app"
        recognizer = "pan"
        not-app = ["\(first)", "\(second)"]
        ended = { key = "ctrl+3" }
        """
    }

    /// One step of a run: what the script does to move the focus, the app
    /// the service must then say (`none`), and the binding the drag fires.
    struct Step {
        var action: String
        var heard: String
        var binding: String
    }

    /// The paced file: `count` drags right across the middle of the panel, each held by its gate.
    static func gatedDrags(_ count: Int, gate: (Int) -> String) -> String {
        var lines: [String] = []
        var stream = PanelStream(unitsPerMillimetre: 16, time: 1)
        for index in 0..<count {
            let start = stream.events.count
            stream.stroke(slot: 0, from: (60, 80), to: (180, 82), frames: 12)
            stream.time += 0.5
            lines.append("G: \(gate(index))")
            lines += stream.events[start...].map { event in
                String(format: "E: %d.%06d %04x %04x %d", event.seconds, event.microseconds, event.type.rawValue, event.code, event.value)
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Runs the steps in `session` and returns serve's output (standard
    /// output and error, in order) with the script's measured delays.
    /// `epilogue` runs after the last step (it ends what the steps started and did not end).
    func run(_ steps: [Step], config: String, in session: DesktopSession, prologue: String = "", epilogue: String = "") throws -> String {
        let directory = try TemporaryDirectory.make(prefix: "tactile-shell-focus")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let drags = directory + "/drags.events", log = directory + "/serve.log"
        try Self.gatedDrags(steps.count) { "\(directory)/gate\($0)" }.write(toFile: drags, atomically: true, encoding: .utf8)
        try session.own(directory)
        // Each wait is for a line serve prints (at most 30 s), never a guessed time, polling every
        // 10 ms, and says how long it took. `now APP` waits until the last `focused app: now` line names
        // APP (a shell may say none for a moment between two windows); `fired N BINDING` waits for
        // BINDING's Nth action.
        var script = """
            took() { echo "measured: $1 after $(awk "BEGIN { print $(date +%s.%N) - $moved }") s" >> @LOG@; }; \
            late() { [ "$(date +%s)" -gt "$(( ${moved%.*} + 30 ))" ]; }; \
            now() { until grep -i 'focused app: now ' @LOG@ | tail -n 1 | grep -q -i -- "now $1$" || late; do sleep 0.01; done; took "$2"; }; \
            fired() { until [ "$(grep -c -- "$2 → key" @LOG@)" -ge "$1" ] || late; do sleep 0.01; done; took "$3"; }; \(prologue)
            """
        var fired: [String: Int] = [:]
        for (index, step) in steps.enumerated() {
            fired[step.binding, default: 0] += 1
            // A new line after the action, which may end with `&`.
            script += "moved=$(date +%s.%N); \(step.action)\nnow '\(step.heard)' 'step \(index) heard'; touch \(directory)/gate\(index); "
                + "moved=$(date +%s.%N); fired \(fired[step.binding] ?? 1) '\(step.binding)' 'step \(index) fired'; "
        }
        script += epilogue + "\nkill -TERM $$"
        let environment = ["XDG_DATA_DIRS": Repository.path("dist/share")]
        let served = try ServeTestbedTests().serve([], config: config, extra: ["--dry-run"], during: script, environment: environment,
                                                   testbed: ["--paced-events", "/dev/input/event5=\(drags)"],
                                                   unplugAfter: 600, logTo: log, session: session, logsStandardOutput: true)
        let text = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
        #expect(served.output.status == 0, "\(served.output.standardError) \(text)")
        return text
    }

    /// That `text` shows each step's binding fired, in order, once each, and the delays it measured.
    static func expectBindings(_ text: String, _ steps: [Step], route: String, followedAgain: Int = 0) {
        let names = Set(steps.map(\.binding))
        let fired = text.split(separator: "\n").filter { $0.contains(" → key ctrl+") }.compactMap { line in
            names.first { line.contains("\($0) → key ctrl+") }
        }
        #expect(fired == steps.map(\.binding), "\(text)")
        #expect(text.components(separatedBy: "focused app: followed through \(route)\n").count == 2, "\(text)")
        #expect(text.components(separatedBy: "focused app: followed through \(route) again\n").count == followedAgain + 1, "\(text)")
        let delays = text.split(separator: "\n").filter { $0.hasPrefix("measured: step ") && $0.contains(" heard after ") }
        #expect(delays.count == steps.count, "\(text)")
        for line in delays {
            print("RealShellFocusTests: \(line)")
            let seconds = line.split(separator: " ").dropLast().last.flatMap { Double($0) } ?? .infinity
            #expect(seconds < 5, "\(line)")
        }
    }

    @Test func kwinsScriptSaysTheFocusedAppOfWaylandAndXwaylandAndNone() throws {
        let session = try DesktopSession("kwin", settings: ["KWIN_XWAYLAND": "1"])
        defer { session.stop() }
        // wev, a Wayland client; xmessage, an X11 one (KWin names its class xmessage); closing
        // xmessage gives the focus back to wev, closing wev leaves none. (SIGKILL: the clients
        // inherit the test runner's blocked signals, SIGTERM among them.)
        let steps = [
            Step(action: "wev >/dev/null 2>&1 & wev=$!", heard: "wev", binding: "in wev"),
            Step(action: "xmessage -name tactile hello >/dev/null 2>&1 & xm=$!", heard: "xmessage", binding: "in xmessage"),
            Step(action: "kill -KILL $xm", heard: "wev", binding: "in wev"),
            Step(action: "kill -KILL $wev", heard: "none", binding: "no app"),
        ]
        // Another program on the bus may not choose the app.
        let spoof = "env -u LD_PRELOAD busctl --user call \(ShellFocusSource.serviceName) \(ShellFocusSource.objectPath) "
            + "\(ShellFocusSource.interface) Report ss firefox firefox >> @LOG@ 2>&1"
        let text = try run(steps, config: Self.config(first: "wev", second: "xmessage"), in: session, epilogue: spoof)
        Self.expectBindings(text, steps, route: "KWin's script tactile-focus over the session bus")
        #expect(text.contains("Call failed: Access denied"), "\(text)")
        #expect(!text.contains("focused app: now firefox"), "\(text)")
        // Unloaded when serve stopped.
        let loaded = try session.run(["busctl", "--user", "call", "org.kde.KWin", "/Scripting", "org.kde.kwin.Scripting", "isScriptLoaded", "s", "tactile-focus"])
        #expect(loaded.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines) == "b false", "\(loaded.standardOutput)")
    }

    @Test func aKWinThatRestartsGetsTheScriptAgain() throws {
        let session = try DesktopSession("kwin")
        defer { session.stop() }
        // KWin killed (its process group: Xwayland and what it started go with it), then another
        // KWin on the same bus, as a crashed KWin comes back; wev on each.
        let kwin = try String(contentsOfFile: session.directory + "/kwin-command", encoding: .utf8)
        let group = try #require(String(contentsOfFile: session.directory + "/pids", encoding: .utf8).split(separator: "\n").last)
        let restart = "kill -9 -\(group); "
            + "until grep -q 'KWin left the session bus' @LOG@ || late; do sleep 0.01; done; "
            + "eval \"\(kwin) --virtual --width 1280 --height 800 --socket wayland-1 --no-lockscreen\" >/dev/null 2>&1 & again=$!"
        let steps = [
            Step(action: "wev >/dev/null 2>&1 &", heard: "wev", binding: "in wev"),
            Step(action: restart, heard: "none", binding: "no app"),
            Step(action: "until [ -S $XDG_RUNTIME_DIR/wayland-1 ] || late; do sleep 0.01; done; WAYLAND_DISPLAY=wayland-1 wev >/dev/null 2>&1 & wev=$!",
                 heard: "wev", binding: "in wev"),
        ]
        let route = "KWin's script tactile-focus over the session bus"
        // The testbed waits for what the script started: the second KWin and its wev end with it.
        // The doctor, beside the running serve, asks it what it heard.
        let tactile = try #require(TestSupport.product("tactile"))
        let doctor = "env -u LD_PRELOAD \(tactile) doctor | grep 'focused app' >> @LOG@; kill -9 $wev $again"
        let text = try run(steps, config: Self.config(first: "wev", second: "xmessage"), in: session, epilogue: doctor)
        Self.expectBindings(text, steps, route: route, followedAgain: 1)
        #expect(text.contains("focused app: cannot follow \(route): KWin left the session bus; gestures with app = … do not fire"), "\(text)")
        #expect(text.contains("✓ focused app: tactile serve (running) follows it through \(route): wev has the focus"), "\(text)")
        // The new KWin serves /Scripting a moment after it takes its name: not a problem to say.
        #expect(text.components(separatedBy: "focused app: cannot follow").count == 2, "\(text)")
    }

    /// The doctor's "focused app" line, run as `command` in `session` until it says `wanted` (at most 20 s; the last line otherwise).
    static func doctorFocusLine(in session: DesktopSession, _ command: [String], saying wanted: String) -> String {
        var line = ""
        _ = eventually(20) {
            line = (try? session.run(command))?.standardOutput.split(separator: "\n").first { $0.contains("focused app") }.map(String.init) ?? ""
            return line.contains(wanted)
        }
        return line
    }

    @Test func doctorSaysTheKWinRouteAndWhyItCannotBeFollowed() throws {
        let tactile = try #require(TestSupport.product("tactile"))
        let session = try DesktopSession("kwin")
        defer { session.stop() }
        try session.client(["wev"])
        let installed = "XDG_DATA_DIRS=" + Repository.path("dist/share")
        let line = Self.doctorFocusLine(in: session, ["env", installed, tactile, "doctor"], saying: "wev has the focus")
        #expect(line == "✓ focused app: followed through KWin's script tactile-focus over the session bus: wev has the focus")
        // Nowhere to find the script: said, with where it was looked for.
        let missing = try session.run(["env", "XDG_DATA_DIRS=/nonexistent", tactile, "doctor"]).standardOutput
        #expect(missing.contains("focused app: cannot follow KWin's script tactile-focus over the session bus: the KWin script "
                                 + "tactile/kwin/tactile-focus.js is in none of "), "\(missing)")
    }

    // MARK: GNOME Shell 43

    static let gnomeRoute = "GNOME Shell's extension tactile-focus@tactile.github.io over the session bus"

    /// A headless GNOME Shell 43, with the extension's 43 form installed and enabled when `withExtension`.
    static func gnomeShell(withExtension: Bool) throws -> DesktopSession {
        try DesktopSession("gnome-shell", settings: withExtension ? ["GNOME_SHELL_EXTENSIONS": Repository.path("dist/share/tactile/gnome-shell/43")] : [:])
    }

    @Test(.enabled(if: DesktopSession.available("gnome-shell"), "gnome-shell is not installed"))
    func gnomeShellsExtensionSaysTheFocusedAppAndNone() throws {
        let session = try Self.gnomeShell(withExtension: true)
        defer { session.stop() }
        // wev (class wev, no app: Debian ships no wev.desktop) and foot (class and app id foot), which
        // runs sh: the session's user has no login shell.
        let steps = [
            Step(action: "wev >/dev/null 2>&1 & wev=$!", heard: "wev", binding: "in wev"),
            Step(action: "env -u LD_PRELOAD foot sh >/dev/null 2>&1 & foot=$!", heard: "foot", binding: "in foot"),
            Step(action: "kill -KILL $foot", heard: "wev", binding: "in wev"),
            Step(action: "kill -KILL $wev", heard: "none", binding: "no app"),
        ]
        let text = try run(steps, config: Self.config(first: "wev", second: "foot"), in: session)
        Self.expectBindings(text, steps, route: Self.gnomeRoute)
    }

    @Test(.enabled(if: DesktopSession.available("gnome-shell"), "gnome-shell is not installed"))
    func doctorSaysWhetherTheGnomeExtensionIsInstalledEnabledAndAnswering() throws {
        let tactile = try #require(TestSupport.product("tactile"))
        func focusLine(_ session: DesktopSession, _ wanted: String) -> String {
            Self.doctorFocusLine(in: session, [tactile, "doctor"], saying: wanted)
        }
        let bare = try Self.gnomeShell(withExtension: false)
        let missing = focusLine(bare, "has no extension")
        bare.stop()
        #expect(missing == "– focused app: cannot follow \(Self.gnomeRoute): GNOME Shell 43.9 has no extension tactile-focus@tactile.github.io: "
                + "install it (dist/install.sh or the tactile package), log out and in, then run gnome-extensions enable "
                + "tactile-focus@tactile.github.io; the config has no gestures with app = …")
        let session = try Self.gnomeShell(withExtension: true)
        defer { session.stop() }
        try session.client(["wev"])
        #expect(focusLine(session, "wev has the focus") == "✓ focused app: followed through \(Self.gnomeRoute): wev has the focus")
        // Disabled by the user: said, with the one command that enables it.
        #expect(try session.run(["gnome-extensions", "disable", "tactile-focus@tactile.github.io"]).status == 0)
        let disabled = focusLine(session, "not enabled")
        #expect(disabled.hasSuffix("GNOME Shell 43.9's extension tactile-focus@tactile.github.io is installed but not enabled: "
                                   + "run gnome-extensions enable tactile-focus@tactile.github.io; the config has no gestures with app = …"), "\(disabled)")
    }
}
