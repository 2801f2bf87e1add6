// Recognition on real recordings in shared/external (not copied here): labelled touchpad gestures and touchscreen sessions.
import Foundation
import Tactile
import TactileRecording
import Testing

/// Recognition on real recordings that may not be copied into the project
/// (GPL and unlicensed sets in `shared/external`, read where they lie; the
/// tests skip when they are absent): the labelled InputActions touchpad
/// gestures, the LKML ITE scroll and the hid-devices touchscreen sessions.
///
/// The libinput times are what libinput 1.22 reported for the same
/// recordings on umockdev testbeds (`tools/compare-libinput.py`, 2026-11-23);
/// Tactile must recognize each as labelled, no more than 30 ms after them.
@Suite("Real hands: labelled touchpad recordings and touchscreen sessions")
@MainActor
struct RealHandsTests {
    struct Expectation: Sendable, CustomTestStringConvertible {
        var file: String
        /// The recognizer that must come first (holds aside, unless it is the hold), and with how many touches.
        var recognizer: String
        var touches: Int
        /// When libinput recognized it, in ms after the first touch.
        var libinputMilliseconds: Double
        var testDescription: String { file }
    }

    nonisolated static let touchpad: [Expectation] = [
        .init(file: "inputactions-evemu/touchpad/hold_1", recognizer: "hold", touches: 1, libinputMilliseconds: 40),
        .init(file: "inputactions-evemu/touchpad/hold_2", recognizer: "hold", touches: 2, libinputMilliseconds: 40),
        .init(file: "inputactions-evemu/touchpad/hold_3", recognizer: "hold", touches: 3, libinputMilliseconds: 180),
        .init(file: "inputactions-evemu/touchpad/hold_4", recognizer: "hold", touches: 4, libinputMilliseconds: 180),
        .init(file: "inputactions-evemu/touchpad/pinch_both_2", recognizer: "pinch", touches: 2, libinputMilliseconds: 169),
        .init(file: "inputactions-evemu/touchpad/pinch_in_2", recognizer: "pinch", touches: 2, libinputMilliseconds: 138),
        .init(file: "inputactions-evemu/touchpad/pinch_out_2", recognizer: "pinch", touches: 2, libinputMilliseconds: 147),
        .init(file: "inputactions-evemu/touchpad/rotate_both_2", recognizer: "rotation", touches: 2, libinputMilliseconds: 212),
        .init(file: "inputactions-evemu/touchpad/rotate_clockwise_2", recognizer: "rotation", touches: 2, libinputMilliseconds: 249),
        .init(file: "inputactions-evemu/touchpad/rotate_counterclockwise_2", recognizer: "rotation", touches: 2, libinputMilliseconds: 236),
        .init(file: "inputactions-evemu/touchpad/stroke_b_3", recognizer: "pan", touches: 3, libinputMilliseconds: 163),
        .init(file: "inputactions-evemu/touchpad/stroke_circle_3", recognizer: "pan", touches: 3, libinputMilliseconds: 112),
        .init(file: "inputactions-evemu/touchpad/stroke_m_3", recognizer: "pan", touches: 3, libinputMilliseconds: 154),
        .init(file: "inputactions-evemu/touchpad/stroke_n_3", recognizer: "pan", touches: 3, libinputMilliseconds: 207),
        .init(file: "inputactions-evemu/touchpad/stroke_z_3", recognizer: "pan", touches: 3, libinputMilliseconds: 74),
        .init(file: "inputactions-evemu/touchpad/swipe_down_2", recognizer: "pan", touches: 2, libinputMilliseconds: 88),
        .init(file: "inputactions-evemu/touchpad/swipe_left_2", recognizer: "pan", touches: 2, libinputMilliseconds: 52),
        .init(file: "inputactions-evemu/touchpad/swipe_leftright_2", recognizer: "pan", touches: 2, libinputMilliseconds: 104),
        .init(file: "inputactions-evemu/touchpad/swipe_right_2", recognizer: "pan", touches: 2, libinputMilliseconds: 80),
        .init(file: "inputactions-evemu/touchpad/swipe_up_2", recognizer: "pan", touches: 2, libinputMilliseconds: 242),
        .init(file: "lkml-libinput-record/acer-sw5-012-ite-touchpad.two-finger-scroll.yml", recognizer: "pan", touches: 2, libinputMilliseconds: 25),
    ]

