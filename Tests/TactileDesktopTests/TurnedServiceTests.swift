// A touchscreen whose output the desktop turns: its edges, swipes and clicks are the screen's as the person sees it.
import Tactile
@testable import TactileService
import TactileTestSupport
import Testing

/// The service's gestures on a turned output, in memory: the 200 × 100 mm
/// ``servicePanel`` under a left-edge swipe (the back key) and a long-press
/// right click, laid on the screen as each output transform says.
@MainActor @Suite struct TurnedServiceTests {
    /// The testbed tests' config: a long-press right click, a swipe in from the left edge (the back key).
    static let config = ServeTestbedTests.config

    static func loaded() throws -> GestureConfig {
        try #require(ConfigLoader.parse(config, file: "turned.toml").config)
    }

    /// The back key's presses and releases on the keyboard.
    static func backKeys(_ run: ServiceRun) -> [UInt16] {
        run.events(of: run.outputs.keyboard).filter { $0.type == .key }.map(\.code)
    }

    /// A swipe from `start` to `end` (millimetres on the panel as it was made).
    static func swipe(from start: (Double, Double), to end: (Double, Double)) -> [InputEvent] {
        var stream = PanelStream()
        stream.stroke(slot: 0, from: start, to: end, frames: 12)
        return stream.events
    }

    /// Where a long press at `point` (millimetres on the panel) clicks, in the pointer's units.
    static func click(at point: (Double, Double), transform: SurfaceTransform) throws -> (x: Int, y: Int) {
        var stream = PanelStream()
        stream.frame(land: [0: point])
        stream.wait(0.8, slot: 0)
        stream.frame(lift: [0])
        let run = try ServiceRun(config: try loaded(), events: stream.events, transform: transform)
        let pointer = run.events(of: run.outputs.pointer)
        #expect(pointer.filter { $0.type == .key }.map(\.code) == [KeyCode.buttonRight, KeyCode.buttonRight])
        let x = try #require(pointer.first { $0.type == .abs && $0.code == AbsCode.x }?.value)
        let y = try #require(pointer.first { $0.type == .abs && $0.code == AbsCode.y }?.value)
        return (Int(x), Int(y))
    }

    @Test func theProtocolsTransformsAreMuttersTouchMatrices() {
        // mutter's transform_matrices (meta-monitor-manager.c), indexed by MetaMonitorTransform: the protocol's numbers.
        let mutter: [[Double]] = [[1, 0, 0, 0, 1, 0], [0, -1, 1, 1, 0, 0], [-1, 0, 1, 0, -1, 1], [0, 1, 0, -1, 0, 1],
                                  [-1, 0, 1, 0, 1, 0], [0, 1, 0, 1, 0, 0], [1, 0, 0, 0, -1, 1], [0, -1, 1, -1, 0, 1]]
        for transform in OutputTransform.allCases {
            #expect(transform.surfaceTransform.values == mutter[transform.rawValue], "\(transform)")
            #expect(OutputTransform(name: transform.name) == transform)
        }
        #expect(OutputTransform.rotated90.surfaceTransform == .rotated(.clockwise90))
        // sway counts clockwise: its "90" is the protocol's 270 (what sway 1.7 tells wl_output clients).
        #expect(OutputTransform(swayName: "90") == .rotated270)
        #expect(OutputTransform(swayName: "270") == .rotated90)
        #expect(OutputTransform(swayName: "180") == .rotated180)
        #expect(OutputTransform(swayName: "flipped-90") == .flipped270)
        #expect(OutputTransform(swayName: "flipped") == .flipped)
        #expect(OutputTransform(swayName: "sideways") == nil)
        #expect(OutputTransform(wayland: 8) == nil)
    }

    @Test func onAnOutputTurned90TheLeftEdgeIsThePanelsBottomEdge() throws {
        let turned = OutputTransform.rotated90.surfaceTransform
        // Seen upright, the screen's left edge is the panel's bottom edge: a swipe up from it goes right.
        let fromSeenLeft = Self.swipe(from: (100, 99), to: (100, 60))
        #expect(Self.backKeys(try ServiceRun(config: try Self.loaded(), events: fromSeenLeft, transform: turned)) == [56, 105, 105, 56])
        // The panel's own left edge is the top as seen: a swipe from it is no back.
        let fromPanelLeft = Self.swipe(from: (1, 50), to: (40, 50))
        #expect(Self.backKeys(try ServiceRun(config: try Self.loaded(), events: fromPanelLeft, transform: turned)).isEmpty)
        // Upright, as before: the other way round.
        #expect(Self.backKeys(try ServiceRun(config: try Self.loaded(), events: fromPanelLeft)) == [56, 105, 105, 56])
        #expect(Self.backKeys(try ServiceRun(config: try Self.loaded(), events: fromSeenLeft)).isEmpty)
    }

