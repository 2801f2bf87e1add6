// `tactile synth` gestures with their own fingers and place (long-press:fingers=2:at=50,30): parsing, refusals, labels.
import Foundation
import Tactile
import TactileRecording
import TactileTestSupport
import Testing
@testable import tactile

/// `tactile synth KIND:fingers=N:at=X,Y`: each gesture of a file with its own
/// fingers and place, also fingers no standard recognizer takes (test input
/// for a recognizer of one's own), and a clear refusal of anything else.
@Suite struct SynthGestureTests {
    func tactile() throws -> String {
        try #require(TestSupport.product("tactile"), "the tactile executable was not built next to the tests")
    }

    @Test("a gesture argument parses into its kind, fingers and place")
    func parsing() throws {
        let press = try SynthGesture(parsing: "long-press:fingers=2:at=100,80.5")
        #expect(press.kind == .longPress && press.fingers == 2 && press.place == Point(x: 100, y: 80.5))
        let tap = try SynthGesture(parsing: "doubleTap:at=5,6")
        #expect(tap.kind == .doubleTap && tap.fingers == nil && tap.place == Point(x: 5, y: 6))
        let plain = try SynthGesture(parsing: "pinch-out")
        #expect(plain.kind == .pinchOut && plain.fingers == nil && plain.place == nil)
        #expect(try SynthGesture(parsing: "hold:FINGERS=3").fingers == 3, "keys in any case")
    }

    @Test("each gesture keeps its own fingers and place; --fingers and --at fill in the others")
    func perGestureFingersAndPlace() throws {
        let directory = try TemporaryDirectory.create(prefix: "tactile-synth")
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("mixed.json").path
        let output = try TestSupport.run(try tactile(), [
            "synth", "long-press:fingers=2:at=60,40", "tap:at=20,20", "pan", "hold:fingers=3",
            "--fingers", "1", "--at", "50,30", "-o", file, "--golden",
        ])
        #expect(output.status == 0, "\(output.standardError)")
        let labels = try RecordingReader.read(contentsOf: file).labels
        #expect(labels.map(\.gesture) == ["long-press", "tap", "pan", "hold"])
        #expect(labels.map(\.fingers) == [2, 1, 1, 3])
        // Where the fingers rest (a pan's location is where it starts, not its middle).
        for (index, wanted) in [(0, Point(x: 60, y: 40)), (1, Point(x: 20, y: 20)), (3, Point(x: 50, y: 30))] {
            let label = labels[index]
            let place = Point(x: label.values["location.x"] ?? .nan, y: label.values["location.y"] ?? .nan)
            #expect(place.distance(to: wanted) < 3, "\(label.gesture) at \(place), not \(wanted)")
        }
        // Two fingers are not the standard long press's: its label names no recognizer, and says why.
        #expect(labels[0].recognizers.isEmpty)
        #expect(labels[0].note?.contains("outside the standard set's long-press (1 finger)") == true, "\(labels[0].note ?? "")")
        #expect(labels[1].recognizers == ["tap"] && labels[2].recognizers == ["pan"] && labels[3].recognizers == ["hold"])
        #expect(output.standardError.contains("gesture 1, long-press with 2 fingers: no standard recognizer takes it"), "\(output.standardError)")
        let replay = try TestSupport.run(try tactile(), ["replay", "--expect", file])
        #expect(replay.status == 0, "\(replay.standardError)")
    }

    @Test("the guide's command makes Examples/Recordings/guide-session.json, byte for byte")
    func guideSession() throws {
        let directory = try TemporaryDirectory.create(prefix: "tactile-synth")
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("guide-session.json").path
        // As Sources/Tactile/Tactile.docc/GettingStarted.md writes it.
        let output = try TestSupport.run(try tactile(), [
            "synth", "long-press:fingers=2", "pinch-out", "pinch-in", "pinch-out", "pinch-in", "tap:at=250,60",
            "--at", "100,80", "--preset", "touchscreen", "-o", file,
        ])
        #expect(output.status == 0, "\(output.standardError)")
        let made = try Data(contentsOf: URL(fileURLWithPath: file))
        let committed = try Data(contentsOf: URL(fileURLWithPath: Repository.path("Examples/Recordings/guide-session.json")))
        #expect(made == committed, "regenerate Examples/Recordings/guide-session.json with the guide's command")
        let guide = try String(contentsOfFile: Repository.path("Sources/Tactile/Tactile.docc/GettingStarted.md"), encoding: .utf8)
        #expect(guide.contains("tactile synth long-press:fingers=2 pinch-out pinch-in pinch-out pinch-in tap:at=250,60 \\\n    --at 100,80 --preset touchscreen"))
    }

    @Test(arguments: [
        (["long-press:fingers=0"], "'long-press:fingers=0' is invalid for '<gesture>': fingers=0: expected a whole number of fingers from 1"),
        (["long-press:fingers=two"], "fingers=two: expected a whole number of fingers from 1, such as fingers=2"),
        (["long-press:finger=2"], "unknown setting \"finger\": a gesture takes fingers=N and at=X,Y"),
        (["tap:at=ten,10"], "at=ten,10: expected X,Y in millimetres from the surface's top-left corner"),
        (["tap:at=-5,10"], "at=-5,10: expected X,Y in millimetres"),
        (["pinch-in:fingers=1"], "fingers=1: a pinch-in needs at least 2 fingers"),
        (["tap:fingers=2:fingers=3"], "fingers is given twice"),
        (["tap:"], "expected KEY=VALUE after \"tap:\""),
        (["pinchy:fingers=2"], "unknown gesture kind \"pinchy\": expected one of tap, double-tap"),
        (["tap", "tap:fingers=9"], "gesture 2, tap:fingers=9: fingers must be 1 to 5: the synthetic touchpad counts at most 5 fingers"),
        (["tap:at=500,10"], "gesture 1, tap:at=500,10: at=500.0,10.0 lies outside the synthetic touchpad"),
        (["rotation:fingers=2", "pinch-out", "--fingers", "1"], "--fingers 1 does not suit pinch-out, which needs at least 2 fingers; give it its own: pinch-out:fingers=2"),
    ])
    func badGesturesAreNamed(arguments: [String], message: String) throws {
        let output = try TestSupport.run(try tactile(), ["synth"] + arguments + ["-o", "/tmp/tactile-never-written.json"])
        #expect(output.status == 64)
        #expect(output.standardError.contains(message), "\(output.standardError)")
        #expect(output.standardError.contains("Usage: tactile synth "))
        #expect(!FileManager.default.fileExists(atPath: "/tmp/tactile-never-written.json"))
    }
}