    nonisolated static var isAvailable: Bool { InteropData.external("inputactions-evemu/touchpad/hold_1") != nil }

    /// The replay's actions, and the time the first finger landed.
    static func replay(_ relative: String) throws -> (records: [ActionRecord], firstTouch: Double) {
        let path = try #require(InteropData.external(relative))
        let recording = try Recording(contentsOf: path)
        var firstTouch: Double?
        let outcome = RecordingReplay.run(recording, onFrame: { frame in
            if firstTouch == nil, !frame.touches.isEmpty { firstTouch = frame.time }
        })
        return (outcome.log.records, firstTouch ?? 0)
    }

    @Test("each labelled touchpad recording is recognized as labelled, at most 30 ms after libinput",
          .enabled(if: isAvailable, "shared/external is not beside the package"), arguments: touchpad)
    func labelled(_ expectation: Expectation) throws {
        let (records, firstTouch) = try Self.replay(expectation.file)
        let recognitions = records.filter { $0.state == .began || ($0.state == .ended && !$0.recognizer.isEmpty) }
        let first: ActionRecord?
        if expectation.recognizer == "hold" {
            first = recognitions.first { $0.recognizer == "hold" }
            let others = Set(recognitions.map(\.recognizer)).subtracting(["hold", "longPress"])
            #expect(others.isEmpty, "\(expectation.file): \(others)")
            #expect(first?.values.first { $0.name == "fingers" }?.value == Double(expectation.touches))
        } else {
            first = recognitions.first { $0.recognizer != "hold" }
            #expect(first?.recognizer == expectation.recognizer, "\(expectation.file): \(first?.recognizer ?? "nothing")")
            #expect(first?.touches == expectation.touches, "\(expectation.file)")
            // A swipe may come with the pan only as a fling; none of these strokes is one.
            #expect(!recognitions.contains { $0.recognizer.hasPrefix("swipe") }, "\(expectation.file)")
        }
        let milliseconds = ((first?.time ?? .infinity) - firstTouch) * 1000
        #expect(milliseconds <= expectation.libinputMilliseconds + 30, "\(expectation.file): \(milliseconds) ms, libinput \(expectation.libinputMilliseconds) ms")
        print("\(expectation.file): \(first?.recognizer ?? "nothing") at \(Int(milliseconds.rounded())) ms (libinput \(Int(expectation.libinputMilliseconds)) ms)")
    }

    @Test("values follow the fingers: the labelled pinches and rotations end far from 1 and 0",
          .enabled(if: isAvailable, "shared/external is not beside the package"))
    func values() throws {
        func last(_ file: String, _ recognizer: String, _ name: String) throws -> Double {
            let (records, _) = try Self.replay("inputactions-evemu/touchpad/" + file)
            return try #require(records.last { $0.recognizer == recognizer }?.values.first { $0.name == name }?.value)
        }
        #expect(try last("pinch_in_2", "pinch", "scale") < 0.3)
        #expect(try last("pinch_out_2", "pinch", "scale") > 2.2)
        #expect(try abs(last("rotate_clockwise_2", "rotation", "rotation")) > 0.9)
        #expect(try last("rotate_counterclockwise_2", "rotation", "rotation") < -1.2)
    }

    /// One touch session of a touchscreen trace: from the first landing to the last lift.
    struct Session {
        var start: Double
        var end: Double
        var maximumFingers: Int
        /// Each touch's travel from landing to lifting, in mm.
        var travels: [Double]
        var recognized: [String] = []
    }

