// tactile serve where the compositor drops the touch cancel: the claimed touch is lifted by the live loop's own deadline.
import Foundation
import Tactile
import TactileService
import TactileTestSupport
import Testing

extension ServeTestbedTests {
    @Test func aClaimedSwipeIsLiftedAtRestByTheLoopsDeadline() throws {
        // The edge swipe of a zone that does not hold, under claimed-touch-end = "lift" (as sway 1.7 needs):
        // the finger lifts right after the claim, so the copy's lift is due with no frame coming.
        let config = Self.config.replacingOccurrences(of: "depth = \"5mm\"", with: "depth = \"5mm\"\nhold = false")
            .replacingOccurrences(of: "kinds = [\"touchscreen\"]", with: "kinds = [\"touchscreen\"]\nclaimed-touch-end = \"lift\"")
        var stream = PanelStream(unitsPerMillimetre: 16, time: 0.5)
        stream.stroke(slot: 0, from: (2, 100), to: (60, 102), frames: 12)
        let served = try serve(stream.events, config: config)
        #expect(served.output.status == 0, "\(served.output.standardError)")
        // The log says which way, and why.
        #expect(served.output.standardError.contains("a touch taken after the app saw it is lifted once at rest: claimed-touch-end = \"lift\" in [devices] of "),
                "\(served.output.standardError)")
        let copy = try #require(served.devices.first { $0.name == Self.panel.name })
        let stamped = copy.stampedEvents
        #expect(!stamped.contains { $0.code == AbsCode.mtToolType && $0.value == 2 }, "no palm")
        let lift = try #require(stamped.first { $0.code == AbsCode.mtTrackingID && $0.value == -1 })
        let lastMotion = try #require(stamped.last { $0.code == AbsCode.mtPositionX && $0.time < lift.time })
        // The testbed hands serve the whole stream at once, while serve keeps the events' own times: the
        // lift is due 200 ms after the last motion in those times, about 0.1 s after the stream's end,
        // and it is written when that deadline fires, with no frame coming (an immediate lift would be
        // written with the motion, within a millisecond).
        #expect(lift.time - lastMotion.time >= 0.05, "lift \(lift.time - lastMotion.time) s after the last motion")
        if LibinputRunner.missing == nil {
            let lines = try Self.libinputLines(of: copy)
            #expect(lines.contains { $0.contains("TOUCH_UP") } && !lines.contains { $0.contains("TOUCH_CANCEL") }, "\(lines)")
        }
    }
}
