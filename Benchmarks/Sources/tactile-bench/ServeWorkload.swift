// The serve group's workload: a deterministic touchscreen session of drags, taps, a long press, pinches and edge swipes.
import Tactile
@_spi(Testing) import TactileSynthesis

/// A session on the synthesized 12.5" touchscreen (273 × 154 mm, 15 units/mm,
/// reports at 120 Hz with ±0.5 ms of jitter): what a hand does on a laptop's
/// screen under the default gestures. One cycle is a drag, a tap, a
/// two-finger scroll, a long press (a right click, then a cancel for the
/// app), a swipe in from the left edge, a diagonal drag, a pinch (claimed by
/// the zoom), a swipe up from the bottom edge, a three-finger swipe, a tap,
/// swipes from the right and top edges: about 7.4 s. The same seed gives
/// the same events.
struct ServeWorkload {
    static let device = SynthesizedDevices.touchscreen
    static let unitsPerMillimetre = 15.0
    static let reportInterval = 1.0 / 120

    /// The fingers, each in the slot it is named by, as the kernel reports them.
    private var script = FingerScript(device: Self.device, firstTrackingID: 1)
    var events: [InputEvent] { script.events }
    private(set) var frames = 0
    private(set) var gestures = 0
    private var time: Double
    private var random: UInt64

    /// The session: `cycles` times the full cycle, or (quick) its first four gestures once.
    init(cycles: Int, quick: Bool, seed: UInt64 = 0x7AC7_11E5) {
        time = 0.5
        random = seed
        if quick {
            drag(from: (100, 50), to: (160, 110), seconds: 0.5)
            tap(at: (140, 70))
            drag(fingers: [(120, 60), (140, 60)], by: (0, 50), seconds: 0.45)
            drag(from: (1.5, 70), to: (70, 72), seconds: 0.2)
            return
        }
        for _ in 0..<max(1, cycles) { cycle() }
    }

    /// Seconds from the first event to the last.
    var duration: Double { (events.last?.time ?? 0) - (events.first?.time ?? 0) }

    private mutating func cycle() {
        drag(from: (100, 50), to: (160, 110), seconds: 0.5)
        tap(at: (140, 70))
        drag(fingers: [(120, 60), (140, 60)], by: (0, 50), seconds: 0.45)
        longPress(at: (90, 80), seconds: 0.9)
        drag(from: (1.5, 70), to: (70, 72), seconds: 0.2)                     // back
        drag(from: (200, 120), to: (150, 40), seconds: 0.4)
        pinch(center: (130, 77), from: 40, to: 100, seconds: 0.4)            // zoom
        drag(from: (130, 153), to: (130, 90), seconds: 0.2)                   // overview
        drag(fingers: [(180, 60), (200, 60), (220, 62)], by: (-90, 0), seconds: 0.3)  // next workspace
        tap(at: (60, 40))
        drag(from: (272, 60), to: (200, 60), seconds: 0.2)                    // notifications
        drag(from: (136, 0.8), to: (136, 60), seconds: 0.2)                   // quick settings
    }

    // MARK: Gestures

    private mutating func tap(at point: (Double, Double)) {
        frame(land: [0: point])
        for _ in 0..<3 { frame(move: [0: point]) }
        frame(lift: [0])
        finish()
    }

    private mutating func longPress(at point: (Double, Double), seconds: Double) {
        frame(land: [0: point])
        let end = time + seconds
        while time < end { frame(move: [0: point]) }
        frame(lift: [0])
        finish()
    }

    private mutating func drag(from start: (Double, Double), to end: (Double, Double), seconds: Double) {
        drag(fingers: [start], by: (end.0 - start.0, end.1 - start.1), seconds: seconds)
    }

    /// Fingers landing together, moving by `offset` (mm), lifting together.
    private mutating func drag(fingers: [(Double, Double)], by offset: (Double, Double), seconds: Double) {
        frame(land: Dictionary(uniqueKeysWithValues: fingers.enumerated().map { ($0.offset, $0.element) }))
        let count = max(1, Int((seconds / Self.reportInterval).rounded()))
        for index in 1...count {
            let f = Double(index) / Double(count)
            frame(move: Dictionary(uniqueKeysWithValues: fingers.enumerated().map {
                ($0.offset, ($0.element.0 + offset.0 * f, $0.element.1 + offset.1 * f))
            }))
        }
        frame(lift: Array(fingers.indices))
        finish()
    }

    /// Two fingers on a horizontal line about `center`, `from` mm apart, spreading to `to` mm.
    private mutating func pinch(center: (Double, Double), from: Double, to: Double, seconds: Double) {
        frame(land: [0: (center.0 - from / 2, center.1), 1: (center.0 + from / 2, center.1)])
        let count = max(1, Int((seconds / Self.reportInterval).rounded()))
        for index in 1...count {
            let spread = from + (to - from) * Double(index) / Double(count)
            frame(move: [0: (center.0 - spread / 2, center.1), 1: (center.0 + spread / 2, center.1)])
        }
        frame(lift: [0, 1])
        finish()
    }

    /// A gesture done: a pause before the next.
    private mutating func finish() {
        gestures += 1
        time += 0.3
    }

    // MARK: Frames

    /// SplitMix64: the same numbers for the same seed.
    private mutating func next() -> UInt64 {
        random &+= 0x9E37_79B9_7F4A_7C15
        var z = random
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A uniform number in -1…1.
    private mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 52) - 1 }

    /// A position in device units, with about ±0.07 mm of sensor noise, inside the panel.
    private mutating func units(_ mm: (Double, Double)) -> (x: Int32, y: Int32) {
        let x = (mm.0 * Self.unitsPerMillimetre + unit()).rounded(), y = (mm.1 * Self.unitsPerMillimetre + unit()).rounded()
        return (Int32(min(4095, max(0, x))), Int32(min(2303, max(0, y))))
    }

    /// One frame: fingers landing, moving, lifting, then the report; time advances by a report interval ± 0.5 ms.
    private mutating func frame(land: [Int: (Double, Double)] = [:], move: [Int: (Double, Double)] = [:], lift: [Int] = []) {
        func finger(_ position: (x: Int32, y: Int32), _ slot: Int) -> FingerScript.Finger {
            FingerScript.Finger(x: position.x, y: position.y, touchMajor: 18, slot: slot)
        }
        for (slot, mm) in land.sorted(by: { $0.key < $1.key }) { script.down(slot, finger(units(mm), slot)) }
        for (slot, mm) in move.sorted(by: { $0.key < $1.key }) where script.fingers[slot] != nil {
            script.down(slot, finger(units(mm), slot))
        }
        for slot in lift.sorted() { script.up(slot) }
        if !script.frame(at: time).isEmpty { frames += 1 }  // the kernel sends no frame in which nothing changed
        time += Self.reportInterval + 0.0005 * unit()
    }
}
