// An ordered list of actions: the golden-log format, its JSON lines and its diff.

/// An ordered list of actions, as the engine sent them: the golden format of
/// the tests and the `--json` output of the CLI (one JSON object per line).
///
/// ```swift
/// var log = ActionLog()
/// pipeline.engine.onAction = { log.append($0) }
/// pipeline.process(events)
/// try log.jsonText.write(toFile: "actions.jsonl", atomically: true, encoding: .utf8)
/// ```
public struct ActionLog: Hashable, Sendable {
    public private(set) var records: [ActionRecord] = []

    public init(records: [ActionRecord] = []) {
        self.records = records
    }

    public mutating func append(_ record: ActionRecord) {
        records.append(record)
    }

    /// One JSON line per action.
    public var jsonLines: [String] { records.map(\.jsonLine) }

    /// The whole log as text: JSON lines, each ending in a newline.
    public var jsonText: String { jsonLines.map { $0 + "\n" }.joined() }

    public var isEmpty: Bool { records.isEmpty }
    public var count: Int { records.count }
}
