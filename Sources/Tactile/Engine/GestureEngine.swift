// The engine's cycle: timers, binding and delivery, arbitration, actions, reset — in engine time.

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
///    (``TouchIndependence``). A recognizer reset later in the same cycle
///    takes the frame's new touches then (step 7).
/// 3. **Delivery.** Each recognizer that follows a touch of the frame gets,
///    in the order recognizers first met a touch of the frame,
///    `touchesBegan`, `touchesMoved`, `touchesEnded`, `touchesCancelled`, each
///    with its touches of that phase in frame order, then `didProcessFrame`.
/// 4. **Arbitration.** A recognizer that asks to leave `possible` is judged
///    by the engine's arena (`GestureArena`, where every rule is written
///    down): failure requirements, its delegate's `shouldBegin`, then
///    exclusivity against rivals sharing a touch. After delivery the arena
///    resolves: undecidable recognizers fail and waiting ones are released,
///    until nothing changes.
/// 5. **Actions.** Every state change to began, changed, ended or cancelled
///    is sent, in the order the changes happened: first to ``onAction`` (the
///    ``ActionRecord``) and the ``actions()`` streams, then to the
///    recognizer's targets.
/// 6. **Reset.** Touches that ended leave their recognizers; a recognizer
///    that ended, failed or was cancelled and follows no touch anymore is
///    reset to `possible`, and its timers are cancelled. One that carried
///    another hand's fingers over (two hands tapping at once) takes them
///    once they have lifted and it is reset, as they landed, strayed and
///    lifted, and the cycle runs steps 4 to 6 again.
/// 7. **Late binding.** Touches that landed in this frame go to the
///    recognizers of their views that could not take them in step 2 and
///    were reset in step 6, with `touchesBegan`; arbitration, actions and
///    reset run once more.
/// 8. **Re-grip.** A pan, pinch or rotation that finished while fingers it
///    followed are still down, in a frame where one of its fingers lifted,
///    starts again with those fingers, with `touchesBegan`
///    (``FingerSetGestureRecognizer/startsAgainWhenFingersChange``; UIKit
///    waits for every finger to lift); arbitration, actions and reset run
///    once more.
/// 9. **Other devices.** With several devices on one window (an engine
///    each), a recognizer follows one device's fingers at a time: a finger
///    that waits for a recognizer another device's gesture holds takes it
///    once it moves, if that gesture has not started and its fingers rest
///    (see "Several devices on one window" in ``InputPipeline``); arbitration,
///    actions and reset run once more.
///
/// Each step has its own part: the `TimerQueue` (1), the `TouchRouter` (2,
/// 3), the `GestureArena` (4) and the `ActionQueue` (5); this type runs the
/// cycle over them. ``onTrace`` reports every binding, transition and
/// arbitration decision as it happens.
///
/// Time comes only from frame timestamps and ``advance(to:)``, never from a
/// clock, so the same frames always give the same actions, at any replay speed.
///
/// ```swift
/// let window = Window(screen: .standard)
/// let engine = GestureEngine(window: window)
/// engine.onAction = { print($0.readableLine) }
/// for frame in frames { engine.process(frame) }   // frames from a TouchAssembler
/// engine.advance(to: lastTime + 1)                  // let pending timers fire
/// ```
@MainActor
public final class GestureEngine {
    /// The root of the view tree touches are hit-tested against.
    public let window: Window

    /// Who may recognize: the recognizers in play and every arbitration rule.
    let arena = GestureArena()
    /// Binding touches to recognizers and delivering frames to them.
    private let router = TouchRouter()
    /// Actions waiting to be sent.
    let outbox = ActionQueue()

    /// The cycle's own bookkeeping, read and written several times a frame.
    /// Unchecked exclusivity: see docs/performance.md, "Dynamic exclusivity
    /// checks". No access to it spans a call out of the engine.
    private struct Cycle {
        /// Engine time in seconds.
        var now = 0.0
        /// Whether anything that arbitration or reset depends on happened
        /// since the last check: a state change other than `changed`, a touch
        /// landing on a recognizer or leaving, a timer firing or cancelled, a
        /// recognizer disabled. Frames where fingers only move skip those
        /// passes over the recognizers.
        var needsRecheck = false
        /// How many cycles are running (a target may feed the engine).
        var depth = 0
        var timers = TimerQueue()
        var onTrace: ((GestureTraceEvent) -> Void)?
    }

