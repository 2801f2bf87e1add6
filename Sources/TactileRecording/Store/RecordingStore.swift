// The recording store: a directory of recordings with names people choose, saved atomically and readable by the owner only.
import Foundation

/// A directory of recordings with names people choose: `pinch-out.json`,
/// then `pinch-out 2.json`, `pinch-out 3.json`… Saves are atomic, never
/// replace an existing file and are readable by the owner only (0600; the
/// directory is created 0700), since touch streams can hold signatures and PINs.
///
/// ```swift
/// let store = RecordingStore()   // $XDG_DATA_HOME/tactile/recordings
/// let path = try store.save(recording, as: "two-finger scroll")
/// print(path, store.recordings())
/// ```
public struct RecordingStore: Hashable, Sendable {
    /// The directory the recordings are in.
    public var directory: String

    /// The extension of saved recordings.
    public static let fileExtension = "json"
    /// The longest base name ``sanitizedName(_:)`` gives, in UTF-8 bytes
    /// (well below the 255 of Linux file names, leaving room for ` 12345.json`).
    public static let maximumNameLength = 100

    /// A store in `directory`.
    public init(directory: String) {
        self.directory = directory
    }

    /// A store in ``defaultDirectory(environment:)``.
    public init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.init(directory: Self.defaultDirectory(environment: environment))
    }

    /// `$XDG_DATA_HOME/tactile/recordings`, or `~/.local/share/tactile/recordings`
    /// when `XDG_DATA_HOME` is unset, empty or not absolute (as the XDG base
    /// directory specification says to treat it).
    public static func defaultDirectory(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let data = environment["XDG_DATA_HOME"], data.hasPrefix("/") {
            return join(data, "tactile/recordings")
        }
        let home = environment["HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? NSHomeDirectory()
        return join(home, ".local/share/tactile/recordings")
    }

    private static func join(_ directory: String, _ name: String) -> String {
        directory.hasSuffix("/") ? directory + name : directory + "/" + name
    }

    /// A safe base name (without extension) for what a person typed: no `/`
    /// or `\` (they become `-`), no control or invisible formatting
    /// characters, no `..`, no leading dot or dash, whitespace collapsed, a trailing
    /// `.json` dropped, at most ``maximumNameLength`` bytes; `recording` when
    /// nothing is left.
    public static func sanitizedName(_ text: String) -> String {
        var scalars = String.UnicodeScalarView()
        var pendingSpace = false
        for scalar in text.unicodeScalars {
            switch scalar.properties.generalCategory {
            case .control, .format, .lineSeparator, .paragraphSeparator, .surrogate, .privateUse, .unassigned:
                pendingSpace = pendingSpace || scalar.properties.isWhitespace
                continue
            default:
                break
            }
            if scalar.properties.isWhitespace {
                pendingSpace = true
                continue
            }
            if pendingSpace, !scalars.isEmpty { scalars.append(" ") }
            pendingSpace = false
            if scalar == "/" || scalar == "\\" {
                scalars.append("-")
            } else if scalar == ".", scalars.last == "." {
                continue  // no `..`
            } else {
                scalars.append(scalar)
            }
        }
        var name = String(scalars)
        let suffix = "." + fileExtension
        if name.lowercased().hasSuffix(suffix) { name = String(name.dropLast(suffix.count)) }
        name = trimmed(name)
        if name.utf8.count > maximumNameLength {
            var cut = ""
            for character in name {
                guard cut.utf8.count + character.utf8.count <= maximumNameLength else { break }
                cut.append(character)
            }
            name = trimmed(cut)
        }
        return name.isEmpty ? "recording" : name
    }

    /// Without leading dots, spaces and dashes (a name like `-rf` would read
    /// as an option on a command line), and without trailing dots and spaces.
    private static func trimmed(_ name: String) -> String {
        var result = Substring(name)
        while let first = result.first, first == "." || first == " " || first == "-" { result = result.dropFirst() }
        while let last = result.last, last == "." || last == " " { result = result.dropLast() }
        return String(result)
    }

    /// The file name for the `number`-th recording of `name`: `name.json`
    /// for the first, `name 2.json`, `name 3.json`… after it.
    public static func fileName(_ name: String, number: Int = 1) -> String {
        (number <= 1 ? name : "\(name) \(number)") + "." + fileExtension
    }

    /// The path `save` would use now for `name`: the first of `name.json`,
    /// `name 2.json`, … that does not exist.
    public func availablePath(for name: String) -> String {
        let base = Self.sanitizedName(name)
        let taken = Set(RecordingFile.names(in: directory))
        var number = 1
        while taken.contains(Self.fileName(base, number: number)) { number += 1 }
        return Self.join(directory, Self.fileName(base, number: number))
    }

    /// Saves `recording` under a unique name derived from `name` (see
    /// ``sanitizedName(_:)`` and ``fileName(_:number:)``), creating the
    /// directory if needed, and returns its path. Never replaces a file: if
    /// another process takes a name first, the next number is tried.
    @discardableResult
    public func save(_ recording: Recording, as name: String) throws(RecordingError) -> String {
        try createDirectory()
        let base = Self.sanitizedName(name)
        let data = try RecordingWriter.bytes(for: recording, file: Self.join(directory, Self.fileName(base)))
        let taken = Set(RecordingFile.names(in: directory))
        var number = 1
        for _ in 0..<100_000 {
            let fileName = Self.fileName(base, number: number)
            number += 1
            if taken.contains(fileName) { continue }
            let path = Self.join(directory, fileName)
            do throws(RecordingError) {
                try RecordingAtomicFile.write(data, to: path, overwrite: false)
                return path
            } catch where error.problem == .exists {
                continue
            }
        }
        throw RecordingError(
            file: Self.join(directory, Self.fileName(base)), line: nil, problem: .exists,
            message: "expected a free name for \"\(base)\", found 100000 taken")
    }

    /// The paths of the recordings in the directory, sorted by name with
    /// numbers in numeric order (`x`, `x 2`, `x 10`); none when the directory does not exist.
    public func recordings() -> [String] {
        let suffix = "." + Self.fileExtension
        return RecordingFile.names(in: directory)
            .filter { $0.hasSuffix(suffix) && !$0.hasPrefix(".") }
            .map { String($0.dropLast(suffix.count)) }
            .sorted { $0.compare($1, options: [.numeric]) == .orderedAscending }
            .map { Self.join(directory, $0 + suffix) }
    }

    private func createDirectory() throws(RecordingError) {
        do {
            try FileManager.default.createDirectory(
                atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw RecordingError(file: directory, line: nil, problem: .unreadable, message: "cannot create the recordings directory: \(error.localizedDescription)")
        }
    }
}
