// dist/: install.sh and uninstall.sh staged under a temporary root (no sudo, systemd or udev), also as another user, the udev rules and the unit.
import Foundation
import Testing
import TactileTestSupport

/// What `dist/` installs, run for real into temporary directories: staged
/// under `--root` (or `DESTDIR`), every file goes below it with the layout it
/// would have on the system (`root/etc/…`, `root$HOME/…`), so nothing needs
/// root and nothing runs systemctl, sudo or udevadm. The binary is a dummy file.
@Suite("Dist")
struct DistTests {
    static let dist = Repository.path("dist")
    static let install = dist + "/install.sh"
    static let uninstall = dist + "/uninstall.sh"
    /// The Debian package's maintainer scripts (tools/make-deb.sh).
    static let maintainerScripts = [dist + "/deb/postinst", dist + "/deb/postrm"]
    /// Every file of the user's part, below HOME, where GNOME Shell 43 is (the sandbox's stand-in).
    static let userFiles = [".config/systemd/user/tactile.service", ".config/tactile/gestures.toml", ".local/bin/tactile", ".local/bin/tactiled",
                            ".local/share/gnome-shell/extensions/tactile-focus@tactile.github.io/extension.js",
                            ".local/share/gnome-shell/extensions/tactile-focus@tactile.github.io/metadata.json",
                            ".local/share/tactile/kwin/tactile-focus.js"]

    /// A temporary HOME, a root for the system files, dummy binaries (tactile, and the tactiled beside it) and config, and a
    /// `gnome-shell` stand-in first on PATH that says it is 43.9 (``fakeGnomeShell(_:)`` changes it).
    struct Sandbox {
        let base: String
        var home: String { base + "/home" }
        var bin: String { base + "/bin" }
        var root: String { base + "/root" }
        var binary: String { base + "/tactile-dummy" }
        /// The tactiled install.sh takes from beside ``binary``.
        var serviceBinary: String { base + "/tactiled" }
        var config: String { base + "/gestures-source.toml" }
        /// Where the user's files land when staged under ``root``: `root$HOME`.
        var staged: String { root + home }

        var installedBinary: String { staged + "/.local/bin/tactile" }
        var installedServiceBinary: String { staged + "/.local/bin/tactiled" }
        var installedUnit: String { staged + "/.config/systemd/user/tactile.service" }
        var installedConfig: String { staged + "/.config/tactile/gestures.toml" }
        var installedRules: String { root + "/etc/udev/rules.d/70-tactile.rules" }
        var installedModules: String { root + "/etc/modules-load.d/tactile-uinput.conf" }
        var everyInstalledFile: [String] { [installedBinary, installedServiceBinary, installedUnit, installedConfig, installedRules, installedModules] }

        init() throws {
            base = try TemporaryDirectory.make(prefix: "tactile-dist-tests")
            try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
            try Data("#!/bin/sh\necho dummy tactile\n".utf8).write(to: URL(fileURLWithPath: binary))
            try Data("#!/bin/sh\necho dummy tactiled\n".utf8).write(to: URL(fileURLWithPath: serviceBinary))
            try Data("# a test config\n[devices]\nkinds = [\"touchscreen\"]\n".utf8).write(to: URL(fileURLWithPath: config))
            try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
            try fakeGnomeShell("GNOME Shell 43.9")
        }

        /// Makes `gnome-shell --version` print `version` (Debian 12's says "GNOME Shell 43.9").
        func fakeGnomeShell(_ version: String) throws {
            let path = bin + "/gnome-shell"
            try Data("#!/bin/sh\necho '\(version)'\n".utf8).write(to: URL(fileURLWithPath: path))
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)
        }

        func remove() { try? FileManager.default.removeItem(atPath: base) }

        /// Runs a script with `sh` in a clean environment (no SUDO_USER, no XDG_CONFIG_HOME).
        func run(_ script: String, _ arguments: [String], environment extra: [String] = []) throws -> TestSupport.Output {
            let environment = ["HOME=\(home)", "PATH=\(bin):/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin", "LC_ALL=C"] + extra
            return try TestSupport.run("/usr/bin/env", ["-i"] + environment + ["sh", script] + arguments)
        }

