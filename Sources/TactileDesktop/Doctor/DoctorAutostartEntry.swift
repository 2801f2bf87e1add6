// An XDG autostart entry as the autostart spec reads it: hidden or not, and for which desktops.
import Tactile
import TactileService

/// An XDG autostart entry (`~/.config/autostart/tactile.desktop`) as a
/// session reads it: `Hidden=true` turns it off, `OnlyShowIn=` and
/// `NotShowIn=` say for which desktops (`XDG_CURRENT_DESKTOP`'s names) it runs.
///
/// ```swift
/// let entry = DoctorAutostartEntry(path: "tactile.desktop", text: "[Desktop Entry]\nNotShowIn=GNOME;KDE;\n")
/// entry.shownIn(["sway"])            // true
/// entry.shownIn(["ubuntu", "GNOME"]) // false
/// ```
package struct DoctorAutostartEntry: Hashable, Sendable {
    /// Where it is.
    public var path: String
    /// `Hidden=true`: the entry is off.
    public var isHidden: Bool
    /// `OnlyShowIn=`: when not empty, the desktops it runs in, and no other.
    public var onlyShowIn: [String]
    /// `NotShowIn=`: the desktops it does not run in.
    public var notShowIn: [String]

    /// The entry at `path` whose text is `text` (its `[Desktop Entry]` group read).
    public init(path: String, text: String) {
        self.path = path
        var values: [String: String] = [:]
        var group = ""
        for raw in text.split(separator: "\n") {
            let line = PlainText.trimmed(raw)
            if line.hasPrefix("[") { group = line; continue }
            guard group == "[Desktop Entry]", !line.hasPrefix("#"), let equals = line.firstIndex(of: "=") else { continue }
            values[PlainText.trimmed(line[..<equals])] = PlainText.trimmed(line[line.index(after: equals)...])
        }
        func list(_ key: String) -> [String] { (values[key] ?? "").split(separator: ";").map { PlainText.trimmed($0) }.filter { !$0.isEmpty } }
        isHidden = values["Hidden"]?.lowercased() == "true"
        onlyShowIn = list("OnlyShowIn")
        notShowIn = list("NotShowIn")
    }

    /// Whether a session whose desktops are `desktops` runs it (names compare as written, as the spec says).
    public func shownIn(_ desktops: [String]) -> Bool {
        if desktops.contains(where: notShowIn.contains) { return false }
        return onlyShowIn.isEmpty || desktops.contains(where: onlyShowIn.contains)
    }
}
