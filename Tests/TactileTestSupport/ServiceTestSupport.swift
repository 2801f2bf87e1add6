// What the service tests share: a touchscreen, a sink that keeps what it is given, and a stream builder.
import Tactile
import TactileService
@_spi(Testing) import TactileSynthesis

/// A 200 × 100 mm touchscreen, 10 units per mm, with single-touch axes (as real panels have).
public let servicePanel = DeviceDescription(
    name: "Service Test Panel",
    properties: [InputProperty.direct],
    keys: [KeyCode.touch],
    axes: [
        AbsoluteAxis(code: AbsCode.x, minimum: 0, maximum: 1999, resolution: 10),
        AbsoluteAxis(code: AbsCode.y, minimum: 0, maximum: 999, resolution: 10),
        AbsoluteAxis(code: AbsCode.mtSlot, minimum: 0, maximum: 9),
        AbsoluteAxis(code: AbsCode.mtPositionX, minimum: 0, maximum: 1999, resolution: 10),
        AbsoluteAxis(code: AbsCode.mtPositionY, minimum: 0, maximum: 999, resolution: 10),
        AbsoluteAxis(code: AbsCode.mtTrackingID, minimum: 0, maximum: 65535),
    ]
)

/// A 256 × 160 mm touchscreen, 16 units per mm, as a USB panel reports it (the
/// testbed tests' device): `positionFuzz` on its multitouch positions, and `otherCodes`.
public func testbedPanel(name: String, positionFuzz: Int32 = 0, otherCodes: [EventCodeSet] = []) -> DeviceDescription {
    DeviceDescription(
        name: name, identity: DeviceIdentity(bustype: 0x03, vendor: 0x0eef, product: 0x790a, version: 0x0111),
        properties: [InputProperty.direct], keys: [KeyCode.touch],
        axes: [AbsoluteAxis(code: AbsCode.x, minimum: 0, maximum: 4095, resolution: 16),
               AbsoluteAxis(code: AbsCode.y, minimum: 0, maximum: 2559, resolution: 16),
               AbsoluteAxis(code: AbsCode.mtSlot, minimum: 0, maximum: 9),
               AbsoluteAxis(code: AbsCode.mtPositionX, minimum: 0, maximum: 4095, fuzz: positionFuzz, resolution: 16),
               AbsoluteAxis(code: AbsCode.mtPositionY, minimum: 0, maximum: 2559, fuzz: positionFuzz, resolution: 16),
               AbsoluteAxis(code: AbsCode.mtTrackingID, minimum: 0, maximum: 65535)],
        otherCodes: otherCodes)
}

/// What a ``ServiceDevice`` did with a stream: its sink, outputs, commands and reports.
@MainActor
public struct ServiceRun {
    public let sink: RecordingSink
    public let outputs: DeviceOutputs
    public let commands: RecordingCommandRunner
    public let reports: [String]

    /// Runs `events` of `device` under `config` as the service does (timers fired before each
    /// event due after them), then finishes `runOut` seconds after the last event; `transform`
    /// lays the device's surface on the screen (its output's turn).
    public init(device: DeviceDescription = servicePanel, config: GestureConfig, events: [InputEvent], axisValues: AxisValues = AxisValues(),
         runOut: Double = 1, focusedApp: (() -> FocusedApp?)? = nil, transform: SurfaceTransform = .identity) throws {
        sink = RecordingSink()
        let keyboard = try sink.create(.keyboard, name: "Tactile keyboard")
        outputs = try ServiceDevice.makeOutputs(for: device, config: config, sink: sink, keyboard: keyboard, passThrough: true)
        commands = RecordingCommandRunner()
        let service = ServiceDevice(description: device, config: config, sink: sink, outputs: outputs, commands: commands,
                                    axisValues: axisValues, transform: transform)
        var reports: [String] = []
        service.onReport = { reports.append($0.description) }
        service.focusedApp = focusedApp
        service.replay(events)
        service.finish(at: (events.last?.time ?? 0) + runOut)
        self.reports = reports
    }

