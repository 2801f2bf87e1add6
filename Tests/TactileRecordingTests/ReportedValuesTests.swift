// The action log's values are the recognizers' properties under the same names (translation.x is translation(in:).x).
import Tactile
import TactileRecording
import TactileTestSupport
import TactileTesting
import Testing

/// One vocabulary: every value an action reports is the recognizer's
/// property of that name, read by its target for the same action
/// (`translation.x` is `translation(in:).x`, a swipe's `direction` its
/// `recognizedDirection`). Played on the showcase and the taps, where every
/// kind of the standard set recognizes.
@Suite("Reported values: the action log's names are the API's")
struct ReportedValuesTests {
    @Test("every action's values equal the properties its target reads, for every kind of the standard set")
    @MainActor
    func logAndPropertiesAgree() throws {
        var checked: [String: Int] = [:]
        for file in ["synthetic/touchpad-showcase.json", "synthetic/touchscreen-taps.json"] {
            let recording = try Recording(contentsOf: Repository.recordings + "/" + file)
            let window = Window(screen: recording.screen)
            let gestures = StandardGestures(attachingTo: window)
            let tester = TouchTester(window: window, replaying: recording)
            for recognizer in gestures.all {
                recognizer.addAction { recognizer in
                    // The tester takes each record just before the recognizer's targets run.
                    guard let record = tester.actions.last, record.recognizer == recognizer.name else {
                        Issue.record("\(recognizer.name): no record for its action")
                        return
                    }
                    let values = Dictionary(uniqueKeysWithValues: record.values.map { ($0.name, $0.value) })
                    let fromAPI = Self.properties(of: recognizer)
                    #expect(values.keys.sorted() == fromAPI.keys.sorted(), "\(recognizer.name): the log names \(values.keys.sorted())")
                    for (name, value) in fromAPI {
                        guard let value else { continue }  // a value of the log's alone: its name is checked
                        #expect(values[name] == value, "\(file), \(recognizer.name) \(record.state): \(name) is \(String(describing: values[name])) in the log, \(value) in the API")
                    }
                    checked[String(describing: type(of: recognizer)), default: 0] += 1
                }
            }
            try tester.replay(recording)
        }
        let kinds = ["TapGestureRecognizer", "LongPressGestureRecognizer", "HoldGestureRecognizer", "SwipeGestureRecognizer",
                     "PanGestureRecognizer", "PinchGestureRecognizer", "RotationGestureRecognizer"]
        for kind in kinds { #expect(checked[kind, default: 0] > 0, "\(kind) sent no action: \(checked)") }
    }

    /// What a target reads, under the names the log gives it (`nil`: the
    /// log's alone, no property to compare with).
    @MainActor
    static func properties(of recognizer: GestureRecognizer) -> [String: Double?] {
        switch recognizer {
        case let pan as PanGestureRecognizer:
            let translation = pan.translation(in: pan.view), velocity = pan.velocity(in: pan.view)
            return ["translation.x": translation.x, "translation.y": translation.y,
                    "velocity.x": velocity.x, "velocity.y": velocity.y, "fingers": Double(pan.fingers)]
        case let pinch as PinchGestureRecognizer:
            return ["scale": pinch.scale, "velocity": pinch.velocity]
        case let rotation as RotationGestureRecognizer:
            return ["rotation": rotation.rotation, "velocity": rotation.velocity]
        case let swipe as SwipeGestureRecognizer:
            return ["direction": Double(swipe.recognizedDirection.rawValue)]
        case let tap as TapGestureRecognizer:
            // A tap reports when recognized: its taps are the taps it requires.
            return ["taps": Double(tap.numberOfTapsRequired), "fingers": Double(tap.fingers)]
        case let hold as HoldGestureRecognizer:
            return ["fingers": Double(hold.fingers)]
        case is LongPressGestureRecognizer:
            // The time since the press began: the log's alone.
            return ["duration": nil]
        default:
            return [:]
        }
    }
}
