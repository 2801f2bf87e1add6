// dist/install.sh's focus helpers, staged: the KWin script, and the GNOME Shell extension in the form for gnome-shell --version.
import Foundation
import Testing
import TactileTestSupport

/// What `dist/install.sh` installs for `tactile serve` to learn the focused
/// app on GNOME and KDE Plasma under Wayland, staged under `--root` like the
/// user's other files: the KWin script, always, and the GNOME Shell extension
/// when `gnome-shell` is on PATH (a stand-in here, saying the version each
/// test gives), in its form for that version: `dist/share/tactile/gnome-shell/43`
/// for GNOME 43 and 44, `45` for 45 and later. Without `gnome-shell`:
/// ``DistUnprivilegedTests``, whose PATH has none.
@Suite("Dist, focus helpers")
struct DistFocusHelperTests {
    static let uuid = "tactile-focus@tactile.github.io"
    static let forms = DistTests.dist + "/share/tactile/gnome-shell"
    static let kwinScript = DistTests.dist + "/share/tactile/kwin/tactile-focus.js"

    struct Installed {
        let sandbox: DistTests.Sandbox
        var directory: String { sandbox.staged + "/.local/share/gnome-shell/extensions/" + DistFocusHelperTests.uuid }
        var kwinScript: String { sandbox.staged + "/.local/share/tactile/kwin/tactile-focus.js" }
        var extensionFiles: [String] { ["extension.js", "metadata.json"].map { directory + "/" + $0 } }

        /// Whether the extension installed is the form `form` (43 or 45), file for file.
        func isForm(_ form: String) throws -> Bool {
            try DistTests.files(below: directory) == ["extension.js", "metadata.json"] && ["extension.js", "metadata.json"].allSatisfy {
                try DistTests.contents(directory + "/" + $0) == DistTests.contents(DistFocusHelperTests.forms + "/\(form)/" + $0)
            }
        }
    }

    static let enableLine = "to enable it: gnome-extensions enable tactile-focus@tactile.github.io"
    static let loginLine = "  (GNOME Shell sees an extension installed while it runs only once you log out and in again)"

    @Test(arguments: [("GNOME Shell 43.9", "43", "43"), ("GNOME Shell 44.10", "44", "43"), ("GNOME Shell 45.0", "45", "45"),
                      ("GNOME Shell 47.rc", "47", "45"), ("GNOME Shell 48.2", "48", "45")])
    func theFormFollowsGnomeShellsVersion(version: String, major: String, form: String) throws {
        let sandbox = try DistTests.Sandbox()
        defer { sandbox.remove() }
        try sandbox.fakeGnomeShell(version)
        let installed = Installed(sandbox: sandbox)
        let output = try sandbox.installForTest(["--user-only"])
        #expect(output.status == 0, "\(output.standardError)")
        #expect(try installed.isForm(form))
        #expect(try DistTests.contents(installed.kwinScript) == DistTests.contents(Self.kwinScript))
        for file in ["extension.js", "metadata.json"] {
            #expect(output.lines.contains("+ install -m 0644 \(Self.forms)/\(form)/\(file) \(installed.directory)/\(file)"))
            #expect(try DistTests.permissions(installed.directory + "/" + file) == 0o644)
        }
        let said = form == "43" ? "43 and 44" : "45 and later"
        #expect(output.lines.contains("GNOME Shell \(major): the GNOME Shell extension in its form for GNOME \(said)"))
        #expect(output.lines.contains(Self.enableLine) && output.lines.contains(Self.loginLine))
        #expect(!output.standardOutput.contains("out of date"))
        #expect(DistTests.files(below: sandbox.home).isEmpty, "staged, the real HOME is left alone")
    }

