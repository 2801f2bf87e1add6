// The standard set's hold waits for the taps, as libinput's does with tapping on: no hold wraps a tap.
import TactileTestSupport
import Testing
@testable import Tactile

@Suite("StandardGestures: a hold begins once the fingers cannot be a tap")
struct HoldAfterTapTests {
    nonisolated struct Surface: Sendable, CustomTestStringConvertible {
        let name: String
        let device: DeviceDescription
        /// The taps' longest press on this kind of device.
        let tapPress: Double
        var testDescription: String { name }
    }

    nonisolated static let surfaces = [
        Surface(name: "touchpad", device: TestDevices.litestSynapticsRMI4, tapPress: 0.18),
        Surface(name: "touchscreen", device: TestDevices.touchscreen, tapPress: 0.5),
    ]

    /// `fingers` fingers resting together in the middle of the surface from 1 s for `duration`, reported every 10 ms.
    @MainActor
    private func rest(_ surface: Surface, fingers: Int, duration: Double) -> [ActionRecord] {
        let harness = Harness(device: surface.device)
        let gestures = StandardGestures(attachingTo: harness.window)
        let x = surface.device.axis(AbsCode.mtPositionX).map { Int32(($0.minimum + $0.maximum) / 2) } ?? 1000
        let y = surface.device.axis(AbsCode.mtPositionY).map { Int32(($0.minimum + $0.maximum) / 2) } ?? 1000
        // Fingers 20 mm apart.
        let spacing = surface.device.axis(AbsCode.mtPositionX).map { Int32(max(1, $0.resolution)) * 20 } ?? 200
        var script = EventScript()
        script.frame(at: 1) { frame in
            for finger in 0..<fingers { frame.slot(Int32(finger)).track(Int32(finger + 1)).x(x + Int32(finger) * spacing).y(y) }
        }
        var time = 1.01
        while time < 1 + duration - 1e-9 {
            script.frame(at: time) { $0.slot(0).x(x) }
            time += 0.01
        }
        script.frame(at: 1 + duration) { frame in
            for finger in 0..<fingers { frame.slot(Int32(finger)).lift() }
        }
        harness.run(script)
        harness.pipeline.advance(to: 5)
        withExtendedLifetime(gestures) {}
        return harness.log.records
    }

    @Test("a tap of one or two fingers is not wrapped in a hold (before: a hold began 40 ms after the landing)",
          arguments: surfaces, [1, 2])
    func tapWithoutHold(surface: Surface, fingers: Int) {
        let records = rest(surface, fingers: fingers, duration: 0.1)
        #expect(!records.contains { $0.recognizer == "hold" }, "\(records.map { "\($0.recognizer):\($0.state)" })")
        let tap = StandardGestures.tapName(taps: 1, fingers: fingers)
        #expect(records.contains { $0.recognizer == tap && $0.state == .ended }, "the tap itself is still recognized")
    }

    @Test("fingers resting longer than a tap begin a hold as the taps give up, and end it when they lift",
          arguments: surfaces, [1, 2, 3])
    func restIsAHold(surface: Surface, fingers: Int) {
        let records = rest(surface, fingers: fingers, duration: 1.2)
        let holds = records.filter { $0.recognizer == "hold" }
        #expect(holds.map(\.state) == [.began, .ended], "\(holds.map(\.state))")
        let began = holds.first?.time ?? 0
        #expect(began >= 1 + surface.tapPress - 1e-9 && began <= 1 + surface.tapPress + 0.011,
                "began \(began - 1) s after the landing; the taps give up at \(surface.tapPress) s")
        #expect(holds.last?.time == 2.2)
        #expect(!records.contains { $0.recognizer.lowercased().contains("tap") }, "no tap")
    }
}