    @exclusivity(unchecked) private var cycle = Cycle()

    public init(window: Window) {
        self.window = window
    }

    isolated deinit {
        outbox.finishStreams()
        // Recognizers hold the engine and its arena unretained while in play,
        // and the tokens of their timers here.
        for recognizer in arena.removeAll() { recognizer.leave(self) }
        cycle.timers.removeAll()
    }

    /// The kind of device the touches come from, when known (``InputPipeline``
    /// sets it): recognizers whose defaults differ between touchpads and
    /// touchscreens read it (``GestureRecognizer/deviceKind``).
    public var deviceKind: DeviceKind?

    /// The size of the touch surface in millimetres, as the person sees it
    /// (a quarter turn swaps its sides: ``SurfaceMapping/surfaceSize``),
    /// when known (``InputPipeline`` sets it): how many millimetres under
    /// the finger the screen's width and height span, which bands along
    /// the screen's edges are measured in (``ScreenEdgePanGestureRecognizer``).
    /// Without it the surface is taken to be the screen's physical size.
    ///
    /// ```swift
    /// engine.surfaceSize = TouchAssembler(device: panel, screen: window.screen).mapping.surfaceSize
    /// ```
    public var surfaceSize: Size?

    /// Engine time in seconds: the latest frame or `advance(to:)` time; never decreases.
    public var now: Double { cycle.now }

    /// Called with every action, before the recognizer's targets.
    public var onAction: ((ActionRecord) -> Void)? {
        get { outbox.onAction }
        set { outbox.onAction = newValue }
    }

    /// Called with every action and the recognizer that made it, before
    /// ``onAction``: for TactileTesting, whose expectations are about the
    /// recognizer itself, not its name (two recognizers may share one).
    package var onRecognizerAction: ((GestureRecognizer, ActionRecord) -> Void)? {
        get { outbox.onRecognizerAction }
        set { outbox.onRecognizerAction = newValue }
    }

    /// Called with every step of recognition as it happens: each touch bound,
    /// each state change, each arbitration decision (who waits for whom, who
    /// fails and why, who yields to whom). The answer to "why did my pan not
    /// begin?"; `tactile replay --trace` prints it.
    ///
    /// ```swift
    /// engine.onTrace = { print($0) }
    /// // 0.412000  touch #1 lands on window: tap, doubleTap, pan
    /// // 0.412000  tap@window  waits for doubleTap to fail
    /// // 0.530000  pan@window  possible → began
    /// // 0.530000  tap@window  fails: prevented by pan
    /// ```
    public var onTrace: ((GestureTraceEvent) -> Void)? {
        get { cycle.onTrace }
        set { cycle.onTrace = newValue }
    }

    // MARK: Input

    /// Runs one cycle for `frame` (see the type's documentation). A frame older
    /// than engine time is processed at engine time.
    public func process(_ frame: TouchFrame) {
        advance(to: frame.time)
        cycle.depth += 1
        defer { cycle.depth -= 1 }
        router.deliver(frame, in: self)
        finishCycle()
        if router.bindLate(frame, in: self) { finishCycle() }
        if router.startAgain(frame, in: self) { finishCycle() }
        if router.takeFromOtherDevices(frame, in: self) { finishCycle() }
    }

    /// Moves engine time to `time` without input, firing every timer due on the
    /// way, each at its own deadline and followed by arbitration and actions.
    public func advance(to time: Double) {
        cycle.depth += 1
        defer { cycle.depth -= 1 }
        while let timer = cycle.timers.popDue(atOrBefore: time) {
            cycle.now = max(cycle.now, timer.deadline)
            cycle.needsRecheck = true
            timer.body()
            finishCycle()
        }
        cycle.now = max(cycle.now, time)
    }

