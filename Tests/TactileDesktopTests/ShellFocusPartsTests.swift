// The parts of the shells' route that need no shell: where the KWin script is found and trusted, what each extension state says.
import Foundation
@testable import TactileDesktop
import TactileTestSupport
import Testing

/// `KWinFocusScript.locate` and `GnomeFocusExtension.problem` on their own;
/// the route itself runs against the real KWin and GNOME Shell in
/// `RealShellFocusTests`.
struct ShellFocusPartsTests {
    /// A data directory holding the script with `mode`.
    static func dataDirectory(mode: Int) throws -> String {
        let directory = try TemporaryDirectory.make(prefix: "tactile-kwin-script")
        try FileManager.default.createDirectory(atPath: directory + "/tactile/kwin", withIntermediateDirectories: true)
        let path = directory + "/" + KWinFocusScript.relativePath
        try "// a script\n".write(toFile: path, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: path)
        return directory
    }

    @Test func theScriptIsTheFirstOfTheDataDirectoriesAndTrustedOnlyWhenNoOtherUserCouldWriteIt() throws {
        let mine = try Self.dataDirectory(mode: 0o644), shared = try Self.dataDirectory(mode: 0o644)
        defer { for directory in [mine, shared] { try? FileManager.default.removeItem(atPath: directory) } }
        let environment = ["XDG_DATA_HOME": mine, "XDG_DATA_DIRS": shared]
        #expect(KWinFocusScript.dataDirectories(environment: environment, executable: "/opt/tactile/bin/tactile")
                == [mine, shared, "/opt/tactile/share"])
        #expect(try KWinFocusScript.locate(environment: environment, executable: nil).get() == mine + "/" + KWinFocusScript.relativePath)
        // Without XDG_DATA_HOME: ~/.local/share, then the system's directories.
        #expect(KWinFocusScript.dataDirectories(environment: ["HOME": "/home/ada"], executable: nil)
                == ["/home/ada/.local/share", "/usr/local/share", "/usr/share"])
        // Writable by others: KWin would run what another user put there. Not loaded, and said why.
        try FileManager.default.setAttributes([.posixPermissions: 0o666], ofItemAtPath: mine + "/" + KWinFocusScript.relativePath)
        let refused = KWinFocusScript.locate(environment: environment, executable: nil)
        guard case .failure(let problem) = refused else {
            Issue.record("loaded a script others may write: \(refused)")
            return
        }
        #expect(problem.description.hasPrefix("the KWin script \(mine)/tactile/kwin/tactile-focus.js is not loaded: it is writable by its group and others"))
        #expect(problem.description.hasSuffix("(fix: chmod go-w \(mine)/tactile/kwin/tactile-focus.js)"), "\(problem)")
        // None anywhere: where it was looked for.
        let none = KWinFocusScript.locate(environment: ["XDG_DATA_HOME": "/nonexistent", "XDG_DATA_DIRS": "/nonexistent2"], executable: nil)
        #expect(throws: KWinFocusScript.Problem.self) { try none.get() }
    }

    @Test func eachStateOfTheExtensionSaysWhatToDo() {
        let enable = "run gnome-extensions enable tactile-focus@tactile.github.io"
        func problem(_ state: Double?, error: String? = nil) -> String? {
            GnomeFocusExtension.problem(.init(state: state, error: error, path: nil, shellVersion: "43.9"))
        }
        #expect(problem(1) == nil)
        #expect(problem(nil)?.hasPrefix("GNOME Shell 43.9 has no extension tactile-focus@tactile.github.io: install it") == true)
        #expect(problem(nil)?.hasSuffix("log out and in, then \(enable)") == true)
        #expect(problem(2) == "GNOME Shell 43.9's extension tactile-focus@tactile.github.io is installed but not enabled: \(enable)")
        #expect(problem(6) == problem(2))
        #expect(problem(3, error: "SyntaxError: unexpected token")?.hasSuffix("failed to load: SyntaxError: unexpected token") == true)
        #expect(problem(4)?.contains("is not made for this version") == true)
    }
}
