// EventScript: event streams built by hand, frame by frame, for the engine tests.
import Tactile
@_spi(Testing) import TactileSynthesis
import TactileTestSupport

/// Builds event streams by hand: `script.frame(at: 0.01) { $0.slot(0).track(7).x(100).y(200) }`.
/// The frames are a ``FingerScript``'s raw ones: exactly the events written, for the streams the
/// kernel never sends (a slot without a tracking id, `SYN_DROPPED`, repeated values) that the
/// engine must survive. Streams of fingers down, moving and up are the script's own frames.
struct EventScript {
    private var script = FingerScript(device: TestDevices.touchscreen)
    var events: [InputEvent] { script.events }

    /// Events of one frame at `time`, closed by `SYN_REPORT`.
    @discardableResult
    mutating func frame(at time: Double, _ build: (FrameBuilder) -> Void = { _ in }) -> EventScript {
        let builder = FrameBuilder()
        build(builder)
        script.rawFrame(at: time, builder.body)
        return self
    }

    /// A raw event, not closed by a report.
    mutating func raw(_ type: EventType, _ code: UInt16, _ value: Int32, at time: Double) {
        script.raw([InputEvent(time: time, type: type, code: code, value: value)])
    }
}

/// Collects one frame's events; methods chain.
final class FrameBuilder {
    var body: [(EventType, UInt16, Int32)] = []

    @discardableResult
    func abs(_ code: UInt16, _ value: Int32) -> FrameBuilder {
        body.append((.abs, code, value))
        return self
    }

    @discardableResult
    func key(_ code: UInt16, _ value: Int32) -> FrameBuilder {
        body.append((.key, code, value))
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
        body.append((.syn, SynCode.dropped, 0))
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
