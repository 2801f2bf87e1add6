// Synthesized gestures with what real hands add (late, early, joining fingers, drift, a thumb): still recognized.
import Tactile
@testable import TactileRecording
@testable import TactileSynthesis
import TactileTesting
import Testing

/// Synthesized gestures with what real hands add — a finger starting late,
/// one lifting early, one joining, drift, a resting thumb — replayed through
/// `StandardGestures`: the gesture is still what it is.
@Suite("Recognizers on imperfect hands")
@MainActor
struct ImperfectionTests {
    static let seeds: ClosedRange<UInt64> = 1...40

    struct Replay {
        var gesture: SynthesizedGesture
        var records: [ActionRecord]
        var frames: [TouchFrame]

        /// Recognizers that began or recognized, hold excluded, with their touch counts.
        var recognized: [String] {
            var names: [String] = []
            for record in records where (record.state == .began || record.state == .ended) && record.recognizer != "hold" {
                if !names.contains(record.recognizer) { names.append(record.recognizer) }
            }
            return names
        }

        func records(of name: String) -> [ActionRecord] { records.filter { $0.recognizer == name } }
    }

    static func replay(_ kind: GestureKind, fingers: Int, device: DeviceDescription, seed: UInt64,
                       imperfections: (GestureSpec, GestureSynthesizer) -> [Imperfection]) -> Replay {
        var synthesizer = GestureSynthesizer(device: device, seed: seed)
        let spec = synthesizer.draw(kind, fingers: fingers)
        let gesture = synthesizer.make(spec, at: 1, imperfections: imperfections(spec, synthesizer))
        let window = Window(screen: .standard)
        let gestures = StandardGestures(attachingTo: window)
        let tester = TouchTester(window: window, device: TestDevice(device))
        var frames: [TouchFrame] = []
        tester.pipeline.onFrame = { frames.append($0) }
        tester.feed(gesture.events)
        tester.advance(by: gesture.label.end + 1.5 - tester.now)
        withExtendedLifetime(gestures) {}
        return Replay(gesture: gesture, records: tester.actions, frames: frames)
    }

    /// The motion of a pan spec, in seconds from the first landing.
    static func motionWindow(_ spec: GestureSpec) -> (start: Double, end: Double) {
        guard case .pan(let pan) = spec else { return (0, 0) }
        let landed = pan.timing.landingTimes(fingers: pan.offsets.count).last ?? 0
        return (landed + pan.motion.onset, landed + pan.motion.onset + pan.motion.duration)
    }

    static let devices: [(String, DeviceDescription)] = [("touchpad", SynthesizedDevices.touchpad), ("touchscreen", SynthesizedDevices.touchscreen)]

    /// Two fingers where one waits until the other has gone 8 mm look like a
    /// planted thumb (a pivot: pinch or rotation), by design; real two-finger
    /// drags start within 20-50 ms of each other (the Asus Transformer trace: 20 ms).
    /// Three or more fingers are judged as a group and may lag far more.
    @Test("a finger starting late (20-50 ms of two, 60-120 ms of three or four): still a pan of all the fingers",
          arguments: [2, 3, 4])
    func lateStart(fingers: Int) {
        for (name, device) in Self.devices {
            var wins = 0
            for seed in Self.seeds {
                let delay = fingers == 2 ? 0.02 + 0.015 * Double(seed % 3) : 0.06 + 0.03 * Double(seed % 3)
                let replay = Self.replay(.pan, fingers: fingers, device: device, seed: seed) { _, _ in
                    [.lateStart(finger: Int(seed) % fingers, delay: delay)]
                }
                if replay.recognized == ["pan"], replay.records(of: "pan").first?.touches == fingers { wins += 1 } else {
                    print("late start \(name) \(fingers) fingers seed \(seed): \(replay.recognized)")
                }
            }
            // A finger lagging 120 ms straight behind two others reads, until it
            // moves, as a thumb the two close on (a pinch): 2 misses in 40 allowed.
            #expect(wins >= Self.seeds.count - 2, "\(name), \(fingers) fingers: \(wins)/\(Self.seeds.count)")
        }
    }

    @Test("a finger lifting early mid-pan: the pan goes on with the others, without a jump")
    func earlyLift() {
        for (name, device) in Self.devices {
            for seed in Self.seeds {
                let replay = Self.replay(.pan, fingers: 3, device: device, seed: seed) { spec, _ in
                    let motion = Self.motionWindow(spec)
                    return [.earlyLift(finger: 1, time: (motion.start + motion.end) / 2)]
                }
                let pan = replay.records(of: "pan")
                #expect(replay.recognized == ["pan"], "\(name) seed \(seed): \(replay.recognized)")
                #expect(pan.last?.state == .ended, "\(name) seed \(seed): the pan ends, not cancelled")
                #expect(Set(pan.map(\.touches)).isSuperset(of: [3, 2]), "\(name) seed \(seed)")
                #expect(Self.largestStep(pan, name: "translation") < 60, "\(name) seed \(seed): no jump")
            }
        }
    }

