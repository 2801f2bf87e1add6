// What a reload changed: the gestures added, removed and changed by name, and whether anything else did.
import Tactile

/// What changed between two configs, as a reload logs it, so that a
/// surprise (a gesture gone because the file was saved half-way) is visible:
/// the gestures added, removed and changed, by name, and whether the
/// devices, the emergency gesture, the zones or a session setting changed.
/// A gesture that only moved in the file has not changed.
///
/// ```swift
/// ConfigChanges(from: old, to: new).description
/// // 2 gestures added (three, four), 1 removed (back)
/// ```
package struct ConfigChanges: Equatable, CustomStringConvertible, Sendable {
    /// The names of the gestures only the new config has, in its order.
    package var added: [String] = []
    /// The names of the gestures only the old config had, in its order.
    package var removed: [String] = []
    /// The names of the gestures both have, set differently, in the new order.
    package var changed: [String] = []
    /// The other sections that differ: devices, emergency, zones, keyboard, desktop, claimed touches.
    package var otherSections: [String] = []

    /// What changed from `old` to `new`.
    package init(from old: GestureConfig, to new: GestureConfig) {
        let before = Dictionary(old.bindings.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        let afterNames = Set(new.bindings.map(\.name))
        for binding in new.bindings {
            guard let previous = before[binding.name] else {
                added.append(binding.name)
                continue
            }
            if Self.placeless(previous) != Self.placeless(binding) { changed.append(binding.name) }
        }
        removed = old.bindings.map(\.name).filter { !afterNames.contains($0) }
        otherSections = ConfigSchema.allCases.filter { Self.differs($0, old, new) }.compactMap { $0.parent?.key }
        if old.claimedTouchEnd != new.claimedTouchEnd { otherSections.append("claimed touches") }
    }

    /// Whether `old` and `new` differ in the section `table` of the schema,
    /// where a reload says so by the section's name: the gestures are told
    /// by name, and so are their steps and actions.
    private static func differs(_ table: ConfigSchema, _ old: GestureConfig, _ new: GestureConfig) -> Bool {
        switch table {
        case .devices: old.devices != new.devices
        case .emergency: old.emergency != new.emergency
        case .zone: placeless(old.zones) != placeless(new.zones)
        case .keyboard: old.keyboard != new.keyboard
        case .desktop: old.desktop != new.desktop
        case .document, .gesture, .step, .action: false
        }
    }

    /// Whether nothing changed but where things stand in the file.
    package var isEmpty: Bool { added.isEmpty && removed.isEmpty && changed.isEmpty && otherSections.isEmpty }

    /// `2 gestures added (three, four), 1 changed (pan@screen); devices changed`, or `nothing changed`.
    package var description: String {
        func part(_ names: [String], _ verb: String) -> String? {
            guard !names.isEmpty else { return nil }
            return "\(names.count) gesture\(names.count == 1 ? "" : "s") \(verb) (\(names.map { TextFormat.visible($0) }.joined(separator: ", ")))"
        }
        let gestures = [part(added, "added"), part(removed, "removed"), part(changed, "changed")].compactMap { $0 }
        let others = otherSections.isEmpty ? nil : otherSections.joined(separator: ", ") + " changed"
        let text = [gestures.isEmpty ? nil : gestures.joined(separator: ", "), others].compactMap { $0 }.joined(separator: "; ")
        return text.isEmpty ? "nothing changed but places in the file" : text
    }

    /// Nowhere in a file: where a binding and its parameters were written does not count.
    private static let nowhere = SourceLocation(file: "", line: 0, column: 0)

    /// The binding as it would be declared on no line at all.
    private static func placeless(_ binding: Binding) -> Binding {
        var binding = binding
        binding.location = nowhere
        binding.recognizer.parameters = binding.recognizer.parameters.map { parameter in
            var parameter = parameter
            parameter.location = nowhere
            return parameter
        }
        return binding
    }

    /// The zones as they would be declared on no line at all.
    private static func placeless(_ zones: [Zone]) -> [Zone] {
        zones.map { zone in
            var zone = zone
            zone.location = nowhere
            return zone
        }
    }
}
