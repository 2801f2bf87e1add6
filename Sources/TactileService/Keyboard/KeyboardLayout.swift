// A keyboard layout as XKB names it (rules, model, layout, variant, options), and where the one in use was found.

/// A keyboard layout as XKB names it: the *RMLVO* (rules, model, layout,
/// variant, options) a compositor or X server compiles its keymap from.
/// Key chords written as keysyms (`"ctrl+plus"`) are resolved through it
/// to the key codes the session turns back into those keysyms.
///
/// ```swift
/// let german = KeyboardLayout(layout: "de", variant: "nodeadkeys")
/// german.description   // "de(nodeadkeys)"
/// ```
///
/// With several layouts (`layout = "us,de"`) the first one is used: it is
/// the one a session starts in.
public struct KeyboardLayout: Hashable, Sendable, CustomStringConvertible {
    /// The rules file (`evdev` on every Linux session).
    public var rules: String
    /// The keyboard model (`pc105`); empty for the rules' default.
    public var model: String
    /// The layouts, comma-separated (`de`, `us,de`).
    public var layout: String
    /// Their variants, comma-separated (`nodeadkeys`); empty for the default.
    public var variant: String
    /// XKB options, comma-separated (`ctrl:nocaps`).
    public var options: String

    /// A layout by its XKB names.
    public init(layout: String, variant: String = "", model: String = "", options: String = "", rules: String = "evdev") {
        self.rules = rules
        self.model = model
        self.layout = layout
        self.variant = variant
        self.options = options
    }

    /// The US layout, which key codes were named after.
    public static let us = KeyboardLayout(layout: "us")

    /// `de(nodeadkeys)`, `us`, with options after a `+`.
    public var description: String {
        var text = layout
        if !variant.isEmpty { text += "(\(variant))" }
        if !options.isEmpty { text += " +\(options)" }
        return text
    }
}

/// The keyboard layout chords are resolved through, and where it came from.
///
/// ```swift
/// let choice = KeyboardLayoutChoice.detect(session: DetectedSession(SessionEnvironment(ProcessInfo.processInfo.environment)))
/// print("keys through \(choice.layout) (from \(choice.source))")
/// // keys through de(nodeadkeys) (from /etc/default/keyboard)
/// ```
public struct KeyboardLayoutChoice: Hashable, Sendable {
    /// The layout.
    public var layout: KeyboardLayout
    /// Where it was found: a file, an environment variable, the config, or the built-in default.
    public var source: String

    /// `layout`, found at `source`.
    public init(layout: KeyboardLayout, source: String) {
        self.layout = layout
        self.source = source
    }

    /// The US layout, taken when nothing says otherwise.
    public static let builtIn = KeyboardLayoutChoice(layout: .us, source: "the built-in default")
}
