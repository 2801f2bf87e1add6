// tactile demo and record on a device another program holds an exclusive grab on (a --grabbed umockdev testbed).
import Foundation
import Tactile
import TactileRecording
import TactileTestSupport
import Testing

/// A device another program holds an exclusive grab on: on a testbed of
/// `tools/umockdev-testbed.py --grabbed`, whose ioctl handler refuses
/// `EVIOCGRAB` with `EBUSY` as the kernel does then (umockdev's own handler
/// accepts every grab). Taking the grab fails plainly; reading without it works.
@Suite(.enabled(if: TestSupport.testbedHelper != nil, Comment(rawValue: TestSupport.testbedHelperMissing)))
struct BusyDeviceTests {
    func tactile() throws -> String {
        try #require(TestSupport.product("tactile"), "the tactile executable was not built next to the tests")
    }

    /// The message for the mocked node.
    static let busyMessage = "\(TestSupport.touchpadNode): another program holds an exclusive grab on the device — close it, or open the device without grabbing"

    /// Runs `executable arguments` on the grabbed testbed, replaying `events`.
    func runGrabbed(_ executable: String, _ arguments: [String], events: [InputEvent] = []) throws -> TestSupport.Output {
        let helper = try #require(TestSupport.testbedHelper)
        let directory = try RecordCommandTests.makeDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        var helperArguments = ["--grabbed", "-d", TestSupport.touchpadDescription,
                               "-i", "\(TestSupport.touchpadNode)=\(TestSupport.touchpadIoctl)"]
        if !events.isEmpty {
            let file = directory.appendingPathComponent("events.evemu")
            try TestSupport.evemu(events).write(to: file, atomically: true, encoding: .utf8)
            helperArguments += ["-e", "\(TestSupport.touchpadNode)=\(file.path)"]
        }
        return try TestSupport.run(helper, helperArguments + ["--", executable] + arguments)
    }

    /// ``EvdevDevice`` with `grab` throws ``EvdevError/busy(path:)``.
    @Test func openingWithAGrabThrowsBusy() throws {
        let probe = try #require(TestSupport.product("tactile-evdev-probe"), "tactile-evdev-probe was not built next to the tests")
        let output = try runGrabbed(probe, [TestSupport.touchpadNode, "--timeout", "0.1", "--require-touch", "--grab"])
        #expect(output.status == 2, "stderr: \(output.standardError)")
        let lines = try TestSupport.parseProbe(output)
        #expect(lines.count == 1)
        #expect(lines.first?.error == "busy")
        #expect(lines.first?.message == Self.busyMessage)
    }

    /// `tactile demo --grab` says what to do, exits 1, prints and saves nothing.
    @Test(arguments: [[], ["--json"]])
    func demoWithGrabSaysWhatToDo(extra: [String]) throws {
        let directory = try RecordCommandTests.makeDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("demo.json").path
        let output = try runGrabbed(try tactile(), ["demo", "--device", TestSupport.touchpadNode, "--grab", "--max-seconds", "1",
                                                    "--record", file] + extra, events: TestSupport.touchpadTap)
        #expect(output.status == 1, "stderr: \(output.standardError)")
        #expect(output.standardError == "tactile: error: \(Self.busyMessage)\n")
        #expect(output.standardOutput.isEmpty, "stdout: \(output.standardOutput)")
        #expect(!FileManager.default.fileExists(atPath: file))
    }

    /// Without `--grab` the same testbed is read as usual: only the grab is refused.
    @Test func demoWithoutGrabReadsTheDevice() throws {
        let output = try runGrabbed(try tactile(), ["demo", "--device", TestSupport.touchpadNode, "--json", "--idle-exit", "0.5"],
                                    events: TestSupport.touchpadTap)
        #expect(output.status == 0, "stderr: \(output.standardError)")
        #expect(output.lines.contains { $0.contains("\"recognizer\":\"tap\"") && $0.contains("\"ended\"") }, "stdout: \(output.standardOutput)")
    }
}