    @Test("a finger joining a pan under way: the pan takes it, without a jump, and stays a pan")
    func joining() {
        for (name, device) in Self.devices {
            for seed in Self.seeds {
                let replay = Self.replay(.pan, fingers: 3, device: device, seed: seed) { spec, _ in
                    let motion = Self.motionWindow(spec)
                    return [.joining(finger: 2, time: motion.start + 0.4 * (motion.end - motion.start))]
                }
                let pan = replay.records(of: "pan")
                #expect(replay.recognized == ["pan"], "\(name) seed \(seed): \(replay.recognized)")
                #expect(pan.contains { $0.touches == 3 }, "\(name) seed \(seed): the third finger joined")
                #expect(Self.largestStep(pan, name: "translation") < 60, "\(name) seed \(seed): no jump")
            }
        }
    }

    @Test("drift of a resting hand within the allowance: still a long press; a drifting pinch is still a pinch")
    func drift() {
        for (name, device) in Self.devices {
            var presses = 0, palms = 0, pinches = 0
            for seed in Self.seeds {
                let press = Self.replay(.longPress, fingers: 1, device: device, seed: seed) { _, _ in
                    [.drift(Vector(dx: 1.5, dy: -1.2))]
                }
                // A press resting in a palm band along a touchpad's side
                // (libinput's 8 mm, ``PalmEdgeZones``) is a palm: nothing.
                if press.frames.first?.touches.first?.rejection == .palm {
                    palms += 1
                    #expect(press.recognized.isEmpty, "\(name) seed \(seed): \(press.recognized)")
                } else if press.recognized == ["longPress"] {
                    presses += 1
                }
                let pinch = Self.replay(.pinchOut, fingers: 2, device: device, seed: seed) { _, _ in
                    [.drift(Vector(dx: 6, dy: 4))]
                }
                // A slow-starting pinch drifting 7 mm can look like a scroll for
                // its first millimetres: the pan may begin, but yields (libinput's
                // scroll-to-pinch reclassification), never ends.
                let panEnded = pinch.records(of: "pan").contains { $0.state == .ended }
                if pinch.recognized.contains("pinch"), !panEnded { pinches += 1 } else {
                    print("drifting pinch \(name) seed \(seed): \(pinch.recognized)")
                }
            }
            #expect(presses + palms == Self.seeds.count, "\(name): \(presses) + \(palms) palms")
            #expect(palms <= Self.seeds.count / 4 && (device.kind == .touchpad || palms == 0), "\(name): \(palms) palms")
            #expect(pinches >= Self.seeds.count - 1, "\(name): \(pinches)")
        }
    }

    @Test("a thumb resting at the bottom of a touchpad while two or three fingers scroll: a pan of the fingers, no pinch, no rotation",
          arguments: [2, 3])
    func restingThumb(fingers: Int) {
        let device = SynthesizedDevices.touchpad
        var wins = 0
        for seed in Self.seeds {
            let replay = Self.replay(.pan, fingers: fingers, device: device, seed: seed) { _, synthesizer in
                let size = synthesizer.surfaceSize
                return [.restingThumb(at: Point(x: size.width * (seed % 2 == 0 ? 0.3 : 0.7), y: size.height - 2.5))]
            }
            let thumbs = Set(replay.frames.flatMap(\.touches).filter { $0.rejection == .thumb }.map(\.id))
            #expect(thumbs.count == 1, "seed \(seed): the thumb is marked")
            let pan = replay.records(of: "pan")
            if replay.recognized == ["pan"], pan.allSatisfy({ $0.touches <= fingers }) { wins += 1 } else {
                print("resting thumb, \(fingers) fingers, seed \(seed): \(replay.recognized) \(pan.map(\.touches).max() ?? 0) touches")
            }
        }
        #expect(wins == Self.seeds.count, "\(wins)/\(Self.seeds.count)")
    }

    @Test("the imperfections are in the events: a late finger stays, an early one lifts, a joining one lands late, a thumb rests")
    func rendering() {
        var synthesizer = GestureSynthesizer(device: SynthesizedDevices.touchscreen, seed: 3)
        let spec = synthesizer.draw(.pan, fingers: 3)
        let motion = Self.motionWindow(spec)
        let thumb = Point(x: 20, y: 20)
        let gesture = synthesizer.make(spec, at: 0, imperfections: [
            .lateStart(finger: 0, delay: 0.1), .earlyLift(finger: 1, time: motion.end - 0.05),
            .joining(finger: 2, time: motion.start + 0.05), .restingThumb(at: thumb),
        ])
        let frames = gesture.frames
        #expect(gesture.label.fingers == 3, "the thumb is no part of the label")
        #expect(frames.first?.contacts.count == 1, "the thumb lands first")
        #expect(frames.allSatisfy { $0.contacts.contains { $0.stroke < 0 || $0.position.distance(to: thumb) > 1 } || $0.contacts.count <= 1 })
        let maximum = frames.map(\.contacts.count).max() ?? 0
        #expect(maximum == 4, "three fingers and the thumb at most")
    }

    /// The largest change of a value pair `name.x`/`name.y` between consecutive actions, in points.
    static func largestStep(_ records: [ActionRecord], name: String) -> Double {
        var largest = 0.0
        var previous: Vector?
        for record in records {
            let x = record.values.first { $0.name == name + ".x" }?.value ?? 0
            let y = record.values.first { $0.name == name + ".y" }?.value ?? 0
            let current = Vector(dx: x, dy: y)
            if let previous { largest = max(largest, (current - previous).length) }
            previous = current
        }
        return largest
    }
}
