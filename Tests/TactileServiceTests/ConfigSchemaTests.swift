// The schema of gestures.toml: its tables' keys, and docs/gestures-toml.md's key tables rendered from it.
import Foundation
@testable import TactileService
import TactileTestSupport
import Testing

@Suite struct ConfigSchemaTests {
    static let page = Repository.path("docs/gestures-toml.md")

    /// Re-render the page's tables with `TACTILE_REPIN_GOLDEN=1` (then review `git diff docs`).
    @Test func theReferenceTablesAreTheSchemas() throws {
        var text = try String(contentsOfFile: Self.page, encoding: .utf8)
        if ProcessInfo.processInfo.environment["TACTILE_REPIN_GOLDEN"] == "1" {
            text = ConfigSchemaDocs.rendered(into: text)
            try text.write(toFile: Self.page, atomically: true, encoding: .utf8)
        }
        let differences = ConfigSchemaDocs.differences(in: text)
        #expect(differences.isEmpty, """
            docs/gestures-toml.md's key tables are not ConfigSchema's (- the page's lines, + the schema's); \
            change the schema (Sources/TactileService/Config/ConfigSchema+Reference.swift), then re-render the page \
            with TACTILE_REPIN_GOLDEN=1 swift test --filter ConfigSchemaTests:
            \(differences.joined(separator: "\n"))
            """)
    }

    @Test func aDoctoredTableIsNamedLineByLine() throws {
        let text = try String(contentsOfFile: Self.page, encoding: .utf8)
        let doctored = text.replacingOccurrences(of: "| `duration` | seconds | `3` |", with: "| `duration` | seconds | `4` |")
            .replacingOccurrences(of: "| `model` | string | `\"\"` | `\"pc105\"` |\n", with: "")
        let differences = ConfigSchemaDocs.differences(in: doctored)
        #expect(differences.count == 3)
        #expect(differences.contains { $0.hasPrefix("[emergency] - line ") && $0.hasSuffix("| `duration` | seconds | `4` | `1`…`10` |") })
        #expect(differences.contains("[emergency] + schema: | `duration` | seconds | `3` | `1`…`10` |"))
        #expect(differences.contains("[keyboard] + schema: | `model` | string | `\"\"` | `\"pc105\"` |"))
        #expect(ConfigSchemaDocs.differences(in: ConfigSchemaDocs.rendered(into: doctored)).isEmpty)
    }

    @Test func aMissingOrUnknownBlockIsNamed() {
        let differences = ConfigSchemaDocs.differences(in: "<!-- schema: zones -->\n<!-- /schema -->\n")
        #expect(differences.contains("line 1: no table of ConfigSchema is called \"zones\""))
        #expect(differences.contains("no <!-- schema: zone --> … <!-- /schema --> block"))
    }

    @Test func theTopLevelKeysAreTheTablesUnderIt() {
        #expect(Set(ConfigSchema.document.keys) == ["devices", "desktop", "keyboard", "emergency", "zones", "gesture"])
        #expect(ConfigSchema.gesture.keys.contains("step"))
        #expect(ConfigSchema.gesture.keys.contains("recognized"))
    }

    @Test func everyRecognizerIsInTheReference() throws {
        let recognizer = try #require(ConfigSchema.gestureReference.rows.first)
        for kind in RecognizerKind.allCases { #expect(recognizer.type.contains("`\(kind.rawValue)`")) }
        #expect(recognizer.type.contains("`press-and-hold`"))
    }

    @Test func everyTableIsRefusedUnknownKeysByItsName() throws {
        let text = """
            colour = 1
            [devices]
            grabb = true
            [emergency]
            finger = 5
            [zones.left]
            edge = "left"
            dpeth = "4mm"
            [[gesture]]
            recognizer = "pan"
            fingers = 2
            changed = { scrol = "natural" }
            """
        let messages = ConfigLoader.parse(text, file: "g.toml").diagnostics.map(\.message)
        #expect(messages.contains("unknown key \"colour\" in the config"))
        #expect(messages.contains("unknown key \"grabb\" in [devices] (did you mean \"grab\"?)"))
        #expect(messages.contains("unknown key \"finger\" in [emergency] (did you mean \"fingers\"?)"))
        #expect(messages.contains("unknown key \"dpeth\" in [zones.left] (did you mean \"depth\"?)"))
        #expect(messages.contains("unknown key \"scrol\" in an action (did you mean \"scroll\"?)"))
    }
}
