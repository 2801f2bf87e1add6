// tactiled's command line: serve's options, read by the one reader (ServeSettings), its help, version and usage errors.
import Foundation
import Tactile
@testable import TactileDesktop
import TactileTestSupport
import Testing

/// `tactiled` and `tactile serve` read the same options through
/// ``ServeSettings``; these tests hold the reader and the binary to it.
@Suite struct TactiledCommandTests {
    func tactiled() throws -> String {
        try #require(TestSupport.product("tactiled"), "tactiled was not built next to the tests")
    }

    @Test func theOptionsAreReadAsServeReadsThem() throws {
        let request = try ServeSettings.read(["--config", "g.toml", "--device=/dev/input/event5", "--device", "/dev/input/event6",
                                              "--dry-run", "--idle-exit", "2.5", "--rescan-interval=1", "--quiet", "--stats"])
        var expected = ServeSettings()
        expected.configPath = "g.toml"
        expected.devicePaths = ["/dev/input/event5", "/dev/input/event6"]
        expected.dryRun = true
        expected.idleExit = 2.5
        expected.rescanInterval = 1
        expected.quiet = true
        expected.stats = true
        #expect(request == .run(expected))
        #expect(try ServeSettings.read([]) == .run(ServeSettings()))
        #expect(try ServeSettings.read(["--quiet", "--help", "--bogus"]) == .help)
        #expect(try ServeSettings.read(["-h"]) == .help)
        #expect(try ServeSettings.read(["--version"]) == .version)
    }

    @Test func aBadCommandLineSaysWhichArgumentAndWhy() {
        let cases: [([String], String)] = [
            (["--bogus"], "Unknown option '--bogus'"),
            (["serve"], "Unexpected argument 'serve'"),
            (["--config"], "Missing value for '--config <file>'"),
            (["--quiet=yes"], "The flag '--quiet' takes no value"),
            (["--idle-exit", "soon"], "The value 'soon' is invalid for '--idle-exit <seconds>'"),
            (["--idle-exit", "nan"], "The value 'nan' is invalid for '--idle-exit <seconds>'"),
            (["--idle-exit", "0"], "--idle-exit must be 0…86400 seconds"),
            (["--rescan-interval", "0.01"], "--rescan-interval must be 0.1…3600 seconds"),
            (["--output", "/tmp/x"], "--output saves a dry run's output: give --dry-run too"),
        ]
        for (arguments, message) in cases {
            #expect(throws: ServeSettings.UsageError(description: message), "\(arguments)") { try ServeSettings.read(arguments) }
        }
        // A control character in an unknown argument is shown escaped, never sent to the terminal.
        let shown = TextFormat.visible("--\u{1B}")
        #expect(shown != "--\u{1B}")
        #expect(throws: ServeSettings.UsageError(description: "Unknown option '\(shown)'")) { try ServeSettings.read(["--\u{1B}"]) }
    }

    @Test func theHelpNamesEveryOptionWithinEightyColumns() {
        let help = ServeSettings.help(command: "tactiled")
        #expect(help.hasPrefix(ServeSettings.abstract + "\n"))
        for option in ServeSettings.Option.all { #expect(help.contains("  " + option.name), "\(option.name)") }
        #expect(help.contains("Usage: tactiled [--config <file>] [--device <node> ...]"))
        #expect(help.split(separator: "\n").allSatisfy { $0.count <= 80 }, "\(help)")
    }

    @Test func theBinaryAnswersHelpVersionAndUsageErrors() throws {
        let help = try TestSupport.run(try tactiled(), ["--help"])
        #expect(help.status == 0)
        #expect(help.standardOutput == ServeSettings.help(command: "tactiled") + "\n")
        let version = try TestSupport.run(try tactiled(), ["--version"])
        #expect(version.status == 0 && version.standardOutput == TactileVersion.current + "\n")
        // A usage error exits 64 (EX_USAGE), as tactile's commands do, and says how to get help.
        let bad = try TestSupport.run(try tactiled(), ["--rescan-interval", "0"])
        #expect(bad.status == 64)
        #expect(bad.standardError.hasPrefix("Error: --rescan-interval must be 0.1…3600 seconds\nUsage: tactiled "))
        #expect(bad.standardError.hasSuffix("See 'tactiled --help' for more information.\n"))
        // Saving a dry run's recordings is tactile serve's (it links the writers): refused, and where to go instead.
        let output = try TestSupport.run(try tactiled(), ["--dry-run", "--output", "/tmp/never-made-by-tactiled"])
        #expect(output.status == 64)
        #expect(output.standardError.contains("run tactile serve --dry-run --output DIR"))
        #expect(!FileManager.default.fileExists(atPath: "/tmp/never-made-by-tactiled"))
    }
}
