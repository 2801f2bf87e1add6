// The pieces tactile doctor reads with: udev and sysfs kinds, unit files, layouts, autostart entries, routes, and the program runner.
import Foundation
import Tactile
@testable import TactileDesktop
@testable import TactileService
import TactileTestSupport
import Testing

@Suite("Doctor parts")
struct DoctorPartsTests {
    @Test func kindsFromUdevRecords() {
        #expect(DoctorInputNode.udevKind("I:123\nE:ID_INPUT=1\nE:ID_INPUT_TOUCHSCREEN=1\n") == .touchscreen)
        #expect(DoctorInputNode.udevKind("E:ID_INPUT=1\nE:ID_INPUT_TOUCHPAD=1\nE:ID_INPUT_MOUSE=1\n") == .touchpad)
        #expect(DoctorInputNode.udevKind("E:ID_INPUT=1\nE:ID_INPUT_KEY=1\n") == .other)
        #expect(DoctorInputNode.udevKind("E:ID_INPUT_TOUCHSCREEN=0\n") == nil)
    }

    /// Masks as sysfs prints them on a 64-bit machine (most significant word first).
    @Test func kindsFromCapabilityBits() {
        // ABS_X, ABS_Y, the MT slot, positions and tracking id; BTN_TOUCH (0x14a: word 5, bit 10); INPUT_PROP_DIRECT.
        #expect(DoctorInputNode.capabilityKind(abs: "660800000000003", key: "400 0 0 0 0 0", properties: "2") == .touchscreen)
        // The same with BTN_TOOL_FINGER (0x145: bit 5 of word 5) and INPUT_PROP_POINTER, not direct.
        #expect(DoctorInputNode.capabilityKind(abs: "660800000000003", key: "e520 0 0 0 0 0", properties: "5") == .touchpad)
        // A pen tablet: BTN_TOOL_PEN (0x140) too.
        #expect(DoctorInputNode.capabilityKind(abs: "3", key: "1c03 0 0 0 0 0", properties: "0") == .other)
        // A keyboard: keys, no positions.
        #expect(DoctorInputNode.capabilityKind(abs: "0", key: "1000000000007 ff9f207ac14057ff febeffdfffefffff fffffffffffffffe", properties: "0") == .other)
        #expect(DoctorInputNode.capabilityKind(abs: nil, key: nil, properties: nil) == nil)
        #expect(DoctorInputNode.bit(64, in: "1 0"))
        #expect(!DoctorInputNode.bit(64, in: "0 1"))
        #expect(!DoctorInputNode.bit(200, in: "ff"))
        #expect(!DoctorInputNode.bit(0, in: "zz"))
    }

    /// What the service takes and the doctor counts: the kind, then the names asked for and left out (case-insensitive).
    @Test func devicesTakenByKindAndName() {
        #expect(DeviceSelection().takes(kind: .touchscreen, name: "ELAN9008:00"))
        #expect(!DeviceSelection().takes(kind: .touchpad, name: "SYNA8004:00"))
        #expect(!DeviceSelection().takes(kind: .other, name: "keyboard"))
        let named = DeviceSelection(kinds: [.touchscreen, .touchpad], names: ["elan", "Wacom"], excludedNames: ["PEN"])
        #expect(named.takes(kind: .touchpad, name: "ELAN0501:00 Touchpad"))
        #expect(named.takes(kind: .touchscreen, name: "wacom HID 52C2 Finger"))
        #expect(!named.takes(kind: .touchscreen, name: "Wacom HID 52C2 Pen"))
        #expect(!named.takes(kind: .touchscreen, name: "Goodix Capacitive TouchScreen"))
    }

