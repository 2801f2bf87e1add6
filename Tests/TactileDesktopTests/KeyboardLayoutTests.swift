import Foundation
import Tactile
@testable import TactileDesktop
import TactileService
import TactileTestSupport
import Testing

/// Key chords are keysyms typed on the session's layout (libxkbcommon), with
/// raw key codes as the way around it; the layout is found where the session keeps it.
@Suite struct KeyboardLayoutTests {
    static let us = SessionSettings(keyboard: .builtIn, desktop: .builtIn)
    static func session(_ layout: String, variant: String = "") -> SessionSettings {
        SessionSettings(keyboard: KeyboardLayoutChoice(layout: KeyboardLayout(layout: layout, variant: variant), source: "test"),
                        desktop: .builtIn)
    }

    func keys(_ chord: String, _ session: SessionSettings) -> [UInt16]? {
        let result = ConfigLoader.parse("[[gesture]]\nrecognizer = \"tap\"\nended = { key = \"\(chord)\" }\n", file: "t.toml", session: session)
        guard case .key(let keys)? = result.config?.bindings.first?.actions[.ended]?.first else { return nil }
        return keys.keys
    }

    func errors(_ text: String, _ session: SessionSettings = us) -> [String] {
        ConfigLoader.parse(text, file: "t.toml", session: session).diagnostics.filter { $0.severity == .error }.map(\.description)
    }

    @Test func theDefaultPinchZoomsInOnAGermanLayoutAsOnAUSOne() throws {
        func zoomIn(_ session: SessionSettings) throws -> KeyChord {
            let config = ConfigLoader.defaultConfig(session: session)
            let zoom = try #require(config.bindings.first { $0.name == "zoom" })
            guard case .key(let chord)? = zoom.step?.increase.first else { throw TestFailure("no key on the zoom's increase") }
            return chord
        }
        // US: the + is Shift and the = key; German: + has a key of its own (KEY_RIGHTBRACE, right of Ü).
        #expect(try zoomIn(Self.us).codeNames == "KEY_LEFTCTRL+KEY_LEFTSHIFT+KEY_EQUAL")
        #expect(try zoomIn(Self.session("de")).codeNames == "KEY_LEFTCTRL+KEY_RIGHTBRACE")
        #expect(try zoomIn(Self.session("de", variant: "nodeadkeys")).codeNames == "KEY_LEFTCTRL+KEY_RIGHTBRACE")
        // And out: - is where / is on a US keyboard.
        let zoom = try #require(ConfigLoader.defaultConfig(session: Self.session("de")).bindings.first { $0.name == "zoom" })
        #expect(zoom.step?.decrease == [.key(KeyChord(keys: [29, 53], text: "ctrl+minus"))])
    }

    @Test func aGermanSessionsServiceTypesTheGermanZoomKeys() throws {
        // The golden scenario's pinch, through the service with the German default config.
        let config = ConfigLoader.defaultConfig(session: Self.session("de"))
        let run = try ServiceRun(config: config, events: PanelStream.serviceScenario().events)
        let keyboard = try #require(run.outputs.keyboard)
        let presses = run.events(of: keyboard).filter { $0.type == .key && $0.value == 1 }.map(\.code)
        // Each zoom step: Ctrl, then the + key; never the US Shift+= (KEY_EQUAL).
        #expect(presses.contains(27))
        #expect(!presses.contains(13))
        #expect(run.reports.contains { $0.contains("zoom → key ctrl+plus") })
    }

    @Test func keysymsLandOnTheLayoutsKeysWithTheirLevelsModifiers() {
        // French AZERTY: a is where q is on a US keyboard.
        #expect(keys("ctrl+a", Self.session("fr")) == [29, 16])
        // German @ is AltGr+Q (the third level: the layout's ISO_Level3_Shift key, right Alt).
        #expect(keys("at", Self.session("de")) == [100, 16])
        #expect(keys("at", Self.us) == [42, 3])
        // ä has a key on a German layout; = is Shift+0 there.
        #expect(keys("adiaeresis", Self.session("de")) == [40])
        #expect(keys("ctrl+equal", Self.session("de")) == [29, 42, 11])
        // A capital letter in a chord is the letter (as in GTK's accelerators); shift written once.
        #expect(keys("ctrl+T", Self.us) == [29, 20])
        #expect(keys("shift+plus", Self.us) == [42, 13])
        // Non-printing keys by keysym or by Linux name.
        #expect(keys("super+Page_Down", Self.session("de")) == [125, 109])
        #expect(keys("volumeup", Self.session("de")) == [115])
    }

    @Test func rawKeyCodesIgnoreTheLayout() {
        #expect(keys("ctrl+KEY_EQUAL", Self.session("de")) == [29, 13])
        #expect(keys("code:13", Self.session("fr")) == [13])
        #expect(keys("KEY_Q", Self.session("fr")) == [16])
        #expect(errors("[[gesture]]\nrecognizer = \"tap\"\nended = { key = \"code:300\" }\n").count == 1)
    }