        func installForTest(_ extra: [String] = []) throws -> TestSupport.Output {
            try run(DistTests.install, ["--binary", binary, "--config", config, "--root", root, "--no-start"] + extra)
        }
    }

    static func contents(_ path: String) throws -> Data {
        try Data(contentsOf: URL(fileURLWithPath: path))
    }

    static func exists(_ path: String) -> Bool {
        FileManager.default.fileExists(atPath: path)
    }

    static func modificationDate(_ path: String) throws -> Date? {
        try FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date
    }

    static func permissions(_ path: String) throws -> Int? {
        (try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? NSNumber)?.intValue
    }

    /// Every file below `directory`, relative to it.
    static func files(below directory: String) -> [String] {
        guard let walker = FileManager.default.enumerator(atPath: directory) else { return [] }
        var found: [String] = []
        while let relative = walker.nextObject() as? String {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: directory + "/" + relative, isDirectory: &isDirectory), !isDirectory.boolValue {
                found.append(relative)
            }
        }
        return found.sorted()
    }

    /// The lines of a file that are not comments or blank.
    static func activeLines(_ path: String) throws -> [String] {
        try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty && !$0.hasPrefix("#") }
    }

    // MARK: install.sh

    @Test func dryRunPrintsEveryStepAndChangesNothing() throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let output = try sandbox.installForTest(["--dry-run"])
        #expect(output.status == 0, "\(output.standardError)")
        let lines = output.lines
        #expect(lines.first == "dry run: nothing is changed")
        #expect(lines.contains("+ install -m 0755 \(sandbox.binary) \(sandbox.installedBinary)"))
        #expect(lines.contains("+ install -m 0644 \(Self.dist)/tactile.service \(sandbox.installedUnit)"))
        #expect(lines.contains("+ install -m 0644 \(sandbox.config) \(sandbox.installedConfig)"))
        #expect(lines.contains("+ install -m 0644 \(Self.dist)/70-tactile.rules \(sandbox.installedRules)"))
        #expect(lines.contains("+ install -m 0644 \(Self.dist)/tactile-uinput.conf \(sandbox.installedModules)"))
        #expect(lines.contains("not started (files under \(sandbox.root), not this system's): no systemctl"))
        #expect(lines.last == "done")
        #expect(!output.standardOutput.contains("systemctl --user"))
        #expect(Self.files(below: sandbox.home).isEmpty)
        #expect(!Self.exists(sandbox.root))
    }

    @Test func installsEveryFileThenChangesNothingAndKeepsAnEditedConfig() throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let first = try sandbox.installForTest()
        #expect(first.status == 0, "\(first.standardError)")
        #expect(try Self.contents(sandbox.installedBinary) == Self.contents(sandbox.binary))
        #expect(try Self.contents(sandbox.installedUnit) == Self.contents(Self.dist + "/tactile.service"))
        #expect(try Self.contents(sandbox.installedConfig) == Self.contents(sandbox.config))
        #expect(try Self.contents(sandbox.installedRules) == Self.contents(Self.dist + "/70-tactile.rules"))
        #expect(try Self.contents(sandbox.installedModules) == Self.contents(Self.dist + "/tactile-uinput.conf"))
        #expect(try Self.permissions(sandbox.installedBinary) == 0o755)
        #expect(try Self.permissions(sandbox.installedRules) == 0o644)
        #expect(Self.files(below: sandbox.staged) == Self.userFiles)
        #expect(Self.files(below: sandbox.root + "/etc") == ["modules-load.d/tactile-uinput.conf", "udev/rules.d/70-tactile.rules"])
        #expect(Self.files(below: sandbox.home).isEmpty, "staged, the real HOME is left alone")

        // A second run: every file said unchanged, none rewritten.
        let dates = try sandbox.everyInstalledFile.map(Self.modificationDate)
        Thread.sleep(forTimeInterval: 0.02)
        let second = try sandbox.installForTest()
        #expect(second.status == 0, "\(second.standardError)")
        #expect(!second.standardOutput.contains("+ "), "the second run did something:\n\(second.standardOutput)")
        for path in [sandbox.installedBinary, sandbox.installedUnit, sandbox.installedRules, sandbox.installedModules] {
            #expect(second.lines.contains("unchanged: \(path)"))
        }
        #expect(second.lines.contains("kept: \(sandbox.installedConfig) (yours; never overwritten)"))
        #expect(try sandbox.everyInstalledFile.map(Self.modificationDate) == dates)

        // The user's edits survive a reinstall; a new binary replaces the old.
        let edited = Data("# mine\n[devices]\nkinds = [\"touchpad\"]\n".utf8)
        try edited.write(to: URL(fileURLWithPath: sandbox.installedConfig))
        try Data("#!/bin/sh\necho newer tactile\n".utf8).write(to: URL(fileURLWithPath: sandbox.binary))
        let third = try sandbox.installForTest()
        #expect(third.status == 0, "\(third.standardError)")
        #expect(try Self.contents(sandbox.installedConfig) == edited)
        #expect(try Self.contents(sandbox.installedBinary) == Self.contents(sandbox.binary))
        #expect(third.lines.contains("+ install -m 0755 \(sandbox.binary) \(sandbox.installedBinary)"))

        // uninstall.sh: everything but the config, then nothing left to do, then --purge.
        let removed = try sandbox.run(Self.uninstall, ["--root", sandbox.root, "--no-stop"])
        #expect(removed.status == 0, "\(removed.standardError)")
        #expect(Self.files(below: sandbox.staged) == [".config/tactile/gestures.toml"])
        #expect(Self.files(below: sandbox.root + "/etc").isEmpty)
        #expect(!removed.standardOutput.contains("systemctl --user"))
        #expect(try Self.contents(sandbox.installedConfig) == edited)
        #expect(removed.lines.contains("kept: \(sandbox.installedConfig) (yours; --purge removes it)"))
        for path in [sandbox.installedBinary, sandbox.installedUnit, sandbox.installedRules, sandbox.installedModules] {
            #expect(removed.lines.contains("+ rm -f \(path)"))
        }

        let again = try sandbox.run(Self.uninstall, ["--root", sandbox.root, "--no-stop"])
        #expect(again.status == 0, "\(again.standardError)")
        #expect(!again.standardOutput.contains("+ "), "the second uninstall did something:\n\(again.standardOutput)")
        #expect(again.lines.contains("already gone: \(sandbox.installedBinary)"))

        let dryPurge = try sandbox.run(Self.uninstall, ["--root", sandbox.root, "--no-stop", "--purge", "--dry-run"])
        #expect(dryPurge.status == 0, "\(dryPurge.standardError)")
        #expect(dryPurge.lines.contains("+ rm -f \(sandbox.installedConfig)"))
        #expect(Self.exists(sandbox.installedConfig))

        let purged = try sandbox.run(Self.uninstall, ["--root", sandbox.root, "--no-stop", "--purge"])
        #expect(purged.status == 0, "\(purged.standardError)")
        #expect(Self.files(below: sandbox.root).isEmpty)
        #expect(!Self.exists(sandbox.staged + "/.config/tactile"))
    }

    @Test func destdirStagesTheSystemAndTheUserFilesUnderIt() throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let output = try sandbox.run(Self.install, ["--system-only"], environment: ["DESTDIR=\(sandbox.root)"])
        #expect(output.status == 0, "\(output.standardError)")
        #expect(Self.files(below: sandbox.root) == ["etc/modules-load.d/tactile-uinput.conf", "etc/udev/rules.d/70-tactile.rules"])
        #expect(Self.files(below: sandbox.home).isEmpty)
        #expect(output.lines.contains { $0.hasPrefix("skipped (files under \(sandbox.root), not this system's)") })
        #expect(!output.standardOutput.contains("sudo"))

        // The user's part goes under DESTDIR too, in its place below HOME; systemd is not asked (no --no-start needed).
        let elsewhere = sandbox.base + "/elsewhere"
        let userOnly = try sandbox.run(Self.install, ["--user-only", "--binary", sandbox.binary, "--config", sandbox.config],
                                       environment: ["DESTDIR=\(elsewhere)/"])
        #expect(userOnly.status == 0, "\(userOnly.standardError)")
        #expect(Self.files(below: elsewhere + sandbox.home) == Self.userFiles)
        #expect(Self.files(below: elsewhere).count == Self.userFiles.count)
        #expect(Self.files(below: sandbox.home).isEmpty)
        #expect(userOnly.lines.contains { $0.hasPrefix("== user files (for ") && $0.hasSuffix(", under \(elsewhere + sandbox.home))") })
        #expect(!userOnly.standardOutput.contains("systemctl --user"))

        let removed = try sandbox.run(Self.uninstall, ["--system-only"], environment: ["DESTDIR=\(sandbox.root)"])
        #expect(removed.status == 0, "\(removed.standardError)")
        #expect(Self.files(below: sandbox.root).isEmpty)
        #expect(Self.files(below: elsewhere).count == Self.userFiles.count)
        let removedUser = try sandbox.run(Self.uninstall, ["--user-only", "--purge"], environment: ["DESTDIR=\(elsewhere)"])
        #expect(removedUser.status == 0, "\(removedUser.standardError)")
        #expect(Self.files(below: elsewhere).isEmpty)
        #expect(!removedUser.standardOutput.contains("+ systemctl"))
    }

    /// Without --config the default config is dist/gestures.toml; on a branch without it, install.sh says so and installs none.
    @Test func defaultConfigComesFromDist() throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let output = try sandbox.run(Self.install, ["--user-only", "--binary", sandbox.binary, "--no-start"])
        #expect(output.status == 0, "\(output.standardError)")
        let shipped = Self.dist + "/gestures.toml", installed = sandbox.home + "/.config/tactile/gestures.toml"
        if Self.exists(shipped) {
            #expect(try Self.contents(installed) == Self.contents(shipped))
        } else {
            #expect(!Self.exists(installed))
            #expect(output.lines.contains("no default config at \(shipped): none installed (tactile serve uses its built-in default)"))
        }
    }

    @Test func badArgumentsAreRefused() throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        for (script, arguments) in [(Self.install, ["--bogus"]), (Self.uninstall, ["--bogus"]),
                                    (Self.install, ["--user-only", "--system-only"]), (Self.uninstall, ["--user-only", "--system-only"]),
                                    (Self.install, ["--binary"])] {
            let output = try sandbox.run(script, arguments)
            #expect(output.status == 1, "\(script) \(arguments)")
            #expect(!output.standardError.isEmpty)
        }
        let missing = try sandbox.run(Self.install, ["--user-only", "--binary", sandbox.base + "/no-such-binary", "--no-start"])
        #expect(missing.status == 1)
        #expect(missing.standardError.contains("no binary: \(sandbox.base)/no-such-binary"))
        #expect(Self.files(below: sandbox.home).isEmpty)
        let help = try sandbox.run(Self.install, ["--help"])
        #expect(help.status == 0 && help.standardOutput.hasPrefix("usage: dist/install.sh"))
    }

    // MARK: The files

    @Test func udevRulesGiveTheSeatUserUinputAndTouchDevices() throws {
        let rules = try Self.activeLines(Self.dist + "/70-tactile.rules")
        #expect(rules == [
            #"KERNEL=="uinput", SUBSYSTEM=="misc", TAG+="uaccess", OPTIONS+="static_node=uinput""#,
            #"SUBSYSTEM=="input", KERNEL=="event*", ENV{ID_INPUT_TOUCHSCREEN}=="1", TAG+="uaccess""#,
            #"SUBSYSTEM=="input", KERNEL=="event*", ENV{ID_INPUT_TOUCHPAD}=="1", TAG+="uaccess""#,
        ])
        // uaccess is acted on by 73-seat-late.rules: the file must sort before it.
        #expect("70-tactile.rules" < "73-seat-late.rules")
        #expect(try Self.activeLines(Self.dist + "/tactile-uinput.conf") == ["uinput"])
    }

    @Test func unitRunsTheServiceInTheGraphicalSession() throws {
        let lines = try Self.activeLines(Self.dist + "/tactile.service")
        for expected in ["[Unit]", "[Service]", "[Install]",
                         "ExecStart=%h/.local/bin/tactiled", "Restart=on-failure", "RestartSec=2",
                         "PartOf=graphical-session.target", "After=graphical-session.target", "WantedBy=graphical-session.target",
                         "NoNewPrivileges=yes"] {
            #expect(lines.contains(expected), "\(expected)")
        }
        #expect(lines.filter { $0.hasPrefix("ExecStart=") }.count == 1)
        // Nothing that would hide the devices or the config from the service.
        for hiding in ["PrivateDevices=", "ProtectHome=", "DevicePolicy=", "PrivateUsers="] {
            #expect(!lines.contains { $0.hasPrefix(hiding) }, "\(hiding)")
        }
    }

    @Test func scriptsParseWithSh() throws {
        for script in [Self.install, Self.uninstall] + Self.maintainerScripts {
            let output = try TestSupport.run("/bin/sh", ["-n", script])
            #expect(output.status == 0, "\(script): \(output.standardError)")
            #expect(FileManager.default.isExecutableFile(atPath: script))
        }
    }

    @Test(.enabled(if: TestSupport.findOnPath("shellcheck") != nil, "shellcheck is not installed"))
    func scriptsPassShellcheck() throws {
        // -x follows both into dist/common.sh, which they source.
        let output = try TestSupport.run(TestSupport.findOnPath("shellcheck")!, ["-x", "-s", "sh", Self.install, Self.uninstall] + Self.maintainerScripts)
        #expect(output.status == 0, "\(output.standardOutput)\(output.standardError)")
    }

    @Test(.enabled(if: TestSupport.findOnPath("systemd-analyze") != nil, "systemd-analyze is not installed"))
    func unitVerifiesWithSystemdAnalyze() throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let installed = try sandbox.installForTest(["--user-only"])
        #expect(installed.status == 0, "\(installed.standardError)")
        let runtime = sandbox.base + "/runtime"
        try FileManager.default.createDirectory(atPath: runtime, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        // Staged, the unit's %h/.local/bin/tactiled is below the staged HOME.
        let output = try TestSupport.run("/usr/bin/env", ["-i", "HOME=\(sandbox.staged)", "XDG_RUNTIME_DIR=\(runtime)", "PATH=/usr/bin:/bin",
                                                          TestSupport.findOnPath("systemd-analyze")!, "--user", "verify", sandbox.installedUnit])
        #expect(output.status == 0, "\(output.standardError)")
        // verify warns about unknown keys without failing: it must say nothing at all.
        #expect(output.standardError.isEmpty && output.standardOutput.isEmpty, "\(output.standardOutput)\(output.standardError)")
    }
}
