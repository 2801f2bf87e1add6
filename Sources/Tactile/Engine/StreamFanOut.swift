// The async streams one producer feeds (the engine's actions, the pipeline's frames).

/// The continuations of the `AsyncStream`s handed out for one kind of
/// element, and the one way to feed them: a stream whose consumer stopped
/// (`break`, cancellation) is dropped at the next element.
struct StreamFanOut<Element: Sendable> {
    private var continuations: [AsyncStream<Element>.Continuation] = []

    /// Whether no stream is listened to (then nothing needs building).
    var isEmpty: Bool { continuations.isEmpty }

    /// A new stream that keeps the newest `limit` elements its consumer has not read.
    mutating func makeStream(bufferingNewest limit: Int) -> AsyncStream<Element> {
        let (stream, continuation) = AsyncStream.makeStream(of: Element.self, bufferingPolicy: .bufferingNewest(limit))
        continuations.append(continuation)
        return stream
    }

    /// Hands `element` to every stream still listened to.
    mutating func yield(_ element: Element) {
        var index = 0
        while index < continuations.count {
            if case .terminated = continuations[index].yield(element) {
                continuations.remove(at: index)
            } else {
                index += 1
            }
        }
    }

    /// Ends every stream.
    mutating func finish() {
        for continuation in continuations { continuation.finish() }
        continuations.removeAll()
    }
}
