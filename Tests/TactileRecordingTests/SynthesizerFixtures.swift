// What the synthesizer tests share: the devices they run on, and how they assemble, measure and check a stream against the kernel's rules.
import Foundation
import Tactile
import TactileRecording
import TactileSynthesis
import Testing

// MARK: - Fixtures

/// The devices the synthesizer tests run on.
enum SynthDevice: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case touchpad
    case touchscreen
    case twoSlotTouchpad

    var description: DeviceDescription {
        switch self {
        case .touchpad: return SynthesizedDevices.touchpad
        case .touchscreen: return SynthesizedDevices.touchscreen
        case .twoSlotTouchpad: return SynthesizedDevices.twoSlotTouchpad
        }
    }

    var testDescription: String { rawValue }

    /// Devices that track every finger a random gesture uses.
    static let tracking: [SynthDevice] = [.touchpad, .touchscreen]
}

extension GestureKind: CustomTestStringConvertible {
    public var testDescription: String { rawValue }
}

enum SynthFixtures {
    static let seeds: [UInt64] = [1, 2, 3, 5, 8, 13, 21, 34, 55, 89]

    /// A random gesture of `kind` on `device` for each seed, starting at 10 s.
    static func gestures(_ kind: GestureKind, on device: SynthDevice, fingers: Int? = nil) -> [(seed: UInt64, gesture: SynthesizedGesture)] {
        seeds.map { seed in
            var synthesizer = GestureSynthesizer(device: device.description, seed: seed)
            return (seed, synthesizer.random(kind, fingers: fingers, at: 10))
        }
    }
}

// MARK: - Helpers

/// An event stream run through `TouchAssembler`.
struct SynthAssembled {
    let frames: [TouchFrame]
    let diagnostics: AssemblerDiagnostics

    init(_ events: [InputEvent], device: DeviceDescription) {
        var assembler = TouchAssembler(device: device)
        frames = assembler.process(events)
        diagnostics = assembler.diagnostics
    }

    /// Every snapshot of each touch, by touch id, in frame order.
    var lives: [TouchID: [Touch]] {
        var result: [TouchID: [Touch]] = [:]
        for frame in frames {
            for touch in frame.touches { result[touch.id, default: []].append(touch) }
        }
        return result
    }

    /// Surface positions (mm) of the touches down after the frame at `time`, by tracking id.
    func positions(at time: Double) -> [Int32: Point] {
        guard let frame = frames.first(where: { $0.time == time }) else { return [:] }
        var result: [Int32: Point] = [:]
        for touch in frame.activeTouches { result[touch.trackingID] = touch.surfaceLocation }
        return result
    }
}

/// Geometry of finger positions, written independently of the synthesizer.
enum SynthGeometry {
    static func centroid(_ points: [Point]) -> Point {
        let count = Double(max(1, points.count))
        return Point(x: points.map(\.x).reduce(0, +) / count, y: points.map(\.y).reduce(0, +) / count)
    }

    /// Twice the mean distance from the centroid.
    static func span(_ points: [Point]) -> Double {
        let centre = centroid(points)
        return 2 * points.map { $0.distance(to: centre) }.reduce(0, +) / Double(max(1, points.count))
    }

    static func wrap(_ angle: Double) -> Double {
        var result = angle
        while result > Double.pi { result -= 2 * Double.pi }
        while result <= -Double.pi { result += 2 * Double.pi }
        return result
    }

    /// Mean turn of the points about their centroid, unwrapped along the sequence.
    static func rotation(_ sequence: [[Point]]) -> Double {
        var total = 0.0
        for (before, after) in zip(sequence, sequence.dropFirst()) where before.count == after.count && !before.isEmpty {
            let c0 = centroid(before), c1 = centroid(after)
            let turn = zip(before, after).map { wrap(($1 - c1).angle - ($0 - c0).angle) }.reduce(0, +)
            total += turn / Double(before.count)
        }
        return total
    }
}

/// A synthesized gesture next to what the assembler made of it.
struct SynthObserved {
    let gesture: SynthesizedGesture
    let stream: SynthAssembled

    init(_ gesture: SynthesizedGesture, device: DeviceDescription) {
        self.gesture = gesture
        stream = SynthAssembled(gesture.events, device: device)
    }

