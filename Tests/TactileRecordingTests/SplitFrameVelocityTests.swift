// A real touchscreen that reports the fingers of one scan in separate frames: the pan's velocity stays the fingers'.
import Foundation
import TactileTestSupport
import Testing
@testable import Tactile
@testable import TactileRecording

@Suite("Velocity on split frames")
struct SplitFrameVelocityTests {
    @Test("the Galaxy S two-finger drag, fingers reported 0.6 ms apart, reads as its steady speed")
    @MainActor
    func galaxyTwoFingerDrag() throws {
        let recording = try RecordingReader.read(contentsOf: Repository.recordings + "/touchscreen-galaxys-two-finger-drag.json")
        let speeds = RecordingReplay.run(recording).log.records.filter { $0.recognizer == "pan" && $0.state == .changed }
            .compactMap { $0.value(named: "velocity.x") }
        #expect(speeds.count > 10)
        // Fitted finger by finger, the speeds stay those of a hand, 80–850 pt/s
        // (this drag starts fast, from the screen's edge); fitting the centroid
        // as the frames came, each half-frame read as a step of 10,453 pt/s.
        #expect((speeds.max() ?? 0) < 1000, "\(speeds.map { Int($0) })")
    }
}
