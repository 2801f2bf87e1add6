// The doctor's keyboard layout line: the layout key chords are typed on, where it was found, and whether XKB compiles it.
import TactileService
import Tactile

extension Doctor {
    /// The session as the service would find it: its keyboard layout (read
    /// under the doctor's root) and its desktop.
    var session: SessionSettings {
        let keyboard = KeyboardLayoutChoice.detect(session: detected, root: system.root) { path in
            system.text(at: path, limit: 1 << 16)
        }
        return SessionSettings(keyboard: keyboard, desktop: detected.preset)
    }

    /// The keyboard layout line: the layout the service types key chords on,
    /// where it was found, and what zoom-in (`ctrl+plus`) becomes there. A
    /// layout libxkbcommon cannot compile is a problem the service works
    /// around (it types on a US layout), so it is only a note.
    func layoutCheck() -> DoctorCheck {
        let choice = session.keyboard
        let summary = TextFormat.visible(choice.layout.description) + ", from " + TextFormat.visible(choice.source)
        let override = "a config's [keyboard] table names another (GNOME's own input sources are not read)"
        do {
            let table = try KeySymbolTable.compiled(for: choice.layout)
            var details = ["key chords are typed on it: " + Self.example(table), override]
            if choice == .builtIn { details.insert("no layout found in XKB_DEFAULT_LAYOUT, kxkbrc, xorg.conf.d, vconsole.conf or /etc/default/keyboard", at: 0) }
            return DoctorCheck(name: "layout", status: choice == .builtIn ? .note : .ok, summary: summary, details: details)
        } catch {
            return DoctorCheck(name: "layout", status: .note, summary: summary,
                               details: [error.description, "the service types key chords as on a US layout", override],
                               fix: "install the XKB data (Debian: xkb-data), or name a layout it has in [keyboard]")
        }
    }

    /// `ctrl+plus = KEY_LEFTCTRL+KEY_RIGHTBRACE`, or why not.
    static func example(_ table: KeySymbolTable) -> String {
        guard let plus = KeySymbolTable.keysym(named: "plus"), let stroke = table.stroke(for: plus) else { return "ctrl+plus has no key there" }
        return "ctrl+plus = " + ([29] + stroke.modifiers + [stroke.key]).map(KeyNames.name(of:)).joined(separator: "+")
    }
}
