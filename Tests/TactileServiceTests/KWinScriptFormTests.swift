// The KWin script in the two forms of KWin's scripting API: Plasma 6's (run here under gjs) and 5.27's.
import Foundation
import TactileTestSupport
import Testing

/// Plasma 6 is not in Debian 12, so its form of `tactile-focus.js` is run
/// here under gjs (GNOME's JavaScript engine, SpiderMonkey) against a
/// stand-in of Plasma 6's `workspace` (`windowActivated`, `activeWindow`)
/// and, beside it, one of Plasma 5.27's (`clientActivated`,
/// `activeClient`), whose real KWin `RealShellFocusTests` runs. What it
/// shows: the script takes the API each version has, reports the window
/// active when it is loaded and each activation, and reports none as two
/// empty strings. What it cannot: that Plasma 6's QJSEngine runs it, and
/// that Plasma 6 serves the loaded script at `/Scripting/ScriptN` (read
/// from KWin 6's source; the service falls back to 5.27's `/N`).
@Suite(.enabled(if: ProcessInfo.processInfo.environment["CI"] != nil || FileManager.default.isExecutableFile(atPath: "/usr/bin/gjs"),
                "gjs is not installed"))
struct KWinScriptFormTests {
    static let script = Repository.path("dist/share/tactile/kwin/tactile-focus.js")

    /// What the script calls through `callDBus`, loaded into a `workspace` whose `signal` and
    /// `active` property are those of one version (`other`, the other version's signal, absent),
    /// `window` active (`{resourceClass, desktopFileName}`), then told of each of `activations`
    /// (`null`: none).
    func calls(signal: String, active: String, other: String, window: String, activations: [String]) throws -> [[String]] {
        let text = try String(contentsOfFile: Self.script, encoding: .utf8)
        let harness = """
            const calls = [];
            function callDBus(...args) { calls.push(args.map(String)); }
            const handlers = [];
            var workspace = { \(signal): { connect(f) { handlers.push(f); } }, \(active): \(window), \(other): undefined };
            \(text)
            for (const window of [\(activations.joined(separator: ", "))]) handlers.forEach(f => f(window));
            print(JSON.stringify(calls));
            """
        let output = try TestSupport.run("/usr/bin/gjs", ["-c", harness])
        try #require(output.status == 0, "\(output.standardError)")
        let parsed = try JSONSerialization.jsonObject(with: Data(output.standardOutput.utf8)) as? [[String]]
        return try #require(parsed, "\(output.standardOutput)")
    }

    static let dolphin = #"{resourceClass: "org.kde.dolphin", desktopFileName: "org.kde.dolphin"}"#
    static let xterm = #"{resourceClass: "xterm", desktopFileName: ""}"#
    static let report = ["io.github.tactile.Service", "/io/github/tactile/Focus", "io.github.tactile.Focus1", "Report"]

    @Test(arguments: [("windowActivated", "activeWindow", "clientActivated"), ("clientActivated", "activeClient", "windowActivated")])
    func eachVersionsAPIIsTaken(signal: String, active: String, other: String) throws {
        let calls = try calls(signal: signal, active: active, other: other, window: Self.dolphin, activations: [Self.xterm, "null"])
        #expect(calls == [Self.report + ["org.kde.dolphin", "org.kde.dolphin"], Self.report + ["xterm", ""], Self.report + ["", ""]])
    }
}
