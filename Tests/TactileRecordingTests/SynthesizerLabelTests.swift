// Gesture synthesizer labels: their values match the true and the assembled frames; random parameters stay in range; exact specs.
import Foundation
import Tactile
import TactileRecording
import TactileSynthesis
import Testing

// MARK: - Labels

@Suite("Gesture synthesizer: labels")
struct SynthesizerLabelTests {
    @Test("reported positions are the true positions within the noise", arguments: GestureKind.allCases, SynthDevice.allCases)
    func positionsWithinNoise(_ kind: GestureKind, _ device: SynthDevice) {
        let description = device.description
        var synthesizer = GestureSynthesizer(device: description, seed: 0)
        let mapping = synthesizer.mapping
        let sigma = synthesizer.model.positionNoise
        _ = synthesizer.random(.tap, at: 0)
        let limitX = 4 * sigma + 0.5 / mapping.unitsPerMillimetreX + 1e-9
        let limitY = 4 * sigma + 0.5 / mapping.unitsPerMillimetreY + 1e-9
        for (seed, gesture) in SynthFixtures.gestures(kind, on: device) {
            let stream = SynthAssembled(gesture.events, device: description)
            var compared = 0
            for frame in gesture.frames where frame.isDelivered {
                let positions = stream.positions(at: frame.time)
                for contact in frame.contacts {
                    guard let id = contact.trackingID else { continue }
                    guard let seen = positions[id] else {
                        Issue.record("seed \(seed): tracking id \(id) missing at \(frame.time)")
                        continue
                    }
                    #expect(abs(seen.x - contact.position.x) <= limitX && abs(seen.y - contact.position.y) <= limitY,
                            "seed \(seed): \(seen) vs true \(contact.position)")
                    compared += 1
                }
            }
            #expect(compared > 0)
        }
    }

    @Test("label values are what the true frames show", arguments: GestureKind.allCases, SynthDevice.allCases)
    func labelsMatchTruth(_ kind: GestureKind, _ device: SynthDevice) throws {
        for (seed, gesture) in SynthFixtures.gestures(kind, on: device) {
            let label = gesture.label
            #expect(label.kind == kind)
            let observed = SynthObserved(gesture, device: device.description)
            let full = observed.fullFrames
            let first = try #require(full.first, "seed \(seed)")
            let last = try #require(full.last)
            let truth = { (frame: SynthesizedFrame) in frame.contacts.filter { $0.stroke == 0 }.map(\.position) }
            let start = SynthGeometry.centroid(truth(first)), end = SynthGeometry.centroid(truth(last))
            func close(_ key: String, _ value: Double, _ note: Comment? = nil) {
                guard let labelled = label[key] else { Issue.record("seed \(seed): no \(key)"); return }
                #expect(abs(labelled - value) <= 1e-9 * max(1, abs(value)), "seed \(seed): \(key) \(labelled) vs \(value)")
            }
            close(GestureLabel.Key.duration, last.time - first.time)
            close(GestureLabel.Key.x, start.x)
            close(GestureLabel.Key.y, start.y)
            switch kind {
            case .pinchIn, .pinchOut, .rotation:
                close(GestureLabel.Key.scale, SynthGeometry.span(truth(last)) / SynthGeometry.span(truth(first)))
                close(GestureLabel.Key.rotation, SynthGeometry.rotation(full.map(truth)))
            case .pan, .swipe:
                close(GestureLabel.Key.translationX, end.x - start.x)
                close(GestureLabel.Key.translationY, end.y - start.y)
                close(GestureLabel.Key.distance, (end - start).length)
            default:
                break
            }
        }
    }

    @Test("what the assembled touches show matches the label", arguments: GestureKind.allCases, SynthDevice.tracking)
    func assembledMatchesLabel(_ kind: GestureKind, _ device: SynthDevice) throws {
        let description = device.description
        for (seed, gesture) in SynthFixtures.gestures(kind, on: device) {
            let label = gesture.label
            let observed = SynthObserved(gesture, device: description)
            let lives = observed.stream.lives.values.map { $0 }
            switch kind {
            case .tap, .doubleTap:
                for life in lives {
                    let contact = (life.last?.timestamp ?? 0) - (life.first?.timestamp ?? 0)
                    #expect(contact >= 0.040 - 1e-9 && contact <= 0.150 + 1e-9, "seed \(seed): contact \(contact)")
                }
                #expect((label[GestureLabel.Key.drift] ?? 1) < 1)
                if kind == .doubleTap {
                    let ends = lives.map { ($0.first?.timestamp ?? 0, $0.last?.timestamp ?? 0) }.sorted { $0.0 < $1.0 }
                    let firstTap = ends.prefix(label.fingers), secondTap = ends.suffix(label.fingers)
                    let interval = (secondTap.map(\.0).min() ?? 0) - (firstTap.map(\.1).max() ?? 0)
                    #expect(interval >= 0.080 - 1e-9 && interval <= 0.220 + 1e-9, "seed \(seed): interval \(interval)")
                    #expect(abs(interval - (label[GestureLabel.Key.interval] ?? 0)) < 1e-9)
                    #expect((label[GestureLabel.Key.offset] ?? 99) <= 7)
                }
            case .pinchIn, .pinchOut:
                #expect(observed.restFrames(atEnd: false).count >= 3 && observed.restFrames(atEnd: true).count >= 3)
                let start = observed.restAverage(atEnd: false), end = observed.restAverage(atEnd: true)
                let scale = SynthGeometry.span(end) / SynthGeometry.span(start)
                let expected = try #require(label[GestureLabel.Key.scale])
                #expect(abs(scale / expected - 1) <= 0.03, "seed \(seed): scale \(scale) vs label \(expected)")
            case .rotation:
                let rotation = SynthGeometry.rotation(observed.smoothedSequence)
                let expected = try #require(label[GestureLabel.Key.rotation])
                #expect(abs(rotation - expected) <= 0.03 * abs(expected), "seed \(seed): rotation \(rotation) vs label \(expected)")
            case .pan:
                let start = observed.restAverage(atEnd: false), end = observed.restAverage(atEnd: true)
                let moved = SynthGeometry.centroid(end) - SynthGeometry.centroid(start)
                let expected = Vector(dx: label[GestureLabel.Key.translationX] ?? 0, dy: label[GestureLabel.Key.translationY] ?? 0)
                #expect((moved - expected).length <= 0.03 * expected.length, "seed \(seed): moved \(moved) vs label \(expected)")
            case .swipe:
                let full = observed.fullFrames
                let first = try #require(full.first), last = try #require(full.last)
                let moved = SynthGeometry.centroid(observed.assembled(last)) - SynthGeometry.centroid(observed.assembled(first))
                let speed = moved.length / (last.time - first.time)
                #expect(speed >= 200, "seed \(seed): \(speed) mm/s")
                let expected = Vector(dx: label[GestureLabel.Key.translationX] ?? 0, dy: label[GestureLabel.Key.translationY] ?? 0)
                #expect((moved - expected).length <= 0.03 * expected.length + 0.3, "seed \(seed): moved \(moved) vs label \(expected)")
            case .longPress, .hold:
                let allDown = (lives.compactMap { $0.last?.timestamp }.min() ?? 0) - (lives.compactMap { $0.first?.timestamp }.max() ?? 0)
                let range = kind == .longPress ? GestureRanges.longPressDuration : GestureRanges.holdDuration
                #expect(allDown >= range.lowerBound - 0.03 && allDown <= range.upperBound + 0.03, "seed \(seed): \(allDown) s")
                #expect((label[GestureLabel.Key.drift] ?? 1) < 1)
            }
        }
    }

    @Test("random parameters stay within the kinds' ranges", arguments: GestureKind.allCases, SynthDevice.allCases)
    func parameterRanges(_ kind: GestureKind, _ device: SynthDevice) throws {
        typealias Key = GestureLabel.Key
        for (seed, gesture) in SynthFixtures.gestures(kind, on: device) {
            let label = gesture.label
            let value = { (key: String) in label[key] ?? .nan }
            #expect(GestureRanges.fingers(kind).contains(label.fingers), "seed \(seed)")
            #expect(gesture.spec.kind == kind)
            switch kind {
            case .tap, .doubleTap:
                #expect(value(Key.taps) == (kind == .tap ? 1 : 2))
                #expect(value(Key.contact) <= 0.150 + 1e-9)
            case .pinchIn:
                #expect(value(Key.scale) >= 0.4 - 1e-9 && value(Key.scale) <= 0.7 + 1e-9, "seed \(seed)")
                #expect(value(Key.startSpan) <= 60 + 1e-9)
                #expect(value(Key.endSpan) >= GestureRanges.minimumFingerDistance - 1e-9)
            case .pinchOut:
                #expect(value(Key.scale) >= 1.5 - 1e-9 && value(Key.scale) <= 2.5 + 1e-9, "seed \(seed)")
                #expect(value(Key.startSpan) <= 35 + 1e-9)
            case .rotation:
                let turn = abs(value(Key.rotation))
                #expect(GestureRanges.rotationAngle.contains(turn) || GestureRanges.largeRotationAngle.contains(turn), "seed \(seed): \(turn)")
                #expect(GestureRanges.rotationScale.contains(value(Key.scale)))
            case .pan:
                #expect(value(Key.distance) <= 61 && value(Key.speed) <= 70, "seed \(seed)")
            case .swipe:
                #expect(value(Key.speed) >= 200, "seed \(seed)")
                let direction = try #require(SwipeDirection(rawValue: Int(value(Key.direction))))
                let axis = direction.unitVector
                let moved = Vector(dx: value(Key.translationX), dy: value(Key.translationY))
                let deviation = abs(SynthGeometry.wrap(moved.angle - axis.angle))
                #expect(deviation <= 0.1746, "seed \(seed): \(deviation) rad off the axis")
            case .longPress, .hold:
                #expect(value(Key.drift) < 1)
            }
        }
        // Across seeds the ranges are used, not just one corner of them.
        if kind == .rotation, device == .touchscreen {
            let turns = (UInt64(0)..<60).map { seed -> Double in
                var synthesizer = GestureSynthesizer(device: device.description, seed: seed)
                return synthesizer.random(.rotation, at: 0).label[Key.rotation] ?? 0
            }
            #expect(turns.contains { $0 > 0 } && turns.contains { $0 < 0 })
            #expect(turns.contains { abs($0) > Double.pi }, "some rotations go beyond half a turn")
        }
    }
}
