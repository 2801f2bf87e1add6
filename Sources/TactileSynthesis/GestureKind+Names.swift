// The names of gesture kinds as people type them and recording labels store them (kebab-case).
/// The names people type and recordings store for gesture kinds.
extension GestureKind {
    /// The kind as recording labels name gestures, in kebab-case:
    /// `tap`, `double-tap`, `pinch-in`, `pinch-out`, `rotation`, `pan`,
    /// `swipe`, `long-press`, `hold`.
    public var labelName: String {
        var name = ""
        for character in rawValue {
            if character.isUppercase {
                name += "-" + character.lowercased()
            } else {
                name.append(character)
            }
        }
        return name
    }

    /// The kind named `name`: its ``labelName`` (`pinch-out`) or its raw
    /// value (`pinchOut`), in any letter case, `_` taken as `-`; `nil` for
    /// anything else.
    public init?(name: String) {
        let key = Self.key(name)
        guard let kind = Self.allCases.first(where: { Self.key($0.rawValue) == key }) else { return nil }
        self = kind
    }

    /// `name` lowercased without its separators: `pinch-out`, `pinchOut` and `PINCH_OUT` give `pinchout`.
    private static func key(_ name: String) -> String {
        String(name.lowercased().filter { $0 != "-" && $0 != "_" })
    }
}
