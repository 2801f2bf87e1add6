// The config loader's errors: each kind with its message at the place it concerns; text from the file escaped.
@testable import TactileService
import Testing

@Suite struct ConfigErrorTests {
    /// The diagnostics of `text`, as printed.
    func diagnostics(_ text: String) -> [String] {
        let result = ConfigLoader.parse(text, file: "g.toml")
        #expect((result.config == nil) == result.diagnostics.contains { $0.severity == .error })
        return result.diagnostics.map(\.description)
    }

    @Test(arguments: [
        ("[[gesture]]\nrecognizer = \"pinchh\"\n", "g.toml:2:14: error: unknown recognizer \"pinchh\" (did you mean \"pinch\"?)"),
        ("[[gesture]]\nrecognizer = 3\n", "g.toml:2:14: error: \"recognizer\" must be a string, found an integer"),
        ("[[gesture]]\nzone = \"screen\"\n", "g.toml:1:1: error: a [[gesture]] needs recognizer = \"…\" (one of tap, long-press, press-and-hold, swipe, pan, pinch, rotation, hold)"),
        ("[[gesture]]\nrecognizer = \"tap\"\nzone = \"lefft\"\n[zones.left]\nedge = \"left\"\n",
         "g.toml:3:8: error: unknown zone \"lefft\" (declare it as [zones.lefft], or use \"screen\") (did you mean \"left\"?)"),
        ("[[gesture]]\nrecognizer = \"tap\"\nfingers = 11\n", "g.toml:3:11: error: \"fingers\" must be 1…10, found 11"),
        ("[[gesture]]\nrecognizer = \"swipe\"\nminimum-speed = \"80mm\"\n",
         "g.toml:3:17: error: \"minimum-speed\" must be a number or \"…mm/s\", found \"80mm\""),
        ("[[gesture]]\nrecognizer = \"long-press\"\nduration = \"20s\"\n", "g.toml:3:12: error: \"duration\" must be 0…10 s, found \"20s\""),
        ("[[gesture]]\nrecognizer = \"swipe\"\ndirection = [\"left\", \"upp\"]\n",
         "g.toml:3:22: error: unknown direction \"upp\" (left, right, up, down) (did you mean \"up\"?)"),
        ("[[gesture]]\nrecognizer = \"tap\"\nbegan = { key = \"super\" }\n",
         "g.toml:3:1: error: a tap is discrete: it is recognized once and has no \"began\" phase (use \"ended\", or \"recognized\")"),
        ("[[gesture]]\nrecognizer = \"pan\"\nended = { key = \"ctrl+Lfet\" }\n",
         "g.toml:3:17: error: unknown key \"Lfet\" in \"ctrl+Lfet\" (did you mean \"left\"?)"),
        ("[[gesture]]\nrecognizer = \"pan\"\nended = { key = \"ctrl++\" }\n",
         "g.toml:3:17: error: empty key name in \"ctrl++\" (keys are joined by +; for + itself write \"shift+equal\" or \"kpplus\")"),
        ("[[gesture]]\nrecognizer = \"pan\"\nended = { click = \"right\", key = \"a\" }\n",
         "g.toml:3:9: error: an action needs exactly one of key, click, scroll, command (found key and click)"),
        ("[[gesture]]\nrecognizer = \"pan\"\nended = { scroll = \"natural\" }\n",
         "g.toml:3:11: error: scroll is not allowed here: scroll runs in a pan's \"changed\" phase"),
        ("[[gesture]]\nrecognizer = \"pan\"\nended = { command = [\"\"] }\n", "g.toml:3:22: error: the program's name must not be empty"),
        ("[[gesture]]\nrecognizer = \"pan\"\nended = \"super\"\n",
         "g.toml:3:9: error: \"ended\" must be an action ({ key = \"…\" }, { click = \"…\" }, …) or an array of them, found a string"),
        ("[[gesture]]\nrecognizer = \"tap\"\nended = { click = \"right\" }\nrecognized = { click = \"left\" }\n",
         "g.toml:4:1: error: \"ended\" and \"recognized\" are the same phase; write one of them"),
        ("[[gesture]]\nname = \"a\"\nrecognizer = \"tap\"\n[[gesture]]\nname = \"a\"\nrecognizer = \"pan\"\n",
         "g.toml:5:8: error: duplicate binding name \"a\" (first at line 2, column 8)"),
        ("[[gesture]]\nrecognizer = \"swipe\"\n[gesture.step]\nevery = 1\n",
         "g.toml:3:1: error: step needs a pan, pinch or rotation: a swipe is discrete (recognized once)"),
        ("[[gesture]]\nrecognizer = \"pinch\"\nstep = { measure = \"rotation\", every = 1, increase = { key = \"a\" } }\n",
         "g.toml:3:20: error: measure \"rotation\" does not apply to pinch (it measures scale)"),
        ("[[gesture]]\nrecognizer = \"pan\"\nstep = { every = 1, increase = { key = \"a\" } }\n",
         "g.toml:3:8: error: a pan's step needs measure = \"horizontal\" or \"vertical\""),
        ("[[gesture]]\nrecognizer = \"pinch\"\nstep = { every = 0, increase = { key = \"a\" } }\n",
         "g.toml:3:18: error: \"every\" must be 0.01…10 (log2 of the scale), found 0"),
        ("[[gesture]]\nrecognizer = \"pan\"\nminimum-fingers = 3\nmaximum-fingers = 2\n",
         "g.toml:3:1: error: \"minimum-fingers\" (3) is more than \"maximum-fingers\" (2)"),
        ("[gesture]\nrecognizer = \"tap\"\n", "g.toml:1:1: error: \"gesture\" must be an array of tables: write [[gesture]] for each binding, not [gesture]"),
        ("[zones.screen]\nedge = \"left\"\n", "g.toml:1:8: error: the zone name \"screen\" is reserved (it is the whole screen)"),
        ("[zones.\"a b\"]\nedge = \"left\"\n", "g.toml:1:8: error: zone name \"a b\" may hold only A-Z a-z 0-9 _ -"),
        ("[zones.a]\nedge = \"lft\"\n", "g.toml:2:8: error: unknown edge \"lft\" (left, right, top, bottom) (did you mean \"left\"?)"),
        ("[zones.a]\nedge = \"left\"\ncorner = \"top-left\"\n", "g.toml:1:1: error: zone \"a\" needs exactly one of edge, corner, rect (found edge and corner)"),
        ("[zones.a]\nedge = \"left\"\ndepth = \"4in\"\n", "g.toml:3:9: error: \"depth\" must be \"…mm\", \"…%\" or a fraction 0…1, found \"4in\""),
        ("[zones.a]\nedge = \"left\"\ndepth = 2\n", "g.toml:3:9: error: \"depth\" as a fraction must be more than 0 and at most 1, found 2"),
        ("[zones.a]\ncorner = \"top-left\"\ndepth = \"4mm\"\n", "g.toml:3:1: error: \"depth\" is for edge zones (a corner zone has size)"),
        ("[zones.a]\nrect = [0, 0, 1]\n",
         "g.toml:2:8: error: \"rect\" must be an array of four measures: x, y, width, height (like [\"10%\", 0, \"80%\", \"8mm\"])"),
        ("[devices]\nkinds = [\"touchscren\"]\n",
         "g.toml:2:10: error: unknown device kind \"touchscren\" (touchscreen or touchpad) (did you mean \"touchscreen\"?)"),
        ("[devices]\ngrab = \"yes\"\n", "g.toml:2:8: error: \"grab\" must be true or false, found a string"),
        ("[emergency]\nfingers = 1\n",
         "g.toml:2:11: error: \"fingers\" must be 0 (off) or 2…10, found 1 (one finger held still is an ordinary touch)"),
        ("[emergency]\nduration = 0.5\n", "g.toml:2:12: error: \"duration\" must be 1…30 s, found 0.5"),
        ("a = 1\na = 2\n", "g.toml:2:1: error: duplicate key a (first at line 1, column 1)"),
        ("gestures = 1\n", "g.toml:1:1: warning: unknown key \"gestures\" in the config, ignored (did you mean \"gesture\"?)"),
    ])
    func errorAtItsPlace(text: String, expected: String) {
        #expect(diagnostics(text) == [expected])
    }

    @Test func textFromTheFileIsEscaped() {
        let shown = diagnostics("[[gesture]]\nrecognizer = \"\\u001B[2Jtap\"\n")
        #expect(shown == ["g.toml:2:14: error: unknown recognizer \"\\x1b[2Jtap\" (one of tap, long-press, press-and-hold, swipe, pan, pinch, rotation, hold)"])
        let key = diagnostics("\"\\u0007bell\" = 1\n")
        #expect(key.first?.contains("\u{7}") == false)
    }

    @Test func diagnosticsComeInTheFileOrder() {
        let result = ConfigLoader.parse("[[gesture]]\nrecognizer = \"tap\"\nfingers = 0\n[devices]\ngrab = 1\n[zones.a]\nedge = 1\n", file: "g.toml")
        #expect(result.diagnostics.map(\.location.line) == [3, 5, 7])
        #expect(result.errors.count == 3 && result.warnings.isEmpty)
    }
}
