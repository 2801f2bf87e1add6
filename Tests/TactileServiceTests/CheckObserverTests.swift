// A check watched as it runs (what tactile check --plot draws): frames, trace, reports, and the fingers held back from the app.
import Tactile
import TactileService
import TactileTestSupport
import Testing

@MainActor
@Suite struct CheckObserverTests {
    final class Seen {
        var frames = 0
        var touches: Set<TouchID> = []
        var traces = 0
        var reports: [ServiceReport] = []
        var holds: [TouchHold] = []
        var lines: [String] = []
    }

    func watch(_ config: GestureConfig, events: [InputEvent]) -> (check: ConfigCheck, seen: Seen) {
        let seen = Seen()
        let observer = CheckObserver(
            onFrame: { frame in
                seen.frames += 1
                for touch in frame.touches { seen.touches.insert(touch.id) }
            },
            onTrace: { _ in seen.traces += 1 },
            onReport: { seen.reports.append($0) },
            onHold: { seen.holds.append($0) })
        let check = ConfigCheck(config: config, device: servicePanel, events: events, observer: observer) { seen.lines.append($0) }
        return (check, seen)
    }

    @Test func theObserverSeesWhatTheLinesSayAndTheHoldsTheyDoNot() throws {
        let config = ConfigLoader.defaultConfig
        let events = PanelStream.serviceScenario().events
        let (check, seen) = watch(config, events: events)
        // Every report is a line, in order, timed from the first event.
        let origin = try #require(events.first?.time)
        #expect(check.lineCount == seen.reports.count)
        #expect(seen.lines == seen.reports.map { $0.line(since: origin) })
        // The edge swipe and the edge tap landed in holding zones: each was held, the swipe taken by back, the tap let go on.
        #expect(seen.holds.map(\.zone) == ["left-edge", "right-edge"])
        #expect(seen.holds.allSatisfy { seen.touches.contains($0.touch) && $0.slot == 0 })
        let released = seen.reports.compactMap { report -> Double? in
            if case .released(_, "right-edge", let time, let heldFor) = report { return time - heldFor }
            return nil
        }
        #expect(released.count == 1 && abs(released[0] - seen.holds[1].time) < 1e-9, "a release ends the hold that began when the finger landed")
        #expect(seen.reports.contains { if case .claimed("back", [0], _) = $0 { true } else { false } })
        #expect(seen.frames > 50 && seen.traces > 0)
        // A frame for every touch the scenario's fingers made (each lands with a tracking id of its own).
        let landings = events.filter { $0.type == .abs && $0.code == AbsCode.mtTrackingID && $0.value >= 0 }.count
        #expect(seen.touches.count == landings)
    }

    @Test func nothingIsHeldWhenTheConfigGrabsNothing() throws {
        var config = ConfigLoader.defaultConfig
        config.devices.grab = false
        let (_, seen) = watch(config, events: PanelStream.serviceScenario().events)
        #expect(seen.holds.isEmpty)
        #expect(!seen.reports.contains { if case .claimed = $0 { true } else { false } })
    }
}
