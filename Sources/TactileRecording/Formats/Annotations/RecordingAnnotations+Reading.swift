// Reading the annotation comment lines of an evemu or libinput record file, strictly, with the line and column of a fault.
import Foundation
import Tactile

extension RecordingAnnotations {
    /// Where a format keeps its annotation lines.
    enum Placement {
        /// evemu: anywhere before the first `E:` line.
        case beforeFirstEvent
        /// libinput record: in the comment block the file starts with.
        case leadingComments
    }

    /// The annotations in `bytes` (a whole file named `file`), read only as
    /// far as `placement` allows, so reading them costs a few lines. Lines
    /// with a key of ``Key`` must hold what the writer writes; any fault is a
    /// ``RecordingError`` with the line, the column and the JSON path (other
    /// comments are passed over).
    static func read(_ bytes: [UInt8], file: String, placement: Placement) throws(RecordingError) -> RecordingAnnotations {
        var collector = Collector(file: file)
        var start = bytes.startIndex
        var number = 1
        while start < bytes.endIndex {
            let end = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.endIndex
            var line = bytes[start..<end]
            if line.last == UInt8(ascii: "\r") { line = line.dropLast() }
            let trimmed = line.drop(while: TextLine.isSpace)
            if trimmed.first == UInt8(ascii: "#") {
                try collector.take(line, number: number)
            } else if !trimmed.isEmpty {
                switch placement {
                case .leadingComments: return try collector.finish()
                case .beforeFirstEvent: if trimmed.starts(with: "E:".utf8) { return try collector.finish() }
                }
            }
            start = end == bytes.endIndex ? end : end + 1
            number += 1
        }
        return try collector.finish()
    }

    /// The annotation lines of one file, as they come.
    private struct Collector {
        let file: String
        var result = RecordingAnnotations()
        /// The line each key was first seen on.
        var seen: [Key: Int] = [:]
        /// From `# Tactile-Expected:`: how many actions follow.
        var expectedCount = 0
        var actions: [ActionRecord] = []
        let limits = RecordingReader.Limits.default

        init(file: String) {
            self.file = file
        }

        mutating func take(_ line: ArraySlice<UInt8>, number: Int) throws(RecordingError) {
            let comment = line.drop(while: TextLine.isSpace).dropFirst().drop(while: TextLine.isSpace)
            guard comment.starts(with: "Tactile-".utf8),
                  let key = Key.allCases.first(where: { comment.starts(with: $0.rawValue.utf8) }) else { return }
            let value = comment.dropFirst(key.rawValue.utf8.count)
            // The column (1-based, in bytes) where the value's bytes start.
            let column = value.startIndex - line.startIndex + 1
            if key != .action, let first = seen[key] {
                throw RecordingError(file: file, line: number, problem: .duplicateKey,
                                     message: "expected one `# \(key.rawValue)` line, found another (the first is on line \(first))")
            }
            if seen[key] == nil { seen[key] = number }
            let json = JSONLine(file: file, line: number, column: column, limits: limits)
            switch key {
            case .screen:
                result.screen = try json.decode(value, path: [.key("screen")], what: "the screen (a JSON object)") { decoder, node throws(RecordingError) in try decoder.screen(node) }
            case .transform:
                result.transform = try json.decode(value, path: [.key("transform")], what: "the transform (a JSON array of six numbers)") {
                    decoder, node throws(RecordingError) in try decoder.transform(node)
                }
            case .created:
                result.created = try json.decode(value, path: [.key("created")], what: "the creation time (a JSON string)") { decoder, node throws(RecordingError) in try decoder.created(node) }
            case .labels:
                result.labels = try json.decode(value, path: [.key("labels")], what: "the labels (a JSON array)") { decoder, node throws(RecordingError) in try decoder.labels(node) }
            case .expected:
                expectedCount = try count(value, line: number, column: column)
                result.expected = []
            case .action:
                guard let expectedLine = seen[.expected] else {
                    throw RecordingError(file: file, line: number, problem: .misplacedLine,
                                         message: "expected `# \(Key.expected.rawValue) N actions` before the first `# \(Key.action.rawValue)` line, found none")
                }
                guard actions.count < expectedCount else {
                    throw RecordingError(
                        file: file, line: number, problem: .extraField,
                        message: "expected \(expectedCount) `# \(Key.action.rawValue)` line\(expectedCount == 1 ? "" : "s") after "
                            + "`# \(Key.expected.rawValue)` on line \(expectedLine), found more")
                }
                let index = actions.count
                let path: [JSONScanner.PathComponent] = [.key("expected"), .key("actions"), .index(index)]
                actions.append(try json.decode(value, path: path, what: "an action (a JSON object)") { decoder, node throws(RecordingError) in
                    try decoder.action(node, JSONPath.index("expected.actions", index))
                })
            }
        }

