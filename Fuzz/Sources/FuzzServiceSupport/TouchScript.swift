// Touches decoded from bytes into the frames a well-behaved multitouch device sends.
#if canImport(Glibc)
import Glibc
#endif
import FuzzSupport
import Tactile
@_spi(Testing) import TactileSynthesis

/// A touch script: operations on fingers, turned into evdev frames as the
/// kernel sends them by TactileSynthesis's ``FingerScript`` (each finger in
/// the slot it is named by, as a driver numbering its contacts reports it):
/// only changed values, the slot selected before them, then `BTN_TOUCH`, the
/// finger counts and the single-touch axes, `SYN_REPORT`. So `BTN_TOUCH`
/// always matches the contacts, and gestures are made often.
///
/// An operation is a byte, `kind = op & 7`, `arg = op >> 3` (0…31):
///
/// - 0 land: a finger in slot `arg % slots` (`arg & 16`: as `MT_TOOL_PALM`
///   when the device has `ABS_MT_TOOL_TYPE`) at x, y (two bytes, see ``coordinate``);
/// - 1 move: the finger in slot `arg % slots` by dx, dy (two `Int8`s, 1/512 of the range each);
/// - 2 lift: the finger in slot `arg % slots`;
/// - 3 frame: a frame after `arg * 4 + 1` ms;
/// - 4 wait: `arg * 50` ms pass (timers fire before the next frame);
/// - 5 drag: every finger by dx, dy per frame, `arg + 1` frames 8 ms apart;
/// - 6 spread and turn: every finger away from their centre by `Int8` 1/64ths
///   and round it by `Int8` degrees per frame, `arg + 1` frames 8 ms apart;
/// - 7 raw: one event as the raw mode's (7 bytes), in the frame being built.
package struct TouchScript {
    package struct Finger {
        /// Which landing this is (a new one each time a finger lands), -1 when the slot holds none.
        package var id: Int32 = -1
        package var x: Int64 = 0, y: Int64 = 0
        package var tool: Int32 = 0

        package init(id: Int32 = -1, x: Int64 = 0, y: Int64 = 0, tool: Int32 = 0) {
            self.id = id
            self.x = x
            self.y = y
            self.tool = tool
        }
    }

    package let device: DeviceDescription
    package let xRange: ClosedRange<Int64>, yRange: ClosedRange<Int64>
    package let slotCount: Int
    package let hasToolType: Bool, hasPressure: Bool
    package var fingers: [Finger]
    /// The kernel's side: the frames of the fingers, and the raw events among them.
    var kernel: FingerScript
    /// The slot the device's next per-slot events apply to (-1: named in the next frame whatever it is).
    package var sentSlot: Int {
        get { kernel.currentSlot }
        set { kernel.currentSlot = newValue }
    }
    package var nextID: Int32 = 1
    package var microseconds: Int64 = 1_000_000
    /// Raw events of the frame being built.
    var pending: [InputEvent] = []
    package var events: [InputEvent] { kernel.events }

    package init(device: DeviceDescription, startingSlot: Int) {
        self.device = device
        func range(_ code: UInt16) -> ClosedRange<Int64> {
            guard let axis = device.axis(code) else { return 0...0 }
            let a = Int64(axis.minimum), b = Int64(axis.maximum)
            return min(a, b)...max(a, b)
        }
        xRange = range(AbsCode.mtPositionX)
        yRange = range(AbsCode.mtPositionY)
        slotCount = max(1, device.slotCount)
        hasToolType = device.axis(AbsCode.mtToolType) != nil
        hasPressure = device.axis(AbsCode.mtPressure) != nil
        fingers = Array(repeating: Finger(), count: slotCount)
        kernel = FingerScript(device: device, firstTrackingID: 1, currentSlot: startingSlot)
    }

    /// A coordinate from a byte: 0xC0 and above snap near the minimum (bit 5
    /// clear) or the maximum (set), within 31/1024 of the range; below, spread
    /// over the whole range.
    static func coordinate(_ byte: UInt8, in range: ClosedRange<Int64>) -> Int64 {
        let span = range.upperBound - range.lowerBound
        if byte >= 0xC0 {
            let offset = Int64(byte & 0x1F) * (span / 1024)
            return byte & 0x20 == 0 ? range.lowerBound + offset : range.upperBound - offset
        }
        return range.lowerBound + Int64(byte) * (span / 0xBF)
    }

    package static func decode(device: DeviceDescription, startingSlot: Int, _ input: inout FuzzCursor, maximumEvents: Int) -> [InputEvent] {
        decodeScript(device: device, startingSlot: startingSlot, &input, maximumEvents: maximumEvents).events
    }

    /// The script the input describes, to go on from (its fingers, its clock).
    package static func decodeScript(device: DeviceDescription, startingSlot: Int, _ input: inout FuzzCursor, maximumEvents: Int) -> TouchScript {
        var script = TouchScript(device: device, startingSlot: startingSlot)
        while !input.isAtEnd, script.events.count < maximumEvents {
            let op = input.byte()
            let arg = Int(op >> 3)
            switch op & 7 {
            case 0:
                let slot = arg % script.slotCount
                let x = coordinate(input.byte(), in: script.xRange), y = coordinate(input.byte(), in: script.yRange)
                script.fingers[slot] = Finger(id: script.nextID, x: x, y: y, tool: script.hasToolType && arg & 16 != 0 ? 2 : 0)
                script.nextID = script.nextID % 65535 + 1
            case 1:
                let slot = arg % script.slotCount
                let dx = input.byte(), dy = input.byte()
                script.move(slot, dx: dx, dy: dy)
            case 2:
                script.fingers[arg % script.slotCount].id = -1
            case 3:
                script.frame(after: Int64(arg) * 4_000 + 1_000)
            case 4:
                script.microseconds += Int64(arg) * 50_000
            case 5:
                let dx = input.byte(), dy = input.byte()
                for _ in 0...arg {
                    for slot in script.fingers.indices where script.fingers[slot].id >= 0 { script.move(slot, dx: dx, dy: dy) }
                    script.frame(after: 8_000)
                }
            case 6:
                let spread = Double(Int8(bitPattern: input.byte())) / 64, turn = Double(Int8(bitPattern: input.byte())) * .pi / 180
                for _ in 0...arg {
                    script.spread(by: spread, turn: turn)
                    script.frame(after: 8_000)
                }
            default:
                script.pending.append(rawEvent(&input, microseconds: script.microseconds))
            }
        }
        return script
    }

    mutating func move(_ slot: Int, dx: UInt8, dy: UInt8) {
        guard fingers[slot].id >= 0 else { return }
        let stepX = max(1, (xRange.upperBound - xRange.lowerBound) / 512), stepY = max(1, (yRange.upperBound - yRange.lowerBound) / 512)
        fingers[slot].x = min(max(fingers[slot].x + Int64(Int8(bitPattern: dx)) * stepX, xRange.lowerBound), xRange.upperBound)
        fingers[slot].y = min(max(fingers[slot].y + Int64(Int8(bitPattern: dy)) * stepY, yRange.lowerBound), yRange.upperBound)
    }

    mutating func spread(by factor: Double, turn angle: Double) {
        let down = fingers.indices.filter { fingers[$0].id >= 0 }
        guard !down.isEmpty else { return }
        let cx = Double(down.reduce(Int64(0)) { $0 + fingers[$1].x / Int64(down.count) })
        let cy = Double(down.reduce(Int64(0)) { $0 + fingers[$1].y / Int64(down.count) })
        let scale = 1 + factor, (c, s) = (cos(angle), sin(angle))
        for slot in down {
            let dx = Double(fingers[slot].x) - cx, dy = Double(fingers[slot].y) - cy
            let x = cx + scale * (dx * c - dy * s), y = cy + scale * (dx * s + dy * c)
            func clamp(_ value: Double, _ range: ClosedRange<Int64>) -> Int64 {
                guard value.isFinite else { return range.lowerBound }
                return Int64(min(max(value, Double(range.lowerBound)), Double(range.upperBound)))
            }
            fingers[slot].x = clamp(x, xRange)
            fingers[slot].y = clamp(y, yRange)
        }
    }

    /// Sends what changed since the last frame, `step` µs later (nothing when nothing did), after
    /// the raw events of the frame (closed by `SYN_REPORT` even when nothing else is in it).
    package mutating func frame(after step: Int64) {
        microseconds += step
        kernel.raw(pending)
        for slot in fingers.indices {
            let key = slot << 16 | Int(fingers[slot].id & 0xFFFF)
            for old in kernel.fingers.keys where old >> 16 == slot && (old != key || fingers[slot].id < 0) { kernel.up(old) }
            guard fingers[slot].id >= 0 else { continue }
            let finger = fingers[slot]
            kernel.down(key, FingerScript.Finger(x: Int32(truncatingIfNeeded: finger.x), y: Int32(truncatingIfNeeded: finger.y),
                                                 pressure: hasPressure ? 40 : 0, slot: slot, toolType: finger.tool))
        }
        if kernel.frame(atMicroseconds: microseconds).isEmpty, !pending.isEmpty {
            kernel.raw([InputEvent(seconds: microseconds / 1_000_000, microseconds: Int32(microseconds % 1_000_000),
                                   type: .syn, code: SynCode.report, value: 0)])
        }
        pending = []
    }
}