    @Test func theUnitsCommandFollowsDropInsAndSpecifiers() {
        let unit = "[Unit]\nDescription=x\n# ExecStart=/not/this\n[Service]\nExecStart=%h/.local/bin/tactile \\\n  serve --quiet\n[Install]\nExecStart=/not/in/service\n"
        #expect(DoctorUserUnit.command(in: [unit], home: "/home/ada") == "/home/ada/.local/bin/tactile serve --quiet")
        #expect(DoctorUserUnit.command(in: [unit, "[Service]\nExecStart=\n"], home: "/home/ada") == nil)
        #expect(DoctorUserUnit.command(in: [unit, "[Service]\nExecStart=\nExecStart=-/usr/bin/tactile serve 100%%\n"], home: nil)
            == "-/usr/bin/tactile serve 100%")
        #expect(DoctorUserUnit(path: nil, searched: [], command: "-@/usr/bin/tactile serve").program == "/usr/bin/tactile")
        #expect(DoctorUserUnit(path: nil, searched: [], command: nil).program == nil)
    }

    @Test func theServiceIsTactileServeOrTactiled() {
        #expect(DoctorProcesses.isService(["/usr/libexec/tactile/tactiled"]))
        #expect(DoctorProcesses.isService(["/home/ada/.local/bin/tactiled", "--quiet"]))
        #expect(DoctorProcesses.isService(["tactile", "serve", "--dry-run"]))
        #expect(!DoctorProcesses.isService(["/usr/bin/tactile", "check"]))
        #expect(!DoctorProcesses.isService(["/usr/bin/tactile"]))
        #expect(!DoctorProcesses.isService(["/usr/bin/tactiled-helper"]))
        #expect(!DoctorProcesses.isService([]))
    }

    @Test func theShippedAutostartEntryRunsEverywhereButGnomeAndKde() throws {
        let entry = DoctorAutostartEntry(path: "tactile.desktop",
                                         text: try String(contentsOfFile: Repository.path("dist/tactile-autostart.desktop"), encoding: .utf8))
        #expect(!entry.isHidden)
        #expect(entry.notShowIn == ["GNOME", "KDE"])
        for desktops in [["XFCE"], ["LXQt"], ["i3"], ["sway"], ["X-Cinnamon"], []] { #expect(entry.shownIn(desktops), "\(desktops)") }
        for desktops in [["GNOME"], ["ubuntu", "GNOME"], ["KDE"]] { #expect(!entry.shownIn(desktops), "\(desktops)") }
        let hidden = DoctorAutostartEntry(path: "x", text: "[Desktop Entry]\nHidden=true\nOnlyShowIn=XFCE;\n[Desktop Action x]\nHidden=false\n")
        #expect(hidden.isHidden)
        #expect(hidden.shownIn(["XFCE"]) && !hidden.shownIn(["MATE"]))
    }

    @Test func routesByDesktopName() throws {
        #expect(SessionRoute.route(for: ["labwc", "wlroots"])?.desktop == "labwc")
        #expect(SessionRoute.route(for: ["SWAY"])?.desktop == "sway")
        #expect(SessionRoute.route(for: ["ubuntu", "GNOME"])?.startsGraphicalSession == true)
        #expect(SessionRoute.route(for: ["river"]) == nil)
        for route in SessionRoute.all + [SessionRoute.plainX11] {
            if route.startsGraphicalSession || route.runsAutostartEntries {
                #expect(route.startupLine == nil, "\(route.desktop)")
            } else {
                let line = try #require(route.startupLine, "\(route.desktop)")
                #expect(line.contains("systemctl --user import-environment ") && line.contains(" && systemctl --user restart tactile.service"))
            }
        }
        #expect(Doctor.runsAutostartEntries("exec --no-startup-id dex --autostart --environment i3"))
        #expect(Doctor.runsAutostartEntries("exec dex-autostart -a"))
        #expect(Doctor.runsAutostartEntries("exec systemctl --user start xdg-desktop-autostart.target"))
        #expect(!Doctor.runsAutostartEntries("bindsym $mod+d exec dmenu_run -p index"))
    }

    @Test func theProgramRunnerCollectsOutputAndStopsSlowPrograms() throws {
        let environment = ["PATH": "/usr/bin:/bin"]
        let echoed = try #require(ProgramRunner.run(["sh", "-c", "echo out; echo err >&2; exit 3"], environment: environment, timeout: 10))
        #expect(echoed == DoctorCommandResult(status: 3, output: "out\n", errorOutput: "err\n"))
        #expect(ProgramRunner.run(["sh", "-c", "echo $LC_ALL"], environment: environment, timeout: 10)?.output == "C\n")
        #expect(ProgramRunner.run(["no-such-program-for-the-doctor"], environment: environment, timeout: 10) == nil)
        let start = Date()
        let slow = try #require(ProgramRunner.run(["sleep", "30"], environment: environment, timeout: 0.3))
        #expect(slow.status == 128 + 9)
        #expect(Date().timeIntervalSince(start) < 10)
    }
}
