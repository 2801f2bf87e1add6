// What a reload logs it changed: gestures added, removed and changed by name; a gesture that only moved has not changed.
import Tactile
@testable import TactileService
import Testing

@Suite struct ConfigChangesTests {
    static let base = """
        [[gesture]]
        name = "back"
        recognizer = "swipe"
        fingers = 3
        direction = "right"
        ended = { key = "alt+Left" }

        [[gesture]]
        recognizer = "pan"
        fingers = 2
        changed = { scroll = "natural" }
        """

    static func parse(_ text: String) throws -> GestureConfig {
        try #require(ConfigLoader.parse(text, file: "gestures.toml").config)
    }

    @Test func gesturesAddedRemovedAndChangedAreNamed() throws {
        let old = try Self.parse(Self.base)
        let new = try Self.parse(
            Self.base.replacingOccurrences(of: "name = \"back\"", with: "name = \"forward\"")
                .replacingOccurrences(of: "scroll = \"natural\"", with: "scroll = \"traditional\"")
                + "\n\n[emergency]\nfingers = 6\n")
        let changes = ConfigChanges(from: old, to: new)
        #expect(changes.added == ["forward"])
        #expect(changes.removed == ["back"])
        #expect(changes.changed == ["pan@screen"])
        #expect(changes.otherSections == ["emergency"])
        #expect(changes.description == "1 gesture added (forward), 1 gesture removed (back), 1 gesture changed (pan@screen); emergency changed")
    }

    @Test func aGestureThatOnlyMovedInTheFileHasNotChanged() throws {
        let old = try Self.parse(Self.base)
        let new = try Self.parse("# a comment above\n\n" + Self.base)
        let changes = ConfigChanges(from: old, to: new)
        #expect(changes.isEmpty)
        #expect(changes.description == "nothing changed but places in the file")
    }
}
