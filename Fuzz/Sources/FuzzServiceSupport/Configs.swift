// The configs the service's harnesses run a device under, chosen by a byte of the input.
import TactileService

/// The built-in configs, as TOML: each parsed once, and a config that does not
/// parse cleanly (an error or a warning) stops the fuzzer at its first input.
package enum FuzzConfigs {
    /// `[devices]`, `[zones.*]` and `[[gesture]]` texts, by selector (the default config is 0).
    package static let texts: [(name: String, toml: String)] = [
        ("edges", """
        # All four edges hold; 1-finger swipes inward and taps in each.
        [zones.left]
        edge = "left"
        depth = "5%"
        [zones.right]
        edge = "right"
        depth = "4mm"
        [zones.top]
        edge = "top"
        depth = 0.05
        [zones.bottom]
        edge = "bottom"
        depth = "6mm"
        hold = true

        [[gesture]]
        recognizer = "swipe"
        zone = "left"
        fingers = 1
        direction = "right"
        ended = { key = "alt+Left" }
        [[gesture]]
        recognizer = "swipe"
        zone = "right"
        fingers = 1
        direction = "left"
        ended = { key = "super+v" }
        [[gesture]]
        recognizer = "swipe"
        zone = "top"
        fingers = 1
        direction = "down"
        ended = { key = "super+a" }
        [[gesture]]
        recognizer = "swipe"
        zone = "bottom"
        fingers = 1
        direction = ["up", "left"]
        ended = { command = ["true"] }
        [[gesture]]
        recognizer = "tap"
        zone = "left"
        ended = { key = "a" }
        [[gesture]]
        recognizer = "tap"
        zone = "right"
        taps = 2
        ended = { click = "left" }
        [[gesture]]
        recognizer = "tap"
        zone = "top"
        ended = { click = "right" }
        [[gesture]]
        recognizer = "tap"
        zone = "bottom"
        fingers = 1
        ended = [{ key = "b" }, { key = "c" }]
        """),
        ("press-pan-pinch-rotate", """
        # A short long press, a two-finger scroll, pinch and rotation steps.
        [[gesture]]
        name = "menu"
        recognizer = "long-press"
        fingers = 1
        minimum-press-duration = 0.2
        began = { click = "right" }
        [[gesture]]
        name = "scroll"
        recognizer = "pan"
        fingers = 2
        changed = { scroll = "natural", notch = "4mm" }
        [[gesture]]
        name = "zoom"
        recognizer = "pinch"
        [gesture.step]
        every = 0.25
        increase = { key = "ctrl+equal" }
        decrease = { key = "ctrl+minus" }
        [[gesture]]
        name = "turn"
        recognizer = "rotation"
        [gesture.step]
        every = 10
        fast = "90deg/s"
        increase = { key = "ctrl+r" }
        decrease = { key = "ctrl+shift+r" }
        """),
        ("edges-not-holding", """
        # Edges that pass touches on at once (hold = false), and a rect that holds.
        [zones.left]
        edge = "left"
        depth = "5%"
        hold = false
        [zones.right]
        edge = "right"
        hold = false
        [zones.top]
        edge = "top"
        depth = 0.08
        hold = false
        [zones.middle]
        rect = [0.4, 0.4, 0.2, 0.2]
        hold = true

        [[gesture]]
        recognizer = "swipe"
        zone = "left"
        direction = "right"
        ended = { key = "alt+Left" }
        [[gesture]]
        recognizer = "swipe"
        zone = "right"
        direction = "left"
        ended = { key = "alt+Right" }
        [[gesture]]
        recognizer = "swipe"
        zone = "top"
        direction = "down"
        ended = { key = "super" }
        [[gesture]]
        recognizer = "tap"
        zone = "middle"
        ended = { key = "space" }
        [[gesture]]
        recognizer = "long-press"
        zone = "middle"
        duration = 0.2
        began = { key = "m" }
        """),
        ("no-claims", """
        # Holding edges, but bindings that never take their touches (claim = false).
        [zones.left]
        edge = "left"
        depth = "5%"
        [zones.bottom]
        edge = "bottom"
        depth = "5%"

        [[gesture]]
        recognizer = "swipe"
        zone = "left"
        direction = "right"
        claim = false
        ended = { key = "alt+Left" }
        [[gesture]]
        recognizer = "swipe"
        zone = "bottom"
        direction = "up"
        claim = false
        ended = { key = "super" }
        [[gesture]]
        recognizer = "tap"
        claim = false
        ended = { key = "t" }
        [[gesture]]
        recognizer = "long-press"
        duration = 0.2
        claim = false
        began = { click = "right" }
        [[gesture]]
        recognizer = "pan"
        fingers = 2
        claim = false
        changed = { scroll = "traditional" }
        """),
        ("touchpad", """
        # A touchpad's gestures: 3- and 4-finger swipes, a 2-finger scroll, a 2-finger tap.
        [devices]
        kinds = ["touchpad"]

        [[gesture]]
        recognizer = "swipe"
        fingers = 3
        direction = ["left", "right"]
        ended = { key = "super+Page_Up" }
        [[gesture]]
        recognizer = "swipe"
        fingers = 4
        direction = "up"
        ended = { key = "super" }
        [[gesture]]
        recognizer = "swipe"
        fingers = 4
        direction = "down"
        ended = { command = ["true", "down"] }
        [[gesture]]
        recognizer = "pan"
        fingers = 2
        changed = { scroll = "traditional", notch = 2 }
        [[gesture]]
        recognizer = "tap"
        fingers = 2
        ended = { click = "right" }
        """),
    ]

    /// Every config, the default first, parsed once.
    package static let all: [(name: String, config: GestureConfig)] = [("default", ConfigLoader.defaultConfig)] + texts.map { entry in
        let result = ConfigLoader.parse(entry.toml, file: entry.name + ".toml")
        guard let config = result.config, result.diagnostics.isEmpty else {
            fatalError("the fuzz config \(entry.name) does not parse cleanly: \(result.diagnostics)")
        }
        return (entry.name, config)
    }
}
