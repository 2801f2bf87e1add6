// Resting thumbs and palms: on the 100 × 70 mm test touchpad, and from the physics of touch on two of litest's touchpads.
import Foundation
import TactileTestSupport
import Testing
@testable import Tactile

/// Resting thumbs and palms on the 100 × 70 mm test touchpad (10 units = 1 mm):
/// the bottom 8 % band starts at 64.4 mm, the 15 % band at 59.5 mm.
@Suite("Thumbs and palms")
struct ThumbDetectorTests {
    private func run(_ script: EventScript, device: DeviceDescription = TestDevices.tallTouchpad) -> (Harness, [TouchFrame]) {
        let harness = Harness(device: device, screen: .standard)
        let gestures = StandardGestures(attachingTo: harness.window)
        var frames: [TouchFrame] = []
        harness.pipeline.onFrame = { frames.append($0) }
        harness.run(script)
        harness.pipeline.advance(to: 10)
        withExtendedLifetime(gestures) {}
        return (harness, frames)
    }

    private func recognized(_ harness: Harness) -> [String] {
        harness.log.records.filter { ($0.state == .began || $0.state == .ended) && $0.recognizer != "hold" }
            .reduce(into: [String: String]()) { if $0[$1.recognizer] == nil { $0[$1.recognizer] = "\($1.recognizer)[\($1.touches)]" } }
            .values.sorted()
    }

    /// A thumb resting in the bottom band from 0 s, two fingers scrolling up from 0.3 s.
    private func thumbThenScroll(thumbX: Int32 = 500, thumbY: Int32 = 680) -> EventScript {
        var script = EventScript()
        script.frame(at: 0) { $0.slot(0).track(1).x(thumbX).y(thumbY) }
        script.motion(from: [Point(x: 400, y: 400), Point(x: 600, y: 400)], to: [Point(x: 400, y: 100), Point(x: 600, y: 100)],
                      start: 0.3, duration: 0.5, firstID: 2, firstSlot: 1)
        script.frame(at: 1.0) { $0.slot(0).lift() }
        return script
    }

    @Test("a thumb resting in the bottom band while two fingers scroll is marked and takes no part: a pan of two")
    func restingThumb() {
        let (harness, frames) = run(thumbThenScroll())
        #expect(frames.first?.touches.first?.rejection == .thumb)
        #expect(recognized(harness) == ["pan[2]"])
    }

    @Test("without the band rule the same thumb makes a three-finger pinch (the test can fail)")
    func withoutThumbDetection() {
        // The same pad, 45 mm high: too small for thumb detection (libinput: 50 mm).
        var small = TestDevices.tallTouchpad
        small.axes = small.axes.map { axis in
            var axis = axis
            if axis.code == AbsCode.mtPositionY { axis.resolution = 15 }
            return axis
        }
        let (harness, frames) = run(thumbThenScroll(), device: small)
        #expect(frames.allSatisfy { $0.touches.allSatisfy { $0.rejection == nil } })
        #expect(!recognized(harness).contains("pan[2]"), "\(recognized(harness))")
    }

    @Test("a thumb dropping onto a scroll under way is marked; one landing beside a single finger joins it")
    func droppingAndJoining() {
        var script = EventScript()
        script.motion(from: [Point(x: 400, y: 400), Point(x: 600, y: 400)], to: [Point(x: 400, y: 100), Point(x: 600, y: 100)],
                      start: 0, duration: 0.5, firstID: 1)
        script.frame(at: 0.2) { $0.slot(2).track(9).x(500).y(660) }  // 26 mm below while they move
        script.frame(at: 0.7) { $0.slot(2).lift() }
        let (harness, frames) = run(script)
        #expect(frames.flatMap(\.touches).first { $0.trackingID == 9 }?.rejection == .thumb)
        #expect(recognized(harness) == ["pan[2]"])

        // Thumb first, then one finger 40 mm above it, 0.3 s later: after the
        // landing window they are two fingers, and a pivot pinch is possible.
        var pinch = EventScript()
        pinch.frame(at: 0) { $0.slot(0).track(1).x(500).y(680) }
        pinch.frame(at: 0.3) { $0.slot(1).track(2).x(500).y(280) }
        pinch.motion(from: [Point(x: 500, y: 280)], to: [Point(x: 500, y: 80)], start: 0.45, duration: 0.3,
                     firstID: 2, firstSlot: 1, land: false)
        pinch.frame(at: 0.8) { $0.slot(0).lift() }
        let (pinchHarness, pinchFrames) = run(pinch)
        #expect(pinchFrames.last { $0.time < 0.3 }?.touches.first?.rejection == .thumb)
        #expect(pinchFrames.last { $0.time > 0.5 && $0.time < 0.7 }?.touches.first?.rejection == nil)
        #expect(recognized(pinchHarness).contains("pinch[2]"))
        #expect(!recognized(pinchHarness).contains("pan[1]"))
    }

