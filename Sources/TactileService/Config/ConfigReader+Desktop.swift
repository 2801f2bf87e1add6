// The loader's desktop side: [desktop] and desktop actions ({ desktop = "overview" }) through the preset in use.

extension ConfigReader {
    /// `[desktop]`: `preset = "auto"` (the session's, from `XDG_CURRENT_DESKTOP`) or a preset's name.
    mutating func readDesktop(_ value: TOMLValue, file: String) -> DesktopPresetChoice? {
        guard let table = table(value, key: "desktop") else { return nil }
        refuseUnknownKeys(table, of: .desktop)
        guard let presetValue = table["preset"], let name = string(presetValue, key: "preset"), name != "auto" else { return nil }
        guard let preset = DesktopPreset(rawValue: name) else {
            let names = ["auto"] + DesktopPreset.allCases.map(\.rawValue)
            error("unknown desktop preset \(ConfigReader.quoted(name)) (\(names.joined(separator: ", ")))"
                  + ConfigSuggestion.hint(for: name, in: names), at: presetValue.location)
            return nil
        }
        return DesktopPresetChoice(preset: preset, source: "[desktop] in \(file)")
    }

    /// `{ desktop = "overview" }`: the preset's route for it, as the actions
    /// it sends (none, with a warning, when the desktop has no default way).
    mutating func desktopAction(_ value: TOMLValue, phase key: String) -> [ServiceAction]? {
        guard let name = string(value, key: "desktop") else { return nil }
        guard let action = DesktopAction(rawValue: name) else {
            let names = DesktopAction.allCases.map(\.rawValue)
            error("unknown desktop action \(ConfigReader.quoted(name)) (\(names.joined(separator: ", ")))"
                  + ConfigSuggestion.hint(for: name, in: names), at: value.location)
            return nil
        }
        let (found, why) = desktop.route(for: action)
        guard let route = found else {
            desktopActionsLeftOut.append((name, why, value.location))
            return []
        }
        switch route.kind {
        case .key(let chord): return keyChord(chord, at: value.location).map { [.key($0)] }
        case .command(let arguments): return [.command(arguments)]
        case .drag(let modifiers):
            guard key == "began" else {
                error("\"\(name)\" goes in a continuous gesture's \"began\" (a long press or a pan): it holds the button until the gesture ends",
                      at: value.location)
                return nil
            }
            return keyChord(modifiers, at: value.location).map { [.drag(DragAction(button: .left, modifiers: $0))] }
        }
    }
}