    /// The deadline of the earliest timer, for a live loop's poll timeout.
    public var nextDeadline: Double? { cycle.timers.nextDeadline }

    /// The number of touches bound to views.
    public var boundTouchCount: Int { router.count }

    /// The view a live touch is bound to, if any.
    public func view(boundTo touch: TouchID) -> View? {
        router.view(boundTo: touch)
    }

    /// The recognizers that took the touch `id` and have not decided yet:
    /// still `possible`, waiting for a requirement or not, also after the
    /// touch lifted (a tap that waits for its second tap). What may yet
    /// recognize with it, in the order they came into play: a part that
    /// holds a touch back until the gestures it could start decide (the
    /// gesture service's edge zones) releases it once none is left, as
    /// Flutter's arena sweeps a pointer.
    ///
    /// ```swift
    /// let pending = engine.undecidedRecognizers(for: touch.id).filter { edgeRecognizers.contains($0) }
    /// if pending.isEmpty { releaseToApp(touch) }
    /// ```
    public func undecidedRecognizers(for id: TouchID) -> [GestureRecognizer] {
        var undecided: [GestureRecognizer] = []
        for recognizer in arena.members where recognizer.state == .possible && recognizer.hasSeen(id) {
            undecided.append(recognizer)
        }
        return undecided
    }

    // MARK: Timers

    /// Runs `body` when engine time reaches `deadline`. Timers owned by a
    /// recognizer are cancelled when it resets.
    @discardableResult
    public func schedule(at deadline: Double, owner: GestureRecognizer? = nil, _ body: @escaping () -> Void) -> TimerToken {
        cycle.timers.schedule(at: deadline, owner: owner, body: body)
    }

    /// Cancels a scheduled timer; cancelling one that fired already does nothing.
    public func cancelTimer(_ token: TimerToken) {
        cycle.timers.cancel(token)
        cycle.needsRecheck = true
    }

    /// Cancels a timer `owner` scheduled (without searching for it).
    func cancelTimer(_ token: TimerToken, ownedBy owner: GestureRecognizer) {
        cycle.timers.cancel(token, ownedBy: owner)
        cycle.needsRecheck = true
    }

    // MARK: What the parts report

    /// Notes that something arbitration or reset depends on happened.
    func noteArbitrationInput() {
        cycle.needsRecheck = true
    }

    /// Brings `recognizer` into play for the touch `id` landing on it.
    func admit(_ recognizer: GestureRecognizer, following id: TouchID) {
        recognizer.core.engine = self
        recognizer.core.screenDensity = window.screen.pointsPerMillimetre
        recognizer.core.deviceKind = deviceKind
        recognizer.markSeen(id)
        arena.join(recognizer)
    }

    /// Notes that `recognizer` stopped following a touch (``GestureRecognizer/ignore(_:)``).
    func recognizer(_ recognizer: GestureRecognizer, ignored touch: TouchID) {
        router.recognizer(recognizer, ignored: touch)
        cycle.needsRecheck = true
    }

    /// Returns a recognizer to `possible` while touches it followed are still
    /// down; it no longer follows them.
    func restart(_ recognizer: GestureRecognizer) {
        cycle.timers.cancelAll(ownedBy: recognizer)
        arena.withdraw(recognizer)
        router.dropCarried(by: recognizer)
        recognizer.resetToPossible()
        router.receiversMayHaveChanged()
        cycle.needsRecheck = true
    }

    /// Lets `recognizer` go to a finger of another device (another engine
    /// on the same window), when its gesture here is over or has not
    /// started and its fingers rest (`TouchRouter+Devices.swift`): it is
    /// reset with no action, leaves play here, and the fingers it followed
    /// wait for it. Returns whether it let go.
    func letGoForAnotherDevice(_ recognizer: GestureRecognizer) -> Bool {
        guard recognizer.core.engine === self, router.mayLetGo(recognizer) else { return false }
        var fingers: [TouchID] = []
        for touch in recognizer.touches where !touch.phase.isFinal { fingers.append(touch.id) }
        restart(recognizer)
        _ = arena.removeMembers { $0 === recognizer }
        router.forget(recognizer, waiting: fingers)
        recognizer.leave(self)
        // Those waiting for it here are released now, not at this device's next frame.
        if cycle.depth == 0 { finishCycle() }
        return true
    }

