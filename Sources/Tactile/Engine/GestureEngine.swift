/// Drives gesture recognizers from touch frames, in engine time.
///
/// ## One cycle
/// ``process(_:)`` runs, for each frame:
/// 1. **Timers.** Timers due at or before the frame's time fire first, each
///    as its own cycle at its own deadline (see ``advance(to:)``).
/// 2. **Binding.** A touch that lands is hit-tested against the window and
///    bound, for its whole life, to the view it hit and to the enabled
///    recognizers of that view and its ancestors (hit view first, then each
///    ancestor; on one view, in the order they were added) whose delegate
///    lets them receive it. Recognizers that are done (ended, failed,
///    cancelled), waiting to recognize, or in progress and taking no more
///    fingers (`acceptsTouchesDuringGesture`) do not take new touches; those
///    that opt in start afresh for a touch independent of theirs
///    (``TouchIndependence``).
/// 3. **Delivery.** Each recognizer that follows a touch of the frame gets,
///    in the order recognizers first met a touch of the frame,
///    `touchesBegan`, `touchesMoved`, `touchesEnded`, `touchesCancelled`, each
///    with its touches of that phase in frame order, then `didProcessFrame`.
/// 4. **Arbitration.** A recognizer that asks to leave `possible` is judged
///    by the engine's arena (`GestureArena`, where every rule is written
///    down): failure requirements, its delegate's `shouldBegin`, then
///    exclusivity against rivals sharing a touch. After delivery the arena
///    settles: undecidable recognizers fail and waiting ones are released,
///    until nothing changes.
/// 5. **Actions.** Every state change to began, changed, ended or cancelled
///    is sent, in the order the changes happened: first to ``onAction`` (the
///    ``ActionRecord``), then to the recognizer's targets.
/// 6. **Reset.** Touches that ended leave their recognizers; a recognizer
///    that ended, failed or was cancelled and follows no touch anymore is
///    reset to `possible`, and its timers are cancelled.
///
/// Time comes only from frame timestamps and ``advance(to:)``, never from a
/// clock, so the same frames always give the same actions, at any replay speed.
@MainActor
public final class GestureEngine {
    /// The root of the view tree touches are hit-tested against.
    public let window: Window
    /// Engine time in seconds: the latest frame or `advance(to:)` time; never decreases.
    @exclusivity(unchecked) public private(set) var now = 0.0
    /// Called with every action, before the recognizer's targets.
    @exclusivity(unchecked) public var onAction: ((ActionRecord) -> Void)?
    /// The continuations of ``actions()`` streams still listened to.
    private var actionStreams: [AsyncStream<ActionRecord>.Continuation] = []

    /// A live touch and what it is bound to for its whole life.
    private struct Binding {
        let touch: TouchID
        let view: View?
        /// Every recognizer the touch was bound to when it landed.
        let recognizers: [GestureRecognizer]
        /// Those still listening to it: a recognizer that has finished (or
        /// was reset since) leaves this list, so a frame in which the touch
        /// only moves costs nothing for recognizers that gave up on it. Its
        /// end still goes to all ``recognizers`` that follow it.
        var receivers: [GestureRecognizer]
        /// ``GestureEngine/finishCount`` when ``receivers`` was last pruned.
        var prunedAt: UInt64
        /// Where and when the touch landed (mm on the surface, seconds).
        let landing: Point
        let landedAt: Double
    }

    private struct QueuedAction {
        let recognizer: GestureRecognizer
        let state: GestureRecognizerState
        /// Built only when someone listens on ``onAction``.
        let record: ActionRecord?
    }

