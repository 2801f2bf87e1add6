// What the touch assembler worked around in an event stream, counted by kind.

/// A problem the assembler met in an event stream and worked around.
public enum AssemblerIssue: String, Hashable, Sendable, CaseIterable, Codable {
    /// A position or pressure outside the axis range; clamped.
    case valueOutOfRange
    /// `ABS_MT_SLOT` beyond the device's slots; events for it were ignored.
    case slotOutOfRange
    /// A type or code the device does not announce; ignored.
    case undeclaredCode
    /// A tracking id below -1; ignored.
    case invalidTrackingID
    /// A lift (`ABS_MT_TRACKING_ID -1` or `BTN_TOUCH 0`) for a slot with no touch; ignored.
    case releaseWithoutTouch
    /// An event older than the one before it; its time was raised to keep engine time monotonic.
    case timeWentBackwards
    /// `SYN_DROPPED`: events were lost; touches in flight were cancelled and the state resynced.
    case eventsDropped
    /// A protocol A (`SYN_MT_REPORT`) event the assembler met unconverted; ignored. Importers and
    /// live devices convert protocol A with ``ProtocolAConverter``, so this means a stream that skipped them.
    case unsupportedProtocol
    /// The device reports no resolution, so millimetres are estimated.
    case resolutionEstimated
    /// A touch began in a slot that never received a position; it sits at the surface centre.
    case missingPosition
    /// Input ended (end of a recording, device gone) with touches down; they were cancelled.
    case inputEnded
}

/// Counts of the problems an assembler worked around, with the first
/// occurrence of each described in words (what, where, when).
public struct AssemblerDiagnostics: Hashable, Sendable {
    /// How often each issue occurred.
    public private(set) var counts: [AssemblerIssue: Int] = [:]
    /// A description of the first occurrence of each issue, safe to print on
    /// a terminal (the device's name in it made `TextFormat.visible`).
    public private(set) var firstOccurrence: [AssemblerIssue: String] = [:]

    public init() {}

    /// The number of occurrences of `issue`.
    public func count(_ issue: AssemblerIssue) -> Int { counts[issue] ?? 0 }

    /// The total number of issues of any kind.
    public var total: Int { counts.values.reduce(0, +) }

    /// Whether nothing went wrong.
    public var isEmpty: Bool { counts.isEmpty }

    mutating func record(_ issue: AssemblerIssue, _ message: String) {
        counts[issue, default: 0] += 1
        // Messages are fixed words, numbers, code names and the device's name:
        // escaping the whole message escapes the name, the one part from outside.
        if firstOccurrence[issue] == nil { firstOccurrence[issue] = TextFormat.visible(message) }
    }

    /// One line per issue kind, in a fixed order: "name ×count: first occurrence".
    public var summary: [String] {
        AssemblerIssue.allCases.compactMap { issue in
            guard let count = counts[issue] else { return nil }
            return "\(issue.rawValue) ×\(count): \(firstOccurrence[issue] ?? "")"
        }
    }
}
