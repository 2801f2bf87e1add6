// A row of the table, the table's layout and readable figures.
import Foundation
import Tactile

/// One line of the benchmark table: a measured figure beside the reference
/// it is compared with, measured in the same run.
struct BenchRow: Sendable {
    /// What was measured, e.g. "recording load (52.4 MB)".
    var measure: String
    /// The figure, readable.
    var result: String
    /// The reference measured in the same run, readable.
    var reference: String
    /// result ÷ reference in the direction where bigger is better (speed), or
    /// the growth factor for scaling and memory rows; `nil` when there is none.
    var ratio: Double?
    /// What the ratio means, e.g. "× faster" or "× the 10 MB peak".
    var ratioUnit: String
    /// The target the figure is held to, readable, and whether it was met.
    var target: String?
    var met: Bool?

    /// The ratio with its unit, or a dash.
    var ratioText: String {
        guard let ratio else { return "–" }
        return FixedDecimal.format(ratio, places: ratio >= 100 ? 0 : (ratio >= 10 ? 1 : 2)) + ratioUnit
    }

    /// The row as one JSON object (for `--json` and the smoke test).
    var jsonLine: String {
        var fields = ["\"measure\":" + JSONText.quote(measure), "\"result\":" + JSONText.quote(result),
                      "\"reference\":" + JSONText.quote(reference)]
        if let ratio { fields.append("\"ratio\":" + FixedDecimal.format(ratio, places: 3)) }
        if let target { fields.append("\"target\":" + JSONText.quote(target)) }
        if let met { fields.append("\"met\":" + (met ? "true" : "false")) }
        return "{" + fields.joined(separator: ",") + "}"
    }
}

/// Lays rows out as an aligned text table.
enum BenchTable {
    static func render(_ rows: [BenchRow]) -> [String] {
        let header = ["measure", "result", "reference (same run)", "ratio", "target"]
        let cells = rows.map { row in
            [row.measure, row.result, row.reference, row.ratioText,
             row.target.map { $0 + (row.met.map { $0 ? "  ✓" : "  ✗" } ?? "") } ?? ""]
        }
        var widths = header.map(\.count)
        for line in cells { for (index, cell) in line.enumerated() { widths[index] = max(widths[index], cell.count) } }
        func format(_ line: [String]) -> String {
            line.enumerated().map { index, cell in
                index == line.count - 1 ? cell : cell + String(repeating: " ", count: widths[index] - cell.count)
            }.joined(separator: "  ")
        }
        let rule = widths.map { String(repeating: "─", count: $0) }.joined(separator: "  ")
        return [format(header), rule] + cells.map(format)
    }
}

/// Readable figures.
enum BenchFormat {
    /// `812 MB/s`, `3.2 GB/s`.
    static func bytesPerSecond(_ value: Double) -> String {
        value >= 1e9 ? FixedDecimal.format(value / 1e9, places: 2) + " GB/s" : FixedDecimal.format(value / 1e6, places: 0) + " MB/s"
    }

    /// `31.2 M ev/s`.
    static func eventsPerSecond(_ value: Double) -> String {
        value >= 1e6 ? FixedDecimal.format(value / 1e6, places: 1) + " M ev/s" : FixedDecimal.format(value / 1e3, places: 0) + " k ev/s"
    }

    /// `52.4 MB`.
    static func megabytes(_ bytes: Int) -> String {
        FixedDecimal.format(Double(bytes) / 1e6, places: 1) + " MB"
    }

    /// Nanoseconds, with a unit that fits: `164 ns`, `1.42 µs`, `3.1 ms`.
    static func duration(nanoseconds value: Double) -> String {
        if value < 1_000 { return FixedDecimal.format(value, places: value < 10 ? 1 : 0) + " ns" }
        if value < 1_000_000 { return FixedDecimal.format(value / 1_000, places: 2) + " µs" }
        return FixedDecimal.format(value / 1_000_000, places: 1) + " ms"
    }

    /// A count with thousands grouped: `1 948 213`.
    static func count(_ value: Int) -> String {
        let digits = Array(String(value))
        var out = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { out.append(" ") }
            out.append(digit)
        }
        return out
    }
}
