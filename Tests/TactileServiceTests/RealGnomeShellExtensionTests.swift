// The GNOME Shell extension Tactile focus, by its two checks: both forms under gjs, and the 43 form in the real GNOME Shell 43.
import Foundation
import Testing
import TactileTestSupport

/// `tools/check-gnome-extension.sh` (both forms of the extension under gjs,
/// outside the Shell: the same Reports for the same changes, nothing left
/// connected after `disable()`) and `tools/check-gnome-focus.sh` (the 43 form
/// in Debian's GNOME Shell 43, headless, reporting the focus of real windows
/// to a receiver on the session's bus), run as they are by hand. Each prints
/// every check it makes; a failure shows them.
@Suite("Real GNOME Shell extension", .serialized)
struct RealGnomeShellExtensionTests {
    nonisolated static let inCI = ProcessInfo.processInfo.environment["CI"] != nil

    static func check(_ script: String, timeout: Double) throws -> TestSupport.Output {
        try TestSupport.run("/bin/bash", [Repository.path("tools/" + script)], timeout: timeout)
    }

    /// What tools/check-gnome-focus.sh needs besides GNOME Shell (CI installs it all: there a gap fails).
    nonisolated static var focusCheckRuns: Bool {
        inCI || (DesktopSession.available("gnome-shell") && TestSupport.findOnPath("wev") != nil && TestSupport.findOnPath("foot") != nil
                 && ["/usr/lib/x86_64-linux-gnu", "/usr/lib/aarch64-linux-gnu"].contains {
                     FileManager.default.fileExists(atPath: $0 + "/girepository-1.0/GdkWayland-4.0.typelib")
                 })
    }

    @Test(.enabled(if: inCI || TestSupport.findOnPath("gjs") != nil, "gjs is not installed"))
    func bothFormsPassTheSameChecksUnderGjs() throws {
        let output = try Self.check("check-gnome-extension.sh", timeout: 120)
        #expect(output.status == 0, "\(output.standardOutput)\(output.standardError)")
        #expect(output.lines.last == "check-gnome-extension: both forms passed", "\(output.standardOutput)")
        #expect(!output.standardOutput.contains("FAIL"))
    }

    @Test(.enabled(if: focusCheckRuns, "gnome-shell, wev, foot or GTK 4's introspection data is not installed"))
    func theExtensionReportsEachFocusChangeInGnomeShell43() throws {
        // Each of its 13 steps waits 60 s at most (a loaded machine); a run takes about 10 s.
        let output = try Self.check("check-gnome-focus.sh", timeout: 900)
        #expect(output.status == 0, "\(output.standardOutput)\(output.standardError)")
        #expect(output.lines.last == "check-gnome-focus: 13 Reports as expected; no process left after stop", "\(output.standardOutput)")
    }
}
