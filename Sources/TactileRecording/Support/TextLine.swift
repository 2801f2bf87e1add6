// One line of a text recording (evemu, getevent, reMarkable, YAML): its number, its bytes, and whether it is text.
import Tactile

/// One line of a text recording: its 1-based number and its bytes, without
/// the line break (a trailing `\r` of a CRLF file is dropped too).
struct TextLine: Sendable {
    var number: Int
    var bytes: ArraySlice<UInt8>

    /// Splits a file into lines. A final line break does not start another line.
    static func split(_ bytes: [UInt8]) -> [TextLine] {
        var lines: [TextLine] = []
        var start = bytes.startIndex
        var number = 1
        for index in bytes.indices where bytes[index] == UInt8(ascii: "\n") {
            lines.append(TextLine(number: number, bytes: trimmingCarriageReturn(bytes[start..<index])))
            number += 1
            start = index + 1
        }
        if start < bytes.endIndex {
            lines.append(TextLine(number: number, bytes: trimmingCarriageReturn(bytes[start...])))
        }
        return lines
    }

    private static func trimmingCarriageReturn(_ bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        bytes.last == UInt8(ascii: "\r") ? bytes.dropLast() : bytes
    }

    /// Whether the line holds only spaces and tabs.
    var isBlank: Bool { bytes.allSatisfy(Self.isSpace) }

    /// The line without leading spaces and tabs.
    var trimmedStart: ArraySlice<UInt8> { bytes.drop(while: Self.isSpace) }

    /// Whether the line is a `#` comment.
    var isComment: Bool { trimmedStart.first == UInt8(ascii: "#") }

    /// The line's two-byte prefix (`"E:"`, `"N:"`…), or `nil` when it has none.
    var prefix: String? {
        let start = trimmedStart
        guard start.count >= 2, start[start.startIndex + 1] == UInt8(ascii: ":") else { return nil }
        let letter = start[start.startIndex]
        guard (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(letter) else { return nil }
        return String(UnicodeScalar(letter)) + ":"
    }

    /// The bytes after the two-byte prefix.
    var afterPrefix: ArraySlice<UInt8> { trimmedStart.dropFirst(2) }

    /// The line as text, or a description of the first byte that is not text:
    /// invalid UTF-8 or a control character other than a tab.
    func text() -> Result<String, NotText> {
        let control = bytes.firstIndex { ($0 < 0x20 && $0 != UInt8(ascii: "\t")) || $0 == 0x7f }
            .map { $0 - bytes.startIndex + 1 }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            let column = min(control ?? .max, Self.firstInvalidUTF8Column(bytes))
            return .failure(NotText(byte: bytes[bytes.startIndex + column - 1], column: column))
        }
        if let control {
            return .failure(NotText(byte: bytes[bytes.startIndex + control - 1], column: control))
        }
        return .success(text)
    }

    /// The line as text, or the ``RecordingError/Problem/notText`` error
    /// naming `file`, the line and the first byte that is not text.
    func requireText(file: String) throws(RecordingError) -> String {
        switch text() {
        case .success(let text): return text
        case .failure(let notText):
            throw RecordingError(file: file, line: number, problem: .notText, message: "expected a line of text, found \(notText.description)")
        }
    }

    /// Where a line stops being text.
    struct NotText: Error {
        var byte: UInt8
        var column: Int

        var description: String {
            "byte \(TextFormat.byte(byte)) at column \(column)"
        }
    }

    /// The 1-based column of the first byte that does not start or continue a
    /// well-formed UTF-8 sequence (lead byte, then its continuation bytes).
    private static func firstInvalidUTF8Column(_ bytes: ArraySlice<UInt8>) -> Int {
        let array = Array(bytes)
        var index = 0
        while index < array.count {
            let lead = array[index]
            let length: Int
            switch lead {
            case 0x00...0x7f: length = 1
            case 0xc2...0xdf: length = 2
            case 0xe0...0xef: length = 3
            case 0xf0...0xf4: length = 4
            default: return index + 1
            }
            for offset in 1..<length {
                guard index + offset < array.count, (0x80...0xbf).contains(array[index + offset]) else {
                    return index + offset + 1 > array.count ? index + 1 : index + offset + 1
                }
            }
            index += length
        }
        return 1  // well-formed by this check but rejected by the decoder (overlong or surrogate): blame the start
    }

    static func isSpace(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t")
    }
}
