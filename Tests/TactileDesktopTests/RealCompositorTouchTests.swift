// A claimed touch ends for the app on Debian 12's real sway and phoc: the service's copy read by the compositor's own libinput, wev listening.
import Foundation
import Tactile
import TactileService
import TactileTestSupport
import Testing

/// Debian 12's sway 1.7 and phoc 0.24 (wlroots 0.15) drop libinput's touch
/// cancel: these tests run the service over a scenario, feed the copy it
/// writes to the real compositor (``CompositorTouchRunner``), and read what
/// the Wayland client `wev` got for each touch.
@Suite(.serialized, .enabled(if: CompositorTouchRunner.available("sway") && CompositorTouchRunner.available("phoc"),
                             "sway, phoc, wev or umockdev is not installed"))
struct RealCompositorTouchTests {
    static let panel = ServeTestbedTests.panel

    static let config = """
        [[gesture]]
        name = "right click"
        recognizer = "press-and-hold"
        minimum-press-duration = 0.6
        ended = { click = "right" }

        [[gesture]]
        name = "next"
        recognizer = "swipe"
        direction = "right"
        ended = { key = "alt+Right" }

        [[gesture]]
        name = "zoom"
        recognizer = "pinch"
        [gesture.step]
        every = 0.25
        increase = { key = "ctrl+plus" }
        decrease = { key = "ctrl+minus" }
        """

    /// A drag down (no gesture takes it), a press held and lifted in place (the right click takes it at the lift),
    /// a stroke right (the swipe takes it while it moves), two fingers spreading (the pinch takes them at its first step).
    static func scenario() -> [InputEvent] {
        var stream = PanelStream(unitsPerMillimetre: 16, time: 0.5)
        stream.stroke(slot: 0, from: (60, 30), to: (62, 110), frames: 25)
        stream.time += 0.3
        stream.frame(land: [0: (128, 60)])
        stream.wait(0.9, slot: 0)
        stream.frame(lift: [0])
        stream.time += 0.3
        stream.stroke(slot: 0, from: (40, 100), to: (200, 102), frames: 16)
        stream.time += 0.5
        stream.frame(land: [0: (110, 80), 1: (150, 80)])
        for step in 1...20 {
            let spread = Double(step) * 2
            stream.frame(move: [0: (110 - spread, 80), 1: (150 + spread, 80)])
        }
        stream.frame(lift: [0, 1])
        return stream.events
    }

    /// What `compositor`'s client gets from the service's copy of ``scenario()``, claimed touches ending as `end` says.
    func touches(on compositor: String, end: ClaimedTouchEnd) throws -> (touches: [CompositorTouchRunner.Touch], reports: [String]) {
        var config = try #require(ConfigLoader.parse(Self.config, file: "g.toml").config)
        config.claimedTouchEnd = .configured(end, file: "g.toml")
        let run = try ServiceRun(device: Self.panel, config: config, events: Self.scenario())
        let copy = VirtualDeviceTemplate.touchCopy(of: Self.panel).description(name: Self.panel.name)
        let events = try CompositorTouchRunner.events(compositor: compositor, device: copy, events: run.events(of: run.outputs.touchCopy))
        return (CompositorTouchRunner.touches(events), run.reports)
    }

    @Test(arguments: ["sway", "phoc"])
    func everyClaimedTouchIsLiftedAtRestForTheApp(compositor: String) throws {
        let (touches, reports) = try touches(on: compositor, end: .lift)
        #expect(reports.filter { $0.contains("from the app") }.count == 3, "\(reports)")
        try #require(touches.count == 5, "\(touches.map { ($0.id, $0.motions.count, $0.end?.event ?? "none") })")
        // Every touch ends, as a lift: none is left down, none cancelled.
        for touch in touches { #expect(touch.end?.event == "up", "touch \(touch.id): \(touch.end?.event ?? "never ended")") }
        let drag = touches[0], hold = touches[1], swipe = touches[2]
        // The drag passed whole; the hold rested 0.9 s (jittering by a unit) and lifted with the finger.
        #expect(drag.motions.count >= 20, "\(drag.motions.count) motions")
        let held = (hold.end?.time ?? 0) - (hold.down.time ?? 0)
        #expect(held >= 900 && held < 1000, "held \(held) ms")
        // The swipe stopped where the app saw it last, then lifted a full rest later: no fling to read.
        #expect(swipe.motions.count < 16, "\(swipe.motions.count) motions")
        let rest = (swipe.end?.time ?? 0) - (swipe.motions.last?.time ?? swipe.down.time ?? 0)
        #expect(rest >= 195, "lifted \(rest) ms after its last motion")
        // The pinch's two fingers lift together.
        #expect(touches[3].end?.time == touches[4].end?.time)
    }

    @Test(arguments: ["sway", "phoc"])
    func theCancelAloneLeavesTheAppsFingerDown(compositor: String) throws {
        // What the lift is for: libinput reports the palm frames as TOUCH_CANCEL, and wlroots 0.15 drops it.
        let (touches, _) = try touches(on: compositor, end: .cancel)
        try #require(touches.count == 5, "\(touches.map { ($0.id, $0.motions.count, $0.end?.event ?? "none") })")
        #expect(touches[0].end?.event == "up")
        for touch in touches.dropFirst() { #expect(touch.end == nil, "touch \(touch.id) ended: \(touch.end?.event ?? "")") }
    }
}