    @Test("a thumb that moves like a finger escapes: the recognizers see it land then")
    func escape() {
        var script = EventScript()
        script.frame(at: 0) { $0.slot(0).track(1).x(500).y(680) }
        for step in 1...30 { script.frame(at: 0.1 + Double(step) * 0.01) { $0.slot(0).x(Int32(500 + 10 * step)) } }
        script.frame(at: 0.5) { $0.slot(0).lift() }
        let (harness, frames) = run(script)
        #expect(frames[0].touches[0].rejection == .thumb)
        #expect(frames.last { !$0.touches.isEmpty }?.touches[0].rejection == nil)
        #expect(recognized(harness) == ["pan[1]"])
        #expect((harness.log.records.first { $0.recognizer == "pan" }?.time ?? 0) > 0.15)
    }

    @Test("MT_TOOL_PALM: a palm never reaches the recognizers; a finger turning into one is cancelled")
    func palms() {
        var script = EventScript()
        script.frame(at: 0) { $0.slot(0).track(1).abs(AbsCode.mtToolType, 2).x(300).y(300) }
        script.frame(at: 0.05) { $0.slot(0).lift() }
        let (harness, _) = run(script)
        #expect(harness.log.records.isEmpty)

        var turning = EventScript()
        turning.motion(from: [Point(x: 300, y: 300)], to: [Point(x: 300, y: 100)], start: 0, duration: 0.3, firstID: 1, lift: false)
        turning.frame(at: 0.35) { $0.slot(0).abs(AbsCode.mtToolType, 2).y(90) }
        turning.frame(at: 0.40) { $0.slot(0).y(80) }
        turning.frame(at: 0.45) { $0.slot(0).lift() }
        let (turned, frames) = run(turning)
        #expect(frames.first { $0.time == 0.35 }?.touches.first?.phase == .cancelled)
        #expect(turned.actions.filter { $0.hasPrefix("pan") }.last == "pan:cancelled")
    }
}

// MARK: - litest's touchpads, by the physics of touch

/// A touchpad of litest's, addressed in millimetres from its top-left corner.
nonisolated struct LitestPad: Sendable, CustomTestStringConvertible {
    let name: String
    let device: DeviceDescription
    var testDescription: String { name }

    var mapping: SurfaceMapping { SurfaceMapping(device: device, screen: .standard) }
    var size: Size { mapping.surfaceSize }

    /// The device position `mm` millimetres from the surface's minimum corner.
    func units(_ mm: Point) -> (x: Int32, y: Int32) {
        let mapping = self.mapping
        return (Int32((Double(mapping.xAxis.minimum) + mm.x * mapping.unitsPerMillimetreX).rounded()),
                Int32((Double(mapping.yAxis.minimum) + mm.y * mapping.unitsPerMillimetreY).rounded()))
    }

    /// Screen points per millimetre down the pad.
    var pointsPerMillimetreY: Double { mapping.pointsPerUnitYY * mapping.unitsPerMillimetreY }

    static let synaptics = LitestPad(name: "litest Synaptics RMI4, 97 × 53 mm", device: TestDevices.litestSynapticsRMI4)
    static let apple = LitestPad(name: "litest bcm5974, 104 × 74 mm", device: TestDevices.litestBCM5974)
    static let both = [synaptics, apple]
}

