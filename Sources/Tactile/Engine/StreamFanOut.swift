// The async streams one producer feeds (the engine's actions, the pipeline's frames).

/// The continuations of the `AsyncStream`s handed out for one kind of
/// element, and the one way to feed them: a stream whose consumer stopped
/// (`break`, cancellation) is dropped at the next element.
///
/// A stream keeps every element its consumer has not read yet, unless it was
/// made with a limit; then the oldest unread ones make room and ``dropped``
/// counts them, so no loss goes unseen. (Package: a live session's news
/// streams are fed the same way.)
package struct StreamFanOut<Element: Sendable> {
    /// No stream yet.
    package init() {}

    private var continuations: [AsyncStream<Element>.Continuation] = []

    /// Elements that streams made with a limit discarded because their
    /// consumer fell behind, over all streams so far.
    package private(set) var dropped = 0

    /// Whether no stream is listened to (then nothing needs building).
    package var isEmpty: Bool { continuations.isEmpty }

    /// The streams not finished yet (one whose consumer stopped counts until the next element).
    package var count: Int { continuations.count }

    /// A new stream that keeps every element its consumer has not read, or
    /// with `limit`, the newest `limit` of them.
    package mutating func makeStream(bufferingNewest limit: Int?) -> AsyncStream<Element> {
        let policy: AsyncStream<Element>.Continuation.BufferingPolicy = limit.map { .bufferingNewest(max(0, $0)) } ?? .unbounded
        let (stream, continuation) = AsyncStream.makeStream(of: Element.self, bufferingPolicy: policy)
        continuations.append(continuation)
        return stream
    }

    /// Hands `element` to every stream still listened to.
    package mutating func yield(_ element: Element) {
        var index = 0
        while index < continuations.count {
            let result = continuations[index].yield(element)
            if case .terminated = result {
                continuations.remove(at: index)
                continue
            }
            if case .dropped = result { dropped += 1 }
            index += 1
        }
    }

    /// Ends every stream: a consumer reads what is buffered, then its loop ends.
    package mutating func finish() {
        for continuation in continuations { continuation.finish() }
        continuations.removeAll()
    }
}
