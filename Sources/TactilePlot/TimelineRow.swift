// One row of a plot's timeline: spans of time and marks at moments, merged so a row stays bounded however long the recording.

/// A stretch of time one row of the timeline is in a state: a recognizer
/// following touches, waiting, in progress; a finger down, or held.
struct TimelineSpan: Hashable, Sendable {
    enum Kind: Int, Hashable, Sendable, CaseIterable {
        /// A recognizer with touches, still `possible`.
        case tracking
        /// A recognizer that asked to leave `possible` and waits for another to fail.
        case waiting
        /// A continuous gesture recognized and going on (`began`, `changed`).
        case inProgress
        /// A finger down (a lane of the fingers).
        case touch
        /// A finger the service holds back from the app in a zone.
        case held
    }

    var start: Double
    var end: Double
    var kind: Kind
    /// How many spans were merged into this one.
    var count = 1
}

/// Something that happened at one moment of a row: a decision, an action, a claim.
struct TimelineMark: Hashable, Sendable {
    enum Kind: Int, Hashable, Sendable, CaseIterable {
        /// The recognizer recognized (`ended`).
        case recognized
        /// The recognizer failed.
        case failed
        /// The recognizer was cancelled.
        case cancelled
        /// An action sent for `began`.
        case actionBegan
        /// An action sent for `changed`.
        case actionChanged
        /// An action sent for `ended`.
        case actionEnded
        /// An action sent for `cancelled`.
        case actionCancelled
        /// The service carried out an action (a key, a click, a command).
        case performed
        /// The service took the finger from the app.
        case claimed
        /// The service let a held finger go on to the app.
        case released
        /// The finger was lost, not lifted.
        case touchCancelled
    }

    var time: Double
    var kind: Kind
    /// What it was, for a tooltip (the first one's, when several merged).
    var note: String
    /// How many marks were merged into this one.
    var count = 1
}

/// The spans and marks of one row, in the order they were added.
///
/// A span or mark that comes within ``quantum`` seconds of the last one of
/// its kind is merged into it. The quantum starts at 0 (nothing merges) and
/// doubles whenever the row holds more than ``limit`` spans or marks, so a
/// row of a day-long recording stays a few thousand entries, each still
/// accurate to the quantum, far finer than a pixel of the drawing.
struct TimelineRow: Sendable {
    private(set) var spans: [TimelineSpan] = []
    private(set) var marks: [TimelineMark] = []
    /// Seconds within which entries of one kind merge.
    private(set) var quantum = 0.0
    /// The most spans (and the most marks) kept before merging coarser.
    let limit: Int
    /// The index of the last span and the last mark of each kind.
    private var lastSpan: [Int?] = Array(repeating: nil, count: TimelineSpan.Kind.allCases.count)
    private var lastMark: [Int?] = Array(repeating: nil, count: TimelineMark.Kind.allCases.count)

    init(limit: Int = 4096) {
        self.limit = max(16, limit)
    }

    mutating func add(_ span: TimelineSpan) {
        var span = span
        span.end = max(span.end, span.start)
        if let index = lastSpan[span.kind.rawValue], span.start - spans[index].end <= quantum {
            spans[index].end = max(spans[index].end, span.end)
            spans[index].count += span.count
            return
        }
        lastSpan[span.kind.rawValue] = spans.count
        spans.append(span)
        if spans.count > limit { coarsen() }
    }

    mutating func add(_ mark: TimelineMark) {
        if let index = lastMark[mark.kind.rawValue], mark.time - marks[index].time <= quantum {
            marks[index].count += mark.count
            return
        }
        lastMark[mark.kind.rawValue] = marks.count
        marks.append(mark)
        if marks.count > limit { coarsen() }
    }

    /// Spans and marks merged within `quantum` seconds (for drawing: a pixel's time).
    func merged(within quantum: Double) -> (spans: [TimelineSpan], marks: [TimelineMark]) {
        var row = TimelineRow(limit: Int.max)
        row.quantum = max(quantum, self.quantum)
        for span in spans.sorted(by: { $0.start < $1.start }) { row.add(span) }
        for mark in marks.sorted(by: { $0.time < $1.time }) { row.add(mark) }
        return (row.spans, row.marks)
    }

    /// Doubles the quantum until the row is within its limit again.
    private mutating func coarsen() {
        while spans.count > limit || marks.count > limit {
            let next = quantum > 0 ? quantum * 2 : 0.001
            let (mergedSpans, mergedMarks) = merged(within: next)
            quantum = next
            spans = mergedSpans
            marks = mergedMarks
            lastSpan = Array(repeating: nil, count: TimelineSpan.Kind.allCases.count)
            lastMark = Array(repeating: nil, count: TimelineMark.Kind.allCases.count)
            for (index, span) in spans.enumerated() { lastSpan[span.kind.rawValue] = index }
            for (index, mark) in marks.enumerated() { lastMark[mark.kind.rawValue] = index }
        }
    }
}
