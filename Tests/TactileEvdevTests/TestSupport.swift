import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Where the tests find their fixtures, the built executables and umockdev.
enum TestSupport {
    /// `Tests/TactileEvdevTests/Fixtures`, next to this file.
    static let fixtures: URL = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

    /// The mocked sysfs description of the Synaptics touchpad.
    static var touchpadDescription: String { fixtures.appendingPathComponent("synaptics-touchpad.umockdev").path }
    /// Its ioctl dump.
    static var touchpadIoctl: String { fixtures.appendingPathComponent("synaptics-touchpad.ioctl").path }
    /// The node the description names (its `N:` line).
    static let touchpadNode = "/dev/input/event12"

    /// `umockdev-run` on `PATH`, if installed.
    static let umockdevRun: String? = findOnPath("umockdev-run")

    /// Why the umockdev tests are skipped.
    static let umockdevMissing = "umockdev-run is not on PATH — install umockdev (apt install umockdev) to run the live-path tests"

    /// `tools/umockdev-testbed.py` (testbeds that unplug their device or whose
    /// device is grabbed), when it can run: umockdev-wrapper on `PATH` and the
    /// UMockdev introspection bindings for Python (its `--check`).
    static let testbedHelper: String? = {
        let repository = fixtures.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let helper = repository.appendingPathComponent("tools/umockdev-testbed.py").path
        guard FileManager.default.isExecutableFile(atPath: helper), findOnPath("umockdev-wrapper") != nil,
              let check = try? run(helper, ["--check"], timeout: 30), check.status == 0 else { return nil }
        return helper
    }()

    /// Why the tests that need it are skipped.
    static let testbedHelperMissing = "tools/umockdev-testbed.py cannot run — install umockdev, python3-gi and gir1.2-umockdev-1.0 to run the device-removal and busy-device tests"

    /// A built product (`tactile`, `tactile-evdev-probe`): next to the test
    /// bundle, where SwiftPM puts every build product, else under `.build/debug`.
    static func product(_ name: String) -> String? {
        var candidates: [URL] = []
        if let executable = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            var directory = URL(fileURLWithPath: executable).deletingLastPathComponent()
            // On macOS the test binary sits inside Foo.xctest/Contents/MacOS.
            for _ in 0..<4 {
                candidates.append(directory.appendingPathComponent(name))
                directory = directory.deletingLastPathComponent()
            }
        }
        let repository = fixtures.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        candidates.append(repository.appendingPathComponent(".build/debug").appendingPathComponent(name))
        return candidates.map(\.path).first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    static func findOnPath(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// The environment of the commands the tests run: `TACTILE_SYSFS` names
    /// a directory that does not exist (unless the caller set one), so the
    /// live demo and `record` map onto 1920×1080 at 96 dpi, as the
    /// recordings they are compared with do, whatever display this machine has.
    static var environment: [String: String] {
        var environment = ProcessInfo.processInfo.environment
        if environment["TACTILE_SYSFS"] == nil { environment["TACTILE_SYSFS"] = "/nonexistent-sysfs-for-tests" }
        return environment
    }

    /// What a finished process printed.
    struct Output {
        var status: Int32
        var standardOutput: String
        var standardError: String
        var lines: [String] { standardOutput.split(separator: "\n").map(String.init) }
    }

    /// Runs `executable` with `arguments`, waits for it (killing it after
    /// `timeout` seconds) and returns what it printed.
    static func run(_ executable: String, _ arguments: [String], timeout: Double = 30) throws -> Output {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = environment
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tactile-evdev-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
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

    /// Runs `executable` under `umockdev-run` with the Synaptics touchpad mocked,
    /// optionally replaying `events` (evemu `E:` lines) into its node.
    static func runWithTouchpad(_ executable: String, _ arguments: [String], events: String? = nil) throws -> Output {
        guard let umockdevRun else { throw TestFailure("umockdev-run missing") }
        var umockdevArguments = ["-d", touchpadDescription, "-i", "\(touchpadNode)=\(touchpadIoctl)"]
        var eventFile: URL?
        if let events {
            let url = FileManager.default.temporaryDirectory.appendingPathComponent("tactile-events-\(UUID().uuidString).evemu")
            try events.write(to: url, atomically: true, encoding: .utf8)
            umockdevArguments += ["-e", "\(touchpadNode)=\(url.path)"]
            eventFile = url
        }
        defer { if let eventFile { try? FileManager.default.removeItem(at: eventFile) } }
        return try run(umockdevRun, umockdevArguments + ["--", executable] + arguments)
    }

    /// One evemu `E:` line. umockdev 0.17 reads a zero-padded microsecond field
    /// as octal, so the microseconds are written unpadded: `sec.usec` means
    /// `usec` microseconds, not a decimal fraction.
    static func evemuLine(seconds: Int, microseconds: Int, type: UInt16, code: UInt16, value: Int32) -> String {
        func hex(_ number: UInt16) -> String {
            let digits = String(number, radix: 16)
            return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
        }
        return "E: \(seconds).\(microseconds) \(hex(type)) \(hex(code)) \(value)"
    }
}

struct TestFailure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