    /// Fingers of the first stroke.
    var fingers: Set<Int> {
        Set(gesture.frames.flatMap(\.contacts).filter { $0.stroke == 0 }.map(\.finger))
    }

    /// Delivered frames in which every finger of the first stroke is down.
    var fullFrames: [SynthesizedFrame] {
        let fingers = self.fingers
        return gesture.frames.filter { $0.isDelivered && fingers.isSubset(of: $0.contacts.map(\.finger)) }
    }

    /// Tracking ids of the first stroke's fingers, in finger order.
    var trackingIDs: [Int32] {
        var ids: [Int: Int32] = [:]
        for contact in gesture.frames.flatMap(\.contacts) where contact.stroke == 0 {
            if let id = contact.trackingID { ids[contact.finger] = id }
        }
        return ids.sorted { $0.key < $1.key }.map(\.value)
    }

    /// Assembled positions of the first stroke's fingers at a frame, in finger order.
    func assembled(_ frame: SynthesizedFrame) -> [Point] {
        let positions = stream.positions(at: frame.time)
        return trackingIDs.compactMap { positions[$0] }
    }

    /// The frames at one end of the full contact where the fingers rest: their
    /// true positions equal those of the first (or last) full-contact frame.
    func restFrames(atEnd: Bool) -> [SynthesizedFrame] {
        let full = atEnd ? Array(fullFrames.reversed()) : fullFrames
        guard let reference = full.first else { return [] }
        let truth = { (frame: SynthesizedFrame) in frame.contacts.filter { $0.stroke == 0 }.map(\.position) }
        return Array(full.prefix { truth($0) == truth(reference) })
    }

    /// Assembled positions averaged over the rest frames at one end, in finger
    /// order: one frame's noise (σ up to 0.2 mm) is too much for a 3 % check
    /// on a 12 mm span, the mean of several frames is not.
    func restAverage(atEnd: Bool) -> [Point] {
        let samples = restFrames(atEnd: atEnd).map(assembled)
        guard let count = samples.first?.count, count > 0 else { return [] }
        return (0..<count).map { index in SynthGeometry.centroid(samples.map { $0[index] }) }
    }

    /// Assembled full-contact positions with each resting end replaced by its average.
    var smoothedSequence: [[Point]] {
        let moving = fullFrames.dropFirst(restFrames(atEnd: false).count).dropLast(restFrames(atEnd: true).count)
        return [restAverage(atEnd: false)] + moving.map(assembled) + [restAverage(atEnd: true)]
    }
}

/// The rules of the kernel's multitouch protocol B encoding, checked on an
/// event stream by an independent model of the kernel's state.
enum KernelRules {
    static let tools: [UInt16: Int] = [
        KeyCode.toolFinger: 1, KeyCode.toolDoubleTap: 2, KeyCode.toolTripleTap: 3,
        KeyCode.toolQuadTap: 4, KeyCode.toolQuintTap: 5,
    ]

