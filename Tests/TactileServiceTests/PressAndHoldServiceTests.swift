// The default right click is a press-and-hold: a press held and lifted in place clicks, a press held and dragged stays the app's drag.
import Tactile
import TactileService
import TactileTestSupport
import Testing

@Suite struct PressAndHoldServiceTests {
    @Test func aPressHeldThenDraggedReachesTheAppUntouched() throws {
        var stream = PanelStream()
        stream.frame(land: [0: (60, 40)])
        stream.wait(0.9, slot: 0)
        for step in 1...40 { stream.frame(move: [0: (60 + Double(step) * 2, 40 + Double(step) * 0.5)]) }   // selecting text: 80 mm
        stream.frame(lift: [0])
        let run = try ServiceRun(config: ConfigLoader.defaultConfig, events: stream.events)
        #expect(run.reports.isEmpty, "\(run.reports)")
        #expect(run.events(of: run.outputs.touchCopy) == stream.events, "the drag goes on byte for byte")
        #expect(run.events(of: run.outputs.pointer).isEmpty)
    }

    @Test func aPressHeldAndLiftedInPlaceIsARightClickThereAndACancel() throws {
        var stream = PanelStream()
        stream.frame(land: [0: (120, 40)])
        stream.wait(0.8, slot: 0)
        stream.frame(lift: [0])
        let run = try ServiceRun(config: ConfigLoader.defaultConfig, events: stream.events)
        #expect(run.reports.count == 3, "\(run.reports)")
        #expect(run.reports.first?.contains("right click takes slot 0 from the app") == true)
        // The app saw the whole hold, then the touch cancelled (not lifted): no left click where it rested.
        let copy = frames(of: run.events(of: run.outputs.touchCopy))
        let palm = try #require(copy.firstIndex { $0.contains { $0.code == AbsCode.mtToolType && $0.value == 2 } })
        #expect(palm == copy.count - 3)
        #expect(copy[palm + 1].contains { $0.code == AbsCode.mtTrackingID && $0.value == -1 })
        #expect(Array(copy.prefix(palm).joined()) == Array(stream.events.prefix(copy.prefix(palm).joined().count)))
        let clicks = run.events(of: run.outputs.pointer).filter { $0.type == .key }
        #expect(clicks.map(\.code) == [KeyCode.buttonRight, KeyCode.buttonRight])
        let x = try #require(run.events(of: run.outputs.pointer).first { $0.code == AbsCode.x }?.value)
        #expect(abs(Int(x) - 1200) <= 2, "clicked at x \(x)")
    }

    @Test func aShortPressIsATapForTheApp() throws {
        var stream = PanelStream()
        stream.frame(land: [0: (120, 40)])
        stream.wait(0.3, slot: 0)
        stream.frame(lift: [0])
        let run = try ServiceRun(config: ConfigLoader.defaultConfig, events: stream.events)
        #expect(run.reports.isEmpty, "\(run.reports)")
        #expect(run.events(of: run.outputs.touchCopy) == stream.events)
    }
}
