// The keys of a layout by the keysyms they type: compiled once per layout with libxkbcommon.
import CXkbCommon
import Synchronization

/// How to type one keysym on a layout: its key, and the modifiers held while it is pressed.
package struct KeyStroke: Hashable, Sendable {
    /// The evdev code of the key.
    public var key: UInt16
    /// The evdev codes of the modifiers held (`KEY_LEFTSHIFT` for a second
    /// level, the layout's `ISO_Level3_Shift` key, usually `KEY_RIGHTALT`, for a third).
    public var modifiers: [UInt16]
}

/// Every keysym a layout types from its first group, with the key and
/// modifiers that type it, found by pressing them on libxkbcommon's model
/// of the keymap: for each key, with no modifier, with Shift, with the
/// layout's third- and fifth-level shifts and their combinations, the
/// keysym the key then gives. The fewest modifiers win, then the lowest key code.
///
/// ```swift
/// let german = try KeySymbolTable.compiled(for: KeyboardLayout(layout: "de"))
/// german.stroke(for: KeySymbolTable.keysym(named: "plus")!)   // KEY_RIGHTBRACE, no modifier
/// ```
package struct KeySymbolTable: Sendable {
    /// The layout compiled.
    public let layout: KeyboardLayout
    private let strokes: [UInt32: KeyStroke]

    /// The keysym `name` names (`plus`, `Page_Down`, `adiaeresis`), exactly or
    /// ignoring case; a single letter is always the lowercase one, as in
    /// shortcuts (`ctrl+T` is `ctrl+t`; write `shift+t` for a capital).
    public static func keysym(named name: String) -> UInt32? {
        var name = name
        if name.unicodeScalars.count == 1, let scalar = name.unicodeScalars.first, scalar.isASCII,
           ("A"..."Z").contains(Character(scalar)) {
            name = name.lowercased()
        }
        let exact = xkb_keysym_from_name(name, XKB_KEYSYM_NO_FLAGS)
        if exact != 0 { return exact }
        let folded = xkb_keysym_from_name(name, XKB_KEYSYM_CASE_INSENSITIVE)
        return folded == 0 ? nil : folded
    }

    /// The name of `keysym` (`plus`), for messages.
    public static func name(of keysym: UInt32) -> String {
        var buffer = [CChar](repeating: 0, count: 64)
        let length = xkb_keysym_get_name(keysym, &buffer, buffer.count)
        guard length > 0 else { return String(keysym) }
        return String(decoding: buffer.prefix(Int(length)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// How `keysym` is typed on this layout, if it is.
    public func stroke(for keysym: UInt32) -> KeyStroke? { strokes[keysym] }

    /// Why a layout could not be compiled.
    public struct CompileError: Error, Sendable, CustomStringConvertible {
        /// The layout.
        public var layout: KeyboardLayout
        /// What went wrong.
        public var description: String
    }

    private static let cache = Mutex<[KeyboardLayout: Result<KeySymbolTable, CompileError>]>([:])

    /// The table of `layout`, compiled once per process (a keymap takes some
    /// tens of milliseconds to compile) from the XKB data of the machine
    /// (`/usr/share/X11/xkb`, and the user's `~/.config/xkb`).
    public static func compiled(for layout: KeyboardLayout) throws(CompileError) -> KeySymbolTable {
        if let known = cache.withLock({ $0[layout] }) { return try known.get() }
        let result = Result<KeySymbolTable, CompileError> { () throws(CompileError) in try compile(layout) }
        cache.withLock { $0[layout] = result }
        return try result.get()
    }

    private static func compile(_ layout: KeyboardLayout) throws(CompileError) -> KeySymbolTable {
        // No XKB_DEFAULT_* from the environment: the layout is the one given, and says where it came from.
        guard let context = xkb_context_new(XKB_CONTEXT_NO_ENVIRONMENT_NAMES) else {
            throw CompileError(layout: layout, description: "libxkbcommon could not make a context")
        }
        defer { xkb_context_unref(context) }
        // Its messages would go to stderr; the error below says what failed.
        xkb_context_set_log_level(context, XKB_LOG_LEVEL_CRITICAL)
        let keymap: OpaquePointer? = layout.rules.withCString { rules in
            layout.model.withCString { model in
                layout.layout.withCString { names in
                    layout.variant.withCString { variant in
                        layout.options.withCString { options in
                            var rmlvo = xkb_rule_names(rules: rules, model: model, layout: names, variant: variant, options: options)
                            return xkb_keymap_new_from_names(context, &rmlvo, XKB_KEYMAP_COMPILE_NO_FLAGS)
                        }
                    }
                }
            }
        }
        guard let keymap else {
            throw CompileError(layout: layout, description: "no keymap for layout \"\(layout)\" in the XKB data (is xkb-data installed, and the layout and variant spelt as in /usr/share/X11/xkb/rules/evdev.lst?)")
        }
        defer { xkb_keymap_unref(keymap) }
        return KeySymbolTable(layout: layout, strokes: strokes(of: keymap))
    }

    /// evdev codes of the modifiers pressed to reach a key's levels.
    private static let shiftKey: UInt16 = 42

    private static func strokes(of keymap: OpaquePointer) -> [UInt32: KeyStroke] {
        let minimum = xkb_keymap_min_keycode(keymap), maximum = xkb_keymap_max_keycode(keymap)
        guard minimum >= 8, minimum <= maximum else { return [:] }
        // The keys that give the third and fifth levels on this layout, if any: AltGr,
        // usually. A key with a Linux name first: evdev keymaps also give
        // ISO_Level3_Shift to <LVL3> (code 84), a key no keyboard has.
        func key(typing keysym: UInt32) -> UInt16? {
            let keys = (minimum...maximum).filter { code in
                guard code - 8 <= UInt32(KeyNames.maximumCode), xkb_keymap_num_layouts_for_key(keymap, code) > 0 else { return false }
                var symbols: UnsafePointer<xkb_keysym_t>?
                let count = xkb_keymap_key_get_syms_by_level(keymap, code, 0, 0, &symbols)
                return count > 0 && symbols.map { UnsafeBufferPointer(start: $0, count: Int(count)).contains(keysym) } == true
            }.map { UInt16($0 - 8) }
            return keys.first(where: KeyNames.hasName) ?? keys.first
        }
        let levelThree = key(typing: 0xfe03)  // ISO_Level3_Shift
        let levelFive = key(typing: 0xfe11)   // ISO_Level5_Shift
        var modifierSets: [[UInt16]] = [[], [shiftKey]]
        if let levelThree { modifierSets += [[levelThree], [shiftKey, levelThree]] }
        if let levelFive { modifierSets += [[levelFive], [shiftKey, levelFive]] }
        if let levelThree, let levelFive { modifierSets += [[levelThree, levelFive], [shiftKey, levelThree, levelFive]] }

        var strokes: [UInt32: KeyStroke] = [:]
        for modifiers in modifierSets {
            guard let state = xkb_state_new(keymap) else { continue }
            defer { xkb_state_unref(state) }
            for modifier in modifiers { _ = xkb_state_update_key(state, UInt32(modifier) + 8, XKB_KEY_DOWN) }
            // Only the keys the service's virtual keyboard has.
            for code in minimum...maximum where code - 8 <= UInt32(KeyNames.maximumCode) {
                let key = UInt16(code - 8)
                guard !modifiers.contains(key) else { continue }
                var symbols: UnsafePointer<xkb_keysym_t>?
                let count = xkb_state_key_get_syms(state, code, &symbols)
                guard count > 0, let symbols else { continue }
                for keysym in UnsafeBufferPointer(start: symbols, count: Int(count)) where strokes[keysym] == nil {
                    // Sets are tried fewest modifiers first and keys in order: the first found is the simplest.
                    strokes[keysym] = KeyStroke(key: key, modifiers: modifiers)
                }
            }
        }
        return strokes
    }
}
