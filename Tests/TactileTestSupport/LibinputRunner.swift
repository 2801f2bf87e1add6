// Runs a device and its event stream through the real libinput (debug-events on a umockdev testbed) and returns what it printed.
import Foundation
import Tactile
import TactileRecording
#if canImport(Glibc)
import Glibc
#endif

/// What the real libinput makes of an event stream: the stream is written as
/// an evemu recording of `device` and replayed by `tools/compare-libinput.py`
/// (a umockdev testbed from `tactile mock`, `libinput debug-events` on it,
/// each frame fed at its time), whose kept raw output is returned line by line.
///
/// ```swift
/// let lines = try LibinputRunner.debugEvents(device: copy, events: stream)
/// #expect(lines.contains { $0.contains("TOUCH_CANCEL") })
/// ```
public nonisolated enum LibinputRunner {
    /// Why libinput cannot be run here, if it cannot (as the compare-libinput tests decide).
    public static let missing: String? = {
        var absent: [String] = []
        if TestSupport.umockdevRun == nil { absent.append("umockdev-run (apt install umockdev)") }
        if TestSupport.findOnPath("libinput") == nil { absent.append("libinput (apt install libinput-tools)") }
        if TestSupport.findOnPath("python3") == nil { absent.append("python3") }
        if TestSupport.product("tactile") == nil { absent.append("the built tactile executable") }
        if !absent.isEmpty { return "libinput runs need " + absent.joined(separator: " and ") + ": skipped" }
        if let unshare = TestSupport.findOnPath("unshare") {
            let arguments = ["--mount", "--propagation", "private"] + (getuid() == 0 ? [] : ["--map-root-user"]) + ["true"]
            if let result = try? TestSupport.run(unshare, arguments, timeout: 10), result.status != 0 {
                return "libinput runs need a mount namespace here (unshare --mount failed): skipped"
            }
        }
        return nil
    }()

    /// `libinput debug-events` lines for `events` on `device` (`DEVICE_ADDED`,
    /// `TOUCH_DOWN`, `TOUCH_CANCEL`…).
    public static func debugEvents(device: DeviceDescription, events: [InputEvent]) throws -> [String] {
        try compare(device: device, events: events).lines
    }

    /// libinput's lines and the tool's result for the stream (`result.json`:
    /// `libinput.events.scroll.first_ms`, `tactile.recognizers.pan.first_ms`…,
    /// times in ms after the first touch; see docs/compare-libinput.md).
    ///
    /// ```swift
    /// let (lines, result) = try LibinputRunner.compare(device: pad, events: stream)
    /// ```
    public static func compare(device: DeviceDescription, events: [InputEvent]) throws -> (lines: [String], result: [String: Any]) {
        let tactile = try product("tactile"), python = try onPath("python3")
        let tool = Repository.path("tools/compare-libinput.py")
        let directory = try TemporaryDirectory.make(prefix: "tactile-libinput")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let recording = directory + "/stream.evemu", keep = directory + "/keep"
        try EvemuWriter.write(EvemuRecording(device: device, events: events), to: recording)
        let output = try TestSupport.run(python, [tool, "--json", "--tactile", tactile, "--keep", keep, "--settle", "0.5", recording],
                                         timeout: 90)
        guard let found = FileManager.default.enumerator(atPath: keep)?.compactMap({ $0 as? String })
            .first(where: { $0.hasSuffix("libinput.out") }) else {
            throw TestFailure("compare-libinput kept no libinput output (status \(output.status)): \(output.standardError)\(output.standardOutput)")
        }
        let text = try String(contentsOfFile: keep + "/" + found, encoding: .utf8)
        let resultPath = keep + "/" + (found as NSString).deletingLastPathComponent + "/result.json"
        let result = (try? JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: resultPath)))) as? [String: Any]
        return (text.split(separator: "\n").map(String.init), result ?? [:])
    }

    private static func product(_ name: String) throws -> String {
        guard let path = TestSupport.product(name) else { throw TestFailure("\(name) was not built") }
        return path
    }

    private static func onPath(_ name: String) throws -> String {
        guard let path = TestSupport.findOnPath(name) else { throw TestFailure("\(name) is not on PATH") }
        return path
    }
}
