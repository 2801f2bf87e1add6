// The schema of gestures.toml, said once: its tables, each table's keys, and what the reference says of them.
import Tactile

/// The tables of a `gestures.toml` whose keys are fixed, each with its keys
/// and what `docs/gestures-toml.md` says of them. The reader refuses the keys
/// a table does not have through it, a reload names the sections that
/// changed by it, and the reference's tables are rendered from it (a test
/// compares them with the docs).
///
/// ```swift
/// ConfigSchema.document.keys   // ["devices", "emergency", "zones", "keyboard", "desktop", "gesture"]
/// ConfigSchema.emergency.keys  // ["fingers", "duration"]
/// ConfigSchema.step.context    // "[gesture.step]"
/// ```
package enum ConfigSchema: CaseIterable, Sendable {
    /// The file's top level, whose keys are the other tables.
    case document
    case devices, emergency
    /// One `[zones.NAME]` (the keys of `[zones]` are the zones' names).
    case zone
    case keyboard, desktop
    /// One `[[gesture]]`: a binding.
    case gesture
    /// A binding's `[gesture.step]`.
    case step
    /// An action: `{ key = "…" }` and the others.
    case action

    /// The table that holds this one, and the key it is under there;
    /// nil for the top level and actions (the value of many keys).
    package var parent: (table: ConfigSchema, key: String)? {
        switch self {
        case .document, .action: nil
        case .devices: (.document, "devices")
        case .emergency: (.document, "emergency")
        case .zone: (.document, "zones")
        case .keyboard: (.document, "keyboard")
        case .desktop: (.document, "desktop")
        case .gesture: (.document, "gesture")
        case .step: (.gesture, "step")
        }
    }

    /// The table as messages name it: `[devices]`, `an action`.
    package var context: String {
        switch self {
        case .document: "the config"
        case .zone: "[zones.NAME]"
        case .gesture: "[[gesture]]"
        case .action: "an action"
        case .step: "[gesture.step]"
        case .devices, .emergency, .keyboard, .desktop: "[\(parent?.key ?? "")]"
        }
    }

    /// Every key the table has: its rows' keys with their aliases, then the tables under it.
    package var keys: [String] {
        references.flatMap(\.rows).flatMap(\.keys).flatMap { [$0.name] + $0.aliases }
            + ConfigSchema.allCases.compactMap { $0.parent?.table == self ? $0.parent?.key : nil }
    }
}

extension ConfigSchema {
    /// A key, and the other names it may be written under (`ended`, also `recognized`).
    package struct Key: Equatable, Sendable {
        package var name: String
        package var aliases: [String] = []
    }

    /// One row of a reference table: one key or several alike, its type,
    /// its default, and a note (its range, what it does).
    package struct Row: Equatable, Sendable {
        package var keys: [Key] = []
        /// What the key column says when it is no key (`parameters`); nil: the keys.
        package var label: String?
        package var type: String
        package var defaultValue = ""
        package var note = ""
    }

    /// One table of `docs/gestures-toml.md`, between `<!-- schema: ID -->` and `<!-- /schema -->`.
    package struct Reference: Equatable, Sendable {
        /// The marker's name: `devices`, `conditions`.
        package var id: String
        /// Whether the table has a default column (the conditions have none).
        package var hasDefaults = true
        /// The last column's heading: `range`, or nothing (a note).
        package var lastColumn = ""
        package var rows: [Row]
    }

    /// The reference tables of the table's keys (a binding's are two: its keys and its conditions).
    package var references: [Reference] {
        switch self {
        case .document: []
        case .devices: [Self.devicesReference]
        case .emergency: [Self.emergencyReference]
        case .zone: [Self.zoneReference]
        case .keyboard: [Self.keyboardReference]
        case .desktop: [Self.desktopReference]
        case .gesture: [Self.gestureReference, Self.conditionsReference]
        case .step: [Self.stepReference]
        case .action: [Self.actionReference]
        }
    }
}

extension ConfigSchema.Row {
    /// `names` alike (each one a key), of `type`, `default`, with `note`.
    init(_ names: String..., type: String, default defaultValue: String = "", note: String = "") {
        self.init(keys: names.map { ConfigSchema.Key(name: $0) }, type: type, defaultValue: defaultValue, note: note)
    }
}
