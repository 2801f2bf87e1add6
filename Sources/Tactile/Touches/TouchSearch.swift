// Searches over touch arrays, kept outside the main-actor types (no executor checks in their closures).

/// Searches over touch arrays, for the engine and the recognizers.
///
/// They live outside the main-actor types on purpose: a closure written in a
/// main-actor method and handed to a standard-library algorithm
/// (`firstIndex(where:)`, `filter`) carries a runtime check of the current
/// executor at every call, which cost the pipeline about 30 % when every
/// recognizer did it for every touch of every frame (see docs/performance.md).
/// Formed here, in nonisolated code, the closures carry none.
extension Array where Element == Touch {
    /// The index of the touch with `id`, if present.
    func index(ofTouch id: TouchID) -> Int? {
        firstIndex { $0.id == id }
    }

    /// Whether the touch with `id` is present.
    func containsTouch(_ id: TouchID) -> Bool {
        contains { $0.id == id }
    }

    /// Whether one of these touches moved in `frame`.
    func anyMoved(in frame: TouchFrame) -> Bool {
        frame.touches.contains { touch in touch.phase == .moved && containsTouch(touch.id) }
    }

    /// The touches still on the surface (not ended or cancelled).
    var stillDown: [Touch] {
        filter { !$0.phase.isFinal }
    }

    /// Removes the touches that ended or were cancelled.
    mutating func removeFinished() {
        removeAll { $0.phase.isFinal }
    }
}

extension Array where Element: AnyObject {
    /// Whether `object` itself is in the array (see the note above on why
    /// this lives outside the main-actor types).
    func containsIdentical(_ object: Element) -> Bool {
        contains { $0 === object }
    }
}
