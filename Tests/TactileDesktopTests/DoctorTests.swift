// tactile doctor on made-up machines: a working one, and each thing that keeps the service from running, with what it says to do.
import Foundation
import Tactile
@testable import TactileDesktop
import TactileService
import TactileTestSupport
import Testing

/// `Doctor` on made-up machines (``DoctorFixture``): every check on a
/// working one, then one thing wrong at a time, each with the line that
/// says why and what to do.
@Suite("Doctor")
struct DoctorTests {
    func status(_ report: DoctorReport, _ name: String) -> DoctorStatus? { report.check(named: name)?.status }

    @Test func aWorkingMachineHasNothingToFix() throws {
        let fixture = try DoctorFixture.working()
        defer { fixture.remove() }
        let report = fixture.report()
        #expect(!report.isBlocked, "\(report.lines.joined(separator: "\n"))")
        #expect(report.checks.map(\.name) == ["touch devices", "uinput", "udev rules", "config", "user unit", "session", "service", "layout",
                                              "focused app", "claimed touches"])
        for check in report.checks where check.name != "focused app" { #expect(check.status == .ok, "\(check.lines)") }
        // GNOME on Wayland tells no client the focused window; the default config has no app = … to miss it.
        #expect(report.check(named: "focused app")?.status == .note)
        #expect(report.check(named: "focused app")?.summary.hasSuffix("the config has no gestures with app = …") == true)
        let devices = try #require(report.check(named: "touch devices"))
        #expect(devices.summary == "1 touchscreen the config takes, readable")
        #expect(devices.details == ["/dev/input/event5: touchscreen ELAN9008:00 04F3:2C1B, readable"])
        #expect(report.check(named: "udev rules")?.summary.hasPrefix("/etc/udev/rules.d/70-tactile.rules") == true)
        #expect(report.check(named: "config")?.summary.hasPrefix(fixture.configHome + "/tactile/gestures.toml: ok, ") == true)
        #expect(report.check(named: "user unit")?.summary
            == "\(fixture.configHome)/systemd/user/tactile.service: runs \(fixture.home)/.local/bin/tactiled; enabled for graphical-session.target")
        #expect(report.check(named: "session")?.summary
            == "GNOME: started by graphical-session.target, which is active and which the unit is enabled for")
        #expect(report.check(named: "service")?.summary == "tactile.service is active (pid 1234)")
        #expect(report.check(named: "layout")?.summary == "de(nodeadkeys), from \(fixture.root)/etc/X11/xorg.conf.d/00-keyboard.conf")
        #expect(report.check(named: "layout")?.details.first == "key chords are typed on it: ctrl+plus = KEY_LEFTCTRL+KEY_RIGHTBRACE")
        // GNOME's mutter passes no touch cancel on: a claimed touch is lifted.
        #expect(report.check(named: "claimed touches")?.summary.hasPrefix("lifted once at rest: mutter drops the cancel") == true,
                "\(report.check(named: "claimed touches")?.lines ?? [])")
        #expect(report.lines.last == "nothing found that keeps tactile serve from running")
    }

    @Test func noUInputSaysToLoadTheModule() throws {
        var fixture = try DoctorFixture.working()
        defer { fixture.remove() }
        try FileManager.default.removeItem(atPath: fixture.root + "/dev/uinput")
        try FileManager.default.removeItem(atPath: fixture.root + "/sys/module/uinput")
        var report = fixture.report()
        var uinput = try #require(report.check(named: "uinput"))
        #expect(uinput.status == .problem)
        #expect(uinput.summary == "the uinput module is not loaded and there is no /dev/uinput")
        #expect(uinput.fix?.hasPrefix("sudo modprobe uinput") == true)
        #expect(report.isBlocked)
        #expect(report.lines.last == "1 problem to fix: uinput")

        // There, but only root may write it: the rules are installed, so the session is what is wrong.
        try fixture.addUInput(mode: 0o600, module: false)
        fixture.login = ["Seat": "", "Active": "no", "Remote": "yes", "Type": "tty"]
        report = fixture.report()
        uinput = try #require(report.check(named: "uinput"))
        #expect(uinput.status == .problem)
        #expect(uinput.summary.hasPrefix("ada may not write /dev/uinput (crw") || uinput.summary.hasPrefix("ada may not write /dev/uinput (-rw-------"))
        #expect(uinput.fix?.contains("this session (3) is remote") == true, "\(uinput.fix ?? "")")
        #expect(status(report, "udev rules") == .ok)
    }

    @Test func unreadableDevicesWithoutRulesSayToInstallThem() throws {
        let fixture = try DoctorFixture.working()
        defer { fixture.remove() }
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: fixture.root + "/dev/input/event5")
        try FileManager.default.removeItem(atPath: fixture.root + "/etc/udev/rules.d/70-tactile.rules")
        let report = fixture.report()
        let devices = try #require(report.check(named: "touch devices"))
        #expect(devices.status == .problem)
        #expect(devices.summary == "ada may not read /dev/input/event5, which the config takes")
        #expect(devices.details.first?.hasPrefix("/dev/input/event5: touchscreen ELAN9008:00 04F3:2C1B, not readable (-rw-------") == true,
                "\(devices.details)")
        #expect(devices.fix?.hasPrefix("install the udev rules: sudo dist/install.sh --system-only") == true)
        let rules = try #require(report.check(named: "udev rules"))
        #expect(rules.status == .problem)
        #expect(rules.summary == "70-tactile.rules is not installed")
        #expect(report.lines.last == "2 problems to fix: touch devices, udev rules")
    }

    @Test func aSwaySessionWithoutTheTargetIsToldTheLineToAdd() throws {
        var fixture = try DoctorFixture.working(desktop: "sway")
        defer { fixture.remove() }
        fixture.systemd(service: "inactive", graphicalSession: "inactive")
        var report = fixture.report()
        let session = try #require(report.check(named: "session"))
        #expect(session.status == .problem)
        #expect(session.summary == "sway has not started graphical-session.target, and nothing else here starts tactile.service at login")
        #expect(session.details == ["the unit is enabled for graphical-session.target, which is not active in this session"])
        let line = try #require(SessionRoute.route(for: ["sway"])?.startupLine)
        #expect(line == "exec systemctl --user import-environment WAYLAND_DISPLAY SWAYSOCK XDG_CURRENT_DESKTOP && systemctl --user restart tactile.service")
        #expect(session.fix == "add this line to \(fixture.configHome)/sway/config: \(line) (see \(Doctor.routesDocumentation))")
        let service = try #require(report.check(named: "service"))
        #expect(service.status == .problem)
        #expect(service.summary == "tactile.service is inactive")
        #expect(service.fix?.hasPrefix("systemctl --user start tactile.service") == true)
        #expect(report.lines.last == "2 problems to fix: session, service")

        // The autostart entry alone does not help: sway runs none.
        try fixture.write(fixture.configHome + "/autostart/tactile.desktop",
                          String(contentsOfFile: Repository.path("dist/tactile-autostart.desktop"), encoding: .utf8), system: false)
        report = fixture.report()
        #expect(status(report, "session") == .problem)
        #expect(report.check(named: "session")?.details.contains(
            "\(fixture.configHome)/autostart/tactile.desktop is there, but sway runs no XDG autostart entries by itself (dex -a would)") == true)

        // With the line in sway's config, the session starts it.
        try fixture.write(fixture.configHome + "/sway/config", "# sway\nset $mod Mod4\n\(line)\n", system: false)
        fixture.systemd(service: "active", graphicalSession: "inactive")
        report = fixture.report()
        #expect(status(report, "session") == .ok)
        #expect(report.check(named: "session")?.summary == "sway: started by \(fixture.configHome)/sway/config line 3: \(line)")
        #expect(!report.isBlocked, "\(report.lines.joined(separator: "\n"))")
    }

    @Test func i3RunsTheAutostartEntryThroughDexAndGnomeSkipsIt() throws {
        var fixture = try DoctorFixture.working(desktop: "i3")
        defer { fixture.remove() }
        fixture.environment["WAYLAND_DISPLAY"] = nil
        fixture.environment["DISPLAY"] = ":0"
        fixture.systemd(service: "active", graphicalSession: "inactive")
        try fixture.write(fixture.configHome + "/autostart/tactile.desktop",
                          String(contentsOfFile: Repository.path("dist/tactile-autostart.desktop"), encoding: .utf8), system: false)
        try fixture.write(fixture.configHome + "/i3/config", "exec --no-startup-id dex --autostart --environment i3\n", system: false)
        var report = fixture.report()
        #expect(report.check(named: "session")?.summary == "i3: started by the XDG autostart entry \(fixture.configHome)/autostart/tactile.desktop")

        // GNOME starts the target; the entry says NotShowIn=GNOME, so the unit must be enabled.
        fixture.environment["XDG_CURRENT_DESKTOP"] = "ubuntu:GNOME"
        fixture.systemd(service: "inactive", graphicalSession: "active")
        try FileManager.default.removeItem(atPath: fixture.configHome + "/systemd/user/graphical-session.target.wants")
        report = fixture.report()
        let session = try #require(report.check(named: "session"))
        #expect(session.status == .problem)
        #expect(session.summary == "GNOME starts graphical-session.target, but tactile.service is not enabled for it")
        #expect(session.details.contains("\(fixture.configHome)/autostart/tactile.desktop is there, but not for GNOME (its OnlyShowIn/NotShowIn)"))
        #expect(session.fix == "systemctl --user enable --now tactile.service")
    }

    @Test func aMissingUnitIsAProblemUnlessServeRunsWithoutIt() throws {
        var fixture = try DoctorFixture.working(desktop: "Hyprland")
        defer { fixture.remove() }
        try FileManager.default.removeItem(atPath: fixture.configHome + "/systemd")
        fixture.systemd(service: "inactive", graphicalSession: "inactive")
        fixture.units?["tactile.service"]?["LoadState"] = "not-found"
        var report = fixture.report()
        let unit = try #require(report.check(named: "user unit"))
        #expect(unit.status == .problem)
        #expect(unit.summary == "no tactile.service in any user unit directory")
        #expect(unit.details.first?.hasPrefix("looked in \(fixture.configHome)/systemd/user, /etc/xdg/systemd/user, /etc/systemd/user") == true)
        #expect(report.check(named: "service")?.summary == "tactile.service is inactive (no unit: see “user unit”)")
        #expect(report.check(named: "session")?.fix?.hasPrefix("add this line to \(fixture.configHome)/hypr/hyprland.conf: exec-once = ") == true)

        // Started by hyprland.conf without the unit: that is a way to run it too.
        try fixture.write(fixture.configHome + "/hypr/hyprland.conf", "exec-once = \(fixture.home)/.local/bin/tactile serve\n", system: false)
        try fixture.addProcess(4321, [fixture.home + "/.local/bin/tactile", "serve"])
        try fixture.addProcess(4400, ["/usr/bin/tactile", "serve", "--dry-run"])
        report = fixture.report()
        #expect(report.check(named: "user unit")?.status == .note)
        #expect(report.check(named: "user unit")?.summary == "no tactile.service: tactile serve runs without it (pid 4321)")
        let service = try #require(report.check(named: "service"))
        #expect(service.status == .ok)
        #expect(service.summary == "tactile serve runs without the unit (pid 4321)")
        #expect(service.details == ["a dry run is running (pid 4400): it grabs and sends nothing"])
        #expect(status(report, "session") == .ok)
        #expect(!report.isBlocked, "\(report.lines.joined(separator: "\n"))")
    }

    @Test func aUnitRunningAMissingBinaryOrFailingIsSaid() throws {
        var fixture = try DoctorFixture.working()
        defer { fixture.remove() }
        try FileManager.default.removeItem(atPath: fixture.home + "/.local/bin/tactiled")
        fixture.systemd(service: "failed", graphicalSession: "active", result: "exit-code")
        var report = fixture.report()
        let unit = try #require(report.check(named: "user unit"))
        #expect(unit.status == .problem)
        #expect(unit.summary == "\(fixture.configHome)/systemd/user/tactile.service runs \(fixture.home)/.local/bin/tactiled, which does not exist")
        let service = try #require(report.check(named: "service"))
        #expect(service.summary == "tactile.service failed (result: exit-code)")
        #expect(service.fix?.hasPrefix("journalctl --user -u tactile.service") == true)

        // A drop-in that points ExecStart elsewhere is followed.
        try fixture.write(fixture.configHome + "/systemd/user/tactile.service.d/override.conf",
                          "[Service]\nExecStart=\nExecStart=/usr/bin/tactile serve --quiet\n", system: false)
        try fixture.write("/usr/bin/tactile", "#!/bin/sh\n", mode: 0o755)
        fixture.systemd(service: "activating", graphicalSession: "active", result: "exit-code", subState: "auto-restart")
        report = fixture.report()
        #expect(report.check(named: "user unit")?.summary
            == "\(fixture.configHome)/systemd/user/tactile.service: runs /usr/bin/tactile serve --quiet; enabled for graphical-session.target")
        #expect(report.check(named: "user unit")?.details == ["drop-in: \(fixture.configHome)/systemd/user/tactile.service.d/override.conf"])
        #expect(report.check(named: "service")?.summary == "tactile.service keeps failing and being restarted (result: exit-code)")
    }

    @Test func aConfigWithErrorsOrTakingNothingHereIsAProblem() throws {
        let fixture = try DoctorFixture.working()
        defer { fixture.remove() }
        let path = fixture.configHome + "/tactile/gestures.toml"
        try fixture.writeConfig("[devices]\nkinds = [\"touchpad\"]\n")
        var report = fixture.report()
        #expect(status(report, "config") == .ok)
        let devices = try #require(report.check(named: "touch devices"))
        #expect(devices.status == .problem)
        #expect(devices.summary == "1 touch device, none that the config takes (touchpads)")
        #expect(devices.details == ["/dev/input/event5: touchscreen ELAN9008:00 04F3:2C1B, readable; the config does not take it"])
        #expect(devices.fix?.hasPrefix("in [devices] of \(path), add the kind to kinds") == true)

        try fixture.writeConfig("[devices]\nkinds = [\"touchscreen\"\n")
        report = fixture.report()
        let config = try #require(report.check(named: "config"))
        #expect(config.status == .problem)
        #expect(config.summary.hasPrefix("\(path) has ") && config.summary.hasSuffix(": tactile serve refuses it and does not start"),
                "\(config.summary)")
        #expect(config.details.first?.hasPrefix(path + ":") == true)
        #expect(config.fix?.hasPrefix("tactile check \(path) lists every error") == true)
    }

    @Test func noDevicesNoGraphicalSessionAndNoSystemdAreSaid() throws {
        var fixture = try DoctorFixture(desktop: nil)
        defer { fixture.remove() }
        fixture.units = nil
        var report = fixture.report()
        #expect(report.check(named: "touch devices")?.summary == "there is no /dev/input: no input device is visible here (a container?)")
        #expect(report.check(named: "uinput")?.status == .problem)
        #expect(report.check(named: "udev rules")?.status == .problem)
        #expect(report.check(named: "config")?.status == .ok)
        #expect(report.check(named: "config")?.summary.hasPrefix("none found, so tactile serve uses its built-in default") == true)
        let session = try #require(report.check(named: "session"))
        #expect(session.status == .note)
        #expect(session.fix == "run tactile doctor in a terminal of your desktop session")
        #expect(report.check(named: "service")?.summary == "tactile serve is not running (no process of ada's), and there is no systemctl")
        #expect(report.check(named: "layout")?.status == .note)

        // A keyboard only, and a user manager that does not answer; /etc/default/keyboard has the layout.
        try fixture.addTouchDevice(0, kind: .other, name: "Power Button")
        fixture.units = [:]
        fixture.unreachable = "Failed to connect to bus: No medium found"
        try fixture.write("/etc/default/keyboard", "# KEYBOARD CONFIGURATION FILE\nXKBMODEL=\"pc105\"\nXKBLAYOUT=\"fr\"\nXKBVARIANT=\"bepo\"\nXKBOPTIONS=\"\"\n")
        report = fixture.report()
        #expect(report.check(named: "touch devices")?.summary == "no touchscreen or touchpad among the 1 event node in /dev/input")
        #expect(report.check(named: "service")?.summary
            == "tactile serve is not running (no process of ada's), and your systemd user manager cannot be asked (Failed to connect to bus: No medium found)")
        #expect(report.check(named: "layout")?.summary == "fr(bepo), from \(fixture.root)/etc/default/keyboard")
    }

    @Test func theServiceOwnCopiesAreLeftOut() throws {
        let fixture = try DoctorFixture.working()
        defer { fixture.remove() }
        try fixture.addTouchDevice(20, kind: .touchscreen, name: "ELAN9008:00 04F3:2C1B (Tactile)", mode: 0o600,
                                   phys: UInputSink.physPrefix + "ELAN9008:00 04F3:2C1B")
        let devices = try #require(fixture.report().check(named: "touch devices"))
        #expect(devices.status == .ok)
        #expect(devices.details == ["/dev/input/event5: touchscreen ELAN9008:00 04F3:2C1B, readable",
                                    "1 node of tactile serve's own (its copies and virtual devices), left out"])
    }

    /// The command itself, on the made-up tree (`--root`), with a `systemctl` of the test's on `PATH`.
    @Test func theCommandPrintsTheChecksAndExitsWithOneWhenBlocked() throws {
        let fixture = try DoctorFixture.working(desktop: "sway")
        defer { fixture.remove() }
        let tactile = try #require(TestSupport.product("tactile"), "the tactile executable was not built next to the tests")
        try fixture.write(fixture.base + "/bin/systemctl", """
            #!/bin/sh
            case "$*" in
              *"show tactile.service"*) printf 'LoadState=loaded\\nActiveState=inactive\\nSubState=dead\\nUnitFileState=enabled\\nMainPID=0\\nResult=success\\n' ;;
              *"show graphical-session.target"*) printf 'ActiveState=inactive\\n' ;;
              *) exit 1 ;;
            esac

            """, mode: 0o755, system: false)
        let environment = ["HOME=\(fixture.home)", "XDG_CURRENT_DESKTOP=sway", "WAYLAND_DISPLAY=wayland-1", "PATH=\(fixture.base)/bin:/usr/bin:/bin"]
        let text = try TestSupport.run("/usr/bin/env", ["-i"] + environment + [tactile, "doctor", "--root", fixture.root])
        #expect(text.status == 1, "\(text.standardOutput)\(text.standardError)")
        #expect(text.lines.contains("✓ touch devices: 1 touchscreen the config takes, readable"), "\(text.standardOutput)")
        #expect(text.lines.contains("✗ session: sway has not started graphical-session.target, and nothing else here starts tactile.service at login"))
        #expect(text.lines.contains("    fix: add this line to \(fixture.configHome)/sway/config: exec systemctl --user import-environment "
            + "WAYLAND_DISPLAY SWAYSOCK XDG_CURRENT_DESKTOP && systemctl --user restart tactile.service (see \(Doctor.routesDocumentation))"))
        #expect(text.lines.contains("✗ service: tactile.service is inactive"))
        #expect(text.lines.last == "2 problems to fix: session, service")

        let json = try TestSupport.run("/usr/bin/env", ["-i"] + environment + [tactile, "doctor", "--root", fixture.root, "--json"])
        #expect(json.status == 1)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any])
        #expect(object["ok"] as? Bool == false)
        let checks = try #require(object["checks"] as? [[String: Any]])
        #expect(checks.filter { $0["status"] as? String == "problem" }.compactMap { $0["name"] as? String } == ["session", "service"])
    }

    @Test func jsonHasEveryCheck() throws {
        let fixture = try DoctorFixture.working(desktop: "sway")
        defer { fixture.remove() }
        let report = fixture.report()
        let data = try JSONEncoder().encode(report)
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(object["ok"] as? Bool == !report.isBlocked)
        let checks = try #require(object["checks"] as? [[String: Any]])
        #expect(checks.map { $0["name"] as? String } == report.checks.map(\.name))
        #expect(checks.map { $0["status"] as? String } == report.checks.map(\.status.rawValue))
    }
}