    @Test func idempotentThenTheOtherFormAfterAnUpgradeThenRemoved() throws {
        let sandbox = try DistTests.Sandbox()
        defer { sandbox.remove() }
        let installed = Installed(sandbox: sandbox)
        try sandbox.fakeGnomeShell("GNOME Shell 44.9")
        #expect(try sandbox.installForTest(["--user-only"]).status == 0)
        let dates = try (installed.extensionFiles + [installed.kwinScript]).map(DistTests.modificationDate)

        // Again: every file said unchanged, none rewritten, the hint given again.
        Thread.sleep(forTimeInterval: 0.02)
        let again = try sandbox.installForTest(["--user-only"])
        #expect(again.status == 0, "\(again.standardError)")
        #expect(!again.standardOutput.contains("+ "), "the second run did something:\n\(again.standardOutput)")
        for path in installed.extensionFiles + [installed.kwinScript] {
            #expect(again.lines.contains("unchanged: \(path)"))
        }
        #expect(try (installed.extensionFiles + [installed.kwinScript]).map(DistTests.modificationDate) == dates)
        #expect(again.lines.contains(Self.enableLine))

        // GNOME 44 to 45: install.sh run again puts the 45 form in the place of the 43.
        try sandbox.fakeGnomeShell("GNOME Shell 45.3")
        let upgraded = try sandbox.installForTest(["--user-only"])
        #expect(upgraded.status == 0, "\(upgraded.standardError)")
        #expect(try installed.isForm("45"))
        #expect(!upgraded.standardOutput.contains("+ install -m 0644 \(Self.kwinScript)"))

        let dryRemoval = try sandbox.run(DistTests.uninstall, ["--user-only", "--no-stop", "--root", sandbox.root, "--dry-run"])
        #expect(dryRemoval.status == 0, "\(dryRemoval.standardError)")
        #expect(try installed.isForm("45"))
        let removed = try sandbox.run(DistTests.uninstall, ["--user-only", "--no-stop", "--root", sandbox.root])
        #expect(removed.status == 0, "\(removed.standardError)")
        for path in installed.extensionFiles + [installed.kwinScript] {
            #expect(dryRemoval.lines.contains("+ rm -f \(path)") && removed.lines.contains("+ rm -f \(path)"))
        }
        #expect(removed.lines.contains("GNOME Shell keeps the extension it loaded until you log out"))
        #expect(!DistTests.exists(installed.directory) && !DistTests.exists(sandbox.staged + "/.local/share/tactile"))
        #expect(DistTests.files(below: sandbox.staged) == [".config/tactile/gestures.toml"])
        let second = try sandbox.run(DistTests.uninstall, ["--user-only", "--no-stop", "--root", sandbox.root])
        #expect(!second.standardOutput.contains("+ "), "the second uninstall did something:\n\(second.standardOutput)")
        #expect(second.lines.contains("already gone: \(installed.kwinScript)"))
    }

    @Test func aDryRunSaysTheExtensionsFilesAndWritesNothing() throws {
        let sandbox = try DistTests.Sandbox()
        defer { sandbox.remove() }
        let installed = Installed(sandbox: sandbox)
        let dry = try sandbox.installForTest(["--user-only", "--dry-run"])
        #expect(dry.status == 0, "\(dry.standardError)")
        #expect(dry.lines.contains("+ install -m 0644 \(Self.kwinScript) \(installed.kwinScript)"))
        #expect(dry.lines.contains("+ install -m 0644 \(Self.forms)/43/extension.js \(installed.directory)/extension.js"))
        #expect(dry.lines.contains(Self.enableLine))
        #expect(!DistTests.exists(sandbox.root))
    }

    /// Too old, a version it cannot read: no extension, said why, the KWin script all the same; newer
    /// than the extension names: the 45 form, with a warning.
    @Test(arguments: [("GNOME Shell 42.9", "GNOME Shell 42 is older than the GNOME Shell extension (43 and later): not installed"),
                      ("GNOME Shell", "gnome-shell --version says \"GNOME Shell\": the GNOME Shell extension is not installed"),
                      ("", "gnome-shell --version says \"\": the GNOME Shell extension is not installed")])
    func noExtensionForAGnomeShellTooOldOrUnread(version: String, said: String) throws {
        let sandbox = try DistTests.Sandbox()
        defer { sandbox.remove() }
        try sandbox.fakeGnomeShell(version)
        let installed = Installed(sandbox: sandbox)
        let output = try sandbox.installForTest(["--user-only"])
        #expect(output.status == 0, "\(output.standardError)")
        #expect(output.lines.contains(said), "\(output.standardOutput)")
        #expect(!DistTests.exists(installed.directory) && !output.lines.contains(Self.enableLine))
        #expect(DistTests.exists(installed.kwinScript))
    }

    @Test func aNewerGnomeShellGetsThe45FormAndAWarning() throws {
        let sandbox = try DistTests.Sandbox()
        defer { sandbox.remove() }
        try sandbox.fakeGnomeShell("GNOME Shell 49.1")
        let output = try sandbox.installForTest(["--user-only"])
        #expect(output.status == 0, "\(output.standardError)")
        #expect(try Installed(sandbox: sandbox).isForm("45"))
        #expect(output.lines.contains("note: the extension names GNOME 45 to 48: GNOME Shell 49 may call it out of date and not load it"))
    }
}
