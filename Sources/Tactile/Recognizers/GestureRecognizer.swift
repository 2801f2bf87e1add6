// The base recognizer: state machine, settings a subclass overrides, the subclass hooks, failure requirements.

/// The base of every gesture recognizer: UIKit's state machine, target-action,
/// a delegate, failure requirements and touch bookkeeping.
///
/// Subclasses override the `touches…` methods and ``reset()``, and move
/// through the states with ``transition(to:)``; the ``GestureEngine`` decides
/// whether a recognizer may actually leave `possible` (its delegate, its
/// failure requirements, rival recognizers) and sends actions after the frame.
///
/// ```swift
/// let pan = PanGestureRecognizer()
/// pan.addTarget(controller, action: Controller.handlePan)   // held weakly
/// pan.addAction { print($0.state, $0.translation(in: nil)) }
/// pan.require(toFail: swipe)
/// pan.delegate = controller
/// view.addGestureRecognizer(pan)
/// ```
@MainActor
open class GestureRecognizer {
    public typealias State = GestureRecognizerState

    /// Everything the recognizer stores for the engine (see ``RecognizerCore``).
    @exclusivity(unchecked) var core: RecognizerCore

    /// A name for logs; defaults to the type name without "GestureRecognizer".
    public final var name: String {
        get { core.name }
        set { core.name = newValue }
    }

    /// The current state. While an action is being sent, the state that action
    /// was sent for (a recognizer can pass `began` and `changed` in one frame).
    ///
    /// Subclasses set it as UIKit's do (`state = .began`), which is
    /// ``transition(to:)``: the state machine's rules and the engine's
    /// arbitration apply, and a forbidden transition is reported
    /// (``rejectedTransitions``, ``GestureDiagnostics``).
    ///
    /// ```swift
    /// final class TwoFingerDoubleTap: GestureRecognizer {
    ///     override var isDiscrete: Bool { true }
    ///     override func touchesEnded(_ touches: [Touch], in frame: TouchFrame) {
    ///         if isSecondTap { state = .ended } else if tooSlow { state = .failed }
    ///     }
    /// }
    /// ```
    public final var state: State {
        get { core.reportedState ?? core.state }
        set { transition(to: newValue) }
    }

    /// A disabled recognizer receives no touches; disabling one that is in
    /// progress cancels it, and one that is still possible fails.
    public final var isEnabled: Bool {
        get { core.isEnabled }
        set {
            let wasEnabled = core.isEnabled
            core.isEnabled = newValue
            if wasEnabled, !newValue, let engine { engine.recognizerWasDisabled(self) }
        }
    }

    /// Vetoes and coordination; held weakly.
    public weak var delegate: GestureRecognizerDelegate? {
        didSet {
            core.hasDelegate = delegate != nil
            if core.hasDelegate { core.arena?.noteDelegate(self) }
        }
    }

    /// The view the recognizer is attached to (not retained: the view owns
    /// its recognizers and clears this link when it lets one go).
    public internal(set) final var view: View? {
        get { core.view }
        set { core.view = newValue }
    }

    /// Whether the recognizer is attached to a view.
    final var isAttached: Bool { core.isAttached }

    /// `true` for recognizers that report once (`possible → ended`), `false` for
    /// continuous ones (`began`, `changed`…). Subclasses override it.
    open var isDiscrete: Bool { false }

    /// Whether a touch landing while the recognizer is in progress (`began`
    /// or `changed`) joins its gesture. `true` by default: a pan, a pinch or a
    /// rotation takes fingers that join it. A long press of its required
    /// fingers returns `false`, so a second hand stays free
    /// (see ``TouchIndependence``).
    open var acceptsTouchesDuringGesture: Bool { true }

    /// Whether a touch that lands independently of the touches this
    /// recognizer follows (``TouchIndependence``: they belong to a long press
    /// in progress, or rest far away) starts a fresh gesture: unless it is in
    /// progress, the recognizer forgets the touches it followed — they go on
    /// with whatever recognized them — and follows the new one alone.
    ///
    /// `false` by default, as in UIKit, where a recognizer that failed stays
    /// failed until every finger lifts; ``StandardGestures`` turns it on, so
    /// one resting finger never swallows another hand's drag.
    public final var startsAnewForIndependentTouches: Bool {
        get { core.startsAnewForIndependentTouches }
        set { core.startsAnewForIndependentTouches = newValue }
    }

