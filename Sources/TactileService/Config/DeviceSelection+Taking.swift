// Whether a config's [devices] takes a device: its kind, then the names it asks for and leaves out.
import Tactile

extension DeviceSelection {
    /// Whether the service takes a device of `kind` named `name`: the kind
    /// must be one of ``kinds``; when ``names`` is not empty the name must
    /// contain one of them, and it must contain none of ``excludedNames``
    /// (case-insensitive both).
    ///
    /// ```swift
    /// DeviceSelection().takes(kind: .touchscreen, name: "ELAN9008:00")   // true
    /// DeviceSelection().takes(kind: .touchpad, name: "SYNA8004:00")      // false: touchscreens only
    /// ```
    public func takes(kind: DeviceKind, name: String) -> Bool {
        guard kinds.contains(kind) else { return false }
        let name = name.lowercased()
        if !names.isEmpty, !names.contains(where: { PlainText.contains($0.lowercased(), in: name) }) { return false }
        return !excludedNames.contains { PlainText.contains($0.lowercased(), in: name) }
    }
}
