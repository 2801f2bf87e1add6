/// The base of every gesture recognizer: UIKit's state machine, target-action,
/// a delegate, failure requirements and touch bookkeeping.
///
/// Subclasses override the `touches…` methods and ``reset()``, and move
/// through the states with ``transition(to:)``; the ``GestureEngine`` decides
/// whether a recognizer may actually leave `possible` (its delegate, its
/// failure requirements, rival recognizers) and sends actions after the frame.
@MainActor
open class GestureRecognizer {
    public typealias State = GestureRecognizerState

    /// A name for logs; defaults to the type name without "GestureRecognizer".
    @exclusivity(unchecked) public var name: String

    // The stored properties the engine touches on every frame opt out of
    // dynamic exclusivity checks (`@exclusivity(unchecked)`): the engine is
    // single-threaded and never holds two accesses to one of them at once,
    // and the checks cost more than the work they guard.

    /// Set by the engine when it applies a transition; read through ``state``.
    @exclusivity(unchecked) private var storedState: State = .possible
    /// While actions are sent, the state each one was sent for.
    @exclusivity(unchecked) private var reportedState: State?

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
        get { reportedState ?? storedState }
        set { transition(to: newValue) }
    }

    /// A disabled recognizer receives no touches; disabling one that is in
    /// progress cancels it, and one that is still possible fails.
    @exclusivity(unchecked) public final var isEnabled = true {
        didSet {
            if !isEnabled, oldValue { engine?.recognizerWasDisabled(self) }
        }
    }

    /// Vetoes and coordination; held weakly.
    public weak var delegate: GestureRecognizerDelegate?

    /// The view the recognizer is attached to.
    ///
    /// Not retained (the view owns its recognizers) and not `weak`, for the
    /// same reason as ``View/superview``: the view clears it when the
    /// recognizer is removed and in its `deinit`, so it never dangles.
    @exclusivity(unchecked) public internal(set) unowned(unsafe) var view: View?
    /// Whether ``view`` is set, kept by the view: a plain flag the engine
    /// reads every frame without touching the view.
    @exclusivity(unchecked) var isAttached = false

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
    @exclusivity(unchecked) public var startsAnewForIndependentTouches = false

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
    @exclusivity(unchecked) public private(set) var touches: [Touch] = []

    /// The number of touches the recognizer follows.
    public final var numberOfTouches: Int { touches.count }

    /// The followed touches still on the surface (not ending in this frame).
    /// In most frames that is every followed touch, and then it is
    /// ``touches`` itself: no copy is made.
    public final var activeTouches: [Touch] {
        finishedTouchCount == 0 ? touches : touches.stillDown
    }

    /// How many of ``touches`` ended or were cancelled (they leave after the frame).
    @exclusivity(unchecked) private var finishedTouchCount = 0

    /// How many times a subclass asked for a transition the state machine forbids (ignored).
    @exclusivity(unchecked) public private(set) var rejectedTransitions = 0

    /// The engine the recognizer is in play with.
    ///
    /// Not retained and not `weak` (a weak reference would give the engine a
    /// side table and slow each of its retains): the engine sets it when the
    /// recognizer joins its play and clears it, through ``leave(_:)``, when
    /// the recognizer leaves or the engine goes, so it never dangles.
    @exclusivity(unchecked) unowned(unsafe) var engine: GestureEngine?
    /// Engine time when the recognizer last left an engine (``currentTime`` then).
    @exclusivity(unchecked) private var timeAtLeaving = 0.0
    /// Why the recognizer last failed, kept until it next fails or recognizes:
    /// its own criteria, or which rule of the engine's arbitration made it fail.
    public internal(set) var failureReason: FailureReason?
    /// A transition out of `possible` waiting for failure requirements.
    @exclusivity(unchecked) var pendingState: State?
    /// Touches seen since the last reset, also after they ended: rivals sharing
    /// one compete. A handful at most, so a plain array beats hashing.
    @exclusivity(unchecked) var seenTouches: [TouchID] = []
    /// The engine's per-frame delivery to this recognizer (reused, never reallocated in steady state).
    @exclusivity(unchecked) var delivery = Delivery()
    /// The centroid of the last touches, in screen points, kept for locations after they leave.
    @exclusivity(unchecked) private var lastScreenLocation: Point?
    @exclusivity(unchecked) var explicitRequirements: [GestureRecognizer] = []
    @exclusivity(unchecked) private var actions: [ActionEntry] = []
    @exclusivity(unchecked) private var nextActionToken: UInt64 = 1

    public init(name: String? = nil) {
        self.name = name ?? Self.defaultName(for: Self.self)
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
        if let pending = pendingState {
            switch newState {
            case .began, .changed:
                return !isDiscrete && pending == .began
            case .ended, .cancelled, .failed:
                // The gesture finished before it was allowed to start.
                engine?.arena.withdraw(self)
                pendingState = nil
                failureReason = .gaveUp
                apply(.failed)
                return true
            case .possible:
                reportRejected(newState)
                return false
            }
        }
        guard State.canTransition(from: storedState, to: newState, isDiscrete: isDiscrete) else {
            reportRejected(newState)
            return false
        }
        if storedState == .possible, newState != .failed, let engine {
            engine.arena.request(self, to: newState)
            return true
        }
        if newState == .failed { failureReason = .gaveUp }
        apply(newState)
        return true
    }

    /// Counts and reports a transition the state machine forbids.
    private func reportRejected(_ newState: State) {
        rejectedTransitions += 1
        GestureDiagnostics.handler(GestureDiagnostics.rejection(of: name, from: storedState, to: newState, isDiscrete: isDiscrete))
    }

    /// Applies a transition the engine allowed, queuing the action.
    func apply(_ newState: State) {
        if newState == .began || newState == .ended, storedState == .possible { failureReason = nil }
        let oldState = storedState
        storedState = newState
        didTransition(from: oldState, to: newState)
        engine?.recognizerDidTransition(self, to: newState)
    }

    /// Returns to `possible` and clears per-gesture state.
    func resetToPossible() {
        storedState = .possible
        pendingState = nil
        touches.removeAll(keepingCapacity: true)
        finishedTouchCount = 0
        seenTouches.removeAll(keepingCapacity: true)
        delivery.clear(stamp: 0)
        lastScreenLocation = nil
        reset()
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
        guard other !== self, !explicitRequirements.contains(where: { $0 === other }) else { return }
        explicitRequirements.append(other)
    }

    /// The recognizers this one must wait for.
    public final var failureRequirements: [GestureRecognizer] {
        explicitRequirements
    }

    // MARK: Locations

    /// The centroid of the followed touches in `view`'s coordinates (the
    /// window's when `nil`). After the touches are gone, the last centroid.
    open func location(in view: View?) -> Point {
        let screenPoint = Point.centroid(of: touches.lazy.map(\.location)) ?? lastScreenLocation ?? .zero
        return convertFromScreen(screenPoint, to: view)
    }

    /// The location of the followed touch at `index` (landing order) in `view`'s coordinates.
    public final func location(ofTouch index: Int, in view: View?) -> Point? {
        guard touches.indices.contains(index) else { return nil }
        return convertFromScreen(touches[index].location, to: view)
    }

    /// A screen point in `view`'s coordinates (the window's when `nil`).
    public final func convertFromScreen(_ point: Point, to view: View?) -> Point {
        guard let window = (view ?? self.view)?.window else { return point }
        let inWindow = window.convert(fromScreen: point)
        guard let view else { return inWindow }
        return view.convert(inWindow, from: nil)
    }

    /// Takes the frame's snapshots of followed touches (the delivery's
    /// updates), new ones last.
    func takeDeliveredTouches() {
        for touch in delivery.updates {
            if let index = touches.index(ofTouch: touch.id) {
                if touch.phase.isFinal != touches[index].phase.isFinal { finishedTouchCount += touch.phase.isFinal ? 1 : -1 }
                touches[index] = touch
            } else {
                if touch.phase.isFinal { finishedTouchCount += 1 }
                touches.append(touch)
                markSeen(touch.id)
            }
        }
    }

    /// Records that the recognizer followed `id` since its last reset.
    func markSeen(_ id: TouchID) {
        if !seenTouches.contains(id) { seenTouches.append(id) }
    }

    /// Whether the two recognizers followed a touch in common since their resets.
    func sharesTouch(with other: GestureRecognizer) -> Bool {
        seenTouches.contains { other.seenTouches.contains($0) }
    }

    func removeFinishedTouches() {
        guard finishedTouchCount > 0 else { return }
        // The centroid they had is where the gesture was last seen.
        lastScreenLocation = Point.centroid(of: touches.lazy.map(\.location)) ?? lastScreenLocation
        touches.removeFinished()
        finishedTouchCount = 0
    }

    /// Touches still on the surface (not ended or cancelled).
    var activeTouchCount: Int { touches.count - finishedTouchCount }

    // MARK: Timers

    /// Runs `body` after `delay` seconds of engine time, with the recognizer
    /// as its argument, even if no input arrives. Timers die with the
    /// recognizer's reset (the timer holds the recognizer until then). Returns
    /// `nil` when the recognizer is in no engine yet.
    @discardableResult
    public final func schedule(after delay: Double, _ body: @escaping (GestureRecognizer) -> Void) -> TimerToken? {
        guard let engine else { return nil }
        // Deadlines fall on whole microseconds, like event times, so logs read cleanly.
        let deadline = ((engine.now + max(0, delay)) * 1_000_000).rounded() / 1_000_000
        return engine.schedule(at: deadline, owner: self) { body(self) }
    }

    /// Cancels a timer made by ``schedule(after:_:)``.
    public final func cancelTimer(_ token: TimerToken?) {
        guard let token else { return }
        engine?.cancelTimer(token)
    }

    /// Display points per millimetre of the screen the recognizer's touches
    /// map onto (96 dpi before it is in play), for thresholds given in points.
    public final var pointsPerMillimetre: Double {
        engine?.window.screen.pointsPerMillimetre ?? view?.window?.screen.pointsPerMillimetre ?? Screen.standard.pointsPerMillimetre
    }

    /// A threshold in millimetres on the surface: points go through ``pointsPerMillimetre``.
    @inline(__always)
    public final func millimetres(_ length: Length) -> Double {
        length.inMillimetres(pointsPerMillimetre: pointsPerMillimetre)
    }

    /// A speed threshold in millimetres per second on the surface.
    @inline(__always)
    public final func millimetresPerSecond(_ speed: Speed) -> Double {
        speed.inMillimetresPerSecond(pointsPerMillimetre: pointsPerMillimetre)
    }

    /// The engine's current time in seconds while the recognizer is in play;
    /// afterwards the time at which it left (0 before its first touch).
    public final var currentTime: Double { engine?.now ?? timeAtLeaving }

    /// Called by `engine` when the recognizer leaves its play.
    func leave(_ engine: GestureEngine) {
        guard self.engine === engine else { return }
        timeAtLeaving = engine.now
        self.engine = nil
    }

    // MARK: Targets

    func appendAction(target: AnyObject?, _ invoke: @escaping (AnyObject?, GestureRecognizer) -> Void) -> ActionToken {
        let token = ActionToken(rawValue: nextActionToken)
        nextActionToken += 1
        actions.removeAll { $0.isOrphaned }
        actions.append(ActionEntry(token: token, target: target, hasTarget: target != nil, invoke: invoke))
        return token
    }

    /// Removes every action of `target`, or every action at all when `target` is `nil`.
    public final func removeTarget(_ target: AnyObject?) {
        guard let target else {
            actions.removeAll()
            return
        }
        actions.removeAll { $0.target === target || $0.isOrphaned }
    }

    /// Removes the action registered under `token`.
    public final func removeAction(_ token: ActionToken) {
        actions.removeAll { $0.token == token }
    }

    /// The number of live actions (released targets are not counted).
    public final var actionCount: Int { actions.reduce(0) { $0 + ($1.isOrphaned ? 0 : 1) } }

    /// Calls every live action with the recognizer showing `state`.
    func sendActions(as state: State) {
        reportedState = state
        defer { reportedState = nil }
        ActionEntry.removeOrphans(from: &actions)
        for entry in actions {
            if entry.hasTarget {
                guard let target = entry.target else { continue }
                entry.invoke(target, self)
            } else {
                entry.invoke(nil, self)
            }
        }
    }
}
