// The built-in config: the same bytes as dist/gestures.toml (a test checks they stay so).

extension ConfigLoader {
    /// The built-in config's text, as `dist/gestures.toml` (a test keeps them identical).
    ///
    /// ```swift
    /// print(ConfigLoader.defaultText)   // what `tactile serve` uses without a gestures.toml
    /// ```
    public static let defaultText: String = #"""
        # gestures.toml: the gestures tactile serve recognizes, and what they do.
        #
        # This is the built-in default. To change it, copy it to
        # ~/.config/tactile/gestures.toml (or /etc/tactile/gestures.toml for every
        # user), edit it, and check it with `tactile check`. Every key, its type,
        # default and range: docs/gestures-toml.md.
        #
        # Desktop actions ({ desktop = "overview" }) are done the way the session's
        # desktop does them: its default shortcut, or its D-Bus or IPC call (GNOME,
        # KDE Plasma, sway, i3, Hyprland, wlroots compositors, X11 desktops; which
        # one is picked from XDG_CURRENT_DESKTOP, or set below). Keys are keysyms,
        # typed on the session's keyboard layout: "ctrl+plus" is zoom-in on a US
        # layout and on a German one alike. `tactile check` shows what each becomes.

        # [desktop]
        # preset = "auto"           # gnome, kde, sway, i3, hyprland, wlroots, x11, none
        #
        # [keyboard]                # when the session's layout is not found (GNOME's own input sources)
        # layout = "de"

        [devices]
        kinds = ["touchscreen"]   # touchpads already have the desktop's own gestures
        grab = true               # touches pass to apps through a copy, so a gesture can take them back
        # output = "eDP-1"          # the touchscreen's monitor when several are connected: where clicks land

        # Five fingers held still for three seconds release every device and stop
        # the service: the way out if a config ever gets in the way.
        [emergency]
        fingers = 5
        duration = 3.0

        # Bands along the sides of the screen, for edge swipes. Touches that land
        # in them are held back until the edge gesture decides, so an app never
        # sees the start of a swipe it is not meant to get.
        [zones.left-edge]
        edge = "left"
        depth = "4mm"
        hold = true

        [zones.right-edge]
        edge = "right"
        depth = "4mm"
        hold = true

        [zones.top-edge]
        edge = "top"
        depth = "4mm"
        hold = true

        [zones.bottom-edge]
        edge = "bottom"
        depth = "4mm"
        hold = true

        # Press and hold one finger, then lift it where it rested: a right click
        # there, as Windows' press-and-hold. A press that is held and then dragged
        # stays the app's drag (selecting text, moving a file): nothing is taken.
        [[gesture]]
        name = "right click"
        recognizer = "press-and-hold"
        fingers = 1
        minimum-press-duration = 0.6
        ended = { click = "right" }

        # Swipe in from the left edge: back (as in a browser).
        [[gesture]]
        name = "back"
        recognizer = "swipe"
        zone = "left-edge"
        fingers = 1
        direction = "right"
        ended = { key = "alt+Left" }

        # Swipe in from the right edge: the notification list.
        [[gesture]]
        name = "notifications"
        recognizer = "swipe"
        zone = "right-edge"
        fingers = 1
        direction = "left"
        ended = { desktop = "notifications" }

        # Swipe down from the top edge: quick settings.
        [[gesture]]
        name = "quick settings"
        recognizer = "swipe"
        zone = "top-edge"
        fingers = 1
        direction = "down"
        ended = { desktop = "quick-settings" }

        # Swipe up from the bottom edge: the overview.
        [[gesture]]
        name = "overview"
        recognizer = "swipe"
        zone = "bottom-edge"
        fingers = 1
        direction = "up"
        ended = { desktop = "overview" }

        # Three fingers anywhere: left and right change workspace, up shows the overview.
        [[gesture]]
        name = "next workspace"
        recognizer = "swipe"
        fingers = 3
        direction = "left"
        ended = { desktop = "next-workspace" }

        [[gesture]]
        name = "previous workspace"
        recognizer = "swipe"
        fingers = 3
        direction = "right"
        ended = { desktop = "previous-workspace" }

        [[gesture]]
        name = "three-finger overview"
        recognizer = "swipe"
        fingers = 3
        direction = "up"
        ended = { desktop = "overview" }

        # Pinch: zoom in and out by keys, one step each time the fingers' spread
        # grows or shrinks by a fifth or so (0.3 in log2 of the scale). The pinch
        # claims its touches: were the app to see them too, it would zoom by
        # itself as well as by the keys, and zoom twice.
        [[gesture]]
        name = "zoom"
        recognizer = "pinch"
        claim = true

        [gesture.step]
        measure = "scale"
        every = 0.3
        increase = { key = "ctrl+plus" }
        decrease = { key = "ctrl+minus" }

        """#
}
