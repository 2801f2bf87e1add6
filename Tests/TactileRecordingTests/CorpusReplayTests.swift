// Every recording in Recordings/ replayed through the standard recognizers: the pinned golden log and every label hold.
import Foundation
import Tactile
import TactileRecording
import TactileTestSupport
import Testing

/// Every recording in `Recordings/` (Tactile JSON) replayed through the
/// standard recognizers: the actions must equal the pinned golden log and
/// every label must hold. `make golden` rewrites the logs deliberately.
@Suite("Recording corpus")
struct CorpusReplayTests {
    static let directory = Repository.recordings

    /// Every `.json` recording below `Recordings/` except the velocity
    /// reference data (the evemu originals in `Recordings/evemu/` are read by
    /// the evemu tests; their JSON conversions are in the corpus).
    static let files: [String] = Repository.goldenRecordings

    @Test("the corpus holds at least 25 real recordings from at least 6 devices, and synthesized ones on a touchpad and a touchscreen")
    func corpusSize() throws {
        var real = 0, synthetic = 0
        var devices = Set<String>()
        var synthesizedKinds = Set<DeviceKind>()
        for file in Self.files {
            let header = try RecordingReader.header(contentsOf: Self.directory + "/" + file)
            if file.hasPrefix("synthetic/") {
                synthetic += 1
                synthesizedKinds.insert(header.device.kind)
            } else {
                real += 1
                devices.insert(header.device.name)
            }
            #expect(!header.labels.isEmpty, "\(file) has no labels")
            #expect(header.expected != nil, "\(file) has no golden log")
        }
        print("corpus: \(real) real recordings from \(devices.count) devices, \(synthetic) synthesized")
        #expect(real >= 25)
        #expect(devices.count >= 6)
        #expect(synthesizedKinds.isSuperset(of: [.touchpad, .touchscreen]))
    }

    @Test("each recording replays to its golden log and its labels hold", arguments: files)
    @MainActor func replay(file: String) throws {
        let recording = try RecordingReader.read(contentsOf: Self.directory + "/" + file)
        let outcome = RecordingReplay.run(recording)
        let expected = try #require(recording.expected, "\(file) has no golden log: run `make golden`")
        let diff = RecordingReplay.diff(expected: expected, actual: outcome.log.records)
        #expect(diff.isEmpty, "\(file): actions differ from the golden log (run `make golden` if intended):\n\(diff.joined(separator: "\n"))")
        let problems = RecordingReplay.labelProblems(recording.labels, log: outcome.log)
        #expect(problems.isEmpty, "\(file):\n\(problems.joined(separator: "\n"))")
    }
}
