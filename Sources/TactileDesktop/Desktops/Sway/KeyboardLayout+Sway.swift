// The keyboard layout a running sway was configured with: its config over IPC, `input … xkb_layout`.
import TactileService

extension KeyboardLayoutChoice {
    /// The layout the sway at `socketPath` gives its keyboards, from the
    /// config it runs (`GET_CONFIG`): what `input type:keyboard xkb_layout de`
    /// (or `input *`, or one keyboard's identifier, in a line or a block)
    /// sets, with its `xkb_variant`, `xkb_model` and `xkb_options`. Nil when
    /// sway cannot be asked or its config names no layout.
    static func sway(socketPath: String) -> KeyboardLayoutChoice? {
        do throws(FocusError) {
            guard let text = try TilingBindings.config(over: UnixStream(path: socketPath)),
                  let (layout, input) = swayLayout(inConfig: text) else { return nil }
            return KeyboardLayoutChoice(layout: layout, source: "sway's config (input \(input))")
        } catch {
            return nil
        }
    }

    /// The layout of a sway config's `input` settings, and the input they are
    /// for: `type:keyboard` first, then `*`, then the first keyboard named.
    ///
    /// ```swift
    /// KeyboardLayoutChoice.swayLayout(inConfig: "input type:keyboard xkb_layout de")?.layout.layout   // "de"
    /// ```
    static func swayLayout(inConfig text: String) -> (layout: KeyboardLayout, input: String)? {
        var settings: [String: [String: String]] = [:]
        var order: [String] = []
        var block: String?
        var variables: [String: String] = [:]
        for raw in text.split(whereSeparator: \.isNewline) {
            let words = raw.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
            guard let first = words.first, !first.hasPrefix("#") else { continue }
            if first == "set", words.count >= 3 { variables[words[1]] = words[2...].joined(separator: " ") }
            if first == "}" { block = nil; continue }
            var input = block
            var rest = words[...]
            if first == "input", words.count >= 3 {
                input = TilingBindings.expand(words[1], variables)
                rest = words.dropFirst(2)
                if rest.first == "{" { block = input; continue }
            }
            guard let input, let key = rest.first, key.hasPrefix("xkb_"), rest.count >= 2 else { continue }
            if settings[input] == nil { order.append(input) }
            settings[input, default: [:]][key] = TilingBindings.expand(rest.dropFirst().joined(separator: " "), variables)
        }
        let chosen = ["type:keyboard", "*"].first { settings[$0]?["xkb_layout"] != nil }
            ?? order.first { settings[$0]?["xkb_layout"] != nil }
        guard let chosen, let values = settings[chosen], let layout = values["xkb_layout"] else { return nil }
        return (KeyboardLayout(layout: layout, variant: values["xkb_variant"] ?? "", model: values["xkb_model"] ?? "",
                               options: values["xkb_options"] ?? ""), chosen)
    }
}
