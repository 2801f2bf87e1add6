// Thumbs and palms beside the real libinput: the same synthesized touchpad streams through both, the same decisions.
import Foundation
import Tactile
import TactileRecording
import TactileTestSupport
import Testing

/// Streams built from the physics of a touch (fingers on paths, in mm, a
/// frame every 10 ms, with the pressure, touch size, `BTN_TOUCH` and
/// `BTN_TOOL_*` a real touchpad sends) played to the real libinput on a
/// umockdev testbed (``LibinputRunner``) and through Tactile's standard
/// gestures: where libinput scrolls, Tactile pans with two fingers; where
/// libinput only moves the pointer, Tactile's pan keeps one; where libinput
/// says nothing (a palm), Tactile recognizes nothing.
@Suite(.serialized, .enabled(if: LibinputRunner.missing == nil, Comment(rawValue: LibinputRunner.missing ?? "")))
struct ThumbPalmLibinputTests {
    /// One finger: where it is, in mm from the pad's top-left corner, from landing to lifting.
    struct Finger {
        var landsAt: Double
        var liftsAt: Double
        var path: (Double) -> Point

        /// At `point`, moving at `velocity` (mm/s) from `start` to `end`.
        static func moving(from point: Point, velocity: Vector, start: Double, end: Double, landsAt: Double, liftsAt: Double) -> Finger {
            Finger(landsAt: landsAt, liftsAt: liftsAt) { time in
                let moved = min(max(time - start, 0), end - start)
                return Point(x: point.x + velocity.dx * moved, y: point.y + velocity.dy * moved)
            }
        }
    }

    /// What each side made of a stream.
    struct Verdict: Equatable, CustomStringConvertible {
        /// Two fingers scrolled (libinput's `POINTER_SCROLL_FINGER`; Tactile's pan of two).
        var scrolled: Bool
        /// Something followed a finger (libinput's pointer motion or scroll; Tactile's pan).
        var followed: Bool
        /// The first thing that followed the fingers was a scroll (no pointer motion before it; Tactile's pan began with two).
        var scrolledFirst = false
        var description: String { scrolledFirst ? "scroll from the start" : scrolled ? "scroll" : followed ? "pointer" : "nothing" }
    }

    /// The events `device` sends for `fingers`: finger i in slot i, tracking id i + 1.
    static func events(_ fingers: [Finger], device: DeviceDescription) -> [InputEvent] {
        let mapping = SurfaceMapping(device: device, screen: .standard)
        let tick = { (time: Double) in Int((time * 1000).rounded()) }
        guard let first = fingers.map({ tick($0.landsAt) }).min(), let last = fingers.map({ tick($0.liftsAt) }).max() else { return [] }
        let tools = [KeyCode.toolFinger, KeyCode.toolDoubleTap, KeyCode.toolTripleTap, KeyCode.toolQuadTap]
        let hasSize = device.axis(AbsCode.mtTouchMajor).map { $0.maximum > 1000 } ?? false
        var events: [InputEvent] = []
        var down = 0
        for now in stride(from: first, through: last, by: 10) {
            let time = 1 + Double(now) / 1000
            func add(_ type: EventType, _ code: UInt16, _ value: Int32) {
                events.append(InputEvent(time: time, type: type, code: code, value: value))
            }
            var position: (Int32, Int32)?
            var count = 0
            for (index, finger) in fingers.enumerated() where now >= tick(finger.landsAt) && now <= tick(finger.liftsAt) {
                add(.abs, AbsCode.mtSlot, Int32(index))
                if now == tick(finger.liftsAt) {
                    add(.abs, AbsCode.mtTrackingID, -1)
                    continue
                }
                let mm = finger.path(Double(now) / 1000)
                let x = Int32((Double(mapping.xAxis.minimum) + mm.x * mapping.unitsPerMillimetreX).rounded())
                let y = Int32((Double(mapping.yAxis.minimum) + mm.y * mapping.unitsPerMillimetreY).rounded())
                if now == tick(finger.landsAt) {
                    add(.abs, AbsCode.mtTrackingID, Int32(index + 1))
                    if device.axis(AbsCode.mtPressure) != nil { add(.abs, AbsCode.mtPressure, 60) }
                    if hasSize {
                        add(.abs, AbsCode.mtTouchMajor, 400)
                        add(.abs, AbsCode.mtTouchMinor, 300)
                    }
                }
                add(.abs, AbsCode.mtPositionX, x)
                add(.abs, AbsCode.mtPositionY, y)
                position = position ?? (x, y)
                count += 1
            }
            if let (x, y) = position {
                add(.abs, AbsCode.x, x)
                add(.abs, AbsCode.y, y)
                add(.abs, AbsCode.pressure, 60)
            }
            if count != down {
                if down == 0 { add(.key, KeyCode.touch, 1) }
                if count == 0 { add(.key, KeyCode.touch, 0) }
                if down > 0 { add(.key, tools[min(down, tools.count) - 1], 0) }
                if count > 0 { add(.key, tools[min(count, tools.count) - 1], 1) }
                down = count
            }
            add(.syn, SynCode.report, 0)
        }
        return events
    }

