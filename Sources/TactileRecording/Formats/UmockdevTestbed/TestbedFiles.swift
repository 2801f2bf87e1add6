// The files of a written umockdev testbed, and the umockdev-run command line that uses them.
import Tactile

/// The three files of a written testbed and the node they mock.
public struct TestbedFiles: Sendable, Hashable {
    /// The sysfs/udev description (`NAME.umockdev`), for `umockdev-run -d`.
    public var umockdev: String
    /// The ioctl replies (`NAME.ioctl`), for `umockdev-run -i NODE=FILE`.
    public var ioctl: String
    /// The evemu event stream (`NAME.events`), for `umockdev-run -e NODE=FILE`.
    public var events: String
    /// The mocked node, such as `/dev/input/event0`.
    public var node: String

    /// The files of a testbed.
    public init(umockdev: String, ioctl: String, events: String, node: String) {
        self.umockdev = umockdev
        self.ioctl = ioctl
        self.events = events
        self.node = node
    }

    /// The `umockdev-run` arguments that run `command` against the testbed:
    /// `umockdev-run -d NAME.umockdev -i NODE=NAME.ioctl -e NODE=NAME.events -- command…`.
    public func commandLine(running command: [String], umockdevRun: String = "umockdev-run") -> [String] {
        [umockdevRun, "-d", umockdev, "-i", "\(node)=\(ioctl)", "-e", "\(node)=\(events)", "--"] + command
    }

    /// ``commandLine(running:umockdevRun:)`` as one shell line, each argument
    /// quoted when it needs it; an argument holding control characters (or any
    /// scalar `TextFormat.visible` escapes) is written in ANSI-C quotes,
    /// `$'a\x1b]0;x\x07'`, which bash and zsh read back as it was, so the line
    /// is safe to print on a terminal.
    public func shellCommand(running command: [String], umockdevRun: String = "umockdev-run") -> String {
        commandLine(running: command, umockdevRun: umockdevRun).map(Self.shellQuoted).joined(separator: " ")
    }

    /// `argument` as the shell reads it back: unchanged when it holds only safe characters, else in single quotes.
    static func shellQuoted(_ argument: String) -> String {
        let safe = argument.unicodeScalars.allSatisfy { scalar in
            switch scalar {
            case "a"..."z", "A"..."Z", "0"..."9", "/", ".", "_", "-", "=", ":", ",", "+", "@", "%": return true
            default: return false
            }
        }
        if safe, !argument.isEmpty { return argument }
        if argument.unicodeScalars.allSatisfy(TextFormat.isShown) {
            return "'" + argument.replacingSingleQuotes() + "'"
        }
        let quoted = TextFormat.replacing(argument) { scalar in
            switch scalar {
            case "\\": "\\\\"
            case "'": "\\'"
            case "\n": "\\n"
            case "\r": "\\r"
            case "\t": "\\t"
            case _ where TextFormat.isShown(scalar): nil
            case _ where scalar.value < 0x80: "\\x" + TextFormat.hex(scalar.value, width: 2)
            case _ where scalar.value <= 0xFFFF: "\\u" + TextFormat.hex(scalar.value, width: 4)
            default: "\\U" + TextFormat.hex(scalar.value, width: 8)
            }
        }
        return "$'" + quoted + "'"
    }
}

extension String {
    fileprivate func replacingSingleQuotes() -> String {
        TextFormat.replacing(self) { $0 == "'" ? "'\\''" : nil }
    }
}
