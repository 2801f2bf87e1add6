// A touchpad under the service: a three-finger swipe is its key, and the app's three fingers are cancelled as palms, one first.
import Tactile
import TactileService
import TactileTestSupport
import Testing

@Suite struct TouchpadServiceTests {
    static let location = SourceLocation(file: "test.toml", line: 1, column: 1)

    /// Three fingers landing one frame apart (as real hands do), swiping left 40 mm, lifting together.
    static func threeFingerSwipe() -> [InputEvent] {
        var raw = RawFrames(time: 1.0, step: 0.008)
        let xs: [Int32] = [400, 550, 700], y: Int32 = 350
        raw.frame([(.abs, AbsCode.mtSlot, 0), (.abs, AbsCode.mtTrackingID, 1), (.abs, AbsCode.mtPositionX, xs[0]), (.abs, AbsCode.mtPositionY, y),
                   (.abs, AbsCode.mtPressure, 60), (.key, KeyCode.touch, 1), (.key, KeyCode.toolFinger, 1)])
        raw.frame([(.abs, AbsCode.mtSlot, 1), (.abs, AbsCode.mtTrackingID, 2), (.abs, AbsCode.mtPositionX, xs[1]), (.abs, AbsCode.mtPositionY, y),
                   (.abs, AbsCode.mtPressure, 60), (.key, KeyCode.toolFinger, 0), (.key, KeyCode.toolDoubleTap, 1)])
        raw.frame([(.abs, AbsCode.mtSlot, 2), (.abs, AbsCode.mtTrackingID, 3), (.abs, AbsCode.mtPositionX, xs[2]), (.abs, AbsCode.mtPositionY, y),
                   (.abs, AbsCode.mtPressure, 60), (.key, KeyCode.toolDoubleTap, 0), (.key, KeyCode.toolTripleTap, 1)])
        for step in 1...16 {
            var body: [(EventType, UInt16, Int32)] = []
            for slot in 0..<3 {
                body += [(.abs, AbsCode.mtSlot, Int32(slot)), (.abs, AbsCode.mtPositionX, xs[slot] - Int32(step * 25))]
            }
            raw.frame(body)
        }
        raw.frame([(.abs, AbsCode.mtSlot, 0), (.abs, AbsCode.mtTrackingID, -1), (.abs, AbsCode.mtSlot, 1), (.abs, AbsCode.mtTrackingID, -1),
                   (.abs, AbsCode.mtSlot, 2), (.abs, AbsCode.mtTrackingID, -1), (.key, KeyCode.touch, 0), (.key, KeyCode.toolTripleTap, 0)])
        return raw.events
    }

    @Test func aThreeFingerSwipeIsItsKeyAndTheAppsFingersEndAsPalmsOneFirst() throws {
        let config = GestureConfig(devices: DeviceSelection(kinds: [.touchpad]), bindings: [
            Binding(name: "next", recognizer: RecognizerSpec(kind: .swipe, parameters: [
                Parameter(name: "fingers", value: .integer(3), location: Self.location),
                Parameter(name: "direction", value: .directions([.left]), location: Self.location),
            ]), actions: [.ended: [.key(KeyChord(keys: [125, 109], text: "super+Page_Down"))]], location: Self.location),
        ])
        let device = TestDevices.tallTouchpad
        let sink = RecordingSink()
        let keyboard = try sink.create(.keyboard, name: "keyboard")
        let outputs = try ServiceDevice.makeOutputs(for: device, config: config, sink: sink, keyboard: keyboard, passThrough: true)
        let service = ServiceDevice(description: device, config: config, sink: sink, outputs: outputs, commands: RecordingCommandRunner())
        let events = Self.threeFingerSwipe()
        service.replay(events)
        service.finish(at: 2)
        let copy = sink.events(of: try #require(outputs.touchCopy))
        let copyFrames = frames(of: copy)
        // The fingers reached the app as they landed. Claimed, one of them turned palm at once (libinput's
        // finger count changes, so it cancels its swipe once its switch timeout passes)…
        let palms = copyFrames.map { $0.filter { $0.code == AbsCode.mtToolType && $0.value == 2 }.count }
        let first = try #require(palms.firstIndex { $0 > 0 })
        #expect(palms[first] == 1)
        #expect(first >= 3)
        // …the other two stayed frozen (nothing of them went on), and 150 ms later all three were cancelled.
        let rest = first + 1
        #expect(palms[rest] == 2)
        let delay = (copyFrames[rest].first?.time ?? 0) - (copyFrames[first].first?.time ?? 0)
        #expect(abs(delay - TouchGate.touchpadCancelDelay) < 1e-6, "\(delay)")
        let release = copyFrames[rest + 1]
        #expect(release.filter { $0.code == AbsCode.mtTrackingID && $0.value == -1 }.count == 3)
        #expect(release.contains { $0.type == .key && $0.code == KeyCode.toolTripleTap && $0.value == 0 })
        #expect(release.contains { $0.type == .key && $0.code == KeyCode.touch && $0.value == 0 })
        // The palm frames set the tool type back (the device's own, a finger), then nothing more of the swipe.
        #expect(copyFrames.count == rest + 3)
        // Before the claim, the frames went on unchanged.
        #expect(Array(copy.prefix(copyFrames.prefix(first).joined().count)) == Array(events.prefix(copyFrames.prefix(first).joined().count)))
        let keys = sink.events(of: keyboard).filter { $0.type == .key }
        #expect(keys.map(\.code) == [125, 109, 109, 125])
    }
}