    /// Every event written to `device` (none for a device not made).
    public func events(of device: VirtualDeviceID?) -> [InputEvent] {
        device.map { sink.events(of: $0) } ?? []
    }
}

/// Builds a touchscreen stream frame by frame in millimetres, on a ``FingerScript``: each
/// finger in the slot it is named by, tracking ids from 100, `BTN_TOOL_*` when `countsFingers`,
/// `ABS_MT_PRESSURE` when `pressure` is set.
public struct PanelStream {
    private var script: FingerScript?
    public var events: [InputEvent] { script?.events ?? [] }
    public var time = 1.0
    /// Device units per millimetre.
    public var unitsPerMillimetre = 10.0
    /// A touchpad's: `BTN_TOOL_FINGER` … `BTN_TOOL_QUINTTAP` follow the number of fingers down.
    public var countsFingers = false
    /// When set, each finger lands with this `ABS_MT_PRESSURE` (a touchpad's).
    public var pressure: Int32?

    public init(unitsPerMillimetre: Double = 10, time: Double = 1.0) {
        self.unitsPerMillimetre = unitsPerMillimetre
        self.time = time
    }

    /// What the stream's events declare: ten slots, `BTN_TOUCH`, the single-touch axes, and the finger counts and pressure asked for.
    private var device: DeviceDescription {
        let tools = [KeyCode.toolFinger, KeyCode.toolDoubleTap, KeyCode.toolTripleTap, KeyCode.toolQuadTap, KeyCode.toolQuintTap]
        return DeviceDescription(
            name: "Panel Stream", properties: [InputProperty.direct], keys: [KeyCode.touch] + (countsFingers ? tools : []),
            axes: [AbsoluteAxis(code: AbsCode.x, minimum: 0, maximum: 65535), AbsoluteAxis(code: AbsCode.y, minimum: 0, maximum: 65535),
                   AbsoluteAxis(code: AbsCode.mtSlot, minimum: 0, maximum: 9),
                   AbsoluteAxis(code: AbsCode.mtPositionX, minimum: 0, maximum: 65535),
                   AbsoluteAxis(code: AbsCode.mtPositionY, minimum: 0, maximum: 65535),
                   AbsoluteAxis(code: AbsCode.mtTrackingID, minimum: 0, maximum: 65535)]
                + (pressure == nil ? [] : [AbsoluteAxis(code: AbsCode.mtPressure, minimum: 0, maximum: 255)]))
    }

    private func finger(_ mm: (Double, Double), slot: Int) -> FingerScript.Finger {
        FingerScript.Finger(x: Int32((mm.0 * unitsPerMillimetre).rounded()), y: Int32((mm.1 * unitsPerMillimetre).rounded()),
                            pressure: pressure ?? 0, slot: slot)
    }

    /// One frame: fingers landing (`land`), moving to (`move`), lifting (`lift`), then the report; time advances by `step`.
    public mutating func frame(land: [Int: (Double, Double)] = [:], move: [Int: (Double, Double)] = [:], lift: [Int] = [], step: Double = 0.010) {
        var script = self.script ?? FingerScript(device: device, firstTrackingID: 100)
        for (slot, mm) in land { script.down(slot, finger(mm, slot: slot)) }
        for (slot, mm) in move where script.fingers[slot] != nil { script.down(slot, finger(mm, slot: slot)) }
        for slot in lift { script.up(slot) }
        script.frame(at: time)
        self.script = script
        time += step
    }

    /// A finger in `slot` moving in a straight line over `frames` frames.
    public mutating func stroke(slot: Int, from start: (Double, Double), to end: (Double, Double), frames: Int, lift: Bool = true) {
        frame(land: [slot: start])
        for index in 1...frames {
            let f = Double(index) / Double(frames)
            frame(move: [slot: (start.0 + (end.0 - start.0) * f, start.1 + (end.1 - start.1) * f)])
        }
        if lift { frame(lift: [slot]) }
    }

