// A cheap look at a Tactile JSON file's end: whether it ends as written and its events span what the summary says.
import Tactile

/// What a look at a recording's first event and its end says, without
/// parsing the events between (``RecordingReader/checkEnd(contentsOf:limits:)``).
public enum RecordingEndCheck: Hashable, Sendable {
    /// The file ends as the writer ends it (its last event, `]`, `}`), and
    /// its events span the summary's duration.
    case complete(eventSpan: Double)
    /// The file was cut short or changed after it was written: why, in words.
    case damaged(String)
}

extension RecordingReader {
    /// How much of the end ``checkEnd(contentsOf:limits:)`` reads.
    static let endCheckLength = 4096

    /// Checks, cheaply, that the Tactile JSON file at `path` is whole: its
    /// header reads, its first event reads, it ends with a well-formed last
    /// event and the closing `]` and `}`, and its last event comes the
    /// summary's duration after its first. The events between are not read
    /// (a broken one there is found by reading them all, as
    /// ``RecordingEventStream/validate()`` does).
    ///
    /// ```swift
    /// if case .damaged(let why) = try RecordingReader.checkEnd(contentsOf: "session.json") { print(why) }
    /// ```
    ///
    /// - Throws: the header's errors, as ``header(contentsOf:limits:)``.
    public static func checkEnd(contentsOf path: String, limits: Limits = .default) throws(RecordingError) -> RecordingEndCheck {
        let stream = try events(contentsOf: path, limits: limits, chunkSize: endCheckLength)
        let first: InputEvent?
        do throws(RecordingError) {
            first = try stream.nextEvent()
        } catch {
            return .damaged("its first event does not read: \(error.message)")
        }
        let tail: [UInt8]
        do throws(RecordingError) {
            tail = try ReadableFile.suffix(path, count: endCheckLength)
        } catch {
            return .damaged(error.message)
        }
        var end = tail.endIndex
        func skipWhitespace() { while end > tail.startIndex, Self.isJSONWhitespace(tail[end - 1]) { end -= 1 } }
        func take(_ byte: UInt8) -> Bool {
            skipWhitespace()
            guard end > tail.startIndex, tail[end - 1] == byte else { return false }
            end -= 1
            return true
        }
        let cut = "it does not end as a recording does (the last event, `]` and `}`): it was cut short or changed after it was written"
        guard take(UInt8(ascii: "}")), take(UInt8(ascii: "]")) else { return .damaged(cut) }
        guard let first else {
            return take(UInt8(ascii: "[")) ? .complete(eventSpan: 0) : .damaged(cut)
        }
        guard take(UInt8(ascii: "]")), let open = tail[..<end].lastIndex(of: UInt8(ascii: "[")) else { return .damaged(cut) }
        let fields = tail[(open + 1)..<end].split(separator: UInt8(ascii: ","), omittingEmptySubsequences: false).map { field in
            Int64(String(decoding: field.drop { Self.isJSONWhitespace($0) }.reversed().drop { Self.isJSONWhitespace($0) }.reversed(), as: UTF8.self))
        }
        guard fields.count == 5, let seconds = fields[0], let microseconds = fields[1], fields.allSatisfy({ $0 != nil }),
              (0..<1_000_000).contains(microseconds), seconds >= 0, seconds < Int64.max / 1_000_000 - 1 else {
            return .damaged(cut)
        }
        let span = Double(seconds * 1_000_000 + microseconds - first.timeInMicroseconds) / 1_000_000
        let promised = stream.header.summary.duration
        guard abs(span - promised) <= 0.000_001 else {
            return .damaged("its events span \(FixedDecimal.format(span, places: 6)) s where the summary says \(FixedDecimal.format(promised, places: 6)) s: "
                + "events were lost or added after it was written")
        }
        return .complete(eventSpan: span)
    }

    /// Space, tab, line feed or carriage return.
    private static func isJSONWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }
}
