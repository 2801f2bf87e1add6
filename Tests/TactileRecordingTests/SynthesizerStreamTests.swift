// Gesture synthesizer streams: the kernel's protocol B encoding, seeds, slots beyond the pad's, positions within the noise.
import Foundation
import Tactile
import TactileRecording
import TactileSynthesis
import Testing

// MARK: - Streams

@Suite("Gesture synthesizer: streams")
struct SynthesizerStreamTests {
    @Test("the assembler takes every stream without complaint; each finger is one touch that begins and ends once, in frames of its own",
          arguments: GestureKind.allCases, SynthDevice.allCases)
    func wellFormed(_ kind: GestureKind, _ device: SynthDevice) throws {
        let description = device.description
        let size = GestureSynthesizer(device: description, seed: 0).surfaceSize
        for (seed, gesture) in SynthFixtures.gestures(kind, on: device) {
            let label = gesture.label
            let observed = SynthObserved(gesture, device: description)
            let stream = observed.stream
            #expect(stream.diagnostics.isEmpty, "seed \(seed): \(stream.diagnostics.summary)")
            #expect(gesture.events.first?.timeInMicroseconds == Int64((label.start * 1e6).rounded()), "seed \(seed)")
            #expect(gesture.events.last?.timeInMicroseconds == Int64((label.end * 1e6).rounded()), "seed \(seed)")
            #expect(stream.frames.first?.time == label.start && stream.frames.last?.time == label.end, "seed \(seed)")
            #expect(gesture.events.last?.isReport == true)
            let times = stream.frames.map(\.time)
            #expect(zip(times, times.dropFirst()).allSatisfy { $0 < $1 }, "seed \(seed): frame times strictly increase")

            let taps = kind == .doubleTap ? 2 : 1
            let lives = stream.lives
            // Every finger is one touch; on a two-slot pad a third finger is a touch only if it outlasts another.
            let trackedFingers = Set(gesture.frames.flatMap(\.contacts).filter { $0.trackingID != nil }.map(\.finger))
            #expect(lives.count == trackedFingers.count, "seed \(seed)")
            #expect(lives.count >= min(label.fingers, description.slotCount) * taps && lives.count <= label.fingers * taps,
                    "seed \(seed): \(lives.count) touches for \(label.fingers) finger(s) × \(taps)")
            #expect(stream.frames.map(\.fingerCount).max() == label.fingers, "seed \(seed): the device counts every finger")
            for (id, life) in lives {
                let phases = life.map(\.phase)
                #expect(phases.first == .began && phases.last == .ended, "seed \(seed) touch \(id): \(phases)")
                #expect(phases.filter { $0 == .began }.count == 1 && phases.filter(\.isFinal).count == 1, "seed \(seed) touch \(id)")
                for touch in life {
                    #expect(touch.surfaceLocation.x >= 0 && touch.surfaceLocation.x <= size.width + 1e-9)
                    #expect(touch.surfaceLocation.y >= 0 && touch.surfaceLocation.y <= size.height + 1e-9)
                }
            }
            // The finger count changes by one per frame: no two fingers land or lift together.
            let counts = [0] + stream.frames.map(\.fingerCount)
            #expect(zip(counts, counts.dropFirst()).allSatisfy { abs($1 - $0) <= 1 }, "seed \(seed): \(counts)")
            let landings = lives.values.compactMap { $0.first?.timestamp }
            let lifts = lives.values.compactMap { $0.last?.timestamp }
            #expect(Set(landings).count == landings.count && Set(lifts).count == lifts.count, "seed \(seed)")
        }
    }

    @Test("events follow the kernel's protocol B encoding", arguments: GestureKind.allCases, SynthDevice.allCases)
    func kernelEncoding(_ kind: GestureKind, _ device: SynthDevice) {
        for (seed, gesture) in SynthFixtures.gestures(kind, on: device) {
            let problems = KernelRules.violations(gesture.events, device: device.description)
            #expect(problems.isEmpty, "seed \(seed): \(problems.prefix(5))")
        }
    }

    @Test("the same seed gives the same events; another seed, other events", arguments: GestureKind.allCases)
    func determinism(_ kind: GestureKind) {
        for device in SynthDevice.allCases {
            var first = GestureSynthesizer(device: device.description, seed: 77)
            var second = GestureSynthesizer(device: device.description, seed: 77)
            var other = GestureSynthesizer(device: device.description, seed: 78)
            let a = first.random(kind, at: 3)
            let b = second.random(kind, at: 3)
            let c = other.random(kind, at: 3)
            #expect(a.events == b.events && a.label == b.label && a.spec == b.spec)
            #expect(a.events != c.events)
            // And again: the generators stay in step.
            #expect(first.random(.pan, at: 9).events == second.random(.pan, at: 9).events)
        }
    }

    @Test("a finger beyond the slots of a two-slot pad shows only in the BTN_TOOL count, reported after the pointer axes",
          arguments: [GestureKind.tap, .doubleTap, .pan, .swipe, .hold, .pinchIn])
    func beyondTheSlots(_ kind: GestureKind) {
        let device = SynthesizedDevices.twoSlotTouchpad
        for seed in SynthFixtures.seeds.prefix(5) {
            var synthesizer = GestureSynthesizer(device: device, seed: seed)
            let gesture = synthesizer.random(kind, fingers: 3, at: 1)
            #expect(gesture.label.fingers == 3)
            let stream = SynthAssembled(gesture.events, device: device)
            #expect(stream.diagnostics.isEmpty, "seed \(seed): \(stream.diagnostics.summary)")
            let taps = kind == .doubleTap ? 2 : 1
            #expect(stream.lives.count >= 2 * taps && stream.lives.count <= 3 * taps, "seed \(seed)")
            #expect(stream.frames.map(\.fingerCount).max() == 3)
            #expect(stream.frames.contains { $0.untrackedFingerCount == 1 })
            #expect(gesture.events.contains { $0.type == .key && $0.code == KeyCode.toolTripleTap && $0.value == 1 })
            #expect(KernelRules.violations(gesture.events, device: device).isEmpty)
            // Synaptics order: BTN_TOUCH, ABS_X, ABS_Y, ABS_PRESSURE, then the tools.
            var frame: [InputEvent] = []
            for event in gesture.events {
                if event.isReport {
                    if let tool = frame.firstIndex(where: { KernelRules.tools[$0.code] != nil && $0.type == .key }),
                        let pointer = frame.lastIndex(where: { $0.type == .abs && $0.code < AbsCode.mtSlot }) {
                        #expect(pointer < tool)
                    }
                    frame = []
                } else {
                    frame.append(event)
                }
            }
            #expect(gesture.frames.flatMap(\.contacts).contains { $0.slot == nil && $0.trackingID == nil })
        }
    }
}
