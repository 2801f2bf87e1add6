// The recognizers' rows of the timeline, built from the engine's trace: when each followed touches, waited, was in progress, and how it ended.
import Tactile

/// One recognizer's row: its name, what it is bound to, and its spans and marks.
struct RecognizerRow: Sendable {
    /// What the trace calls it.
    let name: String
    /// Said after the name (`left-edge` for a zone's binding), if anything.
    var detail: String?
    var row = TimelineRow()
    /// Whether any touch reached it.
    var touched = false
    /// What it is doing now, and since when (`nil`: idle, no touches).
    fileprivate var activity: (kind: TimelineSpan.Kind, since: Double)?
    /// Who it yielded to, said when it is cancelled.
    fileprivate var yieldedTo: String?
}

/// The recognizers' rows, in the order they were declared or first seen in the trace.
///
/// From the trace: a recognizer starts *tracking* when a touch is bound to
/// it, *waits* while it waits for another to fail, is *in progress* from
/// `began` until it ends, and its decision (recognized, failed with the
/// reason, cancelled) is a mark. Actions are marks too.
struct RecognizerRows: Sendable {
    private(set) var rows: [RecognizerRow] = []
    private var index: [String: Int] = [:]

    /// The row of `name`, made when first asked for.
    private mutating func row(_ name: String) -> Int {
        if let found = index[name] { return found }
        index[name] = rows.count
        rows.append(RecognizerRow(name: name))
        return rows.count - 1
    }

    /// Declares a row before anything happens to it (a binding no touch reached still gets one).
    mutating func declare(_ name: String, detail: String?) {
        let at = row(name)
        if let detail { rows[at].detail = detail }
    }

    /// Takes one step of the engine's trace.
    mutating func take(_ event: GestureTraceEvent) {
        let time = event.time
        switch event.step {
        case .touchBound(_, let names):
            for name in names { begin(row(name), at: time) }
        case .tookLandingTouch, .startedAgain, .tookAnotherHand:
            begin(row(event.recognizer), at: time)
        case .waiting:
            switchActivity(row(event.recognizer), to: .waiting, at: time)
        case .released:
            switchActivity(row(event.recognizer), to: .tracking, at: time)
        case .yielded(let winner):
            rows[row(event.recognizer)].yieldedTo = winner
        case .transition(_, let to, let reason):
            let at = row(event.recognizer)
            switch to {
            case .possible:
                break
            case .began, .changed:
                if rows[at].activity?.kind != .inProgress { switchActivity(at, to: .inProgress, at: time) }
            case .ended:
                decide(at, .recognized, at: time, note: "recognized")
            case .failed:
                decide(at, .failed, at: time, note: "failed" + (reason.map { ": \($0)" } ?? ""))
            case .cancelled:
                let note = "cancelled" + (rows[at].yieldedTo.map { ": yielded to \($0)" } ?? "")
                decide(at, .cancelled, at: time, note: note)
            }
        }
    }

    /// An action of recognizer `name` (`note` says what it carried).
    mutating func action(_ name: String, kind: TimelineMark.Kind, at time: Double, note: String) {
        let at = row(name)
        rows[at].row.add(TimelineMark(time: time, kind: kind, note: note))
    }

    /// Closes whatever is still going on at `time` (the end of the plot).
    mutating func close(at time: Double) {
        for at in rows.indices { endActivity(at, at: time) }
    }

    private mutating func begin(_ at: Int, at time: Double) {
        rows[at].touched = true
        if rows[at].activity == nil { rows[at].activity = (.tracking, time) }
    }

    private mutating func switchActivity(_ at: Int, to kind: TimelineSpan.Kind, at time: Double) {
        rows[at].touched = true
        endActivity(at, at: time)
        rows[at].activity = (kind, time)
    }

    private mutating func endActivity(_ at: Int, at time: Double) {
        guard let activity = rows[at].activity else { return }
        rows[at].row.add(TimelineSpan(start: activity.since, end: max(time, activity.since), kind: activity.kind))
        rows[at].activity = nil
    }

    private mutating func decide(_ at: Int, _ kind: TimelineMark.Kind, at time: Double, note: String) {
        rows[at].touched = true
        endActivity(at, at: time)
        rows[at].yieldedTo = nil
        rows[at].row.add(TimelineMark(time: time, kind: kind, note: note))
    }
}
