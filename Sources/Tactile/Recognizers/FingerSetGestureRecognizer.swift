/// The base of the continuous gestures made by a set of fingers that may
/// change mid-gesture (pan, pinch, rotation).
///
/// It keeps each finger's anchor (where it was when the set last changed),
/// re-anchors when a finger lands or lifts so the gesture's values never
/// jump, ends the gesture when fewer than ``minimumFingerCount`` fingers
/// remain, and reports a change in a frame where a finger moved or the set
/// changed. Subclasses decide when to begin and what to measure, and re-base
/// their values in ``didReanchor()``.
open class FingerSetGestureRecognizer: GestureRecognizer {
    /// Each finger's position when the finger set last changed.
    @exclusivity(unchecked) private(set) var anchors = TouchAnchors()
    /// A finger landed or lifted during the gesture: report it even without motion.
    @exclusivity(unchecked) private var fingerSetChanged = false

    public override init(name: String? = nil) {
        super.init(name: name)
    }

    /// The fewest fingers that keep the gesture going (2 by default).
    open var minimumFingerCount: Int { 2 }

    open override func touchesBegan(_ touches: [Touch], in frame: TouchFrame) {
        reanchor()
    }

    open override func touchesEnded(_ touches: [Touch], in frame: TouchFrame) {
        fingersLeft()
    }

    open override func touchesCancelled(_ touches: [Touch], in frame: TouchFrame) {
        if state.isInProgress {
            transition(to: .cancelled)
        } else {
            fingersLeft()
        }
    }

    private func fingersLeft() {
        if activeTouches.count < minimumFingerCount {
            transition(to: state.isInProgress ? .ended : .failed)
        } else {
            reanchor()
        }
    }

    /// Anchors the current fingers and lets the subclass re-base its values.
    private func reanchor() {
        anchors.set(activeTouches)
        fingerSetChanged = state.isInProgress
        didReanchor()
    }

    /// The finger set changed; re-base the gesture's values on the current
    /// fingers so they continue without a jump.
    open func didReanchor() {}

    /// Moves to `changed` when one of the followed fingers moved in `frame`
    /// or the finger set changed since the last report.
    func reportChange(in frame: TouchFrame) {
        let moved = frame.touches.contains { touch in
            touch.phase == .moved && touches.contains { $0.id == touch.id }
        }
        if fingerSetChanged || moved { transition(to: .changed) }
        fingerSetChanged = false
    }

    open override func reset() {
        super.reset()
        anchors.clear()
        fingerSetChanged = false
    }
}
