// The routes for sessions without graphical-session.target: the autostart entry, the default.target drop-in, install.sh's options, and the docs' lines.
import Foundation
@testable import TactileDesktop
import TactileService
import TactileTestSupport
import Testing

/// What `dist/` ships for sessions that never start
/// `graphical-session.target` (sway, i3, Hyprland, labwc): the XDG
/// autostart entry and the `default.target` drop-in, installed and removed
/// by the scripts, validated by the tools that read them when they are
/// installed, and the startup lines `tactile doctor` gives as the docs give them.
@Suite("Dist routes")
struct DistRouteTests {
    static let autostart = DistTests.dist + "/tactile-autostart.desktop"
    static let dropIn = DistTests.dist + "/tactile-default-target.conf"

    struct Installed {
        let sandbox: DistTests.Sandbox
        // Staged under --root, like the user's other files.
        var entry: String { sandbox.staged + "/.config/autostart/tactile.desktop" }
        var dropIn: String { sandbox.staged + "/.config/systemd/user/tactile.service.d/default-target.conf" }
    }

    @Test func installAndUninstallTheRoutes() throws {
        let sandbox = try DistTests.Sandbox()
        defer { sandbox.remove() }
        let installed = Installed(sandbox: sandbox)
        let dry = try sandbox.installForTest(["--user-only", "--autostart", "--default-target", "--dry-run"])
        #expect(dry.status == 0, "\(dry.standardError)")
        #expect(dry.lines.contains("+ install -m 0644 \(Self.autostart) \(installed.entry)"))
        #expect(dry.lines.contains("+ install -m 0644 \(Self.dropIn) \(installed.dropIn)"))
        #expect(dry.lines.contains("to enable it for default.target: systemctl --user daemon-reload && systemctl --user reenable tactile.service"))
        #expect(DistTests.files(below: sandbox.root).isEmpty)

        let first = try sandbox.installForTest(["--user-only", "--autostart", "--default-target"])
        #expect(first.status == 0, "\(first.standardError)")
        #expect(try DistTests.contents(installed.entry) == DistTests.contents(Self.autostart))
        #expect(try DistTests.contents(installed.dropIn) == DistTests.contents(Self.dropIn))
        let again = try sandbox.installForTest(["--user-only", "--autostart", "--default-target"])
        #expect(again.lines.contains("unchanged: \(installed.entry)") && again.lines.contains("unchanged: \(installed.dropIn)"))

        // Without the options, nothing of the routes is installed.
        let plain = try DistTests.Sandbox()
        defer { plain.remove() }
        #expect(try plain.installForTest(["--user-only"]).status == 0)
        #expect(DistTests.files(below: plain.staged) == DistTests.userFiles)

        let removed = try sandbox.run(DistTests.uninstall, ["--user-only", "--no-stop", "--root", sandbox.root])
        #expect(removed.status == 0, "\(removed.standardError)")
        #expect(removed.lines.contains("+ rm -f \(installed.entry)") && removed.lines.contains("+ rm -f \(installed.dropIn)"))
        #expect(DistTests.files(below: sandbox.staged) == [".config/tactile/gestures.toml"])
        #expect(!DistTests.exists(sandbox.staged + "/.config/systemd/user/tactile.service.d"))
    }

    @Test func theAutostartEntryStartsTheOneUnitWithTheSessionsVariables() throws {
        let lines = try DistTests.activeLines(Self.autostart)
        let exec = try #require(lines.first { $0.hasPrefix("Exec=") })
        // sh -c "…": the quoted command, which must parse, import the display variables, then (re)start the unit.
        #expect(exec.hasPrefix("Exec=sh -c \"") && exec.hasSuffix("\""))
        let command = String(exec.dropFirst("Exec=sh -c \"".count).dropLast())
        #expect(!command.contains("\"") && !command.contains("$") && !command.contains("`") && !command.contains("\\"))
        #expect(command.hasPrefix("systemctl --user import-environment DISPLAY WAYLAND_DISPLAY "))
        #expect(command.hasSuffix(" && systemctl --user restart tactile.service"))
        let parsed = try TestSupport.run("/bin/sh", ["-n", "-c", command])
        #expect(parsed.status == 0, "\(parsed.standardError)")
        for expected in ["[Desktop Entry]", "Type=Application", "TryExec=systemctl", "NoDisplay=true", "NotShowIn=GNOME;KDE;"] {
            #expect(lines.contains(expected), "\(expected)")
        }
    }