    static func libinput(_ lines: [String]) -> Verdict {
        let following = lines.filter { $0.contains("POINTER_MOTION") || $0.contains("POINTER_SCROLL_FINGER") }
        return Verdict(scrolled: following.contains { $0.contains("POINTER_SCROLL_FINGER") }, followed: !following.isEmpty,
                       scrolledFirst: following.first?.contains("POINTER_SCROLL_FINGER") == true)
    }

    static func tactile(_ events: [InputEvent], device: DeviceDescription) -> Verdict {
        let window = Window(screen: .standard)
        let gestures = StandardGestures(attachingTo: window)
        let pipeline = InputPipeline(device: device, window: window)
        var pans: [Int] = []
        pipeline.engine.onAction = { if $0.recognizer == "pan" { pans.append($0.touches) } }
        pipeline.process(events)
        pipeline.finishInput(at: (events.last?.time ?? 0) + 1)
        withExtendedLifetime(gestures) {}
        return Verdict(scrolled: pans.contains { $0 >= 2 }, followed: !pans.isEmpty, scrolledFirst: (pans.first ?? 0) >= 2)
    }

    /// Both sides' verdicts on `fingers`, and libinput's expected one; the
    /// tool's result for the stream (``LibinputRunner/compare(device:events:)``).
    @discardableResult
    static func compare(_ fingers: [Finger], on device: DeviceDescription, expected: Verdict, _ label: String) throws -> [String: Any] {
        let stream = events(fingers, device: device)
        let (lines, result) = try LibinputRunner.compare(device: device, events: stream)
        let real = libinput(lines), ours = tactile(stream, device: device)
        #expect(real == expected, "\(label): libinput \(real)")
        #expect(ours == real, "\(label): Tactile \(ours), libinput \(real)")
        return result
    }

    nonisolated static let pads = [TestDevices.litestSynapticsRMI4, TestDevices.litestBCM5974]

    @Test("two touches landing 200 ms apart in the thumb band, then moving up: a scroll from the start, no pointer motion before it", arguments: pads)
    func twoInTheBand(device: DeviceDescription) throws {
        let size = SurfaceMapping(device: device, screen: .standard).surfaceSize
        let fingers = [-12.0, 12.0].enumerated().map { index, dx in
            Finger.moving(from: Point(x: size.width / 2 + dx, y: size.height - 2), velocity: Vector(dx: 0, dy: -40),
                          start: 0.35, end: 0.65, landsAt: index == 0 ? 0 : 0.2, liftsAt: 0.75)
        }
        let expected = Verdict(scrolled: true, followed: true, scrolledFirst: true)
        let result = try Self.compare(fingers, on: device, expected: expected, device.name)
        // On time: the pan begins within 30 ms of libinput's scroll (the tool's measure, ms after the first touch).
        let scroll = Self.firstMilliseconds(result, "libinput", "events", "scroll")
        let pan = Self.firstMilliseconds(result, "tactile", "recognizers", "pan")
        #expect(pan <= scroll + 30, "\(device.name): pan at \(pan) ms, libinput's scroll at \(scroll) ms")
    }

    /// `result[side][group][name].first_ms`, or infinity.
    static func firstMilliseconds(_ result: [String: Any], _ side: String, _ group: String, _ name: String) -> Double {
        let entry = ((result[side] as? [String: Any])?[group] as? [String: Any])?[name] as? [String: Any]
        return (entry?["first_ms"] as? Double) ?? .infinity
    }

    @Test("a finger landing while another moves at 60 mm/s: far beside it (level, 55 mm), the pointer only; near (20 mm), a scroll",
          arguments: pads, [55.0, 20.0])
    func besideAFastFinger(device: DeviceDescription, beside: Double) throws {
        // The first finger goes right at 60 mm/s and stops as the second lands; then both move up together.
        let first = Finger(landsAt: 0, liftsAt: 0.6) { time in
            time <= 0.3 ? Point(x: 12 + 60 * time, y: 25) : Point(x: 30, y: 25 - 40 * min(max(time - 0.35, 0), 0.2))
        }
        let second = Finger.moving(from: Point(x: 30 + beside, y: 25), velocity: Vector(dx: 0, dy: -40), start: 0.35, end: 0.55,
                                   landsAt: 0.3, liftsAt: 0.6)
        try Self.compare([first, second], on: device, expected: Verdict(scrolled: beside < 35, followed: true),
                         "\(device.name), \(beside) mm")
    }

    @Test("a touch landing 3 mm from the left or right edge: sliding along it, a palm (nothing); moving inward at once, the pointer",
          arguments: [false, true], [false, true])
    func palmAtTheEdge(right: Bool, inward: Bool) throws {
        let device = TestDevices.litestSynapticsRMI4
        let size = SurfaceMapping(device: device, screen: .standard).surfaceSize
        let x = right ? size.width - 3 : 3
        let velocity = inward ? Vector(dx: right ? -80 : 80, dy: 0) : Vector(dx: 0, dy: 40)
        let finger = Finger.moving(from: Point(x: x, y: 15), velocity: velocity, start: 0.02, end: 0.3, landsAt: 0, liftsAt: 0.4)
        try Self.compare([finger], on: device, expected: Verdict(scrolled: false, followed: inward),
                         "\(right ? "right" : "left") edge, \(inward ? "inward" : "along")")
    }
}