/// One event of the raw mode: time step (0xFF: 5 ms back), type selector,
/// code, value (`Int32`; a selector with bit 2 set takes `Int8` of its first byte).
package func rawEvent(_ input: inout FuzzCursor, microseconds: Int64) -> InputEvent {
    _ = input.byte()
    let selector = input.byte(), codeByte = input.byte()
    let raw = input.int32()
    let value = selector & 4 != 0 ? Int32(Int8(truncatingIfNeeded: raw)) : raw
    let type: EventType, code: UInt16
    switch selector & 3 {
    case 0: (type, code) = (.syn, [SynCode.report, SynCode.report, SynCode.report, SynCode.dropped][Int(codeByte) % 4])
    case 1: (type, code) = (.key, touchKeys[Int(codeByte) % touchKeys.count])
    case 2: (type, code) = (.abs, absCode(codeByte))
    default: (type, code) = (EventType(rawValue: UInt16(selector >> 3)), UInt16(codeByte))
    }
    let time = max(0, microseconds)
    return InputEvent(seconds: time / 1_000_000, microseconds: Int32(time % 1_000_000), type: type, code: code, value: value)
}

/// The touch keys: BTN_TOUCH, then the finger counts, then BTN_TOOL_PEN and BTN_LEFT.
let touchKeys: [UInt16] = [0x14a, 0x145, 0x14d, 0x14e, 0x14f, 0x148, 0x140, 0x110]
/// The absolute axes the events name.
let touchAxes: [UInt16] = [0x2f, 0x39, 0x35, 0x36, 0x2f, 0x39, 0x35, 0x36, 0x37, 0x3a, 0x30, 0x00, 0x01, 0x18]

package func absCode(_ byte: UInt8) -> UInt16 {
    byte < 224 ? touchAxes[Int(byte) % touchAxes.count] : UInt16(byte & 0x3f)
}
