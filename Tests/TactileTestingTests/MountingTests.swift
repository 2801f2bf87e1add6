// A panel mounted turned, mirrored or calibrated: gestures drawn on the screen as seen are recognized there, as on the upright panel.
import Tactile
import TactileRecording
import TactileSynthesis
import TactileTesting
import Testing

/// A test states how the panel is mounted (issue 46, point 5): the tester
/// draws on the screen as the person sees it, sends the events the panel
/// mounted so would send, and reads them through a pipeline with that
/// transform; so a tap lands where it was drawn, a swipe right is a swipe
/// right and a clockwise turn is clockwise, as on the upright panel.
@MainActor
@Suite struct MountingTests {
    /// The panel's mountings: upright, the three quarter turns, a mirror, and
    /// libinput calibrations (one of them turned to portrait too).
    nonisolated static let mountings: [SurfaceTransform] = [
        .identity, .rotated(.clockwise90), .rotated(.clockwise180), .rotated(.clockwise270), .flippedHorizontally,
        calibration, calibration.followed(by: .rotated(.clockwise90)),
    ]
    /// libinput's example of a calibration: a few percent of scale and offset.
    nonisolated static let calibration = SurfaceTransform(a: 1.02, b: 0, c: -0.01, d: 0, e: 1.03, f: -0.015)

    /// A tester on the kiosk panel mounted as `mounting`, its window the screen as seen, with `recognizer` on it.
    static func tester(_ mounting: SurfaceTransform, _ recognizer: GestureRecognizer) -> (TouchTester, Size) {
        let screen = mounting.screen(turning: KioskPanel.screen)
        let window = Window(screen: screen)
        window.addGestureRecognizer(recognizer)
        let tester = TouchTester(window: window, device: TestDevice(KioskPanel.device).mounted(mounting))
        return (tester, Size(width: screen.bounds.width, height: screen.bounds.height))
    }

    /// How far from where it was drawn a finger may be sensed: half a device position, scaled by a calibration.
    static let resolution = 0.55

    @Test("taps land where they are drawn, at the corners and in the middle", arguments: mountings)
    func taps(mounting: SurfaceTransform) throws {
        let tap = TapGestureRecognizer()
        let (tester, size) = Self.tester(mounting, tap)
        #expect(tester.pipeline.transform == mounting)
        for point in [Point(x: 1, y: 1), Point(x: size.width - 1, y: size.height - 1), Point(x: size.width / 2, y: size.height / 3)] {
            tester.clearActions()
            tester.tap(at: point)
            let tapped = try tester.expect(tap, to: .ended)
            #expect(tapped.location.distance(to: point) <= Self.resolution, "\(mounting.summary): drawn at \(point), landed at \(tapped.location)")
            tester.advance(by: 0.5)
        }
        #expect(tester.refusedGestures.isEmpty)
    }

    @Test("what a mounted tester drew is a recording of the raw panel, mounted, that replays as it was seen")
    func recordingOfWhatWasDrawn() throws {
        let mounting = SurfaceTransform.rotated(.clockwise90)
        let tap = TapGestureRecognizer()
        let (tester, size) = Self.tester(mounting, tap)
        tester.tap(at: Point(x: size.width - 10, y: 30))
        tester.settle()
        let drawn = try tester.expect(tap, to: .ended)
        let recording = tester.recording
        #expect(recording.transform == mounting && recording.device == KioskPanel.device && recording.screen == tester.window.screen)
        #expect(recording.events == tester.fedEvents && !recording.events.isEmpty)
        // The raw events are the panel's: x runs along the screen's height, so this tap near the top-right is near x = 30 of 800.
        let xs = recording.events.filter { $0.type == .abs && $0.code == AbsCode.mtPositionX }.map(\.value)
        #expect(xs.allSatisfy { abs(Double($0) - 30) < 2 }, "\(xs)")
        let replayed = Window(screen: recording.screen)
        let again = TapGestureRecognizer()
        replayed.addGestureRecognizer(again)
        let replay = TouchTester(window: replayed, replaying: recording)
        try replay.replay(recording)
        #expect(try replay.expect(again, to: .ended).location.distance(to: drawn.location) < 1e-9)
    }

