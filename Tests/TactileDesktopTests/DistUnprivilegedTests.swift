// dist/install.sh and uninstall.sh run by a user without root or sudo: staged under DESTDIR, and dry runs.
import Foundation
import Testing
import TactileTestSupport
#if canImport(Glibc)
import Glibc
#endif

/// `dist/install.sh` and `dist/uninstall.sh` run by an unprivileged user:
/// uid and gid 65534 (`nobody`) through `setpriv` when the tests run as root,
/// else the tester. `PATH` holds only the plain tools the scripts need and
/// stand-ins for `sudo`, `systemctl`, `modprobe` and `udevadm` that write
/// down every call and fail. Staged under `DESTDIR`, the scripts install and
/// remove every file and call none of them; a dry run on `/` without sudo
/// says what the real run needs, and the real run stops with that.
@Suite("Dist, unprivileged", .enabled(if: getuid() != 0 || TestSupport.findOnPath("setpriv") != nil, "runs as root without setpriv"))
struct DistUnprivilegedTests {
    /// What the scripts must never call staged, nor on `/` in a dry run.
    static let privileged = ["sudo", "systemctl", "modprobe", "udevadm"]
    /// What the scripts use besides the shell's built-ins.
    static let plain = ["id", "dirname", "cmp", "mkdir", "install", "rm", "ls", "rmdir", "cat"]
    /// The user the scripts run as when the tests are root: `nobody`.
    static let unprivilegedID = 65534

    /// A copy of `dist/` (the checkout may be closed to uid 65534), the tools
    /// directory, the call log and the staging root, all in one temporary directory.
    struct Setting {
        let base: String
        var dist: String { base + "/dist" }
        var tools: String { base + "/bin" }
        var calls: String { base + "/calls" }
        var stage: String { base + "/stage" }
        var binary: String { base + "/tactile-dummy" }
        /// A HOME that does not exist: staged, it is only a path below the stage.
        let home = "/nonexistent/tactile-test-home"
        var staged: String { stage + home }

        /// Everything set up; `sudo: false` leaves the sudo stand-in out.
        init(sudo: Bool) throws {
            base = try TemporaryDirectory.make(prefix: "tactile-dist-unprivileged")
            let manager = FileManager.default
            try manager.createDirectory(atPath: dist, withIntermediateDirectories: true)
            for file in try manager.contentsOfDirectory(atPath: DistTests.dist) {
                try manager.copyItem(atPath: DistTests.dist + "/" + file, toPath: dist + "/" + file)
            }
            try manager.createDirectory(atPath: tools, withIntermediateDirectories: true)
            for tool in DistUnprivilegedTests.plain {
                let path = try #require(TestSupport.findOnPath(tool), "\(tool) is not on PATH")
                try manager.createSymbolicLink(atPath: tools + "/" + tool, withDestinationPath: path)
            }
            for tool in DistUnprivilegedTests.privileged where sudo || tool != "sudo" {
                try write("#!/bin/sh\necho \"\(tool) $*\" >> '\(calls)'\nexit 1\n", to: tools + "/" + tool, mode: 0o755)
            }
            try write("", to: calls, mode: 0o666)
            try write("#!/bin/sh\necho dummy tactile\n", to: binary, mode: 0o755)
            try write("#!/bin/sh\necho dummy tactiled\n", to: base + "/tactiled", mode: 0o755)   // taken from beside binary
            try manager.createDirectory(atPath: stage, withIntermediateDirectories: true)
            if getuid() == 0 { try #require(chown(stage, uid_t(unprivilegedID), gid_t(unprivilegedID)) == 0) }
        }

        private func write(_ text: String, to path: String, mode: Int) throws {
            try Data(text.utf8).write(to: URL(fileURLWithPath: path))
            try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: path)
        }

        func remove() { try? FileManager.default.removeItem(atPath: base) }

        /// The stand-ins' calls so far, one a line.
        func recordedCalls() throws -> String {
            try String(contentsOfFile: calls, encoding: .utf8)
        }

        /// Runs `dist/<script>` as the unprivileged user in a clean environment.
        func run(_ script: String, _ arguments: [String], destdir: String? = nil) throws -> TestSupport.Output {
            var command = ["/usr/bin/env", "-i", "HOME=\(home)", "PATH=\(tools)", "LC_ALL=C"]
            if let destdir { command.append("DESTDIR=\(destdir)") }
            command += ["/bin/sh", dist + "/" + script] + arguments
            if getuid() == 0 {
                let setpriv = try #require(TestSupport.findOnPath("setpriv"))
                let id = String(DistUnprivilegedTests.unprivilegedID)
                return try TestSupport.run(setpriv, ["--reuid=\(id)", "--regid=\(id)", "--clear-groups"] + command)
            }
            return try TestSupport.run(command[0], Array(command.dropFirst()))
        }
    }