        /// `12 actions` (or `1 action`): the count, within the reader's limit.
        private func count(_ value: ArraySlice<UInt8>, line: Int, column: Int) throws(RecordingError) -> Int {
            let words = String(decoding: value, as: UTF8.self).split(separator: " ")
            let example = "`# \(Key.expected.rawValue) 12 actions`"
            guard words.count == 2, words[1] == "actions" || words[1] == "action", let count = Int(words[0]), count >= 0 else {
                throw RecordingError(file: file, line: line, column: column, path: nil, problem: .invalidValue,
                                     message: "expected the number of actions (\(example)), found \(TextFormat.excerpt(String(decoding: value, as: UTF8.self)))")
            }
            guard count <= limits.maximumExpectedActions else {
                throw RecordingError(file: file, line: line, column: column, path: nil, problem: .tooLarge,
                                     message: "expected at most \(limits.maximumExpectedActions) expected actions, found \(count)")
            }
            return count
        }

        /// What the lines said; an error when fewer actions came than announced.
        func finish() throws(RecordingError) -> RecordingAnnotations {
            var result = self.result
            if let expectedLine = seen[.expected] {
                guard actions.count == expectedCount else {
                    throw RecordingError(
                        file: file, line: expectedLine, problem: .truncated,
                        message: "expected \(expectedCount) `# \(Key.action.rawValue)` line\(expectedCount == 1 ? "" : "s") after this one, "
                            + "found \(actions.count) (lines are missing)")
                }
                result.expected = actions
            }
            return result
        }
    }

    /// One JSON value on an annotation line, read by the Tactile JSON
    /// reader's own scanner and field decoders, its faults placed on the line.
    private struct JSONLine {
        let file: String
        let line: Int
        let column: Int
        let limits: RecordingReader.Limits

        func decode<T>(
            _ value: ArraySlice<UInt8>, path: [JSONScanner.PathComponent], what: String,
            _ body: (RecordingHeaderDecoder, JSONNode) throws(RecordingError) -> T
        ) throws(RecordingError) -> T {
            let bytes = Array(value)
            let result: Result<T, RecordingError> = bytes.withUnsafeBufferPointer { buffer in
                guard let base = buffer.baseAddress else {
                    return .failure(RecordingError(file: file, line: line, column: column, path: nil, problem: .missingField,
                                                   message: "expected \(what) after the key, found the end of the line"))
                }
                var scanner = JSONScanner(cursor: JSONCursor(bytes: base, count: buffer.count), file: file, limits: limits)
                scanner.pathStack = path
                do throws(RecordingError) {
                    let node = try scanner.parseValue(depth: 1, what: what)
                    scanner.skipSpace()
                    if !scanner.cursor.isAtEnd { throw scanner.unexpected("the end of the line after \(what)", path: scanner.currentPath) }
                    return .success(try body(RecordingHeaderDecoder(file: file, limits: limits), node))
                } catch {
                    return .failure(placed(error))
                }
            }
            return try result.get()
        }

        /// `error`, found in the value alone (line 1), placed on the file's line and column.
        private func placed(_ error: RecordingError) -> RecordingError {
            var error = error
            error.line = line
            error.column = error.column.map { $0 + column - 1 }
            if error.problem == .truncated {
                error.message = error.message.replacingOccurrences(of: "the end of the file (the file is cut short)", with: "the end of the line")
            }
            return error
        }
    }
}
