// A recognizer's followed touches: taking each frame's delivery, locations, shared touches.

extension GestureRecognizer {
    /// The location of the followed touch at `index` (landing order) in `view`'s coordinates.
    public final func location(ofTouch index: Int, in view: View?) -> Point? {
        guard core.touches.indices.contains(index) else { return nil }
        return convertFromScreen(core.touches[index].location, to: view)
    }

    /// A screen point in `view`'s coordinates (the window's when `nil`).
    public final func convertFromScreen(_ point: Point, to view: View?) -> Point {
        guard let window = (view ?? self.view)?.window else { return point }
        let inWindow = window.convert(fromScreen: point)
        guard let view else { return inWindow }
        return view.convert(inWindow, from: nil)
    }

    /// Stops following `touch`, as if it had never landed on this
    /// recognizer: it gets no more of it, and it no longer counts as shared
    /// with other recognizers (UIKit's `ignore(_:for:)`). A recognizer that
    /// fails because of a touch that just landed and ignores it starts over
    /// with that touch once it is reset, in the same frame: the double tap
    /// does so when its second tap lands too far away.
    ///
    /// ```swift
    /// override func touchesBegan(_ touches: [Touch], in frame: TouchFrame) {
    ///     for touch in touches where !accepts(touch) { ignore(touch) }
    /// }
    /// ```
    public final func ignore(_ touch: Touch) {
        guard let index = core.touches.index(ofTouch: touch.id) else { return }
        if core.touches[index].phase.isFinal { core.finishedTouchCount -= 1 }
        core.touches.remove(at: index)
        core.seenTouches.removeAll { $0 == touch.id }
        engine?.recognizer(self, ignored: touch.id)
    }

    /// Takes the frame's snapshots of followed touches (the delivery's
    /// updates), new ones last.
    func takeDeliveredTouches() {
        for touch in core.delivery.updates {
            if let index = core.touches.index(ofTouch: touch.id) {
                if touch.phase.isFinal != core.touches[index].phase.isFinal {
                    core.finishedTouchCount += touch.phase.isFinal ? 1 : -1
                }
                core.touches[index] = touch
            } else {
                if touch.phase.isFinal { core.finishedTouchCount += 1 }
                core.touches.append(touch)
                markSeen(touch.id)
            }
        }
    }

    /// Records that the recognizer followed `id` since its last reset.
    func markSeen(_ id: TouchID) {
        if !core.seenTouches.contains(id) { core.seenTouches.append(id) }
    }

    /// Whether the recognizer followed `id` since its last reset.
    func hasSeen(_ id: TouchID) -> Bool {
        core.seenTouches.contains(id)
    }

    /// Whether the two recognizers followed a touch in common since their resets.
    func sharesTouch(with other: GestureRecognizer) -> Bool {
        let mine = core.seenTouches, theirs = other.core.seenTouches
        return mine.contains { theirs.contains($0) }
    }

    /// Lets go of the touches that ended or were cancelled, after the frame's actions.
    func removeFinishedTouches() {
        guard core.finishedTouchCount > 0 else { return }
        // The centroid they had is where the gesture was last seen.
        core.lastScreenLocation = Point.centroid(of: core.touches.lazy.map(\.location)) ?? core.lastScreenLocation
        core.touches.removeFinished()
        core.finishedTouchCount = 0
    }

    /// Touches still on the surface (not ended or cancelled).
    var activeTouchCount: Int { core.touches.count - core.finishedTouchCount }
}