/// One finger: where it is, in mm, at each moment from landing to lifting.
nonisolated struct Finger: Sendable {
    var landsAt: Double
    var liftsAt: Double
    var path: @Sendable (Double) -> Point

    /// At `point` until `start`, then moving at `velocity` (mm/s) until `end`, then still.
    static func moving(from point: Point, velocity: Vector, start: Double, end: Double,
                       landsAt: Double, liftsAt: Double) -> Finger {
        Finger(landsAt: landsAt, liftsAt: liftsAt) { time in
            let moved = min(max(time - start, 0), end - start)
            return Point(x: point.x + velocity.dx * moved, y: point.y + velocity.dy * moved)
        }
    }

    static func still(at point: Point, landsAt: Double, liftsAt: Double) -> Finger {
        Finger(landsAt: landsAt, liftsAt: liftsAt) { _ in point }
    }
}

extension EventScript {
    /// The fingers as `pad` reports them: finger i in slot i with tracking
    /// id i + 1, a frame every 10 ms from the first landing to the last
    /// lift, a position sent when its units change (as the kernel does).
    /// Landing and lifting times lie on that 10 ms grid.
    init(_ fingers: [Finger], on pad: LitestPad) {
        self.init()
        let tick = { (time: Double) in Int((time * 1000).rounded()) }
        guard let first = fingers.map({ tick($0.landsAt) }).min(), let last = fingers.map({ tick($0.liftsAt) }).max() else { return }
        var sent = [(x: Int32, y: Int32)?](repeating: nil, count: fingers.count)
        for now in stride(from: first, through: last, by: 10) {
            let time = Double(now) / 1000
            frame(at: time) { builder in
                for (index, finger) in fingers.enumerated() {
                    let (landing, lifting) = (tick(finger.landsAt), tick(finger.liftsAt))
                    guard now >= landing, now <= lifting else { continue }
                    builder.slot(Int32(index))
                    if now == lifting {
                        builder.lift()
                        continue
                    }
                    let position = pad.units(finger.path(time))
                    if now == landing { builder.track(Int32(index + 1)) }
                    if sent[index]?.x != position.x { builder.x(position.x) }
                    if sent[index]?.y != position.y { builder.y(position.y) }
                    sent[index] = position
                }
            }
        }
    }
}

/// What the detector and the standard recognizers made of some fingers on a pad.
struct FingerRun {
    let harness: Harness
    let frames: [TouchFrame]
    /// Every touch landing for the recognizers: its tracking id, when, where (mm).
    let landings: [(trackingID: Int32, time: Double, at: Point)]

    init(_ fingers: [Finger], on pad: LitestPad, palmEdges: PalmEdgeZones? = nil, gestures: Bool = true) {
        harness = Harness(device: pad.device, screen: .standard, palmEdges: palmEdges)
        let recorder = LandingRecorder()
        harness.window.addGestureRecognizer(recorder)
        let standard = gestures ? StandardGestures(attachingTo: harness.window) : nil
        var frames: [TouchFrame] = []
        harness.pipeline.onFrame = { frames.append($0) }
        harness.run(EventScript(fingers, on: pad))
        harness.pipeline.advance(to: (fingers.map(\.liftsAt).max() ?? 0) + 2)
        withExtendedLifetime(standard) {}
        self.frames = frames
        landings = recorder.landings
    }

    /// When finger `index` first reached the recognizers unmarked (the frame
    /// the engine binds it in), by the frames: the landing recorder may be
    /// shut out once a standard gesture recognizes.
    func landedForRecognizers(_ index: Int) -> Double? {
        frames.first { $0.touches.contains { $0.trackingID == Int32(index + 1) && $0.rejection == nil && $0.phase != .cancelled } }?.time
    }

    /// Finger `index`'s touch in its landing frame.
    func landing(of index: Int) -> Touch? {
        frames.lazy.flatMap(\.touches).first { $0.trackingID == Int32(index + 1) }
    }

