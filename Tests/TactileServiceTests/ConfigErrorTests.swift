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
         "g.toml:3:22: error: unknown direction \"upp\" (left, right, up, down, up-left, up-right, down-left, down-right) (did you mean \"up\"?)"),
        ("[[gesture]]\nrecognizer = \"tap\"\nbegan = { key = \"super\" }\n",
         "g.toml:3:1: error: a tap is discrete: it is recognized once and has no \"began\" phase (use \"ended\", or \"recognized\")"),
        ("[[gesture]]\nrecognizer = \"pan\"\nended = { key = \"ctrl+Lfet\" }\n",
         "g.toml:3:17: error: unknown key \"Lfet\" in \"ctrl+Lfet\" (did you mean \"left\"?): name a keysym (plus, Page_Down), a modifier (ctrl, shift, alt, super) or a key code (KEY_EQUAL)"),
        ("[[gesture]]\nrecognizer = \"pan\"\nended = { key = \"ctrl++\" }\n",
         "g.toml:3:17: error: empty key name in \"ctrl++\" (keys are joined by +; for + itself write \"plus\")"),
        ("[[gesture]]\nrecognizer = \"pan\"\nended = { click = \"right\", key = \"a\" }\n",
         "g.toml:3:9: error: an action needs exactly one of key, click, scroll, command, desktop (found key and click)"),
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
         "g.toml:2:11: error: \"fingers\" must be 0 (off) or 4…10, found 1 (one finger held still is too easy to make by accident)"),
        ("[emergency]\nfingers = 3\n",
         "g.toml:2:11: error: \"fingers\" must be 0 (off) or 4…10, found 3 (3 fingers held still are too easy to make by accident)"),
        ("[emergency]\nduration = 0.5\n", "g.toml:2:12: error: \"duration\" must be 1…10 s, found 0.5"),
        ("[emergency]\nduration = \"11s\"\n", "g.toml:2:12: error: \"duration\" must be 1…10 s, found \"11s\""),
        ("a = 1\na = 2\n", "g.toml:2:1: error: duplicate key a (first at line 1, column 1)"),
        ("gestures = 1\n", "g.toml:1:1: error: unknown key \"gestures\" in the config (did you mean \"gesture\"?)"),
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

    // MARK: A typo changes nothing silently (issue #19, point 11)

    @Test(arguments: [
        ("[[gesture]]\nrecognizer = \"swipe\"\nfingres = 3\n",
         "g.toml:3:1: error: unknown key \"fingres\" in [[gesture]] (did you mean \"fingers\"?)"),
        ("[[gesture]]\nrecognizer = \"long-press\"\ndurration = 1\n",
         "g.toml:3:1: error: unknown key \"durration\" in [[gesture]] (did you mean \"duration\"?)"),
        ("[[gesture]]\nrecognizer = \"tap\"\ndirection = \"left\"\n",
         "g.toml:3:1: error: \"direction\" is not a parameter of tap (it takes fingers, taps, maximum-press-duration, allowable-movement, "
            + "maximum-tap-interval, maximum-tap-distance, allowable-movement-at-lift, minimum-tap-interval)"),
        ("[[gesture]]\nrecognizer = \"long-press\"\nduration = 1\nminimum-press-duration = 2\n",
         "g.toml:4:1: error: \"minimum-press-duration\" and \"duration\" are the same parameter, minimum-press-duration "
            + "(first at line 3, column 1); write one of them"),
        ("[[gesture]]\nrecognizer = \"swipe\"\ndirection = \"left\"\n  directions = [\"up\"]\n",
         "g.toml:4:3: error: \"directions\" and \"direction\" are the same parameter, direction (first at line 3, column 1); write one of them"),
        ("[zones.a]\nedge = \"left\"\ndpeth = \"5mm\"\n", "g.toml:3:1: error: unknown key \"dpeth\" in [zones.a] (did you mean \"depth\"?)"),
        ("[[gesture]]\nrecognizer = \"pan\"\nstep = { measure = \"vertical\", evry = 5, every = 5, increase = { key = \"a\" } }\n",
         "g.toml:3:32: error: unknown key \"evry\" in [gesture.step] (did you mean \"every\"?)"),
        ("[[gesture]]\nrecognizer = \"pan\"\nended = { key = \"a\", nocth = 3 }\n",
         "g.toml:3:22: error: unknown key \"nocth\" in an action (did you mean \"notch\"?)"),
        ("[[gesture]]\nrecognizer = \"tap\"\ninstances = 17\n", "g.toml:3:13: error: \"instances\" must be 1…16, found 17"),
    ])
    func aTypoInABindingOrAZoneIsAnError(text: String, expected: String) {
        #expect(diagnostics(text) == [expected])
    }

    /// Every table refuses a key it does not know (#38): `fingres = 6` in
    /// `[emergency]` ignored would leave the way out at five fingers.
    @Test func unknownKeysInEveryTableAreErrors() {
        let result = ConfigLoader.parse("[devices]\ngrabb = true\n[emergency]\nfingres = 6\ngesturs = 1\n[zones.z]\nedge = \"left\"\ndepht = \"5mm\"\n",
                                        file: "g.toml")
        #expect(result.config == nil)
        #expect(result.diagnostics.map(\.description) == [
            "g.toml:2:1: error: unknown key \"grabb\" in [devices] (did you mean \"grab\"?)",
            "g.toml:4:1: error: unknown key \"fingres\" in [emergency] (did you mean \"fingers\"?)",
            "g.toml:5:1: error: unknown key \"gesturs\" in [emergency]",
            "g.toml:8:1: error: unknown key \"depht\" in [zones.z] (did you mean \"depth\"?)",
        ])
        #expect(ConfigLoader.parse("gesturs = 1\n", file: "g.toml").diagnostics.map(\.description) == [
            "g.toml:1:1: error: unknown key \"gesturs\" in the config (did you mean \"gesture\"?)",
        ])
    }

    // MARK: Defaults that take too much (point 12)

    @Test func aClaimingHoldWithoutFingersIsRefusedSayingWhatItWouldTake() {
        #expect(diagnostics("[[gesture]]\nrecognizer = \"hold\"\nbegan = { key = \"a\" }\n") == [
            "g.toml:2:14: error: a hold without fingers takes every touch that rests 40 ms, taps included: give fingers = N, or claim = false",
        ])
        #expect(diagnostics("[[gesture]]\nrecognizer = \"hold\"\nshort-hold-duration = \"80ms\"\n").first?
            .contains("takes every touch that rests 80 ms") == true)
        #expect(diagnostics("[[gesture]]\nrecognizer = \"hold\"\nfingers = 2\nbegan = { key = \"a\" }\n").isEmpty)
        #expect(diagnostics("[[gesture]]\nrecognizer = \"hold\"\nclaim = false\nfingers = 1\n").isEmpty)
    }

    @Test func pinchAndRotationTakeTwoToTenFingers() {
        #expect(diagnostics("[[gesture]]\nrecognizer = \"pinch\"\nfingers = 1\n") == ["g.toml:3:11: error: \"fingers\" must be 2…10, found 1"])
        #expect(diagnostics("[[gesture]]\nrecognizer = \"rotation\"\nfingers = 3\n").isEmpty)
    }

    // MARK: The way out (point 1)

    @Test func bindingsThatWouldRecognizeTheEmergencyGestureAreRefused() {
        #expect(diagnostics("[[gesture]]\nrecognizer = \"long-press\"\nfingers = 5\nbegan = { key = \"a\" }\n") == [
            "g.toml:3:1: error: a long-press of 5 fingers would act on the way out: the emergency gesture is 5 fingers held still for 3 s "
                + "(the default [emergency]); give fewer than 5 fingers, or change [emergency]",
        ])
        #expect(diagnostics("[emergency]\nfingers = 4\nduration = 2\n[[gesture]]\nrecognizer = \"hold\"\nfingers = 6\n") == [
            "g.toml:6:1: error: a hold of 6 fingers would act on the way out: the emergency gesture is 4 fingers held still for 2 s "
                + "([emergency] fingers at line 2); give fewer than 4 fingers, or change [emergency]",
        ])
        // Fewer fingers than the way out, or the way out off: fine.
        #expect(diagnostics("[[gesture]]\nrecognizer = \"long-press\"\nfingers = 4\n").isEmpty)
        let off = ConfigLoader.parse("[emergency]\nfingers = 0\n[[gesture]]\nrecognizer = \"long-press\"\nfingers = 5\n", file: "g.toml")
        #expect(off.config != nil)
        #expect(off.diagnostics.map(\.description) == [
            "g.toml:2:11: warning: \"fingers = 0\" turns the emergency gesture off: nothing on the screen stops the service then, "
                + "only SIGTERM (systemctl --user stop tactile)",
        ])
        // A hold that claims nothing and gives no fingers acts on any number of them, the way out's too.
        let hold = ConfigLoader.parse("[[gesture]]\nrecognizer = \"hold\"\nclaim = false\n", file: "g.toml")
        #expect(hold.config != nil)
        #expect(hold.warnings.map(\.description) == [
            "g.toml:1:1: warning: a hold without fingers also acts when 5 fingers rest for the way out: the emergency gesture is "
                + "5 fingers held still for 3 s (the default [emergency]); give fingers = N, fewer than 5",
        ])
    }

    // MARK: Commands that may run on every frame (point 3)

    @Test func aCommandOnEveryFrameIsWarnedAboutWithTheServicesCap() {
        let changed = ConfigLoader.parse("[[gesture]]\nrecognizer = \"pan\"\nchanged = { command = [\"notify-send\", \"moved\"] }\n", file: "g.toml")
        #expect(changed.config != nil)
        #expect(changed.diagnostics.map(\.description) == [
            "g.toml:3:13: warning: this command runs on every frame the pan moves (up to ~100 per second); the service starts at most 10 "
                + "per second for a binding and one at a time (instances = N for more): a key or a step suits a moving gesture better",
        ])
        let step = ConfigLoader.parse("""
            [[gesture]]
            recognizer = "pinch"
            [gesture.step]
            every = 0.2
            increase = [{ key = "a" }, { command = ["zoom", "in"] }]
            decrease = { key = "b" }
            """, file: "g.toml")
        #expect(step.config != nil)
        #expect(step.warnings.map(\.location.line) == [5])
        #expect(step.warnings.first?.message.hasPrefix("this command runs on every step, and a quick stroke makes several steps a frame") == true)
        // Once per gesture: no warning.
        #expect(diagnostics("[[gesture]]\nrecognizer = \"pan\"\nended = { command = [\"true\"] }\n").isEmpty)
    }

    @Test func instancesAreReadIntoTheBinding() throws {
        let result = ConfigLoader.parse("[[gesture]]\nrecognizer = \"tap\"\ninstances = 3\nended = { command = [\"true\"] }\n", file: "g.toml")
        #expect(result.diagnostics.isEmpty)
        #expect(try #require(result.config?.bindings.first).maximumInstances == 3)
        let plain = ConfigLoader.parse("[[gesture]]\nrecognizer = \"tap\"\n", file: "g.toml")
        #expect(plain.config?.bindings.first?.maximumInstances == 1)
        let pointless = ConfigLoader.parse("[[gesture]]\nrecognizer = \"tap\"\ninstances = 2\nended = { key = \"a\" }\n", file: "g.toml")
        #expect(pointless.warnings.map(\.description)
                == ["g.toml:3:1: warning: \"instances\" limits how many of the binding's commands run at once, and this binding runs none"])
    }
}
