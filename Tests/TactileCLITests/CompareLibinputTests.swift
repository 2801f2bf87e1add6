// tools/compare-libinput.py on the bundled Synaptics two-finger scroll: libinput and tactile both see the scroll.
import Foundation
import TactileTestSupport
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// `tools/compare-libinput.py` on the bundled Synaptics two-finger scroll: the
/// real libinput (`libinput debug-events` on a umockdev testbed written by
/// `tactile mock`) must report a two-finger scroll, and Tactile a two-touch
/// pan, both matching the label the file name gives.
@Suite(.enabled(if: CompareLibinputSupport.missing == nil, Comment(rawValue: CompareLibinputSupport.missing ?? "")))
struct CompareLibinputTests {
    static var repository: URL { Repository.root }

    struct Report: Decodable {
        struct Row: Decodable {
            var name: String
            var error: String?
            var libinput: Side?
            var tactile: Side?
        }
        struct Side: Decodable {
            var matches: Bool?
            var compared: String?
            var events: [String: Entry]?
            var recognizers: [String: Entry]?
            var feed_lag_ms: Double?
        }
        struct Entry: Decodable {
            var first_ms: Double
            var count: Int
            var fingers: Int?
            var touches: Int?
        }
        var recordings: [Row]
    }

    @Test func synapticsTwoFingerScroll() throws {
        let tactile = try #require(TestSupport.product("tactile"), "the tactile executable was not built next to the tests")
        let python = try #require(TestSupport.findOnPath("python3"))
        let tool = Self.repository.appendingPathComponent("tools/compare-libinput.py").path
        let recording = Self.repository.appendingPathComponent("Recordings/touchpad-synaptics-two-finger-scroll.json").path
        let output = try TestSupport.run(python, [tool, "--json", "--tactile", tactile, recording], timeout: 60)
        #expect(output.status == 0, "stderr: \(output.standardError)")
        let report = try JSONDecoder().decode(Report.self, from: Data(output.standardOutput.utf8))
        let row = try #require(report.recordings.first, "no result: \(output.standardOutput)")
        #expect(report.recordings.count == 1)
        #expect(row.error == nil)

        let libinput = try #require(row.libinput)
        let scroll = try #require(libinput.events?["scroll"], "libinput reported no scroll: \(output.standardOutput)")
        #expect(scroll.fingers == 2)
        #expect(scroll.count > 5)
        #expect(libinput.compared == "scroll")
        #expect(libinput.matches == true)
        #expect(libinput.events?["pinch"] == nil)
        #expect(libinput.events?["swipe"] == nil)

        let tactileSide = try #require(row.tactile)
        let pan = try #require(tactileSide.recognizers?["pan"], "Tactile recognized no pan: \(output.standardOutput)")
        #expect(pan.touches == 2)
        #expect(tactileSide.compared == "pan")
        #expect(tactileSide.matches == true)
        #expect(scroll.first_ms >= 0 && pan.first_ms >= 0)
    }
}

enum CompareLibinputSupport {
    /// Why the comparison cannot run here, if it cannot.
    static let missing: String? = {
        var absent: [String] = []
        if TestSupport.umockdevRun == nil { absent.append("umockdev-run (apt install umockdev)") }
        if TestSupport.findOnPath("libinput") == nil { absent.append("libinput (apt install libinput-tools)") }
        if TestSupport.findOnPath("python3") == nil { absent.append("python3") }
        if !absent.isEmpty { return "compare-libinput needs " + absent.joined(separator: " and ") + ": skipped" }
        // umockdev before 0.17.18 has libudev read the real /run/udev: the tool then
        // gives libinput a private /run in a mount namespace, which must be allowed here.
        if let unshare = TestSupport.findOnPath("unshare") {
            let arguments = ["--mount", "--propagation", "private"] + (getuid() == 0 ? [] : ["--map-root-user"]) + ["true"]
            if let result = try? TestSupport.run(unshare, arguments, timeout: 10), result.status != 0 {
                return "compare-libinput cannot make a mount namespace here (unshare --mount: \(result.standardError.trimmingCharacters(in: .whitespacesAndNewlines))): skipped"
            }
        }
        return nil
    }()
}