    @Test func aKeysymOnNoKeyOfTheLayoutIsRefusedNamingTheLayout() {
        let found = errors("[[gesture]]\nrecognizer = \"tap\"\nended = { key = \"ctrl+adiaeresis\" }\n")
        #expect(found.count == 1)
        #expect(found.first?.contains("\"adiaeresis\" in \"ctrl+adiaeresis\" is on no key of the layout us (from the built-in default)") == true,
                "\(found)")
        #expect(found.first?.contains("KEY_") == true)
    }

    @Test func theConfigsKeyboardTableOverridesTheSession() throws {
        let text = "[keyboard]\nlayout = \"de\"\n\n[[gesture]]\nrecognizer = \"tap\"\nended = { key = \"ctrl+plus\" }\n"
        let result = ConfigLoader.parse(text, file: "t.toml", session: Self.us)
        let config = try #require(result.config)
        #expect(config.keyboard.layout.layout == "de")
        #expect(config.keyboard.source == "[keyboard] in t.toml")
        #expect(config.bindings.first?.actions[.ended] == [.key(KeyChord(keys: [29, 27], text: "ctrl+plus"))])
        // A layout XKB does not know is an error where it is written.
        let bad = errors("[keyboard]\nlayout = \"xx-nonexistent\"\n")
        #expect(bad.count == 1)
        #expect(bad.first?.hasPrefix("t.toml:2:10: error: no keymap for layout \"xx-nonexistent\"") == true, "\(bad)")
        #expect(errors("[keyboard]\nvariant = \"nodeadkeys\"\n").first?.contains("[keyboard] needs a layout") == true)
        // Nothing that could lead XKB to another file.
        let escape = errors("[keyboard]\nlayout = \"../../../tmp/evil\"\n")
        #expect(escape == ["t.toml:2:10: error: \"layout\" in [keyboard] must be an XKB name (letters, digits, _ and -, lists joined by commas), found \"../../../tmp/evil\""], "\(escape)")
        #expect(errors("[keyboard]\nlayout = \"us,de\"\noptions = \"grp:alt_shift_toggle,ctrl:nocaps\"\n").isEmpty)
    }

    @Test func aSessionLayoutThatCannotBeCompiledFallsBackToUSWithAWarning() throws {
        let result = ConfigLoader.parse("[[gesture]]\nrecognizer = \"tap\"\nended = { key = \"ctrl+plus\" }\n", file: "t.toml",
                                        session: Self.session("xx-nonexistent"))
        let config = try #require(result.config)
        #expect(config.keyboard.layout == .us)
        #expect(result.diagnostics.map(\.description).contains { $0.contains("the session's layout xx-nonexistent (from test) could not be compiled") })
        #expect(config.bindings.first?.actions[.ended] == [.key(KeyChord(keys: [29, 42, 13], text: "ctrl+plus"))])
    }

    @Test func theLayoutIsFoundWhereTheSessionKeepsIt() throws {
        let root = try TemporaryDirectory.create(prefix: "tactile-layout")
        defer { try? FileManager.default.removeItem(at: root) }
        func write(_ path: String, _ text: String) throws {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
        func detect(_ environment: [String: String] = [:]) -> KeyboardLayoutChoice {
            KeyboardLayoutChoice.detect(session: DetectedSession(SessionEnvironment(environment)), root: root.path)
        }
        #expect(detect() == .builtIn)
        // Debian's /etc/default/keyboard.
        try write("etc/default/keyboard", "# KEYBOARD CONFIGURATION FILE\nXKBMODEL=\"pc105\"\nXKBLAYOUT=\"de\"\nXKBVARIANT=\"nodeadkeys\"\nXKBOPTIONS=\"\"\n")
        #expect(detect().layout == KeyboardLayout(layout: "de", variant: "nodeadkeys", model: "pc105"))
        #expect(detect().source == root.path + "/etc/default/keyboard")
        // What localectl set-x11-keymap writes comes first.
        try write("etc/X11/xorg.conf.d/00-keyboard.conf",
                  "Section \"InputClass\"\n        Identifier \"system-keyboard\"\n        MatchIsKeyboard \"on\"\n        Option \"XkbLayout\" \"fr\"\n        Option \"XkbVariant\" \"azerty\"\nEndSection\n")
        #expect(detect().layout == KeyboardLayout(layout: "fr", variant: "azerty"))
        // KDE's own setting, on KDE.
        try write("home/.config/kxkbrc", "[Layout]\nLayoutList=ch,us\nUse=true\nVariantList=de_nodeadkeys,\n")
        let kde = detect(["XDG_CURRENT_DESKTOP": "KDE", "HOME": root.path + "/home"])
        #expect(kde.layout == KeyboardLayout(layout: "ch,us", variant: "de_nodeadkeys,"))
        #expect(detect(["XDG_CURRENT_DESKTOP": "GNOME", "HOME": root.path + "/home"]).layout.layout == "fr")
        // The compositor's own variables first of all.
        #expect(detect(["XKB_DEFAULT_LAYOUT": "it", "XDG_CURRENT_DESKTOP": "KDE", "HOME": root.path + "/home"]).layout.layout == "it")
    }

    @Test func checkPrintsTheLayoutAndTheCodesEachChordBecomes() throws {
        let tactile = try #require(TestSupport.product("tactile"))
        let german = try TestSupport.run(tactile, ["check", Repository.path("dist/gestures.toml")], overriding: ["XKB_DEFAULT_LAYOUT": "de"])
        #expect(german.status == 0, "\(german.standardError)")
        #expect(german.standardOutput.contains("keys typed on the layout de (from XKB_DEFAULT_LAYOUT)"), "\(german.standardOutput)")
        #expect(german.standardOutput.contains("key ctrl+plus = KEY_LEFTCTRL+KEY_RIGHTBRACE / key ctrl+minus = KEY_LEFTCTRL+KEY_SLASH"))
        #expect(german.standardOutput.contains("key alt+Left = KEY_LEFTALT+KEY_LEFT"))
    }
}
