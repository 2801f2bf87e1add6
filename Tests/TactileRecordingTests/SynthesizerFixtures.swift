// What the synthesizer tests share: the devices they run on, and how they assemble and measure a stream (KernelRules checks it).
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
