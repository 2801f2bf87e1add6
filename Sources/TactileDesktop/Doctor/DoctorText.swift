// Small text helpers of the doctor: `key=value` lines, shell-style assignments.
import Tactile
import TactileService

/// Small text helpers for what the doctor reads.
enum DoctorText {
    /// `Key=value` lines (`systemctl show`'s), first of each key kept.
    static func properties(_ text: String) -> [String: String] {
        var values: [String: String] = [:]
        for line in text.split(separator: "\n") {
            guard let equals = line.firstIndex(of: "=") else { continue }
            let key = PlainText.trimmed(line[..<equals])
            if values[key] == nil { values[key] = PlainText.trimmed(line[line.index(after: equals)...]) }
        }
        return values
    }

    /// The value of shell-style assignments (`XKBLAYOUT="de"`), quotes taken off; comments skipped.
    static func assignment(_ name: String, in text: String) -> String? {
        for line in text.split(separator: "\n") {
            let line = PlainText.trimmed(line)
            guard !line.hasPrefix("#"), line.hasPrefix(name + "=") else { continue }
            var value = PlainText.trimmed(line.dropFirst(name.count + 1))
            if value.count >= 2, let quote = value.first, quote == "\"" || quote == "'", value.last == quote {
                value = String(value.dropFirst().dropLast())
            }
            return value
        }
        return nil
    }
}
