// A real desktop from Debian, headless, for one test: tools/desktop-session starts it, runs programs in it, stops it.
import Foundation

/// A desktop Debian ships (sway, i3, mutter, KWin, phoc, an X server with
/// or without a window manager), started headless by `tools/desktop-session`
/// in a directory of its own, as the unprivileged user `tactile-desktop`
/// when the tests run as root. ``environment`` is what a program in that
/// session has (`SWAYSOCK`, `WAYLAND_DISPLAY`, `DBUS_SESSION_BUS_ADDRESS`, …).
public nonisolated final class DesktopSession {
    public let name: String
    public let directory: String
    public let environment: [String: String]
    private var clients: [Process] = []

    public static let script = Repository.path("tools/desktop-session")

    /// Whether `name` can be started here. In CI it must be (`.ci/run`
    /// installs every desktop), so there a missing desktop fails its tests
    /// instead of skipping them.
    public static func available(_ name: String) -> Bool {
        if ProcessInfo.processInfo.environment["CI"] != nil { return true }
        return (try? TestSupport.run("/bin/bash", [script, "check", name]).status) == 0
    }

    /// Starts `name`; `prepare` may write files into the session's directory first
    /// (`extra.conf`, read by sway's and i3's configs), `settings` are given to the start.
    public init(_ name: String, settings: [String: String] = [:], prepare: (String) throws -> Void = { _ in }) throws {
        self.name = name
        directory = try TemporaryDirectory.make(prefix: "tactile-\(name)")
        try prepare(directory)
        let started = try Self.script(["start", name, directory], settings: settings)
        guard started.status == 0 else {
            _ = try? Self.script(["stop", directory])
            throw TestFailure("\(name) did not start (status \(started.status)): \(started.text)")
        }
        let text = try String(contentsOfFile: directory + "/env", encoding: .utf8)
        var environment: [String: String] = [:]
        for line in text.split(separator: "\n") {
            guard let equals = line.firstIndex(of: "=") else { continue }
            environment[String(line[..<equals])] = String(line[line.index(after: equals)...])
        }
        self.environment = environment
    }

    /// Runs `arguments` in the session, as its user, and waits for it.
    public func run(_ arguments: [String], timeout: Double = 30) throws -> TestSupport.Output {
        try TestSupport.run("/bin/bash", [Self.script, "exec", directory, "--"] + arguments, timeout: timeout)
    }

    /// Gives `path` and what it holds to the session's user (the caller's own when the tests do
    /// not run as root), so that a program run in the session may write there.
    public func own(_ path: String) throws {
        let home = try FileManager.default.attributesOfItem(atPath: directory + "/home")
        guard let user = home[.ownerAccountID] as? NSNumber, let group = home[.groupOwnerAccountID] as? NSNumber,
              user.uint32Value != getuid() else { return }
        let chown = try TestSupport.run("/bin/chown", ["-R", "\(user):\(group)", path])
        guard chown.status == 0 else { throw TestFailure("chown \(path): \(chown.standardError)") }
    }

    /// Starts a client (a window) in the session; it is stopped with the session. The process
    /// is the client itself (the session's exec execs it), for a test that kills one of several.
    @discardableResult
    public func client(_ arguments: [String]) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = [Self.script, "exec", directory, "--"] + arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        clients.append(process)
        return process
    }

    /// Kills the clients started so far (SIGKILL: they inherit the test runner's blocked
    /// signals, SIGTERM among them), as a window killed by its user goes.
    public func killClients() {
        for client in clients where client.isRunning { kill(client.processIdentifier, SIGKILL) }
    }

    /// What the desktop's programs printed.
    public var log: String { (try? String(contentsOfFile: directory + "/log", encoding: .utf8)) ?? "" }

    /// Runs `tools/desktop-session` with `arguments`, its output in a file: the desktop it
    /// starts lives on after it and holds whatever it inherited, so a pipe would never end.
    public static func script(_ arguments: [String], settings: [String: String] = [:]) throws -> (status: Int32, text: String) {
        let output = try TemporaryDirectory.make(prefix: "tactile-desktop-session") + "/output"
        defer { try? FileManager.default.removeItem(atPath: (output as NSString).deletingLastPathComponent) }
        _ = FileManager.default.createFile(atPath: output, contents: nil)
        let file = try FileHandle(forWritingTo: URL(fileURLWithPath: output))
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = [Self.script] + arguments
        process.environment = ProcessInfo.processInfo.environment.merging(settings) { $1 }
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = file
        process.standardError = file
        try process.run()
        try file.close()
        process.waitUntilExit()
        return (process.terminationStatus, (try? String(contentsOfFile: output, encoding: .utf8)) ?? "")
    }

    /// Stops everything the session started and removes its directory.
    public func stop() {
        _ = try? Self.script(["stop", directory])
        killClients()
        try? FileManager.default.removeItem(atPath: directory)
    }
}
