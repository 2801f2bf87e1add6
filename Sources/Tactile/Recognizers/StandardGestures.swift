// The recognizer kinds but press-and-hold on one view, arranged as a real app would (failure requirements, simultaneity).

/// One recognizer of every kind but press-and-hold, attached to one view in
/// the configuration a real app would use: what the CLI replays with, and
/// what the property tests check.
///
/// - Taps of 1–3 fingers, single and double; each single tap requires its
///   double tap to fail (so it fires once the double tap's interval ran out).
/// - A long press (one finger) and a hold (any fingers, non-exclusive).
/// - A pan of any number of fingers, a pinch and a rotation; the pinch and
///   the rotation may recognize together. The pan waits for nothing: it
///   begins at its own threshold, as libinput's scroll does, and follows a
///   stroke to its end.
/// - Swipes of 1–4 fingers in every direction, judged when the fingers
///   lift (flings, ``SwipeGestureRecognizer/decidesAtLift``) and recognized
///   beside the pan that tracked the stroke: a quick flick gives a pan and
///   a swipe, a slow or long stroke only the pan.
/// - Every recognizer starts afresh for a finger that lands independently of
///   the ones down (``TouchIndependence``): a finger resting or long-pressing
///   never swallows another hand's drag.
/// - No ``PressAndHoldGestureRecognizer``: it is the long press's variant
///   that waits for the lift, an app picks one of the two for the same
///   press. Beside the long press, every press held still and lifted in
///   place would be reported twice (and the golden action logs of the
///   corpus, replayed with this set, would change).
///
/// ```swift
/// let window = Window(screen: .standard)
/// let gestures = StandardGestures(attachingTo: window)   // keep it alive: it is a delegate
/// gestures.pinch.addAction { print("scale", $0.scale) }
/// gestures.swipes[2].addAction { print("three-finger swipe", $0.recognizedDirection) }
/// ```
@MainActor
public final class StandardGestures: GestureRecognizerDelegate {
    public let singleTaps: [TapGestureRecognizer]
    public let doubleTaps: [TapGestureRecognizer]
    public let longPress: LongPressGestureRecognizer
    public let hold: HoldGestureRecognizer
    public let swipes: [SwipeGestureRecognizer]
    public let pan: PanGestureRecognizer
    public let pinch: PinchGestureRecognizer
    public let rotation: RotationGestureRecognizer

    /// Builds the set and attaches it to `view`. The set is the delegate of
    /// its pinch and rotation; keep it alive as long as the view.
    public init(attachingTo view: View) {
        singleTaps = (1...3).map { TapGestureRecognizer(taps: 1, touches: $0, name: Self.tapName(taps: 1, fingers: $0)) }
        doubleTaps = (1...3).map { TapGestureRecognizer(taps: 2, touches: $0, name: Self.tapName(taps: 2, fingers: $0)) }
        longPress = LongPressGestureRecognizer(name: "longPress")
        hold = HoldGestureRecognizer(name: "hold")
        swipes = (1...4).map { fingers in
            let swipe = SwipeGestureRecognizer(direction: .all, touches: fingers, name: Self.swipeName(fingers: fingers))
            swipe.decidesAtLift = true
            return swipe
        }
        pan = PanGestureRecognizer(name: "pan")
        pinch = PinchGestureRecognizer(name: "pinch")
        rotation = RotationGestureRecognizer(name: "rotation")
        for (single, double) in zip(singleTaps, doubleTaps) { single.require(toFail: double) }
        pinch.delegate = self
        rotation.delegate = self
        pan.delegate = self
        for swipe in swipes { swipe.delegate = self }
        for recognizer in all {
            recognizer.startsAnewForIndependentTouches = true
            view.addGestureRecognizer(recognizer)
        }
    }

    /// Every recognizer of the set, in the order they were attached.
    public var all: [GestureRecognizer] {
        singleTaps + doubleTaps + [longPress, hold] + swipes + [pan, pinch, rotation]
    }

    /// The names of the set's recognizers, in the order of ``all``.
    public nonisolated static var recognizerNames: [String] {
        (1...3).map { tapName(taps: 1, fingers: $0) } + (1...3).map { tapName(taps: 2, fingers: $0) }
            + ["longPress", "hold"] + (1...4).map { swipeName(fingers: $0) } + ["pan", "pinch", "rotation"]
    }

    /// The name of the swipe of `fingers` fingers: `swipe`, `swipe2`, `swipe3`, `swipe4`.
    ///
    /// ```swift
    /// StandardGestures.swipeName(fingers: 3)   // "swipe3"
    /// ```
    public nonisolated static func swipeName(fingers: Int) -> String {
        fingers == 1 ? "swipe" : "swipe\(fingers)"
    }

    /// The name of the tap recognizer for `taps` taps (1 or 2) of `fingers`
    /// fingers (1 to 3): `tap`, `doubleTap`, `twoFingerTap`, `twoFingerDoubleTap`, …
    ///
    /// ```swift
    /// StandardGestures.tapName(taps: 2, fingers: 3)   // "threeFingerDoubleTap"
    /// ```
    public nonisolated static func tapName(taps: Int, fingers: Int) -> String {
        let prefix = ["", "twoFinger", "threeFinger"][min(max(fingers, 1), 3) - 1]
        let base = taps == 1 ? "tap" : "doubleTap"
        return prefix.isEmpty ? base : prefix + base.prefix(1).uppercased() + base.dropFirst()
    }

    /// Pinch and rotation recognize together, as photo viewers expect; a
    /// swipe accompanies the pan that tracked its stroke.
    public func gestureRecognizer(_ recognizer: GestureRecognizer, shouldRecognizeSimultaneouslyWith other: GestureRecognizer) -> Bool {
        if (recognizer === pinch && other === rotation) || (recognizer === rotation && other === pinch) { return true }
        func isSwipe(_ candidate: GestureRecognizer) -> Bool {
            guard let swipe = candidate as? SwipeGestureRecognizer else { return false }
            return swipes.containsIdentical(swipe)
        }
        return (recognizer === pan && isSwipe(other)) || (other === pan && isSwipe(recognizer))
    }
}
