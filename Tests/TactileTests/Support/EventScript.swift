// EventScript: event streams built by hand, frame by frame, for the engine tests.
import Tactile

/// Builds event streams by hand: `script.frame(at: 0.01) { $0.slot(0).track(7).x(100).y(200) }`.
struct EventScript {
    private(set) var events: [InputEvent] = []
    private var time = 0.0

    /// Events of one frame at `time`, closed by `SYN_REPORT`.
    @discardableResult
    mutating func frame(at time: Double, _ build: (FrameBuilder) -> Void = { _ in }) -> EventScript {
        self.time = time
        let builder = FrameBuilder(time: time)
        build(builder)
        events += builder.events
        events.append(InputEvent(time: time, type: .syn, code: SynCode.report, value: 0))
        return self
    }

    /// A raw event, not closed by a report.
    mutating func raw(_ type: EventType, _ code: UInt16, _ value: Int32, at time: Double) {
        events.append(InputEvent(time: time, type: type, code: code, value: value))
    }
}

/// Collects one frame's events; methods chain.
final class FrameBuilder {
    let time: Double
    var events: [InputEvent] = []

    init(time: Double) { self.time = time }

    @discardableResult
    func abs(_ code: UInt16, _ value: Int32) -> FrameBuilder {
        events.append(InputEvent(time: time, type: .abs, code: code, value: value))
        return self
    }

    @discardableResult
    func key(_ code: UInt16, _ value: Int32) -> FrameBuilder {
        events.append(InputEvent(time: time, type: .key, code: code, value: value))
        return self
    }

    @discardableResult
    func slot(_ slot: Int32) -> FrameBuilder { abs(AbsCode.mtSlot, slot) }
    @discardableResult
    func track(_ id: Int32) -> FrameBuilder { abs(AbsCode.mtTrackingID, id) }
    @discardableResult
    func lift() -> FrameBuilder { abs(AbsCode.mtTrackingID, -1) }
    @discardableResult
    func x(_ value: Int32) -> FrameBuilder { abs(AbsCode.mtPositionX, value) }
    @discardableResult
    func y(_ value: Int32) -> FrameBuilder { abs(AbsCode.mtPositionY, value) }
    @discardableResult
    func dropped() -> FrameBuilder {
        events.append(InputEvent(time: time, type: .syn, code: SynCode.dropped, value: 0))
        return self
    }
}

extension TouchAssembler {
    /// Assembles a whole script.
    mutating func frames(_ script: EventScript) -> [TouchFrame] { process(script.events) }
}

extension TouchFrame {
    /// (slot, phase) pairs, for compact assertions.
    var phases: [String] { touches.map { "\($0.slot):\($0.phase.rawValue)" } }
}

extension Point {
    /// Equal within `tolerance` on both axes.
    func isClose(to other: Point, tolerance: Double = 1e-9) -> Bool {
        abs(x - other.x) <= tolerance && abs(y - other.y) <= tolerance
    }
}