    /// Ends a recognizer that can no longer work (disabled, or removed from its view).
    func stop(_ recognizer: GestureRecognizer) {
        cycle.needsRecheck = true
        arena.stop(recognizer)
    }

    func recognizerWasDisabled(_ recognizer: GestureRecognizer) {
        guard arena.contains(recognizer) else { return }  // idle: nothing to stop
        stop(recognizer)
        if cycle.depth == 0 { finishCycle() }
    }

    /// Queues the action for a state change a recognizer made.
    func recognizerDidTransition(_ recognizer: GestureRecognizer, from oldState: GestureRecognizerState, to state: GestureRecognizerState) {
        if state != .changed { cycle.needsRecheck = true }
        if state.isFinal { router.receiversMayHaveChanged() }
        if cycle.onTrace != nil, oldState != state {
            trace(recognizer, .transition(from: oldState, to: state, reason: state == .failed ? recognizer.failureReason : nil))
        }
        guard state != .failed, state != .possible else { return }
        let record = !outbox.wantsRecords ? nil : ActionRecord(
            time: cycle.now,
            recognizer: recognizer.name,
            view: recognizer.view?.name ?? "",
            state: state,
            touches: recognizer.numberOfTouches,
            location: recognizer.location(in: recognizer.view),
            values: recognizer.actionValues
        )
        outbox.enqueue(recognizer, state, record: record)
    }

    // MARK: Tracing

    /// Reports a step about `recognizer` to ``onTrace``, if set.
    func trace(_ recognizer: GestureRecognizer, _ step: GestureTraceEvent.Step) {
        guard let onTrace = cycle.onTrace else { return }
        onTrace(GestureTraceEvent(time: cycle.now, recognizer: recognizer.name, view: recognizer.view?.name ?? "", step: step))
    }

    /// Reports a touch bound to `view` and `recognizers` to ``onTrace``, if set.
    func traceBinding(of touch: TouchID, to view: View?, recognizers: [GestureRecognizer]) {
        guard let onTrace = cycle.onTrace else { return }
        var names: [String] = []
        for recognizer in recognizers { names.append(recognizer.name) }
        onTrace(GestureTraceEvent(time: cycle.now, recognizer: "", view: view?.name ?? "", step: .touchBound(touch, recognizers: names)))
    }

    // MARK: Arbitration and reset

    /// Asks the arena to resolve: undecidable recognizers fail (one with a
    /// timer running can still decide), waiting ones are released.
    private func resolveArena() {
        let timers = cycle.timers
        arena.resolve { timers.hasTimers(ownedBy: $0) }
    }

    private func finishCycle() {
        repeat { arbitrateAndReset() } while offerCarriedTouches(to: router.takeIdleCarriers(in: arena))
    }

    /// Arbitration, actions and reset (steps 4 to 6).
    private func arbitrateAndReset() {
        let recheck = cycle.needsRecheck || arena.hasWaiting
        cycle.needsRecheck = false
        if recheck { resolveArena() }
        outbox.flush { if cycle.needsRecheck || arena.hasWaiting { resolveArena() } }
        guard recheck || cycle.needsRecheck else { return }
        cycle.needsRecheck = false
        arena.members.forEachUnretained { $0.removeFinishedTouches() }
        let done = arena.removeMembers { $0.state.isFinal && $0.activeTouchCount == 0 }
        for recognizer in done {
            cycle.timers.cancelAll(ownedBy: recognizer)
            recognizer.resetToPossible()
            recognizer.leave(self)
            router.receiversMayHaveChanged()
        }
    }

    /// Follows the finger `id` for `recognizer`, which carried it over to its next attempt.
    func carry(_ id: TouchID, for recognizer: GestureRecognizer) {
        router.carry(id, for: recognizer)
    }
}
