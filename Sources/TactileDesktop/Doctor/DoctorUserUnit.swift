// The user unit as the files say: where tactile.service is, what it runs, and which targets want it.
import Tactile
import TactileService

/// `tactile.service` as the files on disk say, without asking systemd: the
/// unit file the user manager would load, its drop-ins, the command it runs
/// and the targets it is enabled for (their `.wants/` links).
///
/// ```swift
/// let unit = DoctorUserUnit.find(system)
/// unit.path         // "/home/ada/.config/systemd/user/tactile.service"
/// unit.command      // "/home/ada/.local/bin/tactiled"
/// unit.wantedBy     // ["graphical-session.target"]
/// ```
package struct DoctorUserUnit: Hashable, Sendable {
    /// The unit file used (the first found, most important directory
    /// first), as a path on the machine; nil when there is none.
    public var path: String?
    /// Every directory looked in, most important first.
    public var searched: [String]
    /// The drop-ins that apply (`tactile.service.d/*.conf`), in the order applied.
    public var dropIns: [String]
    /// The command `ExecStart=` runs, with `%h` put in; nil without one.
    public var command: String?
    /// The targets whose `.wants/` holds the unit: what it is enabled for.
    public var wantedBy: [String]
    /// Whether it is masked (a link to `/dev/null`).
    public var isMasked: Bool

    /// A unit with these properties.
    public init(path: String?, searched: [String], dropIns: [String] = [], command: String? = nil, wantedBy: [String] = [], isMasked: Bool = false) {
        self.path = path
        self.searched = searched
        self.dropIns = dropIns
        self.command = command
        self.wantedBy = wantedBy
        self.isMasked = isMasked
    }

    /// The program the command runs (its first word, `ExecStart=`'s prefixes taken off).
    ///
    /// ```swift
    /// DoctorUserUnit(path: nil, searched: [], command: "-/usr/bin/tactile serve").program   // "/usr/bin/tactile"
    /// ```
    public var program: String? {
        guard let first = command?.split(separator: " ").first else { return nil }
        return String(first.drop { "@-:+!|".contains($0) })
    }

    /// The user unit directories, most important first, each with whether
    /// it is a system one (read under the root).
    static func directories(_ system: DoctorSystem) -> [(path: String, isSystem: Bool)] {
        var directories: [(String, Bool)] = []
        if let config = system.configHome { directories.append((config + "/systemd/user", false)) }
        directories += [("/etc/xdg/systemd/user", true), ("/etc/systemd/user", true), ("/run/systemd/user", true)]
        if let data = system.dataHome { directories.append((data + "/systemd/user", false)) }
        directories += ["/usr/local/share/systemd/user", "/usr/share/systemd/user", "/usr/local/lib/systemd/user", "/usr/lib/systemd/user"]
            .map { ($0, true) }
        return directories
    }

    /// Finds the unit, its drop-ins and its `.wants/` links.
    public static func find(_ system: DoctorSystem, name: String = Doctor.unitName) -> DoctorUserUnit {
        let directories = directories(system)
        func onDisk(_ directory: (path: String, isSystem: Bool)) -> String {
            directory.isSystem ? system.systemPath(directory.path) : directory.path
        }
        var unit = DoctorUserUnit(path: nil, searched: directories.map(\.path))
        var text: String?
        for directory in directories where system.exists(onDisk(directory) + "/" + name) {
            unit.path = directory.path + "/" + name
            let file = onDisk(directory) + "/" + name
            unit.isMasked = system.linkTarget(file) == "/dev/null" || system.text(at: file) == ""
            text = system.text(at: file)
            break
        }
        // Drop-ins: every directory's, by file name; a name in a more important directory hides the others.
        var dropIns: [String: (shown: String, file: String)] = [:]
        for directory in directories.reversed() {
            for file in system.names(in: onDisk(directory) + "/" + name + ".d") where file.hasSuffix(".conf") {
                dropIns[file] = (directory.path + "/" + name + ".d/" + file, onDisk(directory) + "/" + name + ".d/" + file)
            }
        }
        let applied = dropIns.sorted { $0.key < $1.key }.map(\.value)
        unit.dropIns = applied.map(\.shown)
        if text != nil {
            let texts = [text ?? ""] + applied.compactMap { system.text(at: $0.file) }
            unit.command = command(in: texts, home: system.home)
        }
        // Enabled: links in the .wants/ directories of the user's and the system-wide configuration.
        for directory in directories where directory.path.hasPrefix("/etc/systemd") || !directory.isSystem {
            for entry in system.names(in: onDisk(directory)) where entry.hasSuffix(".wants")
                && system.exists(onDisk(directory) + "/" + entry + "/" + name) {
                let target = String(entry.dropLast(".wants".count))
                if !unit.wantedBy.contains(target) { unit.wantedBy.append(target) }
            }
        }
        return unit
    }

    /// The last `ExecStart=` of `[Service]` across the unit and its drop-ins
    /// (an empty one clears those before it), continued lines joined, `%h` and `%%` put in.
    ///
    /// ```swift
    /// DoctorUserUnit.command(in: ["[Service]\nExecStart=%h/.local/bin/tactiled\n"], home: "/home/ada")
    /// // "/home/ada/.local/bin/tactiled"
    /// ```
    public static func command(in texts: [String], home: String?) -> String? {
        var command: String?
        for text in texts {
            var section = ""
            for line in logicalLines(text) {
                if line.hasPrefix("[") { section = line; continue }
                guard section == "[Service]", line.hasPrefix("ExecStart") else { continue }
                let parts = line.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                guard parts.count == 2, PlainText.trimmed(parts[0]) == "ExecStart" else { continue }
                let value = PlainText.trimmed(parts[1])
                command = value.isEmpty ? nil : value
            }
        }
        guard let command else { return nil }
        var expanded = ""
        var iterator = command.makeIterator()
        while let character = iterator.next() {
            guard character == "%" else { expanded.append(character); continue }
            switch iterator.next() {
            case "h": expanded += home ?? "%h"
            case "%": expanded += "%"
            case let other?: expanded += "%" + String(other)
            case nil: expanded += "%"
            }
        }
        return expanded
    }

    /// A unit file's lines: trimmed, comments and blanks dropped, lines ending in `\` joined to the next.
    static func logicalLines(_ text: String) -> [String] {
        var lines: [String] = []
        var pending = ""
        for raw in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let line = PlainText.trimmed(raw)
            if pending.isEmpty && (line.isEmpty || line.hasPrefix("#") || line.hasPrefix(";")) { continue }
            if line.hasSuffix("\\") {
                pending += PlainText.trimmed(line.dropLast()) + " "
                continue
            }
            lines.append(pending + line)
            pending = ""
        }
        if !pending.isEmpty { lines.append(pending) }
        return lines
    }
}