    static func sessions(_ relative: String) throws -> [Session] {
        let path = try #require(InteropData.external(relative))
        let recording = try Recording(contentsOf: path)
        var sessions: [Session] = []
        var landings: [TouchID: Point] = [:]
        var current: Session?
        let outcome = RecordingReplay.run(recording, onFrame: { frame in
            for touch in frame.touches where touch.phase == .began { landings[touch.id] = touch.surfaceLocation }
            if current == nil, !frame.touches.isEmpty {
                current = Session(start: frame.time, end: frame.time, maximumFingers: 0, travels: [])
            }
            guard var session = current else { return }
            session.maximumFingers = max(session.maximumFingers, frame.activeTouches.count)
            for touch in frame.touches where touch.phase.isFinal {
                if let landing = landings.removeValue(forKey: touch.id) { session.travels.append(touch.surfaceLocation.distance(to: landing)) }
            }
            session.end = frame.time
            if frame.activeTouches.isEmpty {
                sessions.append(session)
                current = nil
            } else {
                current = session
            }
        })
        for record in outcome.log.records where record.recognizer != "hold" && (record.state == .began || record.state == .ended) {
            guard let index = sessions.firstIndex(where: { record.time >= $0.start && record.time <= $0.end }) else { continue }
            let name = "\(record.recognizer)[\(record.touches)]"
            if !sessions[index].recognized.contains(name) { sessions[index].recognized.append(name) }
        }
        return sessions
    }

    nonisolated static var hidDevicesAvailable: Bool { InteropData.external("hid-devices-evemu/flatfrog_25b5_0002_0.ev") != nil }

    @Test("touchscreens: many-finger drags pan, a short fast stroke and an edge drag are recognized",
          .enabled(if: hidDevicesAvailable, "shared/external/hid-devices-evemu is not beside the package"))
    func touchscreenDrags() throws {
        // Ten fingers dragged down, some starting late: pans (they read as pinches 0.994 / 1.016).
        for file in ["flatfrog_25b5_0002_0.ev", "cvtouch_1ff7_0013_0.ev"] {
            let many = try Self.sessions("hid-devices-evemu/" + file).filter { $0.maximumFingers >= 10 }
            #expect(!many.isEmpty)
            for session in many {
                #expect(session.recognized.first?.hasPrefix("pan[") == true, "\(file): \(session.recognized)")
                #expect(!session.recognized.contains { $0.hasPrefix("pinch") }, "\(file): \(session.recognized)")
            }
        }
        // 10.6 mm in 0.16 s (gave nothing): a pan.
        let zytronic = try Self.sessions("hid-devices-evemu/zytronic_14c8_0005_0.ev")
        #expect(zytronic.first?.recognized == ["pan[1]"], "\(zytronic.first?.recognized ?? [])")
        // A 308 mm drag starting at an axis maximum (was outside the window): a pan.
        let atmel = try Self.sessions("hid-devices-evemu/atmel_03eb_211c_0.ev")
        #expect(atmel.first?.recognized == ["pan[1]"], "\(atmel.first?.recognized ?? [])")
    }

    @Test("touchscreens: a finger long-pressing does not swallow another finger's drag",
          .enabled(if: hidDevicesAvailable, "shared/external/hid-devices-evemu is not beside the package"))
    func restingFinger() throws {
        var checked = 0
        for file in ["focaltech_10c4_81b9_0.ev", "irmtouch_23c9_5666_0.ev", "nexio_1870_010d_0.ev", "tpv_25aa_8883_0.ev",
                     "trs-star_238f_0001_0.ev", "irtouch_6615_0070_0.ev"] {
            for session in try Self.sessions("hid-devices-evemu/" + file)
            where session.maximumFingers == 2 && session.recognized.first == "longPress[1]" && session.travels.contains(where: { $0 > 40 }) {
                checked += 1
                print("\(file) at \(session.start): \(session.recognized), travels \(session.travels.map { Int($0) })")
                #expect(session.recognized.contains("pan[1]"), "\(file) at \(session.start): \(session.recognized)")
            }
        }
        #expect(checked >= 5, "\(checked) sessions")
    }

    @Test("long strokes are tracked to their end: the pan of stroke_z_3 ends with the last lift",
          .enabled(if: isAvailable, "shared/external is not beside the package"))
    func longStroke() throws {
        let (records, _) = try Self.replay("inputactions-evemu/touchpad/stroke_z_3")
        let pan = records.filter { $0.recognizer == "pan" }
        #expect(pan.first?.state == .began)
        #expect(pan.last?.state == .ended)
        #expect(pan.count > 60, "followed frame by frame: \(pan.count) actions")
    }
}