    /// Whether this recognizer, once recognized, keeps `other` from recognizing
    /// on the same touches. `true` by default (recognizers are exclusive);
    /// a recognizer that only observes, such as a hold, returns `false`.
    open func canPrevent(_ other: GestureRecognizer) -> Bool { true }

    /// Whether `other`, once recognized, may keep this recognizer from
    /// recognizing on the same touches. `true` by default.
    open func canBePrevented(by other: GestureRecognizer) -> Bool { true }

    /// The values the recognizer reports with each action (for the action log).
    open var actionValues: [ActionValue] { [] }

    /// The touches the recognizer follows: those that landed since its last
    /// reset and have not gone yet (touches ending in the current frame stay
    /// until the frame's actions are sent), in landing order.
    public final var touches: [Touch] { core.touches }

    /// The number of touches the recognizer follows.
    public final var numberOfTouches: Int { core.touches.count }

    /// The followed touches still on the surface (not ending in this frame).
    /// In most frames that is every followed touch, and then it is
    /// ``touches`` itself: no copy is made.
    public final var activeTouches: [Touch] {
        core.finishedTouchCount == 0 ? core.touches : core.touches.stillDown
    }

    /// How many times a subclass asked for a transition the state machine forbids (ignored).
    public final var rejectedTransitions: Int { core.rejectedTransitions }

    /// Why the recognizer last failed, kept until it next fails or recognizes:
    /// its own criteria, or which rule of the engine's arbitration made it fail.
    public internal(set) final var failureReason: FailureReason? {
        get { core.failureReason }
        set { core.failureReason = newValue }
    }

    /// The engine the recognizer is in play with (see ``RecognizerCore``).
    final var engine: GestureEngine? { core.engine }

    public init(name: String? = nil) {
        core = RecognizerCore(name: name ?? Self.defaultName(for: Self.self))
    }

    private static func defaultName(for type: GestureRecognizer.Type) -> String {
        var name = String(describing: type)
        if name.hasSuffix("GestureRecognizer"), name.count > "GestureRecognizer".count {
            name.removeLast("GestureRecognizer".count)
        }
        return name.prefix(1).lowercased() + name.dropFirst()
    }

    // MARK: Subclass hooks

    /// Touches that landed in this frame. `frame` is the whole frame, for finger counts and time.
    open func touchesBegan(_ touches: [Touch], in frame: TouchFrame) {}
    /// Followed touches that moved in this frame.
    open func touchesMoved(_ touches: [Touch], in frame: TouchFrame) {}
    /// Followed touches that lifted in this frame.
    open func touchesEnded(_ touches: [Touch], in frame: TouchFrame) {}
    /// Followed touches that were lost (events dropped, device gone).
    open func touchesCancelled(_ touches: [Touch], in frame: TouchFrame) {}

    /// Called after the phase methods for every frame in which the recognizer
    /// follows touches, also when none of them moved: for timing and for
    /// finger counts that change without motion (`frame.fingerCount`).
    open func didProcessFrame(_ frame: TouchFrame) {}

    /// Called when a transition takes effect, before its action is queued.
    /// A recognizer that had to wait for a requirement to fail begins only
    /// here, frames after it asked: the place to set values that must start
    /// fresh at `began` (a translation, a scale).
    open func didTransition(from oldState: State, to newState: State) {}

    /// Clears per-gesture state; called by the engine once the recognizer has
    /// ended, failed or been cancelled and its touches are gone. Overrides
    /// must call `super.reset()`.
    open func reset() {}

    // MARK: State machine

