// libFuzzer harness: a device description and evdev events decoded from bytes, through TouchAssembler and ThumbDetector (or the whole pipeline).
import FuzzSupport
import Tactile

/// The layout (every read past the end is 0):
///
/// - flags: bit 0 the whole `InputPipeline` with `StandardGestures` instead of
///   assembler + thumb detector; bits 1-2 the screen (standard, 800×600,
///   UInt16 sizes and dpi, raw Doubles); bit 3 protocol A converted first;
///   bits 4-5 the kind (classified, classified, touchpad, touchscreen);
/// - properties: one bit each for `INPUT_PROP_*` 0…7;
/// - keys: a count (mod 12), then a selector each (the touch keys, or a raw code);
/// - axes: a count (mod 16), then code, range mode, min, max, resolution each;
/// - axis values: a count (mod 4), then code and value each;
/// - events, 7 bytes each: time step, type selector, code, value (Int32).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzAssembler(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    var input = FuzzCursor(FuzzInput.bytes(start, count))
    let flags = input.byte()
    let screen = decodeScreen(flags >> 1 & 3, &input)
    let device = decodeDevice(flags: flags, &input)
    var values: [UInt16: Int32] = [:]
    for _ in 0..<(input.byte() % 4) { values[absCode(input.byte())] = input.int32() }
    let axisValues = AxisValues(values)
    var events = decodeEvents(&input)
    if flags & 8 != 0, device.usesProtocolA { events = ProtocolAConverter.convert(events, configuration: .device) }
    let described = flags & 8 != 0 && device.usesProtocolA ? device.convertedToProtocolB() : device

    if flags & 1 == 0 {
        var assembler = TouchAssembler(device: described, screen: screen, axisValues: axisValues)
        var thumbs = ThumbDetector(device: described, surfaceSize: assembler.mapping.surfaceSize)
        for event in events {
            if var frame = assembler.process(event) { thumbs.classify(&frame) }
        }
    } else {
        MainActor.assumeIsolated {
            let window = Window(screen: screen)
            let gestures = StandardGestures(attachingTo: window)
            let pipeline = InputPipeline(device: described, window: window, axisValues: axisValues)
            for event in events { pipeline.process(event) }
            pipeline.finishInput(at: events.last.map { $0.time + 1 })
            withExtendedLifetime(gestures) {}
        }
    }
    return 0
}

private func decodeScreen(_ choice: UInt8, _ input: inout FuzzCursor) -> Screen {
    switch choice {
    case 0: return .standard
    case 1: return Screen(width: 800, height: 600)
    case 2: return Screen(width: Double(input.uint16()), height: Double(input.uint16()), dotsPerInch: Double(input.byte()))
    default: return Screen(bounds: Rect(x: 0, y: 0, width: input.double(), height: input.double()), pointsPerMillimetre: input.double())
    }
}

/// The touch keys a touch device announces.
private let touchKeys: [UInt16] = [0x14a, 0x145, 0x14d, 0x14e, 0x14f, 0x148, 0x110, 0x111, 0x140, 0x141]
/// The absolute axes touch devices have.
private let touchAxes: [UInt16] = [0x00, 0x01, 0x18, 0x2f, 0x30, 0x31, 0x34, 0x35, 0x36, 0x37, 0x39, 0x3a, 0x3b]

private func absCode(_ byte: UInt8) -> UInt16 {
    byte < 224 ? touchAxes[Int(byte) % touchAxes.count] : UInt16(byte & 0x3f)
}

private func decodeDevice(flags: UInt8, _ input: inout FuzzCursor) -> DeviceDescription {
    let propertyBits = input.byte()
    let properties = (0..<8).filter { propertyBits >> $0 & 1 != 0 }.map(UInt16.init)
    var keys: [UInt16] = []
    for _ in 0..<(input.byte() % 12) {
        let selector = input.byte()
        keys.append(selector < 240 ? touchKeys[Int(selector) % touchKeys.count] : input.uint16())
    }
    var axes: [AbsoluteAxis] = []
    for _ in 0..<(input.byte() % 16) {
        let code = absCode(input.byte())
        let sane = input.byte() < 200
        let minimum: Int32, maximum: Int32
        if sane {
            minimum = Int32(Int16(bitPattern: input.uint16()))
            maximum = minimum + Int32(input.uint16() % 8192)
        } else {
            minimum = input.int32()
            maximum = input.int32()
        }
        let resolutionByte = input.byte()
        let resolution = resolutionByte < 250 ? Int32(resolutionByte / 8) : input.int32()
        axes.append(AbsoluteAxis(code: code, minimum: minimum, maximum: maximum, resolution: resolution))
    }
    let otherCodes = flags & 0x80 != 0 ? [EventCodeSet(type: .msc, codes: [MscCode.timestamp])] : []
    let kinds: [DeviceKind?] = [nil, nil, .touchpad, .touchscreen]
    return DeviceDescription(name: "fuzz", properties: properties, keys: keys, axes: axes, otherCodes: otherCodes,
                             kind: kinds[Int(flags >> 4 & 3)])
}

/// At most this many events an input (about 70 KB of them).
private let maximumEvents = 10_000

private func decodeEvents(_ input: inout FuzzCursor) -> [InputEvent] {
    var events: [InputEvent] = []
    var microseconds: Int64 = 1_000_000
    while !input.isAtEnd, events.count < maximumEvents {
        let step = input.byte()
        microseconds += step == 0xFF ? -5_000 : Int64(step) * 1_000
        let selector = input.byte(), codeByte = input.byte()
        let value = input.int32()
        let type: EventType, code: UInt16
        switch selector & 3 {
        case 0: (type, code) = (.syn, [SynCode.report, SynCode.report, SynCode.mtReport, SynCode.dropped][Int(codeByte) % 4])
        case 1: (type, code) = (.key, touchKeys[Int(codeByte) % touchKeys.count])
        case 2: (type, code) = (.abs, absCode(codeByte))
        default: (type, code) = (EventType(rawValue: UInt16(selector >> 2)), UInt16(codeByte))
        }
        let time = max(0, microseconds)
        events.append(InputEvent(seconds: time / 1_000_000, microseconds: Int32(time % 1_000_000), type: type, code: code, value: value))
    }
    return events
}