    @Test func stagedUnderDestdirItInstallsAndRemovesEveryFileAndCallsNothing() throws {
        let setting = try Setting(sudo: true)
        defer { setting.remove() }
        // No gnome-shell on PATH: no extension, the KWin script all the same.
        let userFiles = [".config/systemd/user/tactile.service", ".config/tactile/gestures.toml", ".local/bin/tactile",
                         ".local/bin/tactiled", ".local/share/tactile/kwin/tactile-focus.js"]

        let dry = try setting.run("install.sh", ["--dry-run", "--binary", setting.binary], destdir: setting.stage)
        #expect(dry.status == 0, "\(dry.standardOutput)\(dry.standardError)")
        #expect(dry.lines.contains("+ install -m 0755 \(setting.binary) \(setting.staged)/.local/bin/tactile"))
        #expect(dry.lines.contains("+ install -m 0755 \(setting.base)/tactiled \(setting.staged)/.local/bin/tactiled"))
        #expect(dry.lines.contains("+ install -m 0644 \(setting.dist)/70-tactile.rules \(setting.stage)/etc/udev/rules.d/70-tactile.rules"))
        #expect(dry.lines.contains("not started (files under \(setting.stage), not this system's): no systemctl"))
        for tool in Self.privileged {
            #expect(!dry.standardOutput.contains("+ \(tool)"), "the dry run plans \(tool):\n\(dry.standardOutput)")
        }
        #expect(!dry.standardOutput.contains("+ install -m 0755 \(setting.binary) \(setting.home)"), "a write to the real HOME")
        #expect(DistTests.files(below: setting.stage).isEmpty)

        let installed = try setting.run("install.sh", ["--binary", setting.binary], destdir: setting.stage)
        #expect(installed.status == 0, "\(installed.standardOutput)\(installed.standardError)")
        #expect(DistTests.files(below: setting.staged) == userFiles)
        #expect(installed.lines.contains("no gnome-shell here: the GNOME Shell extension is not installed (run install.sh again where GNOME Shell is)"))
        #expect(DistTests.files(below: setting.stage + "/etc") == ["modules-load.d/tactile-uinput.conf", "udev/rules.d/70-tactile.rules"])
        #expect(try DistTests.contents(setting.staged + "/.local/bin/tactile") == DistTests.contents(setting.binary))
        #expect(try DistTests.contents(setting.staged + "/.local/bin/tactiled") == DistTests.contents(setting.base + "/tactiled"))
        #expect(!DistTests.exists(setting.home))

        let removed = try setting.run("uninstall.sh", ["--purge"], destdir: setting.stage)
        #expect(removed.status == 0, "\(removed.standardOutput)\(removed.standardError)")
        #expect(DistTests.files(below: setting.stage).isEmpty)
        let dryRemoval = try setting.run("uninstall.sh", ["--dry-run"], destdir: setting.stage)
        #expect(dryRemoval.status == 0, "\(dryRemoval.standardOutput)\(dryRemoval.standardError)")
        #expect(dryRemoval.lines.contains("already gone: \(setting.staged)/.local/bin/tactile"))

        #expect(try setting.recordedCalls() == "", "called as another user, staged")
    }

    @Test func aDryRunOnTheSystemWithoutSudoSaysWhatItNeedsAndSucceeds() throws {
        let setting = try Setting(sudo: false)
        defer { setting.remove() }
        let dry = try setting.run("install.sh", ["--dry-run", "--binary", setting.binary])
        #expect(dry.status == 0, "\(dry.standardOutput)\(dry.standardError)")
        #expect(dry.lines.contains("(not root and no sudo: the real run stops here; run the system part as root, with --system-only)"))
        // (or unchanged, on a machine where install.sh was run for real)
        let rules = "/etc/udev/rules.d/70-tactile.rules"
        #expect(dry.lines.contains("+ install -m 0644 \(setting.dist)/70-tactile.rules \(rules)") || dry.lines.contains("unchanged: \(rules)"))
        #expect(dry.lines.contains("+ install -m 0755 \(setting.binary) \(setting.home)/.local/bin/tactile"))
        #expect(dry.lines.last == "done")
        let dryRemoval = try setting.run("uninstall.sh", ["--dry-run"])
        #expect(dryRemoval.status == 0, "\(dryRemoval.standardOutput)\(dryRemoval.standardError)")
        #expect(try setting.recordedCalls() == "", "a dry run ran something")

        // The real run stops before changing anything, and says why.
        let real = try setting.run("install.sh", ["--binary", setting.binary, "--no-start"])
        #expect(real.status == 1)
        #expect(real.standardError.contains("the system files need root: run the system part as root (--system-only), or install sudo"))
        #expect(!DistTests.exists(setting.home))
    }
}
