// `tactile doctor`: why tactile serve is or is not running in this session, each check a line with what to do.
import ArgumentParser
import Foundation
import Tactile
import TactileDesktop
import TactileService

/// `tactile doctor [--json]`.
struct DoctorCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "doctor",
        abstract: "Say why tactile serve is or is not running in this session, and what to do.",
        discussion: """
            Checks, a line each (✓ fine, ✗ keeps the service from running or from doing anything, – for \
            information), with the one thing to do under each problem: the touch devices (which \
            touchscreens and touchpads there are, which the config takes, whether you may read them), \
            uinput (the module, /dev/uinput and whether you may write it), the udev rules that grant \
            both, the config tactile serve would read, the systemd user unit (where, what it runs, \
            what it is enabled for), the session (what starts the unit at login: sessions such as \
            sway, i3, Hyprland and labwc never start graphical-session.target, so the unit needs a \
            line in their startup file; see docs/service.md), whether the service runs now, and the \
            keyboard layout. Run it as yourself, in a terminal of your desktop session. Exits with \
            status 1 when something keeps the service from running, 0 otherwise.
            """
    )

    @Flag(help: "Print one JSON object ({\"ok\": …, \"checks\": [{\"name\", \"status\", \"summary\", \"details\", \"fix\"}]}).")
    var json = false

    @Option(help: ArgumentHelp("Read /dev, /sys, /run, /proc, /etc and /usr under this directory (a copy of a system, for tests).",
                               valueName: "directory", visibility: .hidden),
            completion: .directory)
    var root: String?

    func run() throws {
        let report = Doctor(system: .current(environment: ProcessInfo.processInfo.environment, root: root ?? "")).report()
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            let data = try encoder.encode(report)
            print(JSONText.escapingInvisible(String(decoding: data, as: UTF8.self)))
        } else {
            for line in report.lines { print(line) }
        }
        if report.isBlocked { throw ExitCode.failure }
    }
}
