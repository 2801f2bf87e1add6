// Why a binding's recognizer failed, tallied in bounded memory: one entry per criterion, with the range of values seen.
import Tactile

/// The failures of one recognizer over a whole recording, one entry per
/// kind of failure (a criterion and its limit, a rival's name, a rule),
/// each with its count and, for a criterion with a measured value, the
/// lowest and highest value seen. However long the recording, it holds at
/// most one entry per criterion, rival and finger count.
struct FailureTally {
    private typealias Criterion = GestureRecognizer.FailureReason.Criterion

    /// What failures are counted together: a criterion with its limit (the
    /// value seen set to 0), or another reason with the fingers followed.
    private enum Key: Hashable {
        case criterion(Criterion)
        case other(GestureRecognizer.FailureReason?, fingers: Int)
    }

    private struct Entry {
        /// When the entry was first seen (ties in count keep that order).
        var order: Int
        /// The first failure's description.
        var example: String
        var count = 0
        var lowest = Double.infinity
        var highest = -Double.infinity
        var unit = ""
    }

    private var entries: [Key: Entry] = [:]

    var isEmpty: Bool { entries.isEmpty }

    /// Counts one failure for `reason`, with `fingers` following the recognizer then.
    mutating func add(_ reason: GestureRecognizer.FailureReason?, fingers: Int) {
        let key: Key
        var measured: (value: Double, unit: String)?
        if case .criterionNotMet(let criterion)? = reason {
            let measure = Self.measure(of: criterion)
            key = .criterion(measure.key)
            measured = measure.seen
        } else {
            key = .other(reason, fingers: fingers)
        }
        let order = entries.count
        // In place: the entry (and its text) is made only the first time.
        Self.count(measured, in: &entries[key, default: Entry(order: order, example: Self.describe(reason, fingers: fingers))])
    }

    private static func count(_ measured: (value: Double, unit: String)?, in entry: inout Entry) {
        entry.count += 1
        guard let measured else { return }
        entry.lowest = min(entry.lowest, measured.value)
        entry.highest = max(entry.highest, measured.value)
        if entry.unit.isEmpty { entry.unit = measured.unit }
    }

    /// A failure in words: the criterion with its numbers, or the reason and the fingers.
    private static func describe(_ reason: GestureRecognizer.FailureReason?, fingers: Int) -> String {
        if case .criterionNotMet(let criterion)? = reason { return criterion.description }
        return (reason?.description ?? "it failed") + " with " + (fingers == 1 ? "1 finger" : "\(fingers) fingers")
    }

    /// One text per kind of failure, the most frequent first:
    /// `a finger moved 4.2 mm (3 mm allowed) (×6: 4.2–9.1 mm)`.
    var summary: [String] {
        entries.values.sorted { ($1.count, $0.order) < ($0.count, $1.order) }.map { entry in
            guard entry.count > 1 else { return entry.example }
            let rounded = (Self.figure(entry.lowest), Self.figure(entry.highest))
            guard entry.lowest.isFinite, rounded.0 != rounded.1 else { return entry.example + " (×\(entry.count))" }
            return entry.example + " (×\(entry.count): \(rounded.0)–\(rounded.1)\(entry.unit))"
        }
    }

    /// What is compared in a criterion: the criterion with the value seen
    /// set to 0 (its kind and limit), and the value seen with its unit, if any.
    private static func measure(of criterion: Criterion) -> (key: Criterion, seen: (value: Double, unit: String)?) {
        switch criterion {
        case .tooManyFingers(let wanted, let down): (.tooManyFingers(wanted: wanted, down: 0), (Double(down), " fingers"))
        case .fingerCount(let wanted, let down): (.fingerCount(wanted: wanted, down: 0), (Double(down), " fingers"))
        case .moved(let millimetres, let allowed): (.moved(millimetres: 0, allowed: allowed), (millimetres, " mm"))
        case .pressTooLong(let seconds, let maximum):
            // Its two phrasings (still down at the limit, held past it) are counted apart.
            (.pressTooLong(seconds: seconds > maximum ? .infinity : 0, maximum: maximum), (seconds, " s"))
        case .liftedTooSoon(let seconds, let minimum): (.liftedTooSoon(seconds: 0, minimum: minimum), (seconds, " s"))
        case .tapTooFar(let millimetres, let maximum): (.tapTooFar(millimetres: 0, maximum: maximum), (millimetres, " mm"))
        case .fingersLandedApart(let seconds, let window): (.fingersLandedApart(seconds: 0, window: window), (seconds, " s"))
        case .fingersLiftedApart(let seconds, let window): (.fingersLiftedApart(seconds: 0, window: window), (seconds, " s"))
        case .fingersTooFarApart(let millimetres, let maximum): (.fingersTooFarApart(millimetres: 0, maximum: maximum), (millimetres, " mm"))
        case .tooSlow(let speed, let minimum): (.tooSlow(millimetresPerSecond: 0, minimum: minimum), (speed, " mm/s"))
        case .tooShort(let millimetres, let minimum): (.tooShort(millimetres: 0, minimum: minimum), (millimetres, " mm"))
        case .spanChange(let millimetres, let minimum): (.spanChange(millimetres: 0, minimum: minimum), (millimetres, " mm"))
        case .turn(let degrees, let minimum): (.turn(degrees: 0, minimum: minimum), (degrees, "°"))
        case .spanTooSmall(let millimetres, let minimum): (.spanTooSmall(millimetres: 0, minimum: minimum), (millimetres, " mm"))
        case .landedAwayFromEdge(let millimetres, let band, let edges):
            (.landedAwayFromEdge(millimetres: 0, band: band, edges: edges), (millimetres, " mm"))
        case .motionUndecided(let shortfall, let wanted):
            // Counted by how many fingers moved of how many; the figure its text leads with is the one compared.
            (.motionUndecided(counted(shortfall), wanted: wanted),
             shortfall.moved == 0 ? (shortfall.most, " mm") : shortfall.fingers == 2 ? (shortfall.least, " mm") : nil)
        case .nextTapTooLate, .landedWhileLifting, .direction, .tooLong, .fingersDeformed, .fingersMovedTogether, .touchesCancelled:
            (criterion, nil)
        }
    }

    /// `shortfall` keeping only its counts (the fingers, and how many moved): its travels set to 0.
    private static func counted(_ shortfall: MultiFingerMotion.Shortfall) -> MultiFingerMotion.Shortfall {
        var counts = shortfall
        counts.least = 0
        counts.most = 0
        counts.centroid = 0
        return counts
    }

    /// A value as the summary shows it: at most two decimals, trailing zeros dropped.
    private static func figure(_ value: Double) -> String {
        var text = FixedDecimal.format(value, places: 2)
        if text.contains(".") {
            while text.hasSuffix("0") { text.removeLast() }
            if text.hasSuffix(".") { text.removeLast() }
        }
        return text
    }
}