    @Test("a drag pans by what was drawn, in the screen's directions", arguments: mountings)
    func drag(mounting: SurfaceTransform) throws {
        let pan = PanGestureRecognizer()
        let (tester, size) = Self.tester(mounting, pan)
        let start = Point(x: size.width * 0.2, y: size.height * 0.3)
        tester.drag(from: start, to: Point(x: start.x + 150, y: start.y + 60))
        let ended = try tester.expect(pan, to: .ended, with: ["translation.x": 150 ± 1.5, "translation.y": 60 ± 1.5])
        #expect(ended.location.distance(to: Point(x: start.x + 150, y: start.y + 60)) <= 1.5, "\(mounting.summary): \(ended.location)")
    }

    @Test("a swipe is recognized in the direction drawn on the screen", arguments: mountings)
    func swipes(mounting: SurfaceTransform) throws {
        let swipe = SwipeGestureRecognizer(direction: .all)
        let (tester, size) = Self.tester(mounting, swipe)
        let middle = Point(x: size.width / 2, y: size.height / 2)
        let directions: [(SwipeDirection, SwipeGestureRecognizer.Direction)] = [(.right, .right), (.left, .left), (.up, .up), (.down, .down)]
        for (drawn, recognized) in directions {
            tester.clearActions()
            tester.swipe(direction: drawn, from: middle, distance: 120)
            try tester.expect(swipe, to: .ended, with: ["direction": Double(recognized.rawValue) ± 0])
            tester.advance(by: 0.5)
        }
    }

    @Test("a pinch scales and a clockwise turn turns clockwise", arguments: mountings)
    func pinchAndRotation(mounting: SurfaceTransform) throws {
        let pinch = PinchGestureRecognizer()
        let (tester, size) = Self.tester(mounting, pinch)
        let rotation = RotationGestureRecognizer()
        tester.window.addGestureRecognizer(rotation)
        let middle = Point(x: size.width / 2, y: size.height / 2)
        tester.pinch(center: middle, fromSpan: 100, toSpan: 200)
        try tester.expect(pinch, to: .ended, with: ["scale": 2.0 ± 0.1])
        tester.advance(by: 0.5)
        tester.rotate(center: middle, by: 0.6)
        try tester.expect(rotation, to: .ended, with: ["rotation": 0.6 ± 0.05])
    }

    @Test("a finger moved by hand is where it was put", arguments: mountings)
    func touchByHand(mounting: SurfaceTransform) throws {
        let press = LongPressGestureRecognizer()
        let (tester, size) = Self.tester(mounting, press)
        let corner = Point(x: size.width - 1, y: 1)
        let finger = tester.touch()
        finger.down(at: corner)
        finger.advance(by: 0.6)
        let began = try tester.expect(press, to: .began)
        #expect(began.location.distance(to: corner) <= Self.resolution, "\(mounting.summary): \(began.location)")
        finger.up()
    }

    @Test func millimetresOnTheSurfaceFollowTheScreenAsSeen() {
        // In portrait the 160 × 96 mm panel is 96 × 160 mm as seen, 5 pt per mm along each side of the screen.
        let (tester, _) = Self.tester(.rotated(.clockwise90), TapGestureRecognizer())
        let point = tester.point(atMillimetres: Point(x: 48, y: 80))
        #expect(point.distance(to: Point(x: 240, y: 400)) <= 1, "within one device position: \(point)")
        #expect(abs(tester.points(forMillimetres: 10) - 50) < 1e-9)
        // A finger put there is where the pipeline says, in millimetres as seen.
        var sensed: [Point] = []
        tester.pipeline.onFrame = { frame in sensed += frame.touches.map(\.surfaceLocation) }
        let finger = tester.touch()
        finger.down(at: point)
        finger.up()
        #expect(sensed.first.map { $0.distance(to: Point(x: 48, y: 80)) <= 0.2 } == true, "\(sensed)")
    }