    @Test(.enabled(if: TestSupport.findOnPath("desktop-file-validate") != nil, "desktop-file-validate is not installed"))
    func theAutostartEntryValidates() throws {
        let output = try TestSupport.run(try #require(TestSupport.findOnPath("desktop-file-validate")), [Self.autostart])
        #expect(output.status == 0, "\(output.standardOutput)\(output.standardError)")
        #expect(output.standardOutput.isEmpty && output.standardError.isEmpty, "\(output.standardOutput)\(output.standardError)")
    }

    @Test(.enabled(if: TestSupport.findOnPath("systemd-analyze") != nil, "systemd-analyze is not installed"))
    func theUnitWithTheDropInVerifies() throws {
        let sandbox = try DistTests.Sandbox()
        defer { sandbox.remove() }
        #expect(try sandbox.installForTest(["--user-only", "--default-target"]).status == 0)
        let runtime = sandbox.base + "/runtime"
        try FileManager.default.createDirectory(atPath: runtime, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let analyze = try #require(TestSupport.findOnPath("systemd-analyze"))
        let output = try TestSupport.run("/usr/bin/env", ["-i", "HOME=\(sandbox.staged)", "XDG_RUNTIME_DIR=\(runtime)", "PATH=/usr/bin:/bin",
                                                          analyze, "--user", "verify", sandbox.installedUnit])
        #expect(output.status == 0, "\(output.standardError)")
        #expect(output.standardError.isEmpty && output.standardOutput.isEmpty, "\(output.standardOutput)\(output.standardError)")
    }

    /// `systemctl enable` reads `[Install]` from drop-ins too: with the
    /// drop-in, the unit is linked from both targets (done offline, under `--root`).
    @Test(.enabled(if: TestSupport.findOnPath("systemctl") != nil, "systemctl is not installed"))
    func enablingWithTheDropInLinksBothTargets() throws {
        let root = try TemporaryDirectory.make(prefix: "tactile-dist-root")
        defer { try? FileManager.default.removeItem(atPath: root) }
        let directory = root + "/etc/systemd/user"
        try FileManager.default.createDirectory(atPath: directory + "/tactile.service.d", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: DistTests.dist + "/tactile.service", toPath: directory + "/tactile.service")
        try FileManager.default.copyItem(atPath: Self.dropIn, toPath: directory + "/tactile.service.d/default-target.conf")
        let output = try TestSupport.run(try #require(TestSupport.findOnPath("systemctl")), ["--root=" + root, "--global", "enable", "tactile.service"])
        #expect(output.status == 0, "\(output.standardError)")
        for target in ["graphical-session.target", "default.target"] {
            let link = directory + "/\(target).wants/tactile.service"
            #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: link)) == "/etc/systemd/user/tactile.service", "\(target)")
        }
    }

    /// The lines `tactile doctor` tells a user to add are the ones the docs give, word for word.
    @Test func theDocsGiveEachRoutesLine() throws {
        let service = try String(contentsOfFile: Repository.path("docs/service.md"), encoding: .utf8)
        #expect(service.contains("## Sessions without graphical-session.target"))
        for route in SessionRoute.all + [SessionRoute.plainX11] {
            if let line = route.startupLine, let file = route.startupFile {
                #expect(service.contains(line), "\(route.desktop): \(line)")
                #expect(service.contains(file), "\(route.desktop): \(file)")
            }
            #expect(service.lowercased().contains((route.desktop == "X-Cinnamon" ? "Cinnamon" : route.desktop).lowercased()), "\(route.desktop)")
        }
        for text in ["tactile doctor", "dist/install.sh --autostart", "dist/install.sh --default-target", "tactile-autostart.desktop",
                     "tactile-default-target.conf"] {
            #expect(service.contains(text), "\(text)")
        }
        let readme = try String(contentsOfFile: Repository.path("README.md"), encoding: .utf8)
        #expect(readme.contains("tactile doctor"))
    }
}