    /// Frames with nothing moving (a finger held), `duration` seconds long.
    public mutating func wait(_ duration: Double, slot: Int) {
        let end = time + duration
        while time < end {
            guard let position = script?.fingers[slot] else { return }
            // A real panel jitters by a unit now and then.
            let x = position.x + (Int32((time * 100).rounded()) % 2 == 0 ? 1 : -1)
            frame(move: [slot: (Double(x) / unitsPerMillimetre, Double(position.y) / unitsPerMillimetre)])
        }
    }
}

/// Frames of events written by hand, `step` seconds apart: each `frame` adds its events and their `SYN_REPORT`
/// (a ``FingerScript``'s raw frames).
public struct RawFrames {
    private var script = FingerScript(device: servicePanel)
    public var events: [InputEvent] { script.events }
    /// The next frame's time.
    public private(set) var time: Double
    public let step: Double

    public init(time: Double = 1, step: Double = 0.01) {
        self.time = time
        self.step = step
    }

    public mutating func frame(_ body: [(EventType, UInt16, Int32)]) {
        script.rawFrame(at: time, body)
        time += step
    }
}

/// Splits events into frames (each ending with its report).
public func frames(of events: [InputEvent]) -> [[InputEvent]] {
    var result: [[InputEvent]] = []
    var current: [InputEvent] = []
    for event in events {
        current.append(event)
        if event.isReport { result.append(current); current = [] }
    }
    if !current.isEmpty { result.append(current) }
    return result
}

/// The streams the service's tests of both targets (core and desktop side) replay.
extension PanelStream {
    /// A drag, a long press, an edge swipe, an edge tap, a three-finger swipe and a pinch on the 200 × 100 mm panel.
    public static func serviceScenario() -> PanelStream {
        var stream = PanelStream()
        stream.stroke(slot: 0, from: (60, 40), to: (100, 55), frames: 20)
        stream.time += 0.4
        stream.frame(land: [0: (120, 50)])
        stream.wait(0.9, slot: 0)
        stream.frame(lift: [0])
        stream.time += 0.4
        stream.stroke(slot: 0, from: (1.5, 60), to: (45, 62), frames: 12)
        stream.time += 0.4
        stream.frame(land: [0: (198.5, 30)])
        stream.frame(lift: [0])
        stream.time += 0.4
        stream.frame(land: [0: (120, 40), 1: (140, 42), 2: (160, 45)])
        for step in 1...12 {
            let dx = -Double(step) * 5
            stream.frame(move: [0: (120 + dx, 40), 1: (140 + dx, 42), 2: (160 + dx, 45)])
        }
        stream.frame(lift: [0, 1, 2])
        stream.time += 0.4
        stream.frame(land: [0: (90, 50), 1: (110, 50)])
        for step in 1...20 {
            let spread = Double(step) * 2
            stream.frame(move: [0: (90 - spread, 50), 1: (110 + spread, 50)])
        }
        stream.frame(lift: [0, 1])
        return stream
    }

    /// (`onePerFrame`: on one finger a frame, in turn, as a panel reporting only what changed does).
    public static func rest(_ stream: inout PanelStream, slots: [Int], at points: [Int: (Double, Double)], for duration: Double,
                     onePerFrame: Bool = false) {
        let end = stream.time + duration
        var flip = 0.0, turn = 0
        while stream.time < end {
            flip = flip == 0 ? 0.1 : 0
            var moves: [Int: (Double, Double)] = [:]
            let moving = onePerFrame ? [slots[turn % slots.count]] : slots
            turn += 1
            for slot in moving { if let point = points[slot] { moves[slot] = (point.0 + flip, point.1) } }
            stream.frame(move: moves)
        }
    }
}
