// Finding the session's keyboard layout: the desktop's own (sway's config, KDE's kxkbrc), the environment, and the files localectl writes.
import TactileService
#if canImport(Glibc)
import Glibc
#endif

extension KeyboardLayoutChoice {
    /// The layout the session uses, looked for in order:
    ///
    /// 1. the desktops of `session` whose own layout comes first: on sway, the config it runs
    ///    (`input type:keyboard xkb_layout de`, read over its IPC socket,
    ///    `SWAYSOCK`): what its keyboards type;
    /// 2. `XKB_DEFAULT_LAYOUT` (with `XKB_DEFAULT_VARIANT`, `_MODEL`,
    ///    `_OPTIONS`): what sway and other wlroots compositors build their
    ///    keymap from when their config names none;
    /// 3. the other desktops' own layout: on KDE Plasma, `$XDG_CONFIG_HOME/kxkbrc`
    ///    (`LayoutList`, when `Use=true`);
    /// 4. `/etc/X11/xorg.conf.d/00-keyboard.conf` (`Option "XkbLayout"`), which
    ///    `localectl set-x11-keymap` writes;
    /// 5. `/etc/vconsole.conf` (`XKBLAYOUT=`), written by newer systemd;
    /// 6. `/etc/default/keyboard` (`XKBLAYOUT=`), Debian's;
    /// 7. otherwise US.
    ///
    /// GNOME keeps its input sources in dconf, which is not read: when they
    /// differ from the system's layout, name the layout in the config's
    /// `[keyboard]` table. `root` prefixes every system path (tests).
    ///
    /// ```swift
    /// let choice = KeyboardLayoutChoice.detect(session: DetectedSession(["XKB_DEFAULT_LAYOUT": "de"]))
    /// choice.layout.layout   // "de"
    /// choice.source          // "XKB_DEFAULT_LAYOUT"
    /// ```
    public static func detect(session: DetectedSession, root: String = "",
                              readFile: (String) -> String? = KeyboardLayoutChoice.readSmallFile) -> KeyboardLayoutChoice {
        let environment = session.environment
        func desktops(first: Bool) -> KeyboardLayoutChoice? {
            session.first { $0.layoutBeforeEnvironment == first ? $0.keyboardLayout(in: environment, readFile: readFile) : nil }
        }
        if let choice = desktops(first: true) { return choice }
        if let layout = environment.defaultKeyboardLayout {
            return KeyboardLayoutChoice(layout: layout, source: SessionEnvironment.defaultKeyboardLayoutVariable)
        }
        if let choice = desktops(first: false) { return choice }
        let xorg = root + "/etc/X11/xorg.conf.d/00-keyboard.conf"
        if let text = readFile(xorg), let layout = xorgLayout(text) {
            return KeyboardLayoutChoice(layout: layout, source: xorg)
        }
        for path in [root + "/etc/vconsole.conf", root + "/etc/default/keyboard"] {
            if let text = readFile(path), let layout = shellLayout(text) {
                return KeyboardLayoutChoice(layout: layout, source: path)
            }
        }
        return .builtIn
    }

    /// `$XDG_CONFIG_HOME`, or `$HOME/.config`, when absolute.
    static func configDirectory(_ environment: [String: String]) -> String? {
        if let xdg = environment["XDG_CONFIG_HOME"], xdg.hasPrefix("/") { return xdg }
        if let home = environment["HOME"], home.hasPrefix("/") { return home + "/.config" }
        return nil
    }

    /// `XKBLAYOUT="de"` and its siblings, as in `/etc/default/keyboard` and `/etc/vconsole.conf`.
    static func shellLayout(_ text: String) -> KeyboardLayout? {
        var values: [String: String] = [:]
        for line in text.split(whereSeparator: \.isNewline) {
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            guard !trimmed.hasPrefix("#"), let equals = trimmed.firstIndex(of: "=") else { continue }
            let key = String(trimmed[..<equals])
            var value = String(trimmed[trimmed.index(after: equals)...]).trimmingSpaces
            if value.count >= 2, let first = value.first, first == "\"" || first == "'", value.last == first {
                value = String(value.dropFirst().dropLast())
            }
            values[key] = value
        }
        guard let layout = values["XKBLAYOUT"], !layout.isEmpty else { return nil }
        return KeyboardLayout(layout: layout, variant: values["XKBVARIANT"] ?? "", model: values["XKBMODEL"] ?? "",
                              options: values["XKBOPTIONS"] ?? "")
    }

    /// `Option "XkbLayout" "de"` lines of an xorg.conf `InputClass` section.
    static func xorgLayout(_ text: String) -> KeyboardLayout? {
        var values: [String: String] = [:]
        for line in text.split(whereSeparator: \.isNewline) {
            let fields = line.split(separator: "\"", omittingEmptySubsequences: false)
            // Option "Name" "Value": fields are the text around the four quotes.
            guard fields.count >= 5, String(fields[0]).trimmingSpaces == "Option" else { continue }
            values[String(fields[1]).lowercased()] = String(fields[3])
        }
        guard let layout = values["xkblayout"], !layout.isEmpty else { return nil }
        return KeyboardLayout(layout: layout, variant: values["xkbvariant"] ?? "", model: values["xkbmodel"] ?? "",
                              options: values["xkboptions"] ?? "")
    }

    /// KDE's `[Layout]` group: `LayoutList`, `VariantList`, `Model`, `Options`, used when `Use=true`.
    static func kxkbrcLayout(_ text: String) -> KeyboardLayout? {
        var inLayout = false
        var values: [String: String] = [:]
        for line in text.split(whereSeparator: \.isNewline) {
            let trimmed = String(line).trimmingSpaces
            if trimmed.hasPrefix("[") { inLayout = trimmed == "[Layout]"; continue }
            guard inLayout, let equals = trimmed.firstIndex(of: "=") else { continue }
            values[String(trimmed[..<equals])] = String(trimmed[trimmed.index(after: equals)...])
        }
        guard values["Use"] == "true", let layout = values["LayoutList"], !layout.isEmpty else { return nil }
        return KeyboardLayout(layout: layout, variant: values["VariantList"] ?? "", model: values["Model"] ?? "",
                              options: values["Options"] ?? "")
    }

    /// The text of a regular file of at most 64 KB that no other user may
    /// write (the config's own checks), or nil.
    public static func readSmallFile(_ path: String) -> String? {
        guard case .success(let text) = ConfigFile.read(path, limit: 1 << 16) else { return nil }
        return text
    }
}
