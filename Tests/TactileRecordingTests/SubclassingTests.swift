// Recognizers written outside the library with only its public API, as a UIKit subclass is written.
import Tactile
import TactileRecording
import TactileTestSupport
import TactileTesting
import Testing

/// Recognizers written outside the library, with only its public API, as a
/// UIKit subclass is written (this target imports Tactile without @testable).
@MainActor
final class TwoFingerDrag: FingerSetGestureRecognizer {
    private(set) var travel = Vector.zero

    override func didProcessFrame(_ frame: TouchFrame) {
        let current = activeTouches
        guard current.count == 2 else { return }
        if state == .possible {
            if fingerMotion == .translation, displacement(of: current[0]).length >= millimetres(.millimetres(2)) { state = .began }
        } else if state.isInProgress {
            travel = displacement(of: current[0])
            reportChange(in: frame)
        }
    }
}

/// A recognizer that forgot to say it is discrete.
@MainActor
final class ForgetfulTap: GestureRecognizer {
    override func touchesEnded(_ touches: [Touch], in frame: TouchFrame) {
        state = .ended   // possible → ended: only for discrete recognizers
    }
}

@Suite("Subclassing with the public API")
@MainActor
struct SubclassingTests {
    @Test("a two-finger drag written with fingerMotion, displacement(of:) and reportChange(in:)")
    func twoFingerDrag() throws {
        let recording = try Recording(contentsOf: Repository.recordings + "/touchscreen-galaxys-two-finger-drag.json")
        let window = Window(screen: recording.screen)
        let drag = TwoFingerDrag(name: "drag")
        window.addGestureRecognizer(drag)
        let tester = TouchTester(window: window, replaying: recording)
        try tester.replay(recording)
        #expect(tester.actions(of: drag).first?.state == .began)
        try tester.expect(drag, to: .changed)
        #expect(drag.travel.length > 10, "\(drag.travel)")
    }

    @Test("a forbidden transition is reported with the recognizer's name and the fix")
    func forbiddenTransitionIsReported() throws {
        var reports: [String] = []
        let previous = GestureDiagnostics.handler
        GestureDiagnostics.handler = { reports.append($0) }
        defer { GestureDiagnostics.handler = previous }
        let recording = try Recording(contentsOf: Repository.recordings + "/touchscreen-galaxys-tap.json")
        let window = Window(screen: recording.screen)
        let tap = ForgetfulTap(name: "myTap")
        window.addGestureRecognizer(tap)
        try TouchTester(window: window, replaying: recording).replay(recording)
        #expect(tap.rejectedTransitions == 1)
        let report = try #require(reports.first)
        #expect(report.contains("myTap") && report.contains("possible → ended") && report.contains("isDiscrete"), "\(report)")
    }
}