    /// The bindings of live touches, in landing order. A handful at most (one
    /// per finger), so a linear search beats hashing.
    @exclusivity(unchecked) private var bindings: [Binding] = []
    /// The recognizers receiving touches in the current frame, in the order
    /// they first met one; their ``GestureRecognizer/delivery`` holds the touches.
    @exclusivity(unchecked) private var deliveryOrder: [GestureRecognizer] = []
    /// Numbers frames, so a recognizer's delivery from an earlier frame reads as stale.
    @exclusivity(unchecked) private var frameStamp: UInt64 = 0
    /// Whether anything that arbitration or reset depends on happened since the
    /// last check: a state change other than `changed`, a touch landing on a
    /// recognizer or leaving, a timer firing or cancelled, a recognizer disabled.
    /// Frames where fingers only move skip those passes over the recognizers.
    @exclusivity(unchecked) private var needsRecheck = false
    /// Counts transitions to a final state and resets: while it stands still,
    /// every binding's receivers are all still listening and need no pruning.
    @exclusivity(unchecked) private var finishCount: UInt64 = 0
    /// Who may recognize: the recognizers in play and every arbitration rule.
    let arena = GestureArena()
    @exclusivity(unchecked) private var timers = TimerQueue()
    @exclusivity(unchecked) private var queued: [QueuedAction] = []
    /// The batch being sent; swapped with ``queued`` so neither buffer is reallocated.
    @exclusivity(unchecked) private var sending: [QueuedAction] = []
    @exclusivity(unchecked) private var cycleDepth = 0
    @exclusivity(unchecked) private var isFlushing = false

    public init(window: Window) {
        self.window = window
    }

    isolated deinit {
        for continuation in actionStreams { continuation.finish() }
        // Recognizers hold the engine unretained while in play.
        for recognizer in arena.members { recognizer.leave(self) }
    }

    // MARK: Input

    /// Runs one cycle for `frame` (see the type's documentation). A frame older
    /// than engine time is processed at engine time.
    public func process(_ frame: TouchFrame) {
        advance(to: frame.time)
        cycleDepth += 1
        defer { cycleDepth -= 1 }
        deliver(frame)
        finishCycle()
    }

    /// Moves engine time to `time` without input, firing every timer due on the
    /// way, each at its own deadline and followed by arbitration and actions.
    public func advance(to time: Double) {
        cycleDepth += 1
        defer { cycleDepth -= 1 }
        while let timer = timers.popDue(atOrBefore: time) {
            now = max(now, timer.deadline)
            needsRecheck = true
            timer.body()
            finishCycle()
        }
        now = max(now, time)
    }

    /// The deadline of the earliest timer, for a live loop's poll timeout.
    public var nextDeadline: Double? { timers.nextDeadline }

    /// The number of touches bound to views.
    public var boundTouchCount: Int { bindings.count }

    /// The view a live touch is bound to, if any.
    public func view(boundTo touch: TouchID) -> View? {
        bindings.first { $0.touch == touch }?.view
    }

    // MARK: Actions as a sequence

    /// Every action from now on, as an async sequence: the way for a task to
    /// await gestures instead of registering targets. Each call gives a new
    /// stream; it ends when the engine goes away, and stops being fed when
    /// its consumer stops (`break`, cancellation).
    ///
    /// ```swift
    /// Task { @MainActor in
    ///     for await action in pipeline.engine.actions() where action.recognizer == "pinch" {
    ///         print(action.state, action.values)
    ///     }
    /// }
    /// ```
    public func actions(bufferingNewest limit: Int = 256) -> AsyncStream<ActionRecord> {
        let (stream, continuation) = AsyncStream.makeStream(of: ActionRecord.self, bufferingPolicy: .bufferingNewest(limit))
        actionStreams.append(continuation)
        return stream
    }

    /// Ends every ``actions(bufferingNewest:)`` stream.
    public func finishStreams() {
        for continuation in actionStreams { continuation.finish() }
        actionStreams.removeAll()
    }

    private func yield(_ record: ActionRecord) {
        var index = 0
        while index < actionStreams.count {
            if case .terminated = actionStreams[index].yield(record) {
                actionStreams.remove(at: index)
            } else {
                index += 1
            }
        }
    }

    // MARK: Timers

    /// Runs `body` when engine time reaches `deadline`. Timers owned by a
    /// recognizer are cancelled when it resets.
    @discardableResult
    public func schedule(at deadline: Double, owner: GestureRecognizer? = nil, _ body: @escaping () -> Void) -> TimerToken {
        timers.schedule(at: deadline, owner: owner, body: body)
    }

    /// Cancels a scheduled timer; cancelling one that fired already does nothing.
    public func cancelTimer(_ token: TimerToken) {
        timers.cancel(token)
        needsRecheck = true
    }

    // MARK: Binding and delivery