    /// Moves to `newState` if the state machine allows it, and returns whether
    /// it did (or is waiting to: leaving `possible` may have to wait for the
    /// recognizers this one requires to fail).
    ///
    /// A forbidden transition is ignored, counted in ``rejectedTransitions``
    /// and reported to ``GestureDiagnostics`` with the recognizer's name.
    /// Leaving `possible` goes through the engine, which may make the
    /// recognizer fail instead (its delegate said no, a required recognizer
    /// recognized, or a rival already owns the touches).
    @discardableResult
    public final func transition(to newState: State) -> Bool {
        if let pending = core.pendingState {
            switch newState {
            case .began, .changed:
                return !isDiscrete && pending == .began
            case .ended, .cancelled, .failed:
                // The gesture finished before it was allowed to start.
                let awaited = engine?.arena.awaitedRequirement(of: self)?.name
                engine?.arena.withdraw(self)
                core.pendingState = nil
                switch newState {
                case .ended: core.failureReason = awaited.map(FailureReason.endedWhileWaiting) ?? ownFailureReason
                case .cancelled: core.failureReason = .criterionNotMet(.touchesCancelled)
                default: core.failureReason = ownFailureReason
                }
                apply(.failed)
                return true
            case .possible:
                reportRejected(newState)
                return false
            }
        }
        guard State.canTransition(from: core.state, to: newState, isDiscrete: isDiscrete) else {
            reportRejected(newState)
            return false
        }
        if core.state == .possible, newState != .failed, let engine {
            engine.arena.request(self, to: newState)
            return true
        }
        if newState == .failed { core.failureReason = ownFailureReason }
        apply(newState)
        return true
    }

    /// Why the recognizer fails when it moves to `failed` itself: the
    /// criterion ``fail(because:)`` names, or ``FailureReason/gaveUp``.
    private var ownFailureReason: FailureReason {
        core.unmetCriterion.map(FailureReason.criterionNotMet) ?? .gaveUp
    }

    /// Counts and reports a transition the state machine forbids.
    private func reportRejected(_ newState: State) {
        core.rejectedTransitions += 1
        GestureDiagnostics.handler(GestureDiagnostics.rejection(of: name, from: core.state, to: newState, isDiscrete: isDiscrete))
    }

    /// Applies a transition the engine allowed, queuing the action.
    func apply(_ newState: State) {
        let oldState = core.state
        if newState == .began || newState == .ended, oldState == .possible { core.failureReason = nil }
        core.state = newState
        if newState.isRecognized, !core.arenaMembership.isRecognized { core.arena?.noteRecognized(self) }
        didTransition(from: oldState, to: newState)
        engine?.recognizerDidTransition(self, from: oldState, to: newState)
    }

    /// Returns to `possible` and clears per-gesture state.
    func resetToPossible() {
        core.state = .possible
        core.pendingState = nil
        core.touches.removeAll(keepingCapacity: true)
        core.finishedTouchCount = 0
        core.seenTouches.removeAll(keepingCapacity: true)
        core.delivery.clear(stamp: 0)
        core.lastScreenLocation = nil
        reset()
    }

    /// Whether the recognizer still listens to its touches: not done, and not
    /// a discrete one that already decided and waits for a requirement.
    @inline(__always)
    final var isReceiving: Bool {
        guard !core.state.isFinal else { return false }
        return !(core.pendingState != nil && isDiscrete)
    }

    // MARK: Failure requirements

    /// Keeps this recognizer from leaving `possible` until `other` fails; if
    /// `other` recognizes, this one fails. The classic use: a single tap that
    /// requires a double tap to fail.
    ///
    /// `other` is held strongly, as a view holds its recognizers (so
    /// recognizers stay free of weak references, which would slow every
    /// retain on the engine's hot path); two recognizers that require each
    /// other could never recognize and would also keep each other alive.
    public final func require(toFail other: GestureRecognizer) {
        guard other !== self, !core.requirements.containsIdentical(other) else { return }
        core.requirements.append(other)
    }

    /// The recognizers this one must wait for.
    public final var failureRequirements: [GestureRecognizer] {
        core.requirements
    }

    // MARK: Locations

    /// The centroid of the followed touches in `view`'s coordinates (the
    /// window's when `nil`). After the touches are gone, the last centroid.
    open func location(in view: View?) -> Point {
        let screenPoint = Point.centroid(of: core.touches.lazy.map(\.location)) ?? core.lastScreenLocation ?? .zero
        return convertFromScreen(screenPoint, to: view)
    }
}
