// The engine's actions as async sequences, and the end of its input: what a task awaits instead of registering targets.

extension GestureEngine {
    /// Every action from now on, as an async sequence: the way for a task to
    /// await gestures instead of registering targets. Each call gives a new
    /// stream with the same actions as ``onAction``, in the same order.
    ///
    /// - **Nothing is lost.** The stream keeps every action its consumer has
    ///   not read yet, however far behind the loop is: a whole recording
    ///   processed at once reaches the loop whole. (A consumer that would
    ///   rather lose old actions than hold them asks for
    ///   ``actions(bufferingNewest:)``.)
    /// - **It ends with the input.** ``finishInput(at:)`` (which
    ///   ``InputPipeline/finishInput(at:)`` and a live session's end call) ends
    ///   it: the loop reads what is left, then leaves. ``finishStreams()``
    ///   ends it sooner; the engine going away ends it too.
    /// - **Make it before the input.** A stream holds the actions from its
    ///   creation on: make it before feeding the first event, not inside a
    ///   task that may start only after the events were processed.
    ///
    /// It stops being fed when its consumer stops (`break`, cancellation).
    ///
    /// ```swift
    /// let actions = pipeline.engine.actions()   // before the first event
    /// let listener = Task { @MainActor in
    ///     var pinches = 0
    ///     for await action in actions where action.recognizer == "pinch" && action.state == .ended {
    ///         pinches += 1
    ///     }
    ///     return pinches                      // the loop ends once the input is finished
    /// }
    /// pipeline.process(recording.events)
    /// pipeline.finishInput(at: (recording.events.last?.time ?? 0) + 1)
    /// print(await listener.value, "pinches")
    /// ```
    public func actions() -> AsyncStream<ActionRecord> {
        outbox.makeStream(bufferingNewest: nil)
    }

    /// Every action from now on, as ``actions()`` gives them, but keeping at
    /// most the newest `limit` its consumer has not read: when the consumer
    /// falls further behind, the oldest unread action is dropped and
    /// ``actionsDroppedByStreams`` counts it. For a display that only wants
    /// the latest state and must not hold memory for a stalled reader.
    ///
    /// ```swift
    /// let latest = pipeline.engine.actions(bufferingNewest: 64)
    /// // …
    /// if pipeline.engine.actionsDroppedByStreams > 0 { print("the display skipped some actions") }
    /// ```
    public func actions(bufferingNewest limit: Int) -> AsyncStream<ActionRecord> {
        outbox.makeStream(bufferingNewest: limit)
    }

    /// How many actions streams made with ``actions(bufferingNewest:)``
    /// dropped because their consumer fell behind, over all of them; always 0
    /// with ``actions()``.
    public var actionsDroppedByStreams: Int { outbox.droppedByStreams }

    /// The action streams not finished yet: 0 after ``finishInput(at:)``
    /// (what the tests check before they await a stream's end).
    var openActionStreams: Int { outbox.openStreamCount }

    /// The input is over: lets timers run to `time`, when given (a pending
    /// double tap's wait, a long press's timer), then ends every
    /// ``actions()`` and ``actions(bufferingNewest:)`` stream, so `for await`
    /// loops end after the last action. Cancel the touches still down first
    /// (the frame ``TouchAssembler/finishInput(at:)`` returns);
    /// ``InputPipeline/finishInput(at:)`` does both.
    ///
    /// The engine can be fed again afterwards (a device that comes back):
    /// streams made from then on get the new actions.
    ///
    /// ```swift
    /// for frame in frames { engine.process(frame) }
    /// engine.process(assembler.finishInput(at: end))   // touches still down are cancelled
    /// engine.finishInput(at: end)                       // timers fire; the streams end
    /// ```
    public func finishInput(at time: Double? = nil) {
        if let time { advance(to: time) }
        outbox.finishStreams()
    }

    /// Ends every ``actions()`` and ``actions(bufferingNewest:)`` stream now,
    /// without ending the input (``finishInput(at:)`` does both): their loops
    /// read what is buffered, then end. New streams can be made afterwards.
    public func finishStreams() {
        outbox.finishStreams()
    }
}
