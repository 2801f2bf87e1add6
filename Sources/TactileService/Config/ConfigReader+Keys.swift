// The loader's key chords: keysyms resolved through the session's layout, modifiers, raw key codes; and [keyboard].

extension ConfigReader {
    /// `"ctrl+alt+Left"`, `"ctrl+plus"`: keys joined by `+`, pressed in order.
    ///
    /// Each name is, in this order: a modifier (`ctrl`, `shift`, `alt`,
    /// `super`, `altgr`…, the left one of each, as evdev codes); a raw key
    /// code (`KEY_EQUAL`, `code:13`), pressed as it is whatever the layout;
    /// a keysym (`plus`, `Page_Down`, `adiaeresis`), typed on the session's
    /// layout with the modifiers its level needs (`plus` is Shift+`=` on a
    /// US layout, its own key on a German one); or a Linux key name that
    /// is no keysym (`volumeup`, `kpplus`), as its code.
    mutating func keyChord(_ text: String, at location: SourceLocation) -> KeyChord? {
        var keys: [UInt16] = []
        for part in text.split(separator: "+", omittingEmptySubsequences: false) {
            let name = String(part).trimmingSpaces
            guard !name.isEmpty else {
                error("empty key name in \(ConfigReader.quoted(text)) (keys are joined by +; for + itself write \"plus\")", at: location)
                return nil
            }
            let stroke: KeyStroke
            if let code = KeyNames.modifierCode(for: name) ?? KeyNames.rawCode(for: name) {
                stroke = KeyStroke(key: code, modifiers: [])
            } else if let keysym = KeySymbolTable.keysym(named: name) {
                guard let found = typed(keysym, name: name, in: text, at: location) else { return nil }
                stroke = found
            } else if let code = KeyNames.code(for: name) {
                stroke = KeyStroke(key: code, modifiers: [])
            } else {
                let hint = ConfigSuggestion.closest(to: KeyNames.normalized(name), in: KeyNames.allNames).map { " (did you mean \"\($0)\"?)" } ?? ""
                error("unknown key \(ConfigReader.quoted(name)) in \(ConfigReader.quoted(text))\(hint): "
                      + "name a keysym (plus, Page_Down), a modifier (ctrl, shift, alt, super) or a key code (KEY_EQUAL)", at: location)
                return nil
            }
            if keys.contains(stroke.key) {
                error("key \(ConfigReader.quoted(name)) appears twice in \(ConfigReader.quoted(text))", at: location)
                return nil
            }
            keys += stroke.modifiers.filter { !keys.contains($0) }
            keys.append(stroke.key)
        }
        return KeyChord(keys: keys, text: text)
    }

    /// How `keysym` is typed on the config's layout; an error when it cannot be.
    private mutating func typed(_ keysym: UInt32, name: String, in text: String, at location: SourceLocation) -> KeyStroke? {
        if let keySymbols {
            if let stroke = keySymbols.stroke(for: keysym) { return stroke }
            error("\(ConfigReader.quoted(name)) in \(ConfigReader.quoted(text)) is on no key of the layout \(keyboard.layout) "
                  + "(from \(keyboard.source)): name the key by its code instead (KEY_…), or set the layout in [keyboard]", at: location)
            return nil
        }
        if let stroke = KeyNames.usStroke(for: keysym) { return stroke }
        error("\(ConfigReader.quoted(name)) in \(ConfigReader.quoted(text)) needs the XKB data (Debian: xkb-data) "
              + "to be found on a layout; name the key by its code instead (KEY_…)", at: location)
        return nil
    }

    /// `[keyboard]`: the layout key chords are typed on, when not the session's.
    mutating func readKeyboard(_ value: TOMLValue) -> (KeyboardLayout, SourceLocation)? {
        guard let table = table(value, key: "keyboard") else { return nil }
        refuseUnknownKeys(table, of: .keyboard)
        guard let layoutValue = table["layout"], let layout = string(layoutValue, key: "layout") else {
            error("[keyboard] needs a layout (an XKB name: \"de\", \"fr\", \"us\")", at: value.location)
            return nil
        }
        func field(_ key: String) -> String { table[key].flatMap { string($0, key: key) } ?? "" }
        // XKB names are letters, digits, _ and - (options also :), lists joined by commas: nothing
        // that could reach another file through the XKB include path (/, ..) or XKB's rule syntax.
        for (key, text) in [("layout", layout), ("variant", field("variant")), ("model", field("model")), ("options", field("options"))] {
            let allowed = text.unicodeScalars.allSatisfy { scalar in
                scalar.isASCII && (("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
                                   || "_-,".unicodeScalars.contains(scalar) || (key == "options" && scalar == ":"))
            }
            guard allowed, text.utf8.count <= 200 else {
                error("\(ConfigReader.quoted(key)) in [keyboard] must be an XKB name (letters, digits, _ and -, lists joined by commas), "
                      + "found \(ConfigReader.quoted(text))", at: table[key]?.location ?? value.location)
                return nil
            }
        }
        return (KeyboardLayout(layout: layout, variant: field("variant"), model: field("model"), options: field("options")),
                layoutValue.location)
    }

    /// Compiles the layout chords go through: the config's `[keyboard]`
    /// (an error when it cannot be compiled) or the session's (a warning,
    /// then the US layout).
    mutating func useKeyboard(_ configured: (KeyboardLayout, SourceLocation)?, session: KeyboardLayoutChoice, file: String) {
        if let (layout, location) = configured {
            keyboard = KeyboardLayoutChoice(layout: layout, source: "[keyboard] in \(file)")
            do {
                keySymbols = try KeySymbolTable.compiled(for: layout)
            } catch {
                self.error(error.description, at: location)
            }
            return
        }
        keyboard = session
        if let table = try? KeySymbolTable.compiled(for: session.layout) {
            keySymbols = table
            return
        }
        if session.layout != .us {
            warning("the session's layout \(session.layout) (from \(session.source)) could not be compiled; keys are typed as on a US layout",
                    at: SourceLocation(file: file, line: 1, column: 1))
            keyboard = KeyboardLayoutChoice(layout: .us, source: "the built-in default, as \(session.layout) could not be compiled")
        }
        keySymbols = try? KeySymbolTable.compiled(for: .us)
    }
}