    /// Every broken rule, described.
    static func violations(_ events: [InputEvent], device: DeviceDescription) -> [String] {
        var problems: [String] = []
        let slots = device.slotCount
        var slot = 0
        var values = Array(repeating: [AbsCode.mtTrackingID: Int32(-1)], count: slots)
        var keys: [UInt16: Bool] = [:]
        var legacy: [UInt16: Int32] = [:]
        var lastID: Int32?
        var frame: [InputEvent] = []
        var previousFrameTime: Int64?
        var freeAtStart = Set<Int>()
        var lastTimestamp: Int32?
        var lastTimestampTime: Int64?
        func occupied() -> [Int] { (0..<slots).filter { (values[$0][AbsCode.mtTrackingID] ?? -1) >= 0 } }
        freeAtStart = Set(0..<slots)
        for event in events {
            if event.isReport {
                let at = "frame at \(event.time)"
                if frame.isEmpty { problems.append("\(at): empty frame delivered") }
                if frame.contains(where: { $0.timeInMicroseconds != event.timeInMicroseconds }) { problems.append("\(at): mixed timestamps") }
                if let previous = previousFrameTime, event.timeInMicroseconds <= previous { problems.append("\(at): time does not increase") }
                previousFrameTime = event.timeInMicroseconds
                // Multitouch events first, then pointer emulation, then MSC_TIMESTAMP.
                let isMT = frame.map { $0.type == .abs && $0.code >= AbsCode.mtSlot }
                if let firstOther = isMT.firstIndex(of: false), isMT[firstOther...].contains(true) { problems.append("\(at): slot events after pointer events") }
                let stamps = frame.filter { $0.type == .msc && $0.code == MscCode.timestamp }
                if device.hasCode(MscCode.timestamp, type: .msc) {
                    if stamps.count != 1 || frame.last?.type != .msc { problems.append("\(at): MSC_TIMESTAMP missing or not last") }
                    if let stamp = stamps.first {
                        if let last = lastTimestamp, let lastTime = lastTimestampTime {
                            let gap = event.timeInMicroseconds - lastTime
                            if gap > 1_000_000 ? stamp.value != 0 : stamp.value <= last { problems.append("\(at): MSC_TIMESTAMP \(stamp.value) after \(last)") }
                        } else if stamp.value != 0 {
                            problems.append("\(at): first MSC_TIMESTAMP is \(stamp.value)")
                        }
                        lastTimestamp = stamp.value
                        lastTimestampTime = event.timeInMicroseconds
                    }
                }
                // Pointer emulation after the frame.
                let tracked = occupied()
                let pressedTools = tools.filter { keys[$0.key] == true }
                if pressedTools.count > 1 { problems.append("\(at): \(pressedTools.count) tools down") }
                if device.hasKey(KeyCode.toolFinger), !tracked.isEmpty, pressedTools.count != 1 { problems.append("\(at): no tool down") }
                if let count = pressedTools.first?.value, count < tracked.count { problems.append("\(at): tool counts \(count) < \(tracked.count) slots") }
                if device.hasKey(KeyCode.touch), (keys[KeyCode.touch] ?? false) != (!tracked.isEmpty || !pressedTools.isEmpty) {
                    problems.append("\(at): BTN_TOUCH wrong")
                }
                if device.axis(AbsCode.x) != nil, let nextID = lastID.map({ ($0 + 1) & 0xFFFF }) {
                    let oldest = tracked.max { a, b in
                        ((nextID - (values[a][AbsCode.mtTrackingID] ?? 0)) & 0xFFFF) < ((nextID - (values[b][AbsCode.mtTrackingID] ?? 0)) & 0xFFFF)
                    }
                    if let oldest, legacy[AbsCode.x] != values[oldest][AbsCode.mtPositionX] || legacy[AbsCode.y] != values[oldest][AbsCode.mtPositionY] {
                        problems.append("\(at): ABS_X/ABS_Y are not the oldest touch's")
                    }
                }
                freeAtStart = Set((0..<slots).filter { !tracked.contains($0) })
                frame = []
                continue
            }
            frame.append(event)
            let at = "\(event)"
            if !device.hasCode(event.code, type: event.type) { problems.append("\(at): undeclared") }
            switch event.type {
            case .abs where event.code == AbsCode.mtSlot:
                if Int(event.value) == slot { problems.append("\(at): redundant ABS_MT_SLOT") }
                slot = Int(event.value)
            case .abs where event.code > AbsCode.mtSlot:
                guard values.indices.contains(slot) else { problems.append("\(at): no slot"); continue }
                if values[slot][event.code, default: 0] == event.value { problems.append("\(at): unchanged value sent") }
                if event.code == AbsCode.mtTrackingID, event.value >= 0 {
                    if let last = lastID, event.value != (last + 1) & 0xFFFF { problems.append("\(at): tracking id after \(last)") }
                    lastID = event.value
                    let lowestFree = (0..<slots).first { freeAtStart.contains($0) && (values[$0][AbsCode.mtTrackingID] ?? -1) < 0 }
                    if lowestFree != slot { problems.append("\(at): new touch not in the lowest free slot \(String(describing: lowestFree))") }
                }
                values[slot][event.code] = event.value
                if let axis = device.axis(event.code), event.code != AbsCode.mtTrackingID, !axis.contains(event.value) { problems.append("\(at): out of range") }
            case .abs:
                if legacy[event.code, default: 0] == event.value { problems.append("\(at): unchanged value sent") }
                legacy[event.code] = event.value
            case .key:
                if keys[event.code, default: false] == (event.value != 0) { problems.append("\(at): unchanged key sent") }
                keys[event.code] = event.value != 0
            default:
                break
            }
        }
        if !frame.isEmpty { problems.append("events after the last SYN_REPORT") }
        return problems
    }
}