    /// The recognizers that began or recognized (holds aside), with their touches when they did.
    var recognized: [String] {
        harness.log.records.filter { ($0.state == .began || $0.state == .ended) && $0.recognizer != "hold" }
            .reduce(into: [String]()) { names, record in
                let name = "\(record.recognizer)[\(record.touches)]"
                if !names.contains(where: { $0.hasPrefix(record.recognizer + "[") }) { names.append(name) }
            }
    }

    /// The pan's actions.
    var pan: [ActionRecord] { harness.log.records.filter { $0.recognizer == "pan" } }

    /// The pan's last vertical translation, in mm.
    func panTravel(on pad: LitestPad) -> Double {
        (pan.last?.values.first { $0.name == "translation.y" }?.value ?? 0) / pad.pointsPerMillimetreY
    }
}

/// Notes each touch the recognizers see land.
final class LandingRecorder: GestureRecognizer {
    var landings: [(trackingID: Int32, time: Double, at: Point)] = []

    init() { super.init(name: "landings") }

    override func touchesBegan(_ touches: [Touch], in frame: TouchFrame) {
        landings += touches.map { ($0.trackingID, frame.time, $0.surfaceLocation) }
    }
}

@Suite("Thumbs and palms on litest's touchpads")
struct LitestThumbAndPalmTests {
    // MARK: Two touches in the band

    @Test("two touches landing in the thumb band are never two thumbs: their scroll starts as it does mid-pad, with all its travel",
          arguments: LitestPad.both, [0.0, 0.05, 0.2, 0.5])
    func twoInTheBand(pad: LitestPad, gap: Double) {
        let travel = 12.0, speed = 40.0
        for depth in [1.5, 3.5] {  // mm above the bottom edge: in the bottom 8 % of both pads (4.2 and 6 mm)
            for separation in [15.0, 30.0, 45.0] {
                let y = pad.size.height - depth
                let fingers = { (y: Double) -> [Finger] in
                    let start = 0.1 + gap + 0.05
                    return [-1.0, 1.0].enumerated().map { index, side in
                        Finger.moving(from: Point(x: pad.size.width / 2 + side * separation / 2, y: y),
                                      velocity: Vector(dx: 0, dy: -speed), start: start, end: start + travel / speed,
                                      landsAt: index == 0 ? 0.1 : 0.1 + gap, liftsAt: start + travel / speed + 0.1)
                    }
                }
                let band = FingerRun(fingers(y), on: pad), middle = FingerRun(fingers(y - 25), on: pad)
                let label = "\(pad.name), \(depth) mm up, \(separation) mm apart, \(gap) s between"
                #expect(band.landing(of: 0)?.rejection == (gap > 0 ? .thumb : nil), "\(label): alone, the first is jailed")
                #expect(band.frames.filter { $0.time >= 0.1 + gap }.allSatisfy { $0.touches.allSatisfy { $0.rejection == nil } },
                        "\(label): neither is a thumb once both are down")
                #expect(band.recognized == ["pan[2]"], "\(label): \(band.recognized)")
                let began = band.pan.first?.time ?? .infinity, reference = middle.pan.first?.time ?? 0
                #expect(began <= reference + 0.0105, "\(label): the scroll began at \(began), mid-pad at \(reference)")
                #expect(abs(band.panTravel(on: pad) + travel) < 0.05 * travel, "\(label): \(band.panTravel(on: pad)) mm of \(travel)")
            }
        }
    }
}

// MARK: A finger landing beside a moving one

extension LitestThumbAndPalmTests {
    /// Where the second finger lands from the moving one, in mm: across (+ right), down (+ below).
    nonisolated struct Offset: Sendable {
        let name: String
        let dx: Double
        let dy: Double

        /// Farther than libinput's two-finger scroll reaches (35 mm across or 25 mm up or down).
        var isApart: Bool { abs(dx) > 35 || abs(dy) > 25 }

        static let all = [
            Offset(name: "near, level", dx: 20, dy: 0), Offset(name: "near, below", dx: 10, dy: 15),
            Offset(name: "near, above", dx: -15, dy: -20), Offset(name: "level, 45 mm beside", dx: 45, dy: 0),
            Offset(name: "level, 55 mm beside", dx: 55, dy: 0), Offset(name: "30 mm below", dx: 5, dy: 30),
            Offset(name: "30 mm above", dx: 5, dy: -30), Offset(name: "10 mm below, 40 mm beside", dx: 40, dy: 10),
        ]
    }