    @Test func aRecordingReplayedOnAPanelMountedUpsideDownIsSeenTurned() throws {
        let recording = try TouchTester.recording(named: "Recordings/pinches", in: .module)
        /// The pinches of `recording` replayed mounted as `mounting` says, or as it was made.
        func pinches(_ recording: Recording, mounting: SurfaceTransform?) throws -> (scales: [Double], locations: [Point], size: Size) {
            let screen = mounting.map { $0.screen(turning: recording.screen) } ?? recording.screen
            let window = Window(screen: screen)
            let pinch = PinchGestureRecognizer()
            window.addGestureRecognizer(pinch)
            let tester = mounting.map { TouchTester(window: window, replaying: recording, mounting: $0) }
                ?? TouchTester(window: window, replaying: recording)
            try tester.replay(recording)
            let ended = tester.actions(of: pinch).filter { $0.state == .ended }
            return (ended.compactMap { $0.value(named: "scale") }, ended.map(\.location), Size(width: screen.bounds.width, height: screen.bounds.height))
        }
        let upright = try pinches(recording, mounting: .identity), upsideDown = try pinches(recording, mounting: .rotated(.clockwise180))
        #expect(upright.scales.count == 3 && upsideDown.scales.count == 3)
        for (a, b) in zip(upright.scales, upsideDown.scales) { #expect(abs(a - b) < 1e-6) }
        for (a, b) in zip(upright.locations, upsideDown.locations) {
            // Half-turned about the screen's centre, within one device position.
            #expect(Point(x: upright.size.width - a.x, y: upright.size.height - a.y).distance(to: b) < 1, "\(a) upright, \(b) upside down")
        }
        // A recording made on the panel mounted upside down replays so by itself: its transform is the tester's mounting.
        var madeUpsideDown = recording
        madeUpsideDown.transform = .rotated(.clockwise180)
        let replayed = try pinches(madeUpsideDown, mounting: nil)
        #expect(replayed.scales == upsideDown.scales && replayed.locations == upsideDown.locations)
    }

    @Test func aPanelWithoutResolutionIsSizedByTheScreenTheTestGives() throws {
        // An 800 × 480 panel that reports no resolution, on an 800 × 480 pt screen at 160 dpi: 127 × 76.2 mm.
        let screen = Screen(width: 800, height: 480, dotsPerInch: 160)
        let window = Window(screen: screen)
        let tap = TapGestureRecognizer(), pan = PanGestureRecognizer()
        window.addGestureRecognizer(tap)
        window.addGestureRecognizer(pan)
        let tester = TouchTester(window: window, device: TestDevice(KioskPanel.withoutResolution))
        let size = tester.pipeline.assembler.mapping.surfaceSize
        #expect(abs(size.width - 127) < 1e-9 && abs(size.height - 76.2) < 1e-9, "\(size)")
        tester.tap(at: Point(x: 400, y: 240))
        let tapped = try tester.expect(tap, to: .ended)
        #expect(tapped.location.distance(to: Point(x: 400, y: 240)) <= 0.5, "\(tapped.location)")
        // Thresholds are millimetres of that size: 2 mm (12.6 pt) is no pan, 5 mm (31.5 pt) is one, by the amount drawn.
        tester.advance(by: 0.5)
        tester.drag(from: Point(x: 200, y: 240), to: Point(x: 200 + 2 * 160 / 25.4, y: 240))
        #expect(tester.actions(of: pan).isEmpty)
        tester.advance(by: 0.5)
        tester.drag(from: Point(x: 200, y: 300), to: Point(x: 300, y: 300))
        try tester.expect(pan, to: .ended, with: ["translation.x": 100 ± 1])
    }
}