    private func bind(_ touch: Touch, in frame: TouchFrame) -> Binding {
        let hit = window.hitTest(screenPoint: touch.location)
        var recognizers: [GestureRecognizer] = []
        var view = hit
        while let current = view {
            for recognizer in current.gestureRecognizers {
                if recognizer.startsAnewForIndependentTouches, !recognizer.state.isInProgress,
                   recognizer.activeTouchCount > 0, isIndependent(touch, of: recognizer, in: frame) {
                    restart(recognizer)
                }
                guard canTake(touch, recognizer) else { continue }
                recognizer.engine = self
                recognizer.markSeen(touch.id)
                arena.join(recognizer)
                recognizers.append(recognizer)
            }
            view = current.superview
        }
        needsRecheck = true
        return Binding(
            touch: touch.id, view: hit, recognizers: recognizers, receivers: recognizers, prunedAt: finishCount,
            landing: touch.surfaceLocation, landedAt: frame.time
        )
    }

    /// Whether `touch`, landing now, is independent of every touch
    /// `recognizer` follows (see ``GestureRecognizer/startsAnewForIndependentTouches``).
    private func isIndependent(_ touch: Touch, of recognizer: GestureRecognizer, in frame: TouchFrame) -> Bool {
        recognizer.touches.allSatisfy { followed in
            followed.phase.isFinal || isIndependent(touch, of: followed.id, in: frame)
        }
    }

    private func isIndependent(_ touch: Touch, of other: TouchID, in frame: TouchFrame) -> Bool {
        // Held by a gesture in progress that takes no more fingers (a long press).
        let closed = arena.members.contains { member in
            member.state.isInProgress && !member.acceptsTouchesDuringGesture
                && member.touches.contains { $0.id == other && !$0.phase.isFinal }
        }
        if closed { return true }
        // Resting, and far from where the new finger lands, which comes later.
        guard let binding = bindings.first(where: { $0.touch == other }),
              let now = frame.touches.first(where: { $0.id == other }) else { return false }
        let independence = TouchIndependence.self
        return frame.time - binding.landedAt >= independence.minimumDelay
            && now.surfaceLocation.distance(to: binding.landing) <= independence.restingMovement
            && now.surfaceLocation.distance(to: touch.surfaceLocation) >= independence.minimumDistance
    }

    /// Returns a recognizer to `possible` while touches it followed are still
    /// down; it no longer follows them.
    private func restart(_ recognizer: GestureRecognizer) {
        timers.cancelAll(ownedBy: recognizer)
        arena.withdraw(recognizer)
        recognizer.resetToPossible()
        finishCount &+= 1
        needsRecheck = true
    }

    /// The binding of `id` (nonisolated: see `TouchSearch.swift`).
    private nonisolated static func bindingIndex(of id: TouchID, in bindings: [Binding]) -> Int? {
        bindings.firstIndex { $0.touch == id }
    }

    private func canTake(_ touch: Touch, _ recognizer: GestureRecognizer) -> Bool {
        guard recognizer.isEnabled, !recognizer.state.isFinal else { return false }
        if recognizer.state.isInProgress, !recognizer.acceptsTouchesDuringGesture { return false }
        if recognizer.pendingState != nil, recognizer.isDiscrete { return false }
        return recognizer.delegate?.gestureRecognizer(recognizer, shouldReceive: touch) ?? true
    }