    @Test("a finger landing while another moves: a thumb when that one is fast (over 20 mm/s, or stopped a moment ago) and it lands beyond a two-finger scroll's reach of it, wherever; a finger otherwise",
          arguments: LitestPad.both, [8.0, 14.0, 30.0, 60.0, 150.0])
    func besideAMovingFinger(pad: LitestPad, speed: Double) {
        // The moving finger goes right for up to 0.3 s (at most 20 mm) to x = 30 mm.
        let moving = (min(0.3, 20 / speed) * 100).rounded() / 100
        for offset in Offset.all {
            for pause in [0.0, 0.03, 0.2] {
                let y = offset.dy > 0 ? 15.0 : offset.dy < 0 ? 38.0 : 25.0
                let stops = 0.1 + moving, lands = stops + pause, lifts = lands + 0.15
                let fingers = [
                    Finger.moving(from: Point(x: 30 - speed * moving, y: y), velocity: Vector(dx: speed, dy: 0),
                                  start: 0.1, end: pause == 0 ? lifts : stops, landsAt: 0.1, liftsAt: lifts),
                    Finger.still(at: Point(x: 30 + offset.dx, y: y + offset.dy), landsAt: lands, liftsAt: lifts),
                ]
                let run = FingerRun(fingers, on: pad)
                let isThumb = speed > ThumbDetector.speedThreshold && pause < 0.1 && offset.isApart
                let label = "\(pad.name), \(speed) mm/s, \(offset.name), landing \(pause) s after it stopped"
                #expect(run.landing(of: 1)?.rejection == (isThumb ? .thumb : nil), "\(label)")
                let marks = run.frames.filter { $0.time < lifts }.flatMap(\.touches).filter { $0.trackingID == 2 }.map(\.rejection)
                #expect(marks.allSatisfy { ($0 == .thumb) == isThumb },
                        "\(label): it stays what it landed as while the other is down")
                #expect((run.landedForRecognizers(1) != nil) == !isThumb, "\(label)")
                if isThumb { #expect(!run.pan.contains { $0.touches > 1 }, "\(label): the pan goes on with one finger") }
                if speed > 20, pause == 0, !isThumb { #expect(run.pan.contains { $0.touches == 2 }, "\(label): the pan takes it") }
            }
        }
    }

    @Test("a thumb that dropped onto a moving finger is judged alone once that finger lifts: a finger above the bottom 15 %")
    func thumbLeftAlone() {
        for pad in LitestPad.both {
            let fingers = [
                Finger.moving(from: Point(x: 15, y: 25), velocity: Vector(dx: 60, dy: 0), start: 0.1, end: 0.4,
                              landsAt: 0.1, liftsAt: 0.5),
                Finger.moving(from: Point(x: 80, y: 25), velocity: Vector(dx: 0, dy: -30), start: 0.6, end: 0.8,
                              landsAt: 0.4, liftsAt: 0.9),
            ]
            let run = FingerRun(fingers, on: pad)
            #expect(run.landing(of: 1)?.rejection == .thumb, "\(pad.name)")
            // It lands for the recognizers in the frame after the other lifted, never in the lift's own frame:
            // the pan that finger made ends with it alone, and the thumb starts a gesture of its own.
            #expect(run.landedForRecognizers(1) == 0.51, "\(pad.name): it lands for the recognizers after the other lifted")
            let lifted = run.pan.filter { $0.time <= 0.5 }
            #expect(lifted.last?.state == .ended && lifted.allSatisfy { $0.touches == 1 },
                    "\(pad.name): \(lifted.map { "\($0.state) \($0.touches)" })")
        }
    }
}
