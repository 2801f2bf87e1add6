// A touchscreen under the service: drags pass byte for byte, a long press is a right click and a cancel, edges hold.
import Tactile
import TactileService
import Testing

@Suite struct ServiceDeviceTests {
    static let location = SourceLocation(file: "test.toml", line: 1, column: 1)
    static let altLeft = KeyChord(keys: [56, 105], text: "alt+Left")

    static let config = GestureConfig(
        zones: [Zone(name: "left", shape: .edge(.left, depth: .millimetres(4)), holdsTouches: true, location: location)],
        bindings: [
            Binding(name: "back", recognizer: RecognizerSpec(kind: .swipe, parameters: [
                Parameter(name: "direction", value: .directions([.right]), location: location),
            ]), zone: "left", actions: [.ended: [.key(altLeft)]], location: location),
            Binding(name: "menu", recognizer: RecognizerSpec(kind: .longPress),
                    actions: [.began: [.click(.right)]], location: location),
        ]
    )

    func run(_ stream: PanelStream) throws -> ServiceRun {
        try ServiceRun(config: Self.config, events: stream.events)
    }

    @Test func aDragInTheMiddlePassesByteForByte() throws {
        var stream = PanelStream()
        stream.stroke(slot: 0, from: (100, 50), to: (140, 60), frames: 20)
        let result = try run(stream)
        #expect(result.events(of: result.outputs.touchCopy) == stream.events)
        #expect(result.events(of: result.outputs.keyboard).isEmpty)
        #expect(result.events(of: result.outputs.pointer).isEmpty)
    }

    @Test func aLongPressIsARightClickWhereTheFingerIsAndACancel() throws {
        var stream = PanelStream()
        stream.frame(land: [0: (120, 40)])
        stream.wait(0.8, slot: 0)
        stream.frame(lift: [0])
        let result = try run(stream)
        let copy = result.events(of: result.outputs.touchCopy)
        // The touch went on, then was cancelled: a palm frame, then its release.
        let copyFrames = frames(of: copy)
        let palm = try #require(copyFrames.firstIndex { $0.contains { $0.code == AbsCode.mtToolType && $0.value == 2 } })
        let release = copyFrames[palm + 1]
        #expect(release.contains { $0.code == AbsCode.mtTrackingID && $0.value == -1 })
        #expect(release.contains { $0.type == .key && $0.code == KeyCode.touch && $0.value == 0 })
        #expect(copyFrames[palm + 2].contains { $0.code == AbsCode.mtToolType && $0.value == 0 }, "the slot is a finger again")
        #expect(copyFrames.count == palm + 3, "nothing of the touch goes on after its cancel")
        let pointer = result.events(of: result.outputs.pointer)
        #expect(pointer.count == 7)
        #expect(abs(Int(pointer.first?.value ?? 0) - 1200) <= 2 && pointer.dropFirst().map(\.value) == [400, 0, 1, 0, 0, 0])
        #expect(pointer.filter { $0.type == .key }.map(\.code) == [KeyCode.buttonRight, KeyCode.buttonRight])
        #expect(result.events(of: result.outputs.keyboard).isEmpty)
    }

    @Test func anEdgeSwipeFiresAndTheAppNeverSeesIt() throws {
        var stream = PanelStream()
        stream.stroke(slot: 0, from: (1.5, 50), to: (45, 52), frames: 15)
        let result = try run(stream)
        #expect(result.events(of: result.outputs.touchCopy).isEmpty)
        let keys = result.events(of: result.outputs.keyboard).filter { $0.type == .key }
        #expect(keys.map(\.code) == [56, 105, 105, 56])
        #expect(keys.map(\.value) == [1, 1, 0, 0])
    }

    @Test func anEdgeTapGoesOnOnceTheEdgeGivesUp() throws {
        var stream = PanelStream()
        stream.frame(land: [0: (2, 50)])
        stream.frame(move: [0: (2.1, 50)])
        stream.frame(lift: [0])
        let result = try run(stream)
        let copy = result.events(of: result.outputs.touchCopy)
        let ids = copy.filter { $0.code == AbsCode.mtTrackingID }.map(\.value)
        #expect(ids == [100, -1])
        #expect(copy.filter { $0.type == .key }.map(\.value) == [1, 0])
        #expect(result.reports.contains { $0.contains("goes on to the app") })
    }

    @Test func aDragBesideAnEdgeSwipeKeepsFlowing() throws {
        var stream = PanelStream()
        stream.frame(land: [0: (100, 50)])
        stream.frame(land: [1: (1.5, 20)], move: [0: (101, 50)])
        for index in 1...15 {
            stream.frame(move: [0: (101 + Double(index), 50), 1: (1.5 + Double(index) * 3, 21)])
        }
        stream.frame(lift: [1])
        stream.frame(move: [0: (120, 50)])
        stream.frame(lift: [0])
        let result = try run(stream)
        let copy = result.events(of: result.outputs.touchCopy)
        // Only slot 0's contact reached the app, and it is whole.
        #expect(copy.filter { $0.code == AbsCode.mtTrackingID }.map(\.value) == [100, -1])
        #expect(!copy.contains { $0.code == AbsCode.mtSlot && $0.value == 1 })
        #expect(copy.filter { $0.code == AbsCode.mtPositionX }.last?.value == 1200)
        #expect(result.events(of: result.outputs.keyboard).filter { $0.type == .key }.count == 4)
    }
}
