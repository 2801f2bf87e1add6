// `tactile replay --expect`: the golden log, the labels, or both, whichever a recording has; neither is a failure said so.
import Foundation
import TactileTestSupport
import Testing

@Suite struct ReplayExpectTests {
    func tactile() throws -> String {
        try #require(TestSupport.product("tactile"), "the tactile executable was not built next to the tests")
    }

    func run(_ arguments: [String]) throws -> TestSupport.Output {
        try TestSupport.run(try tactile(), arguments)
    }

    @Test func aSynthesizedFileWithLabelsAndNoGoldenLogIsCheckedByItsLabels() throws {
        try TemporaryDirectory.with(prefix: "tactile-expect") { directory in
            let file = directory + "/taps.json"
            #expect(try run(["synth", "tap", "double-tap", "-o", file]).status == 0)
            let replay = try run(["replay", "--expect", file])
            #expect(replay.status == 0, "\(replay.standardError)")
            #expect(replay.standardError.contains("\(file): as expected: 2 labels ("), "\(replay.standardError)")
            #expect(replay.standardError.contains("; no golden log to compare the "), "says the actions were not compared: \(replay.standardError)")
        }
    }

    @Test func aLabelThatDoesNotHoldFailsWithoutAGoldenLogToo() throws {
        try TemporaryDirectory.with(prefix: "tactile-expect") { directory in
            let taps = directory + "/taps.json", wrong = directory + "/wrong.json"
            #expect(try run(["synth", "tap", "--fingers", "1", "-o", taps]).status == 0)
            #expect(try run(["convert", taps, wrong, "--gesture", "no-tap", "--absent", "tap"]).status == 0)
            let replay = try run(["replay", "--expect", wrong])
            #expect(replay.status == 1)
            #expect(replay.standardError.contains("\(wrong): label: no-tap: tap recognized but must not"), "\(replay.standardError)")
            #expect(!replay.standardError.contains("as expected"), "\(replay.standardError)")
        }
    }

    @Test func bothAreCheckedWhenBothAreThere() throws {
        let file = Repository.path("Recordings/touchscreen-galaxys-drag.json")
        let replay = try run(["replay", "--expect", file])
        #expect(replay.status == 0)
        #expect(replay.standardError.contains("as expected: the golden log (24 actions) and 1 label (1 recognizer checked)"), "\(replay.standardError)")
    }

    @Test func aRecordingWithNeitherHasNothingToCompareWith() throws {
        try TemporaryDirectory.with(prefix: "tactile-expect") { directory in
            let bare = directory + "/bare.json"
            #expect(try run(["convert", Repository.path("Recordings/evemu/touchpad-double-tap.evemu"), bare]).status == 0)
            let replay = try run(["replay", "--expect", bare])
            #expect(replay.status == 1)
            #expect(replay.standardError.contains("\(bare): nothing to compare with: no golden log"), "\(replay.standardError)")
        }
    }
}
