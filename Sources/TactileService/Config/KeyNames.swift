// Linux key names (KEY_ESC … KEY_MICMUTE, codes 1…248) and their aliases, for key chords in gestures.toml.

/// The names a key chord (`key = "ctrl+alt+Left"`) may use: every Linux
/// `KEY_` name from `KEY_ESC` (1) to `KEY_MICMUTE` (248) without its prefix,
/// and a few aliases (modifiers, `escape`, `return`…). Matching ignores case,
/// `_` and `-`, so `"Page_Up"`, `"page-up"` and `"pageup"` are one key.
///
/// ```swift
/// KeyNames.code(for: "Left")      // 105 (KEY_LEFT)
/// KeyNames.code(for: "ctrl")      // 29 (KEY_LEFTCTRL)
/// KeyNames.code(for: "Page_Up")   // 104 (KEY_PAGEUP)
/// ```
///
/// These are key codes, the same on every layout; a chord names most keys
/// by keysym instead (`plus`, `Page_Down`), resolved through the session's
/// layout by `KeySymbolTable`, and falls back on these names for keys
/// that have no keysym of that name (`volumeup`, `kpplus`).
package enum KeyNames {
    /// `KEY_` names in lowercase, without the prefix, with their codes (from linux/input-event-codes.h).
    static let linuxNames: [(name: String, code: UInt16)] = [
        ("esc", 1), ("1", 2), ("2", 3), ("3", 4), ("4", 5), ("5", 6),
        ("6", 7), ("7", 8), ("8", 9), ("9", 10), ("0", 11), ("minus", 12),
        ("equal", 13), ("backspace", 14), ("tab", 15), ("q", 16), ("w", 17), ("e", 18),
        ("r", 19), ("t", 20), ("y", 21), ("u", 22), ("i", 23), ("o", 24),
        ("p", 25), ("leftbrace", 26), ("rightbrace", 27), ("enter", 28), ("leftctrl", 29), ("a", 30),
        ("s", 31), ("d", 32), ("f", 33), ("g", 34), ("h", 35), ("j", 36),
        ("k", 37), ("l", 38), ("semicolon", 39), ("apostrophe", 40), ("grave", 41), ("leftshift", 42),
        ("backslash", 43), ("z", 44), ("x", 45), ("c", 46), ("v", 47), ("b", 48),
        ("n", 49), ("m", 50), ("comma", 51), ("dot", 52), ("slash", 53), ("rightshift", 54),
        ("kpasterisk", 55), ("leftalt", 56), ("space", 57), ("capslock", 58), ("f1", 59), ("f2", 60),
        ("f3", 61), ("f4", 62), ("f5", 63), ("f6", 64), ("f7", 65), ("f8", 66),
        ("f9", 67), ("f10", 68), ("numlock", 69), ("scrolllock", 70), ("kp7", 71), ("kp8", 72),
        ("kp9", 73), ("kpminus", 74), ("kp4", 75), ("kp5", 76), ("kp6", 77), ("kpplus", 78),
        ("kp1", 79), ("kp2", 80), ("kp3", 81), ("kp0", 82), ("kpdot", 83), ("zenkakuhankaku", 85),
        ("102nd", 86), ("f11", 87), ("f12", 88), ("ro", 89), ("katakana", 90), ("hiragana", 91),
        ("henkan", 92), ("katakanahiragana", 93), ("muhenkan", 94), ("kpjpcomma", 95), ("kpenter", 96), ("rightctrl", 97),
        ("kpslash", 98), ("sysrq", 99), ("rightalt", 100), ("linefeed", 101), ("home", 102), ("up", 103),
        ("pageup", 104), ("left", 105), ("right", 106), ("end", 107), ("down", 108), ("pagedown", 109),
        ("insert", 110), ("delete", 111), ("macro", 112), ("mute", 113), ("volumedown", 114), ("volumeup", 115),
        ("power", 116), ("kpequal", 117), ("kpplusminus", 118), ("pause", 119), ("scale", 120), ("kpcomma", 121),
        ("hangeul", 122), ("hanja", 123), ("yen", 124), ("leftmeta", 125), ("rightmeta", 126), ("compose", 127),
        ("stop", 128), ("again", 129), ("props", 130), ("undo", 131), ("front", 132), ("copy", 133),
        ("open", 134), ("paste", 135), ("find", 136), ("cut", 137), ("help", 138), ("menu", 139),
        ("calc", 140), ("setup", 141), ("sleep", 142), ("wakeup", 143), ("file", 144), ("sendfile", 145),
        ("deletefile", 146), ("xfer", 147), ("prog1", 148), ("prog2", 149), ("www", 150), ("msdos", 151),
        ("coffee", 152), ("rotate_display", 153), ("cyclewindows", 154), ("mail", 155), ("bookmarks", 156), ("computer", 157),
        ("back", 158), ("forward", 159), ("closecd", 160), ("ejectcd", 161), ("ejectclosecd", 162), ("nextsong", 163),
        ("playpause", 164), ("previoussong", 165), ("stopcd", 166), ("record", 167), ("rewind", 168), ("phone", 169),
        ("iso", 170), ("config", 171), ("homepage", 172), ("refresh", 173), ("exit", 174), ("move", 175),
        ("edit", 176), ("scrollup", 177), ("scrolldown", 178), ("kpleftparen", 179), ("kprightparen", 180), ("new", 181),
        ("redo", 182), ("f13", 183), ("f14", 184), ("f15", 185), ("f16", 186), ("f17", 187),
        ("f18", 188), ("f19", 189), ("f20", 190), ("f21", 191), ("f22", 192), ("f23", 193),
        ("f24", 194), ("playcd", 200), ("pausecd", 201), ("prog3", 202), ("prog4", 203), ("all_applications", 204),
        ("suspend", 205), ("close", 206), ("play", 207), ("fastforward", 208), ("bassboost", 209), ("print", 210),
        ("hp", 211), ("camera", 212), ("sound", 213), ("question", 214), ("email", 215), ("chat", 216),
        ("search", 217), ("connect", 218), ("finance", 219), ("sport", 220), ("shop", 221), ("alterase", 222),
        ("cancel", 223), ("brightnessdown", 224), ("brightnessup", 225), ("media", 226), ("switchvideomode", 227), ("kbdillumtoggle", 228),
        ("kbdillumdown", 229), ("kbdillumup", 230), ("send", 231), ("reply", 232), ("forwardmail", 233), ("save", 234),
        ("documents", 235), ("battery", 236), ("bluetooth", 237), ("wlan", 238), ("uwb", 239), ("unknown", 240),
        ("video_next", 241), ("video_prev", 242), ("brightness_cycle", 243), ("brightness_auto", 244), ("display_off", 245), ("wwan", 246),
        ("rfkill", 247), ("micmute", 248),
    ]

    /// Other names: modifiers (the left ones) and common spellings.
    static let aliases: [(name: String, code: UInt16)] = [
        ("ctrl", 29), ("control", 29), ("shift", 42), ("alt", 56), ("super", 125), ("meta", 125), ("logo", 125),
        ("escape", 1), ("return", 28), ("del", 111), ("ins", 110), ("pgup", 104), ("pgdown", 109), ("pgdn", 109),
        ("altgr", 100), ("win", 125),
    ]

    private static let table: [String: UInt16] = {
        var table: [String: UInt16] = [:]
        for (name, code) in linuxNames + aliases { table[normalized(name)] = table[normalized(name)] ?? code }
        return table
    }()

    /// Every name a chord may use, for suggestions.
    static let allNames: [String] = linuxNames.map(\.name) + aliases.map(\.name)

    /// Lowercased, without `_` and `-`.
    static func normalized(_ name: String) -> String {
        String(name.lowercased().unicodeScalars.filter { $0 != "_" && $0 != "-" }.map(Character.init))
    }

    /// The evdev code of `name`, if it names a key.
    static func code(for name: String) -> UInt16? { table[normalized(name)] }

    /// The modifiers a chord names by themselves, the same on every layout.
    private static let modifiers: [String: UInt16] = [
        "ctrl": 29, "control": 29, "leftctrl": 29, "rightctrl": 97, "shift": 42, "leftshift": 42, "rightshift": 54,
        "alt": 56, "leftalt": 56, "rightalt": 100, "altgr": 100, "super": 125, "meta": 125, "logo": 125, "win": 125,
        "leftmeta": 125, "rightmeta": 126,
    ]

    /// The evdev code of a modifier name (`ctrl`, `shift`, `altgr`, `rightmeta`).
    static func modifierCode(for name: String) -> UInt16? { modifiers[normalized(name)] }

    /// The highest key code the service's virtual keyboard has (`KEY_MICMUTE`).
    static let maximumCode: UInt16 = VirtualDeviceLayout.keyboardKeys.upperBound

    /// A raw key code: `KEY_EQUAL` (a Linux name with its prefix, any case
    /// after it) or `code:13` (a number from 1 to 248, the keys of the service's virtual keyboard).
    static func rawCode(for name: String) -> UInt16? {
        if name.hasPrefix("KEY_") { return table[normalized(String(name.dropFirst(4)))] }
        if name.lowercased().hasPrefix("code:"), let code = UInt16(name.dropFirst(5)), (1...maximumCode).contains(code) { return code }
        return nil
    }

    /// `KEY_LEFTCTRL` for 29; `code:700` for a code without a name.
    package static func name(of code: UInt16) -> String {
        names[code].map { "KEY_" + $0.uppercased() } ?? "code:\(code)"
    }

    /// Whether `code` has a Linux name (`KEY_…`): a key keyboards have.
    static func hasName(_ code: UInt16) -> Bool { names[code] != nil }

    private static let names: [UInt16: String] = Dictionary(linuxNames.map { ($0.code, $0.name) }, uniquingKeysWith: { first, _ in first })

    /// Printable ASCII typed with Shift on a US keyboard, and the key under it.
    private static let usShifted: [Character: UInt16] = [
        "!": 2, "@": 3, "#": 4, "$": 5, "%": 6, "^": 7, "&": 8, "*": 9, "(": 10, ")": 11, "_": 12, "+": 13,
        "{": 26, "}": 27, ":": 39, "\"": 40, "~": 41, "|": 43, "<": 51, ">": 52, "?": 53,
    ]

    /// How `keysym` is typed on a US keyboard, from these names alone:
    /// what chords fall back on where no XKB data is installed.
    static func usStroke(for keysym: UInt32) -> KeyStroke? {
        if (0x21...0x7e).contains(keysym), let scalar = Unicode.Scalar(keysym), let key = usShifted[Character(scalar)] {
            return KeyStroke(key: key, modifiers: [42])
        }
        return code(for: KeySymbolTable.name(of: keysym)).map { KeyStroke(key: $0, modifiers: []) }
    }
}
