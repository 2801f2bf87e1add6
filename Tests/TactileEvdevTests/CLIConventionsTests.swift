import Foundation
import Testing
@testable import tactile

/// The conventions every `tactile` command follows: `--version`, kinds in
/// kebab-case, `--force`, completions, exit statuses.
@Suite struct CLIConventionsTests {
    func tactile() throws -> String {
        try #require(TestSupport.product("tactile"), "the tactile executable was not built next to the tests")
    }

    @Test func versionComesFromOnePlace() throws {
        let output = try TestSupport.run(try tactile(), ["--version"])
        #expect(output.status == 0)
        #expect(output.standardOutput == TactileVersion.current + "\n")
        #expect(TactileVersion.current.split(separator: ".").count == 3)
    }
}
