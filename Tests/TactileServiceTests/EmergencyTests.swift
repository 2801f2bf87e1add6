// The way out: five or more fingers held still release everything, whatever the config binds and whatever fired before.
import Tactile
import TactileService
import TactileTestSupport
import Testing

@Suite struct EmergencyTests {
    static let location = SourceLocation(file: "test.toml", line: 1, column: 1)

    /// Fingers in `slots` resting `duration` seconds, a frame every 10 ms with a unit of jitter on each
    static let five: [Int: (Double, Double)] = [0: (100, 50), 1: (60, 40), 2: (80, 30), 3: (120, 30), 4: (140, 45)]

    func emergencyMade(_ run: ServiceRun) -> Bool {
        run.reports.contains { $0.contains("emergency gesture: every grab released") }
    }

    /// The copy's frames end with the touches cancelled: palms, then their release, none left down.
    func expectCancelled(_ run: ServiceRun, count: Int) {
        let copy = frames(of: run.events(of: run.outputs.touchCopy))
        let palms = copy.map { $0.filter { $0.code == AbsCode.mtToolType && $0.value == 2 }.count }.reduce(0, +)
        #expect(palms == count, "\(palms) palms")
        let lastFrames = copy.suffix(3).joined()
        #expect(lastFrames.filter { $0.code == AbsCode.mtTrackingID && $0.value == -1 }.count == count)
        #expect(lastFrames.contains { $0.type == .key && $0.code == KeyCode.touch && $0.value == 0 })
    }

    @Test func afterTheDefaultRightClickHeldFourMoreFingersResting() throws {
        // One finger rests past the right click's 0.6 s (the press is held), then four more join and all rest 3.5 s.
        var stream = PanelStream()
        stream.frame(land: [0: Self.five[0]!])
        PanelStream.rest(&stream, slots: [0], at: Self.five, for: 0.7)
        stream.frame(land: [1: Self.five[1]!, 2: Self.five[2]!, 3: Self.five[3]!, 4: Self.five[4]!])
        PanelStream.rest(&stream, slots: Array(0..<5), at: Self.five, for: 3.5)
        stream.frame(lift: Array(0..<5))
        let run = try ServiceRun(config: ConfigLoader.defaultConfig, events: stream.events)
        #expect(emergencyMade(run), "\(run.reports)")
        // Made 3 s after the fifth finger landed; no right click, nothing else after.
        let line = try #require(run.reports.first { $0.contains("emergency") })
        #expect(line.hasPrefix("4.710"), "\(line)")
        #expect(!run.reports.contains { $0.contains("right click →") })
        expectCancelled(run, count: 5)
    }

    @Test func aFiveFingerLongPressBindingCannotShadowIt() throws {
        // Bindings the loader refuses (they would fire on the way out) still cannot keep it from being made.
        for claims in [false, true] {
            let config = GestureConfig(bindings: [
                Binding(name: "five", recognizer: RecognizerSpec(kind: .longPress, parameters: [
                    Parameter(name: "fingers", value: .integer(5), location: Self.location),
                    Parameter(name: "minimum-press-duration", value: .seconds(1), location: Self.location),
                ]), claimsTouches: claims, actions: [.began: [.key(KeyChord(keys: [29, 46], text: "ctrl+c"))]], location: Self.location),
            ])
            var stream = PanelStream()
            stream.frame(land: Self.five)
            PanelStream.rest(&stream, slots: Array(0..<5), at: Self.five, for: 3.5)
            stream.frame(lift: Array(0..<5))
            let run = try ServiceRun(config: config, events: stream.events)
            #expect(run.reports.contains { $0.contains("five began") }, "claim \(claims): \(run.reports)")
            #expect(emergencyMade(run), "claim \(claims): \(run.reports)")
        }
    }

    @Test func sixRestingFingersMakeIt() throws {
        var points = Self.five
        points[5] = (160, 60)
        var stream = PanelStream()
        stream.frame(land: points)
        PanelStream.rest(&stream, slots: Array(0..<6), at: points, for: 3.5)
        stream.frame(lift: Array(0..<6))
        let run = try ServiceRun(config: ConfigLoader.defaultConfig, events: stream.events)
        #expect(emergencyMade(run), "\(run.reports)")
        expectCancelled(run, count: 6)
    }

    @Test func fingersThatRestWithoutAnyFrameMakeItByTheTimer() throws {
        // A touchscreen sends nothing while fingers are perfectly still: the watch's deadline fires it.
        var stream = PanelStream()
        stream.frame(land: Self.five)
        stream.time += 4
        stream.frame(lift: Array(0..<5))
        let run = try ServiceRun(config: ConfigLoader.defaultConfig, events: stream.events)
        let line = try #require(run.reports.first { $0.contains("emergency") })
        #expect(line.hasPrefix("4.000"), "\(line)")
    }

    @Test func aDeviceSaysHowManyFingersItCanReportForTheWayOut() {
        #expect(EmergencyWatch.fingersReported(by: servicePanel) == 10)
        #expect(EmergencyWatch.fingersReported(by: TestDevices.synaptics) == 5, "two slots, BTN_TOOL_QUINTTAP")
        let twoSlots = DeviceDescription(name: "two", properties: [InputProperty.direct], keys: [KeyCode.touch], axes: [
            AbsoluteAxis(code: AbsCode.mtSlot, minimum: 0, maximum: 1),
            AbsoluteAxis(code: AbsCode.mtPositionX, minimum: 0, maximum: 999),
            AbsoluteAxis(code: AbsCode.mtPositionY, minimum: 0, maximum: 999),
            AbsoluteAxis(code: AbsCode.mtTrackingID, minimum: 0, maximum: 65535),
        ])
        #expect(EmergencyWatch.fingersReported(by: twoSlots) == 2)
    }

    @Test func fiveFingersThatMoveDoNotMakeIt() throws {
        // Five fingers sweeping 40 mm back and forth for 4 s: never still for 3 s.
        var stream = PanelStream()
        stream.frame(land: Self.five)
        for step in 0..<400 {
            let dx = Double((step / 50) % 2 == 0 ? step % 50 : 50 - step % 50) * 0.8
            var moves: [Int: (Double, Double)] = [:]
            for (slot, point) in Self.five { moves[slot] = (point.0 + dx - 20, point.1) }
            stream.frame(move: moves)
        }
        stream.frame(lift: Array(0..<5))
        let run = try ServiceRun(config: ConfigLoader.defaultConfig, events: stream.events)
        #expect(!emergencyMade(run), "\(run.reports)")
    }

    @Test func fourFingersAndAMovingFifthDoNotMakeItUntilTheFifthRests() throws {
        var stream = PanelStream()
        stream.frame(land: Self.five)
        // The fifth finger wanders 20 mm for 2 s, then rests: the wait starts again when it stops moving away.
        for step in 0..<200 {
            let wander = Double(step % 40) * 0.5
            stream.frame(move: [4: (Self.five[4]!.0 + wander, Self.five[4]!.1)])
        }
        PanelStream.rest(&stream, slots: Array(0..<5), at: Self.five, for: 3.2)
        stream.frame(lift: Array(0..<5))
        let run = try ServiceRun(config: ConfigLoader.defaultConfig, events: stream.events)
        let line = try #require(run.reports.first { $0.contains("emergency") })
        let time = try #require(Double(line.prefix(5)))
        #expect(time > 4.5, "\(line)")
    }
}
