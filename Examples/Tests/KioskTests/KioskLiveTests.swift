// The kiosk live on an emulated Raspberry Pi panel mounted turned: unplugged and plugged in again at another node.
import Foundation
import KioskApp
import Tactile
import TactileRecording
import TactileTesting
import Testing

/// The `Kiosk` executable on an emulated panel (umockdev, through the real
/// libevdev path) whose udev entry says it is mounted upside down, or in
/// portrait: the gestures, drawn with TactileTesting on the screen as the
/// person sees it, do on the live kiosk what they do in the test; the panel
/// is unplugged halfway and comes back at another node, and the kiosk goes
/// on, telling what happened to it.
@MainActor
@Suite(.enabled(if: UmockdevTestbed.tool != nil, "needs python3 with the UMockdev bindings (make setup)"))
struct KioskLiveTests {
    /// The Kiosk executable, built beside this test binary.
    static var kiosk: String {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("Kiosk").path
    }

    /// What a person does: before the unplug, then after it; four lines
    /// on the kiosk's screen each (the testbed unplugs the panel once the
    /// kiosk has said them, after the line of the panel coming).
    static func draw(_ kiosk: Kiosk, _ before: TouchTester, _ after: TouchTester) {
        let size = kiosk.window.bounds.size
        before.tap(at: Point(x: size.width / 2, y: 28))            // Route
        before.advance(by: 0.6)
        before.swipe(direction: .right, from: Point(x: 1, y: size.height * 0.6), distance: 160)
        before.advance(by: 0.6)
        before.longPress(at: Point(x: size.width * 0.3, y: size.height * 0.5))
        before.advance(by: 0.6)
        before.drag(from: Point(x: size.width * 0.5, y: size.height * 0.7), to: Point(x: size.width * 0.5 + 100, y: size.height * 0.7 - 40))
        before.settle()
        after.tap(at: Point(x: size.width * 5 / 6, y: 28))          // Help
        after.advance(by: 0.6)
        after.pinch(center: Point(x: size.width / 2, y: size.height / 2), fromSpan: 100, toSpan: 150)
        after.advance(by: 0.6)
        after.tap(at: Point(x: size.width / 6, y: 28))              // Home
        after.advance(by: 0.6)
        after.longPress(at: Point(x: size.width * 0.6, y: size.height * 0.8))
        after.settle()
    }

    @Test("the kiosk runs live, mounted, across an unplug and a replug to another node",
          arguments: [SurfaceTransform.rotated(.clockwise180), .rotated(.clockwise90)])
    func live(mounting: SurfaceTransform) throws {
        let tool = try #require(UmockdevTestbed.tool)
        // The test's own run: what the kiosk does with these gestures.
        let seen = Kiosk(screen: mounting.screen(turning: KioskPanel.display))
        let device = TestDevice(KioskPanel.device, mounting: mounting)
        let before = TouchTester(window: seen.window, device: device)
        let after = TouchTester(window: seen.window, device: device, start: 100)
        Self.draw(seen, before, after)
        #expect(seen.log.count == 8, "\(seen.log)")

        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("kiosk-live-\(UUID().uuidString)").path
        defer { if ProcessInfo.processInfo.environment["KIOSK_KEEP"] == nil { try? FileManager.default.removeItem(atPath: directory) } }
        let first = try Self.testbed(before.recording, mounting, node: "/dev/input/event5", in: directory, name: "first")
        let second = try Self.testbed(after.recording, mounting, node: "/dev/input/event6", in: directory, name: "second")
        let output = try UmockdevTestbed.run(tool, [
            "-d", first.umockdev, "-i", "\(first.node)=\(first.ioctl)", "-e", "\(first.node)=\(first.events)",
            "--unplug", "--after-open", "--after-lines", "5", "--timeout", "30", "--replug-after", "0.5", "--replug-device", second.umockdev,
            "--replug-ioctl", "\(second.node)=\(second.ioctl)", "--replug-events", "\(second.node)=\(second.events)",
            "--", Self.kiosk, "--idle-exit", "3",
        ])
        #expect(output.status == 0, "stderr: \(output.error)")
        let lines = output.text.split(separator: "\n").map(String.init)
        #expect(lines.filter { !$0.hasPrefix("#") } == seen.log, "live: \(lines)")
        let changes = lines.filter { $0.hasPrefix("#") }
        #expect(changes.count >= 4, "\(changes)")
        #expect(changes.first?.hasPrefix("# /dev/input/event5: connected") == true, "\(changes)")
        #expect(changes.contains { $0.hasPrefix("# /dev/input/event5: disconnected") }, "\(changes)")
        #expect(changes.contains { $0.hasPrefix("# /dev/input/event6: reconnected") }, "\(changes)")
        #expect(changes.last?.hasPrefix("# ended: idle, 2 connections") == true, "\(changes)")
    }

    /// A testbed of `recording`'s panel at `node`, its udev entry carrying `mounting`.
    static func testbed(_ recording: Recording, _ mounting: SurfaceTransform, node: String, in directory: String, name: String) throws -> TestbedFiles {
        var writer = try TestbedWriter(device: recording.device, events: recording.events, node: node)
        writer.calibration = mounting
        return try writer.write(to: directory, name: name)
    }
}

/// The repository's tools/umockdev-testbed.py: a umockdev testbed whose device is unplugged and plugged in again.
enum UmockdevTestbed {
    /// The script, when this machine can run it.
    static let tool: String? = {
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("tools/umockdev-testbed.py").path
        guard FileManager.default.isExecutableFile(atPath: path), (try? run(path, ["--check"]).status) == 0 else { return nil }
        return path
    }()

    /// Runs `executable` with `arguments`: its exit status, standard output and standard error.
    static func run(_ executable: String, _ arguments: [String]) throws -> (status: Int32, text: String, error: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        // Standard error into a file, standard output read to its end: neither pipe can fill and stall the process.
        let errorPath = FileManager.default.temporaryDirectory.appendingPathComponent("kiosk-live-\(UUID().uuidString).err").path
        _ = FileManager.default.createFile(atPath: errorPath, contents: nil)
        defer { try? FileManager.default.removeItem(atPath: errorPath) }
        let errorFile = try FileHandle(forWritingTo: URL(fileURLWithPath: errorPath))
        let output = Pipe()
        process.standardOutput = output
        process.standardError = errorFile
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        try errorFile.close()
        let error = (try? String(contentsOfFile: errorPath, encoding: .utf8)) ?? ""
        return (process.terminationStatus, text, error)
    }
}