    @Test func aCheckOfATurnedRecordingTurnsItsGestures() throws {
        // tactile check replays a recording mounted as it was made: the panel's bottom edge is the left as seen.
        func lines(_ transform: SurfaceTransform) throws -> [String] {
            var lines: [String] = []
            _ = ConfigCheck(config: try Self.loaded(), device: servicePanel, events: Self.swipe(from: (100, 99), to: (100, 60)),
                            transform: transform) { lines.append($0) }
            return lines
        }
        #expect(try lines(OutputTransform.rotated90.surfaceTransform).contains { $0.contains("back") })
        #expect(try !lines(.identity).contains { $0.contains("back") })
    }

    @Test func theRightClickLandsUnderTheFingerOnTheTurnedOutput() throws {
        // A press at 150 × 30 mm: fractions 0.75, 0.3 of the panel as made.
        let upright = try Self.click(at: (150, 30), transform: .identity)
        #expect(abs(upright.x - 1499) <= 2 && abs(upright.y - 300) <= 2, "\(upright)")
        // Turned 90° (wl_output 90): the output seen is 1 − 0.3 across and 0.75 down.
        let turned = try Self.click(at: (150, 30), transform: OutputTransform.rotated90.surfaceTransform)
        #expect(abs(turned.x - 1399) <= 2 && abs(turned.y - 749) <= 2, "\(turned)")
        // Upside down: 0.25 across, 0.7 down.
        let inverted = try Self.click(at: (150, 30), transform: OutputTransform.rotated180.surfaceTransform)
        #expect(abs(inverted.x - 500) <= 2 && abs(inverted.y - 699) <= 2, "\(inverted)")
        // Turned 270: 0.3 across, 0.25 down.
        let other = try Self.click(at: (150, 30), transform: OutputTransform.rotated270.surfaceTransform)
        #expect(abs(other.x - 600) <= 2 && abs(other.y - 250) <= 2, "\(other)")
    }

    @Test func aTurnWaitsUntilNoFingerIsDown() throws {
        let sink = RecordingSink()
        let config = try Self.loaded()
        let outputs = try ServiceDevice.makeOutputs(for: servicePanel, config: config, sink: sink, keyboard: nil, passThrough: true)
        let device = ServiceDevice(description: servicePanel, config: config, sink: sink, outputs: outputs, commands: RecordingCommandRunner())
        var stream = PanelStream()
        stream.frame(land: [0: (150, 30)])
        stream.wait(0.3, slot: 0)
        device.replay(stream.events)
        // Turned while the finger rests: the press finishes as it began.
        device.turn(to: OutputTransform.rotated90.surfaceTransform)
        #expect(device.transform == .identity)
        let held = stream.events.count
        stream.wait(0.5, slot: 0)
        stream.frame(lift: [0])
        device.replay(stream.events.dropFirst(held))
        #expect(device.transform == OutputTransform.rotated90.surfaceTransform)
        let first = sink.events(of: try #require(outputs.pointer)).first { $0.type == .abs && $0.code == AbsCode.x }?.value ?? -1
        #expect(abs(Int(first) - 1499) <= 2, "the press begun upright clicks upright: \(first)")
        // The next press is turned.
        var next = PanelStream(time: stream.time + 0.5)
        next.frame(land: [0: (150, 30)])
        next.wait(0.8, slot: 0)
        next.frame(lift: [0])
        device.replay(next.events)
        device.finish(at: next.time + 1)
        let xs = sink.events(of: try #require(outputs.pointer)).filter { $0.type == .abs && $0.code == AbsCode.x }.map(\.value)
        #expect(xs.count == 2 && abs(Int(xs.last ?? 0) - 1399) <= 2, "\(xs)")
    }
}
