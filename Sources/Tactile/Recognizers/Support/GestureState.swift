// What one gesture of a recognizer keeps, as one value that its reset starts afresh at once.

/// What one gesture of a recognizer keeps (its private `Gesture` struct),
/// as one value that ``restart()`` starts afresh: every field back to its
/// initial value at once, so a field added later can never be left over
/// from the last gesture, and the per-finger buffers emptied in place,
/// keeping their storage (the next gesture allocates nothing). Every
/// recognizer's `reset()` is `gesture.restart()` after `super.reset()`.
///
/// ```swift
/// private struct Gesture: GestureState {
///     var previousAngles = TouchMap<Double>()
///     var turn = 0.0
///
///     mutating func keepingBuffers() -> Gesture {
///         previousAngles.removeAll()
///         return Gesture(previousAngles: previousAngles)
///     }
/// }
/// ```
protocol GestureState {
    /// The state before any gesture.
    init()

    /// A state as ``init()`` makes it, but holding this one's buffers,
    /// emptied here first (in place, so their storage is not copied). By
    /// default ``init()``, for a state without buffers worth keeping.
    mutating func keepingBuffers() -> Self
}

extension GestureState {
    func keepingBuffers() -> Self { Self() }

    /// Starts afresh for the next gesture (see ``GestureState``).
    mutating func restart() {
        self = keepingBuffers()
    }
}

/// A ``GestureState`` whose one buffer is its fingers' anchors (a hold's,
/// a swipe's, a finger set's).
///
/// ```swift
/// private struct Gesture: AnchoredGestureState {
///     var anchors = TouchAnchors()
///     var fingers = 0
/// }
/// ```
protocol AnchoredGestureState: GestureState {
    var anchors: TouchAnchors { get set }
}

extension AnchoredGestureState {
    /// A fresh state holding these anchors, cleared.
    mutating func keepingBuffers() -> Self {
        anchors.clear()
        var fresh = Self()
        fresh.anchors = anchors
        return fresh
    }
}
