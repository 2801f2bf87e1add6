// The evemu originals in Recordings/evemu and what each is known to hold.
import TactileTestSupport
import Testing
import Foundation

/// The evemu originals in the repository's `Recordings/evemu/` directory.
enum BundledRecordings {
    /// `Recordings/evemu/`.
    static let directory: String = Repository.recordings + "/evemu"

    static func path(_ name: String) -> String {
        directory + "/" + name
    }

    /// What each bundled recording is known to hold.
    struct Expectation: Sendable, CustomTestStringConvertible {
        var file: String
        var deviceName: String
        var slotCount: Int
        var isTouchscreen: Bool
        var eventCount: Int
        var testDescription: String { file }
    }

    static let expectations: [Expectation] = [
        Expectation(file: "touchpad-two-finger-scroll.evemu", deviceName: "SynPS/2 Synaptics TouchPad", slotCount: 2, isTouchscreen: false, eventCount: 582),
        Expectation(file: "touchpad-double-tap.evemu", deviceName: "AlpsPS/2 ALPS GlidePoint", slotCount: 2, isTouchscreen: false, eventCount: 88),
        Expectation(file: "touchpad-three-finger-tap.evemu", deviceName: "CyPS/2 Cypress Trackpad", slotCount: 2, isTouchscreen: false, eventCount: 48),
        Expectation(file: "touchscreen-two-finger-touch-release.evemu", deviceName: "Atmel maXTouch Touchscreen", slotCount: 10, isTouchscreen: true, eventCount: 64),
        Expectation(file: "touchscreen-four-finger-drag.evemu", deviceName: "Atmel maXTouch Touchscreen", slotCount: 10, isTouchscreen: true, eventCount: 309),
        // Protocol A: no slots until imported (then 10).
        Expectation(file: "touchscreen-ntrig-two-finger-touch-release.evemu", deviceName: "N-Trig MultiTouch", slotCount: 0, isTouchscreen: true, eventCount: 2203),
    ]
}

