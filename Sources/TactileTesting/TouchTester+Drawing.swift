// How the tester draws a gesture: as asked, on the screen as seen, every finger checked to be on it; refused loudly when one cannot be.
import Foundation
import Tactile
@_spi(Testing) import TactileSynthesis

extension TouchTester {
    /// Renders `spec` (in millimetres on the surface as seen) from now,
    /// exactly as asked, and feeds it; returns what was drawn. A gesture
    /// with more fingers than the device counts, or a finger anywhere off
    /// the screen (or where the mounted surface does not reach) from its
    /// landing to its lift, is refused instead (``refuse(_:_:)``): nothing
    /// is fed and the clock stays where it was.
    @discardableResult
    func perform(_ spec: GestureSpec, imperfections: [Imperfection], asked: @autoclosure () -> String) -> SynthesizedGesture? {
        guard spec.fingers <= synthesizer.maximumFingers else {
            refuse(asked(), "\"\(TextFormat.visible(device.name))\" counts at most \(synthesizer.maximumFingers) "
                   + "finger\(synthesizer.maximumFingers == 1 ? "" : "s")")
            return nil
        }
        var trial = synthesizer
        var encoder = script.encoder
        let gesture = trial.make(exactly: spec, at: now, imperfections: imperfections, placement: surface.placement, encoder: &encoder)
        if let problem = firstProblem(in: gesture, fingers: spec.fingers) {
            refuse(asked(), problem)
            return nil
        }
        synthesizer = trial
        script.encoder = encoder
        feed(gesture.events)
        return gesture
    }

    /// Why a finger of `gesture` cannot be where it was drawn: the first
    /// one, the first time, in the frames the device would report.
    private func firstProblem(in gesture: SynthesizedGesture, fingers: Int) -> String? {
        var landed: Set<Int> = []
        let start = gesture.frames.first?.time ?? now
        for frame in gesture.frames {
            for contact in frame.contacts {
                let landing = landed.insert(contact.finger).inserted
                guard let problem = surface.problem(atDeviceMillimetres: contact.position) else { continue }
                let who = contact.stroke < 0 ? "the resting thumb" : fingers > 1 ? "finger \(contact.finger + 1)" : "its finger"
                let when = landing ? "would land" : "would be, \(ApproximateValue.format(frame.time - start)) s in,"
                return "\(who) \(when) \(problem). A finger lands anywhere on the screen, its edges included, "
                    + "and stays on it until it lifts: keep every finger of the gesture there"
            }
        }
        return nil
    }

    /// Refuses the gesture `asked` because of `reason`: kept in
    /// ``refusedGestures`` and recorded with the test framework running
    /// (unless ``recordsFailures`` is off), or written to standard error
    /// when none is, so a test never passes on a gesture that was not drawn.
    func refuse(_ asked: String, _ reason: String) {
        let message = "\(asked): not drawn: \(reason)"
        let failure = recorded(TouchTestFailure(message))
        refusedGestures.append(failure)
        if !failure.isRecorded, recordsFailures {
            FileHandle.standardError.write(Data("TactileTesting: \(message)\n".utf8))
        }
    }

    /// `(12.500, 300.000)`: a window point as the tester's messages give it.
    static func describe(_ point: Point) -> String { MountedSurface.format(point) }
}
