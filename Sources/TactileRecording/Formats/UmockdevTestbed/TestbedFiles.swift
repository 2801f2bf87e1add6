// The files of a written umockdev testbed, and the umockdev-run command line that uses them.
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

    /// ``commandLine(running:umockdevRun:)`` as one shell line, each argument quoted when it needs it.
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
        return "'" + argument.replacingSingleQuotes() + "'"
    }
}

extension String {
    fileprivate func replacingSingleQuotes() -> String {
        var out = ""
        for character in self { out += character == "'" ? "'\\''" : String(character) }
        return out
    }
}