    private func deliver(_ frame: TouchFrame) {
        frameStamp &+= 1
        let stamp = frameStamp
        deliveryOrder.removeAll(keepingCapacity: true)
        for touch in frame.touches {
            let recognizers: [GestureRecognizer]
            let isNew: Bool
            if let index = Self.bindingIndex(of: touch.id, in: bindings) {
                isNew = false
                if touch.phase.isFinal {
                    recognizers = bindings[index].recognizers
                    bindings.remove(at: index)
                    needsRecheck = true
                } else {
                    if bindings[index].prunedAt != finishCount {
                        bindings[index].receivers.removeAll { $0.state.isFinal || !$0.seenTouches.contains(touch.id) }
                        bindings[index].prunedAt = finishCount
                    }
                    recognizers = bindings[index].receivers
                }
            } else {
                // A touch first seen already cancelled was never delivered: nothing to undo.
                // A resting thumb or a palm reaches no recognizer (``ThumbDetector``).
                guard touch.phase != .cancelled, touch.rejection == nil else { continue }
                let binding = bind(touch, in: frame)
                recognizers = binding.recognizers
                isNew = true
                if !touch.phase.isFinal { bindings.append(binding) }
            }
            for recognizer in recognizers where recognizer.seenTouches.contains(touch.id) {
                if recognizer.delivery.stamp != stamp {
                    recognizer.delivery.clear(stamp: stamp)
                    deliveryOrder.append(recognizer)
                }
                recognizer.delivery.updates.append(touch)
                if isNew {
                    var landing = touch
                    landing.phase = .began
                    recognizer.delivery.began.append(landing)
                }
                switch touch.phase {
                case .moved: recognizer.delivery.movedCount += 1
                case .ended: recognizer.delivery.ended.append(touch)
                case .cancelled: recognizer.delivery.cancelled.append(touch)
                case .began, .stationary: break
                }
            }
        }
        for recognizer in deliveryOrder {
            recognizer.takeDeliveredTouches()
            guard recognizer.isAttached, recognizer.isEnabled else {
                stop(recognizer)
                continue
            }
            if !recognizer.delivery.began.isEmpty, isReceiving(recognizer) { recognizer.touchesBegan(recognizer.delivery.began, in: frame) }
            if recognizer.delivery.movedCount > 0, isReceiving(recognizer) { recognizer.touchesMoved(recognizer.delivery.moved(), in: frame) }
            if !recognizer.delivery.ended.isEmpty, isReceiving(recognizer) { recognizer.touchesEnded(recognizer.delivery.ended, in: frame) }
            if !recognizer.delivery.cancelled.isEmpty, isReceiving(recognizer) { recognizer.touchesCancelled(recognizer.delivery.cancelled, in: frame) }
            if isReceiving(recognizer) { recognizer.didProcessFrame(frame) }
        }
    }

    /// Whether a recognizer still listens to its touches: not done, and not a
    /// discrete one that already decided and waits for a requirement.
    private func isReceiving(_ recognizer: GestureRecognizer) -> Bool {
        guard !recognizer.state.isFinal else { return false }
        return !(recognizer.pendingState != nil && recognizer.isDiscrete)
    }

    // MARK: Arbitration

    /// Ends a recognizer that can no longer work (disabled, or removed from its view).
    private func stop(_ recognizer: GestureRecognizer) {
        needsRecheck = true
        arena.stop(recognizer)
    }

    func recognizerWasDisabled(_ recognizer: GestureRecognizer) {
        guard arena.contains(recognizer) else { return }  // idle: nothing to stop
        stop(recognizer)
        if cycleDepth == 0 { finishCycle() }
    }

    private func settle() {
        arena.settle { [timers] in timers.hasTimers(ownedBy: $0) }
    }

    // MARK: Actions and reset

    /// Queues the action for a state change a recognizer made.
    func recognizerDidTransition(_ recognizer: GestureRecognizer, to state: GestureRecognizerState) {
        if state != .changed { needsRecheck = true }
        if state.isFinal { finishCount &+= 1 }
        guard state != .failed, state != .possible else { return }
        let record = onAction == nil && actionStreams.isEmpty ? nil : ActionRecord(
            time: now,
            recognizer: recognizer.name,
            view: recognizer.view?.name ?? "",
            state: state,
            touches: recognizer.numberOfTouches,
            location: recognizer.location(in: recognizer.view),
            values: recognizer.actionValues
        )
        queued.append(QueuedAction(recognizer: recognizer, state: state, record: record))
    }

    private func finishCycle() {
        let recheck = needsRecheck || arena.hasWaiting
        needsRecheck = false
        if recheck { settle() }
        flushActions()
        guard recheck || needsRecheck else { return }
        needsRecheck = false
        for recognizer in arena.members { recognizer.removeFinishedTouches() }
        let done = arena.removeMembers { $0.state.isFinal && $0.activeTouchCount == 0 }
        for recognizer in done {
            timers.cancelAll(ownedBy: recognizer)
            recognizer.resetToPossible()
            recognizer.leave(self)
            finishCount &+= 1
        }
    }

    private func flushActions() {
        guard !isFlushing else { return }
        isFlushing = true
        defer { isFlushing = false }
        while !queued.isEmpty {
            swap(&queued, &sending)
            for index in sending.indices {
                let action = sending[index]
                if let record = action.record {
                    onAction?(record)
                    if !actionStreams.isEmpty { yield(record) }
                }
                action.recognizer.sendActions(as: action.state)
            }
            sending.removeAll(keepingCapacity: true)
            // Only a target that changed something (a transition, a disabled recognizer) needs arbitration.
            if needsRecheck || arena.hasWaiting { settle() }
        }
    }
}
