// What a plot keeps stays bounded: timeline rows merge finer than their quantum once long, and a recording of millions of events makes a picture of megabytes.
import Foundation
@testable import Tactile
@testable import TactilePlot
import TactileTestSupport
import Testing

@Suite struct PlotBoundsTests {
    @Test func aLongRowMergesWhatIsCloseAndKeepsItsExtent() {
        var row = TimelineRow(limit: 100)
        // 10 000 spans of 0.5 ms, 1 ms apart, and a failure mark each.
        for index in 0..<10_000 {
            let start = Double(index) * 0.001
            row.add(TimelineSpan(start: start, end: start + 0.0005, kind: .tracking))
            row.add(TimelineMark(time: start + 0.0005, kind: .failed, note: "failed \(index)"))
        }
        #expect(row.spans.count <= 100 && row.marks.count <= 100)
        #expect(row.quantum > 0)
        #expect(row.spans.first?.start == 0)
        #expect(abs((row.spans.map(\.end).max() ?? 0) - 9.9995) < 1e-9)
        #expect(row.spans.reduce(0) { $0 + $1.count } == 10_000, "every span is counted in one that holds it")
        #expect(row.marks.reduce(0) { $0 + $1.count } == 10_000)
        #expect(row.marks.first?.note == "failed 0")
        // Spans of different kinds do not merge into each other.
        var mixed = TimelineRow(limit: 100)
        mixed.add(TimelineSpan(start: 0, end: 1, kind: .tracking))
        mixed.add(TimelineSpan(start: 1, end: 2, kind: .inProgress))
        mixed.add(TimelineSpan(start: 2, end: 3, kind: .tracking))
        #expect(mixed.spans.map(\.kind) == [.tracking, .inProgress, .tracking])
    }

    /// Half a million frames, about two million events: a finger wandering
    /// over the whole pad, lifting every 200 frames, with the standard set's
    /// fifteen recognizers bound to each touch and a pan's action each frame.
    @Test func twoMillionEventsMakeAPictureOfAFewMegabytes() throws {
        let frames = 500_000
        var plot = GesturePlot(device: TestDevices.touchpad, screen: .standard, title: "long")
        let names = ["tap", "twoFingerTap", "threeFingerTap", "doubleTap", "twoFingerDoubleTap", "threeFingerDoubleTap",
                     "longPress", "hold", "swipe", "swipe2", "swipe3", "swipe4", "pan", "pinch", "rotation"]
        var random = SplitMix(seed: 7)
        var position = Point(x: 50, y: 25)
        var id: UInt64 = 0
        var touch: Touch?
        for index in 0..<frames {
            let time = Double(index) * 0.008
            position.x = min(99, max(0, position.x + (Double(random.next() % 1000) / 1000 - 0.5) * 0.8))
            position.y = min(49, max(0, position.y + (Double(random.next() % 1000) / 1000 - 0.5) * 0.8))
            if var current = touch {
                current.surfaceLocation = position
                current.timestamp = time
                current.phase = index % 200 == 199 ? .ended : .moved
                plot.add(TouchFrame(time: time, touches: [current], fingerCount: current.phase == .ended ? 0 : 1))
                plot.addAction(recognizer: "pan", state: .changed, time: time, location: Point(x: 100, y: 100))
                touch = current.phase == .ended ? nil : current
                if current.phase == .ended {
                    for name in names where name != "pan" {
                        plot.add(GestureTraceEvent(time: time, recognizer: name, view: "window",
                                                   step: .transition(from: .possible, to: .failed, reason: nil)))
                    }
                    plot.add(GestureTraceEvent(time: time, recognizer: "pan", view: "window",
                                               step: .transition(from: .changed, to: .ended, reason: nil)))
                }
            } else {
                id += 1
                let landed = Touch(id: TouchID(rawValue: id), slot: 0, trackingID: Int32(id), phase: .began, location: .zero,
                                   surfaceLocation: position, timestamp: time, beganAt: time)
                touch = landed
                plot.add(TouchFrame(time: time, touches: [landed], fingerCount: 1))
                plot.add(GestureTraceEvent(time: time, recognizer: "", view: "window", step: .touchBound(landed.id, recognizers: names)))
                plot.add(GestureTraceEvent(time: time + 0.05, recognizer: "pan", view: "window",
                                           step: .transition(from: .possible, to: .began, reason: nil)))
            }
        }
        let svg = plot.svg()
        let megabytes = Double(svg.utf8.count) / 1_000_000
        #expect(megabytes < 25, "\(megabytes) MB")
        for row in plot.recognizers.rows {
            #expect(row.row.spans.count <= row.row.limit && row.row.marks.count <= row.row.limit, "\(row.name)")
        }
        #expect(plot.touchCount == 2500)
        let parsed = try SVGStructure(svg)
        #expect(parsed.elements(class: "touch").filter { $0.name == "path" }.count == 2500)
        // Every pixel of the timeline holds at most a few marks of a kind.
        let pan = parsed.elements(class: "recognizer").first { SVGStructure.attribute($0, "data-name") == "pan" }
        let changed = pan.map { parsed.elements(class: "mark action-changed", in: $0).count } ?? 0
        #expect(changed > 0 && changed <= 1000, "\(changed) changed marks")
    }
}
