// Resting thumbs and palms on the 100 × 70 mm test touchpad.
import TactileTestSupport
import Testing
@testable import Tactile

/// Resting thumbs and palms on the 100 × 70 mm test touchpad (10 units = 1 mm):
/// the bottom 8 % band starts at 64.4 mm, the 15 % band at 59.5 mm.
@Suite("Thumbs and palms")
struct ThumbDetectorTests {
    private func run(_ script: EventScript, device: DeviceDescription = TestDevices.tallTouchpad) -> (Harness, [TouchFrame]) {
        let harness = Harness(device: device, screen: .standard)
        let gestures = StandardGestures(attachingTo: harness.window)
        var frames: [TouchFrame] = []
        harness.pipeline.onFrame = { frames.append($0) }
        harness.run(script)
        harness.pipeline.advance(to: 10)
        withExtendedLifetime(gestures) {}
        return (harness, frames)
    }

    private func recognized(_ harness: Harness) -> [String] {
        harness.log.records.filter { ($0.state == .began || $0.state == .ended) && $0.recognizer != "hold" }
            .reduce(into: [String: String]()) { if $0[$1.recognizer] == nil { $0[$1.recognizer] = "\($1.recognizer)[\($1.touches)]" } }
            .values.sorted()
    }

    /// A thumb resting in the bottom band from 0 s, two fingers scrolling up from 0.3 s.
    private func thumbThenScroll(thumbX: Int32 = 500, thumbY: Int32 = 680) -> EventScript {
        var script = EventScript()
        script.frame(at: 0) { $0.slot(0).track(1).x(thumbX).y(thumbY) }
        script.motion(from: [Point(x: 400, y: 400), Point(x: 600, y: 400)], to: [Point(x: 400, y: 100), Point(x: 600, y: 100)],
                      start: 0.3, duration: 0.5, firstID: 2, firstSlot: 1)
        script.frame(at: 1.0) { $0.slot(0).lift() }
        return script
    }

    @Test("a thumb resting in the bottom band while two fingers scroll is marked and takes no part: a pan of two")
    func restingThumb() {
        let (harness, frames) = run(thumbThenScroll())
        #expect(frames.first?.touches.first?.rejection == .thumb)
        #expect(recognized(harness) == ["pan[2]"])
    }

    @Test("without the band rule the same thumb makes a three-finger pinch (the test can fail)")
    func withoutThumbDetection() {
        // The same pad, 45 mm high: too small for thumb detection (libinput: 50 mm).
        var small = TestDevices.tallTouchpad
        small.axes = small.axes.map { axis in
            var axis = axis
            if axis.code == AbsCode.mtPositionY { axis.resolution = 15 }
            return axis
        }
        let (harness, frames) = run(thumbThenScroll(), device: small)
        #expect(frames.allSatisfy { $0.touches.allSatisfy { $0.rejection == nil } })
        #expect(!recognized(harness).contains("pan[2]"), "\(recognized(harness))")
    }

    @Test("a thumb dropping onto a scroll under way is marked; one landing beside a single finger joins it")
    func droppingAndJoining() {
        var script = EventScript()
        script.motion(from: [Point(x: 400, y: 400), Point(x: 600, y: 400)], to: [Point(x: 400, y: 100), Point(x: 600, y: 100)],
                      start: 0, duration: 0.5, firstID: 1)
        script.frame(at: 0.2) { $0.slot(2).track(9).x(500).y(660) }  // 26 mm below while they move
        script.frame(at: 0.7) { $0.slot(2).lift() }
        let (harness, frames) = run(script)
        #expect(frames.flatMap(\.touches).first { $0.trackingID == 9 }?.rejection == .thumb)
        #expect(recognized(harness) == ["pan[2]"])

        // Thumb first, then one finger 40 mm above it, 0.3 s later: after the
        // landing window they are two fingers, and a pivot pinch is possible.
        var pinch = EventScript()
        pinch.frame(at: 0) { $0.slot(0).track(1).x(500).y(680) }
        pinch.frame(at: 0.3) { $0.slot(1).track(2).x(500).y(280) }
        pinch.motion(from: [Point(x: 500, y: 280)], to: [Point(x: 500, y: 80)], start: 0.45, duration: 0.3,
                     firstID: 2, firstSlot: 1, land: false)
        pinch.frame(at: 0.8) { $0.slot(0).lift() }
        let (pinchHarness, pinchFrames) = run(pinch)
        #expect(pinchFrames.last { $0.time < 0.3 }?.touches.first?.rejection == .thumb)
        #expect(pinchFrames.last { $0.time > 0.5 && $0.time < 0.7 }?.touches.first?.rejection == nil)
        #expect(recognized(pinchHarness).contains("pinch[2]"))
        #expect(!recognized(pinchHarness).contains("pan[1]"))
    }

    @Test("a thumb that moves like a finger escapes: the recognizers see it land then")
    func escape() {
        var script = EventScript()
        script.frame(at: 0) { $0.slot(0).track(1).x(500).y(680) }
        for step in 1...30 { script.frame(at: 0.1 + Double(step) * 0.01) { $0.slot(0).x(Int32(500 + 10 * step)) } }
        script.frame(at: 0.5) { $0.slot(0).lift() }
        let (harness, frames) = run(script)
        #expect(frames[0].touches[0].rejection == .thumb)
        #expect(frames.last { !$0.touches.isEmpty }?.touches[0].rejection == nil)
        #expect(recognized(harness) == ["pan[1]"])
        #expect((harness.log.records.first { $0.recognizer == "pan" }?.time ?? 0) > 0.15)
    }

    @Test("MT_TOOL_PALM: a palm never reaches the recognizers; a finger turning into one is cancelled")
    func palms() {
        var script = EventScript()
        script.frame(at: 0) { $0.slot(0).track(1).abs(AbsCode.mtToolType, 2).x(300).y(300) }
        script.frame(at: 0.05) { $0.slot(0).lift() }
        let (harness, _) = run(script)
        #expect(harness.log.records.isEmpty)

        var turning = EventScript()
        turning.motion(from: [Point(x: 300, y: 300)], to: [Point(x: 300, y: 100)], start: 0, duration: 0.3, firstID: 1, lift: false)
        turning.frame(at: 0.35) { $0.slot(0).abs(AbsCode.mtToolType, 2).y(90) }
        turning.frame(at: 0.40) { $0.slot(0).y(80) }
        turning.frame(at: 0.45) { $0.slot(0).lift() }
        let (turned, frames) = run(turning)
        #expect(frames.first { $0.time == 0.35 }?.touches.first?.phase == .cancelled)
        #expect(turned.actions.filter { $0.hasPrefix("pan") }.last == "pan:cancelled")
    }
}
