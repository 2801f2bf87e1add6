// Gesture synthesizer sessions and files: one stream of several gestures, evemu files that read back, labels as JSON.
import Foundation
import Tactile
import TactileRecording
import TactileSynthesis
import TactileTestSupport
import Testing

// MARK: - Encoding, sessions and files

@Suite("Gesture synthesizer: encoding, sessions and files")
struct SynthesizerEncodingTests {
    /// No noise and no jitter: exact values.
    static let exact = SensorModel(reportInterval: 0.0125, reportJitter: 0, positionNoise: 0)

    @Test("a two-finger hold on the touchpad, event by event")
    func holdEventByEvent() throws {
        let device = SynthesizedDevices.touchpad
        var synthesizer = GestureSynthesizer(device: device, seed: 9, model: Self.exact)
        let spec = GestureSpec.hold(PressSpec(
            centre: Point(x: 50, y: 30), offsets: [Vector(dx: -10, dy: 0), Vector(dx: 10, dy: 0)], duration: 0.5,
            timing: FingerTiming(landingGaps: [0.03], liftOrder: [1, 0], liftGaps: [0.04])))
        let gesture = synthesizer.make(spec, at: 100)
        var frames: [[InputEvent]] = [[]]
        for event in gesture.events {
            frames[frames.count - 1].append(event)
            if event.isReport { frames.append([]) }
        }
        frames.removeLast()
        let first = try #require(frames.first)
        let id = try #require(first.first).value
        let shape = first.map { "\(EventCodeNames.qualifiedName(type: $0.type, code: $0.code))" }
        #expect(shape == [
            "EV_ABS ABS_MT_TRACKING_ID", "EV_ABS ABS_MT_POSITION_X", "EV_ABS ABS_MT_POSITION_Y", "EV_ABS ABS_MT_PRESSURE",
            "EV_KEY BTN_TOUCH", "EV_KEY BTN_TOOL_FINGER", "EV_ABS ABS_X", "EV_ABS ABS_Y", "EV_ABS ABS_PRESSURE",
            "EV_MSC MSC_TIMESTAMP", "EV_SYN SYN_REPORT",
        ])
        #expect(first[1].value == 480 && first[2].value == 360, "40 mm and 30 mm at 12 units/mm")
        #expect(first[9].value == 0, "the first timestamp after a pause is 0")
        #expect(first.allSatisfy { $0.time == 100 })
        // The second finger lands in slot 1, with the next tracking id; the tool changes as the kernel sends it.
        let landing = try #require(frames.first { frame in frame.contains { $0.code == AbsCode.mtTrackingID && $0.value == id + 1 } })
        let names = landing.map { "\(EventCodeNames.qualifiedName(type: $0.type, code: $0.code)) \($0.value)" }
        #expect(names.starts(with: ["EV_ABS ABS_MT_SLOT 1", "EV_ABS ABS_MT_TRACKING_ID \(id + 1)", "EV_ABS ABS_MT_POSITION_X 720", "EV_ABS ABS_MT_POSITION_Y 360"]))
        #expect(names.contains("EV_KEY BTN_TOOL_FINGER 0") && names.contains("EV_KEY BTN_TOOL_DOUBLETAP 1"))
        let release = try #require(names.firstIndex(of: "EV_KEY BTN_TOOL_FINGER 0"))
        let press = try #require(names.firstIndex(of: "EV_KEY BTN_TOOL_DOUBLETAP 1"))
        #expect(release < press, "input_mt_report_finger_count sends FINGER before DOUBLETAP")
        // With no noise, a resting finger sends nothing but the timestamp once its pressure is steady.
        #expect(frames.contains { $0.count == 2 && $0[0].code == MscCode.timestamp })
        // Finger 1 lifts first: only its tracking id, in slot 1.
        let liftFrame = try #require(frames.first { frame in frame.contains { $0.code == AbsCode.mtTrackingID && $0.value == -1 } })
        #expect(liftFrame.prefix(2).map(\.value) == [1, -1] || liftFrame.first.map { $0.code == AbsCode.mtTrackingID } == true)
        let last = try #require(frames.last).map { "\(EventCodeNames.qualifiedName(type: $0.type, code: $0.code)) \($0.value)" }
        #expect(last.contains("EV_KEY BTN_TOUCH 0") && last.contains("EV_KEY BTN_TOOL_FINGER 0") && last.contains("EV_ABS ABS_PRESSURE 0"))
        #expect(gesture.label.kind == .hold && gesture.label.fingers == 2)
        #expect(abs((gesture.label[GestureLabel.Key.x] ?? 0) - 50) < 1e-9)
        #expect(KernelRules.violations(gesture.events, device: device).isEmpty)
    }

    @Test("an explicit pinch renders its exact scale and turn, and a spec off the surface is moved onto it, to the very edge")
    func explicitSpecs() throws {
        let device = SynthesizedDevices.touchscreen
        var synthesizer = GestureSynthesizer(device: device, seed: 4)
        let pinch = TransformSpec(
            centre: Point(x: 100, y: 80), offsets: TransformSpec.offsets(fingers: 2, span: 40, angle: 0.3),
            scale: 0.5, rotation: 0.2, balance: 0.1, drift: Vector(dx: 1, dy: 2),
            motion: MotionTiming(onset: 0.1, duration: 0.5, rest: 0.1),
            timing: FingerTiming(landingGaps: [0.02], liftOrder: [0, 1], liftGaps: [0.03]))
        let gesture = synthesizer.make(.pinch(pinch), at: 0)
        #expect(gesture.label.kind == .pinchIn)
        #expect(abs((gesture.label[GestureLabel.Key.scale] ?? 0) - 0.5) < 1e-9, "a similarity transform scales every distance alike")
        #expect(abs((gesture.label[GestureLabel.Key.rotation] ?? 0) - 0.2) < 1e-9)
        #expect(abs((gesture.label[GestureLabel.Key.startSpan] ?? 0) - 40) < 1e-9)
        #expect(gesture.spec == .pinch(pinch), "a spec that fits is rendered as given")

        var outside = pinch
        outside.centre = Point(x: -30, y: 500)
        let moved = synthesizer.make(.pinch(outside), at: 5)
        #expect(moved.spec != .pinch(outside))
        #expect(abs((moved.label[GestureLabel.Key.scale] ?? 0) - 0.5) < 1e-9)
        #expect(SynthAssembled(moved.events, device: device).diagnostics.isEmpty)
        // Moved by as little as that takes: onto the surface, not 5 mm (edgeMargin) into it.
        let size = synthesizer.surfaceSize
        let contacts = moved.frames.flatMap(\.contacts)
        for contact in contacts {
            #expect(contact.position.x >= -1e-9 && contact.position.x <= size.width + 1e-9)
            #expect(contact.position.y >= -1e-9 && contact.position.y <= size.height + 1e-9)
        }
        let left = contacts.map(\.position.x).min() ?? 0, bottom = contacts.map(\.position.y).max() ?? 0
        #expect(left < 0.5 && bottom > size.height - 0.5, "the fingers reach the left and bottom edges: \(left), \(bottom) of \(size)")
    }

    @Test("a device without resolution is sized by the screen given, as the pipeline sizes it")
    func screenOfADeviceWithoutResolution() {
        // An 800 × 480 panel that reports no resolution, on an 800 × 480 pt screen at 160 dpi.
        let panel = DeviceDescription(name: "Panel", properties: [InputProperty.direct], keys: [KeyCode.touch], axes: [
            AbsoluteAxis(code: AbsCode.mtSlot, minimum: 0, maximum: 9),
            AbsoluteAxis(code: AbsCode.mtPositionX, minimum: 0, maximum: 799),
            AbsoluteAxis(code: AbsCode.mtPositionY, minimum: 0, maximum: 479),
            AbsoluteAxis(code: AbsCode.mtTrackingID, minimum: 0, maximum: 65535),
        ])
        let screen = Screen(width: 800, height: 480, dotsPerInch: 160)
        let synthesizer = GestureSynthesizer(device: panel, seed: 1, screen: screen)
        let pipeline = SurfaceMapping(device: panel, screen: screen)
        #expect(synthesizer.surfaceSize == pipeline.surfaceSize)
        #expect(abs(synthesizer.surfaceSize.width - 127) < 1e-9 && abs(synthesizer.surfaceSize.height - 76.2) < 1e-9)
        #expect(GestureSynthesizer(device: panel, seed: 1).surfaceSize.width > 500, "the standard screen's 508 mm without one")
        // In portrait (a quarter turn) the panel's x axis lies along the screen's 800 pt height.
        let portrait = GestureSynthesizer(device: panel, seed: 1, screen: Screen(width: 480, height: 800, dotsPerInch: 160),
                                          transform: .rotated(.clockwise90))
        #expect(abs(portrait.surfaceSize.width - 127) < 1e-9 && abs(portrait.surfaceSize.height - 76.2) < 1e-9)
    }

    @Test("a session is one stream: state carries over, labels follow each other, timestamps restart after long pauses")
    func session() throws {
        for device in SynthDevice.tracking {
            var synthesizer = GestureSynthesizer(device: device.description, seed: 11)
            let kinds = GestureKind.allCases + GestureKind.allCases.reversed()
            let (events, labels) = synthesizer.session(kinds, gap: 0.3...1.6, start: 2)
            #expect(labels.map(\.kind) == kinds)
            #expect(labels.first?.start == 2)
            #expect(zip(labels, labels.dropFirst()).allSatisfy { $0.end + 0.3 - 1e-6 <= $1.start && $1.start <= $0.end + 1.6 + 1e-6 })
            let stream = SynthAssembled(events, device: device.description)
            #expect(stream.diagnostics.isEmpty, "\(stream.diagnostics.summary)")
            let expectedTouches = labels.reduce(0) { $0 + $1.fingers * ($1.kind == .doubleTap ? 2 : 1) }
            #expect(stream.lives.count == expectedTouches)
            #expect(KernelRules.violations(events, device: device.description).isEmpty)
            // Each touch falls within its gesture's label.
            for life in stream.lives.values {
                let begin = life.first?.timestamp ?? -1, end = life.last?.timestamp ?? -1
                #expect(labels.contains { $0.start <= begin && end <= $0.end })
            }
        }
    }

    @Test("one evemu file per kind reads back identical", arguments: SynthDevice.allCases)
    func evemuRoundTrip(_ device: SynthDevice) throws {
        try TemporaryDirectory.with { directory in
            var synthesizer = GestureSynthesizer(device: device.description, seed: 2024)
            for kind in GestureKind.allCases {
                let gesture = synthesizer.random(kind, at: 0)
                let recording = EvemuRecording(device: device.description, events: gesture.events)
                let path = directory + "/\(device.rawValue)-\(kind.rawValue).evemu"
                try EvemuWriter.write(recording, to: path)
                let reread = try EvemuReader.read(contentsOf: path)
                #expect(reread == recording, "\(kind)")
                #expect(reread.device.kind == (device == .touchscreen ? .touchscreen : .touchpad))
            }
        }
    }

    @Test("labels encode and decode as JSON")
    func labelCodable() throws {
        var synthesizer = GestureSynthesizer(device: SynthesizedDevices.touchpad, seed: 5)
        let label = synthesizer.random(.swipe, at: 1).label
        let data = try JSONEncoder().encode(label)
        #expect(try JSONDecoder().decode(GestureLabel.self, from: data) == label)
        #expect(String(decoding: data, as: UTF8.self).contains("\"kind\":\"swipe\""))
    }
}
