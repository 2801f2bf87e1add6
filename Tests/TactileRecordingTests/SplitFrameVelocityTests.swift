// A real touchscreen that reports the fingers of one scan in separate frames: the pan's velocity stays the fingers'.
import Foundation
import TactileTestSupport
import Testing
@testable import Tactile
@testable import TactileRecording

@Suite("Velocity on split frames")
struct SplitFrameVelocityTests {
    @Test("the Galaxy S two-finger drag, fingers reported 0.6 ms apart, reads no faster than its fingers move")
    @MainActor
    func galaxyTwoFingerDrag() throws {
        let recording = try RecordingReader.read(contentsOf: Repository.recordings + "/touchscreen-galaxys-two-finger-drag.json")
        // Each finger's own speed along x, report to report, in pt/s: the centroid is never faster than its fastest finger.
        var last: [TouchID: (time: Double, x: Double)] = [:]
        var fastestFinger = 0.0
        let outcome = RecordingReplay.run(recording, onFrame: { frame in
            for touch in frame.touches where touch.phase == .moved {
                if let previous = last[touch.id], frame.time > previous.time {
                    fastestFinger = max(fastestFinger, abs(touch.location.x - previous.x) / (frame.time - previous.time))
                }
                last[touch.id] = (frame.time, touch.location.x)
            }
        })
        let speeds = outcome.log.records.filter { $0.recognizer == "pan" && $0.state == .changed }
            .compactMap { $0.value(named: "velocity.x") }
        #expect(speeds.count > 10)
        // Fitted as the frames came, each half-frame read as a step: 10,453 pt/s,
        // seven times the fastest finger.
        #expect((speeds.map(abs).max() ?? 0) <= 1.1 * fastestFinger, "fastest finger \(Int(fastestFinger)) pt/s; pan: \(speeds.map { Int($0) })")
    }
}
