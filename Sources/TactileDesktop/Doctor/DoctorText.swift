// Small text helpers of the doctor: trimming, `key=value` lines, shell-style assignments.
import TactileService

/// Small text helpers for what the doctor reads.
enum DoctorText {
    /// `text` without white space (spaces, tabs, new lines) at either end.
    static func trimmed<Text: StringProtocol>(_ text: Text) -> String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        guard let first = text.firstIndex(where: { !isSpace($0) }), let last = text.lastIndex(where: { !isSpace($0) }) else { return "" }
        return String(text[first...last])
    }

    /// `Key=value` lines (`systemctl show`'s), first of each key kept.
    static func properties(_ text: String) -> [String: String] {
        var values: [String: String] = [:]
        for line in text.split(separator: "\n") {
            guard let equals = line.firstIndex(of: "=") else { continue }
            let key = trimmed(line[..<equals])
            if values[key] == nil { values[key] = trimmed(line[line.index(after: equals)...]) }
        }
        return values
    }

    /// The value of shell-style assignments (`XKBLAYOUT="de"`), quotes taken off; comments skipped.
    static func assignment(_ name: String, in text: String) -> String? {
        for line in text.split(separator: "\n") {
            let line = trimmed(line)
            guard !line.hasPrefix("#"), line.hasPrefix(name + "=") else { continue }
            var value = trimmed(line.dropFirst(name.count + 1))
            if value.count >= 2, let quote = value.first, quote == "\"" || quote == "'", value.last == quote {
                value = String(value.dropFirst().dropLast())
            }
            return value
        }
        return nil
    }
}
