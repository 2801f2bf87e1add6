// The process runner of the tests: built products, programs on PATH, running them and what they printed.
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// How the tests find the built executables and programs on `PATH`, and run
/// them (the umockdev helpers are in `Umockdev.swift`).
public enum TestSupport {
    /// A built product (`tactile`, `tactile-evdev-probe`): next to the test
    /// bundle, where SwiftPM puts every build product, else under `.build/debug`.
    public static func product(_ name: String) -> String? {
        var candidates: [URL] = []
        if let executable = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            var directory = URL(fileURLWithPath: executable).deletingLastPathComponent()
            // On macOS the test binary sits inside Foo.xctest/Contents/MacOS.
            for _ in 0..<4 {
                candidates.append(directory.appendingPathComponent(name))
                directory = directory.deletingLastPathComponent()
            }
        }
        candidates.append(Repository.root.appendingPathComponent(".build/debug").appendingPathComponent(name))
        return candidates.map(\.path).first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    public static func findOnPath(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// The environment of the commands the tests run: `TACTILE_SYSFS` names
    /// a directory that does not exist (unless the caller set one), so the
    /// live demo and `record` map onto 1920×1080 at 96 dpi, as the
    /// recordings they are compared with do, whatever display this machine
    /// has; and the session names no desktop (so GNOME's preset with its
    /// remembered defaults) and no display (claimed touches cancelled, as
    /// libinput reports it) and has a US layout, so that what a config's keys
    /// and desktop actions become, and how claimed touches end, do not depend
    /// on the desktop or keyboard of whoever runs the tests, nor on the GNOME
    /// release the machine has.
    public static var environment: [String: String] {
        var environment = ProcessInfo.processInfo.environment
        if environment["TACTILE_SYSFS"] == nil { environment["TACTILE_SYSFS"] = "/nonexistent-sysfs-for-tests" }
        // No desktop named: GNOME's preset with its remembered defaults, whatever GNOME (if any)
        // this machine has; a desktop named would be asked for its own bindings (gsettings).
        environment["XDG_CURRENT_DESKTOP"] = nil
        for name in ["WAYLAND_DISPLAY", "DISPLAY", "SWAYSOCK", "HYPRLAND_INSTANCE_SIGNATURE", "XDG_SESSION_TYPE"] { environment[name] = nil }
        environment["XKB_DEFAULT_LAYOUT"] = "us"
        for name in ["XKB_DEFAULT_VARIANT", "XKB_DEFAULT_MODEL", "XKB_DEFAULT_OPTIONS"] { environment[name] = nil }
        return environment
    }

    /// What a finished process printed.
    public struct Output: Sendable {
        public var status: Int32
        public var standardOutput: String
        public var standardError: String
        public var lines: [String] { standardOutput.split(separator: "\n").map(String.init) }
    }

    /// Runs `executable` with `arguments`, waits for it (killing it after
    /// `timeout` seconds) and returns what it printed. `overriding` changes
    /// ``environment`` (a nil value removes the variable).
    public static func run(_ executable: String, _ arguments: [String], timeout: Double = 30,
                           overriding: [String: String?] = [:]) throws -> Output {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        var environment = environment
        for (name, value) in overriding { environment[name] = value }
        process.environment = environment
        let directory = try TemporaryDirectory.create(prefix: "tactile-evdev")
        defer { try? FileManager.default.removeItem(at: directory) }
        let outURL = directory.appendingPathComponent("stdout"), errURL = directory.appendingPathComponent("stderr")
        _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
        let out = try FileHandle(forWritingTo: outURL), err = try FileHandle(forWritingTo: errURL)
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning, Date() < deadline { usleep(20_000) }
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
        }
        try out.close()
        try err.close()
        return Output(status: process.terminationStatus,
                      standardOutput: (try? String(contentsOf: outURL, encoding: .utf8)) ?? "",
                      standardError: (try? String(contentsOf: errURL, encoding: .utf8)) ?? "")
    }
}

/// A test's own error, with what went wrong.
public struct TestFailure: Error, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}
