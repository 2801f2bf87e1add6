// Arbitration: who may leave `possible`, who waits for whom, who yields to whom.

/// Decides which recognizers may leave `possible` and who yields to whom:
/// every arbitration rule of the engine, in one place.
///
/// The arena holds the recognizers *in play* (those that took a touch since
/// their last reset) and the ones *waiting* for failure requirements. Its
/// contract is narrow:
///
/// - A recognizer asks to leave `possible` through ``request(_:to:)`` (its
///   `transition(to:)` does), and takes back a waiting request with
///   ``withdraw(_:)``.
/// - The engine adds recognizers as touches bind them (``join(_:)``), asks the
///   arena to ``resolve(canStillDecide:)`` after every cycle in which
///   something changed, ``stop(_:)``s a recognizer that was disabled or
///   removed from its view, and removes recognizers that are done
///   (``removeMembers(where:)``).
/// - The arena changes states only through the recognizer's `apply(_:)`,
///   which queues the action with the engine; it never sends actions itself.
///
/// The rules, in the order they are applied to a request:
/// 1. **Failure requirements.** A recognizer waits while a recognizer it
///    requires to fail (``GestureRecognizer/require(toFail:)``, or a
///    delegate's `shouldRequireFailureOf` / `shouldBeRequiredToFailBy`) is
///    in play and still possible; it fails when that one recognized. A pan
///    requires, in the same way, a ``ScreenEdgePanGestureRecognizer``
///    that shares a touch with it and would exclude it (rule 3): the edge
///    decides first, so a map's pan never takes the swipe in from the
///    screen's edge (UIKit leaves this to the app, `pan.require(toFail: edgePan)`).
///    It costs nothing outside the edges: a touch landing outside the edge
///    pan's band makes it fail in the frame it lands.
/// 2. **The delegate's `shouldBegin`**: `false` makes it fail.
/// 3. **Exclusivity.** It fails when a rival that shares a touch with it has
///    already recognized and prevents it (``GestureRecognizer/canPrevent(_:)``,
///    ``GestureRecognizer/canBePrevented(by:)``; a delegate allowing
///    simultaneous recognition lifts this).
/// 4. **Winning.** When it recognizes, rivals sharing a touch that are still
///    possible fail, and rivals in progress that let it begin (they could not
///    prevent it) are cancelled: they yield.
///
/// Every decision is reported to the engine's trace
/// (``GestureEngine/onTrace``) as it is made.
///
/// ``resolve(canStillDecide:)`` then repeats until nothing changes: a
/// recognizer still possible with no touch down and no timer can never
/// decide and fails; a failure or a win releases waiting recognizers.
///
/// Unlike Flutter's arena, which admits one winner per pointer, several
/// recognizers may hold one touch at once when they allow it (a pinch and a
/// rotation, a hold beside anything); unlike UIKit's, the rules are written
/// down, and ``GestureRecognizer/failureReason`` says why each one failed.
///
/// ## Cost
/// A config may put thousands of recognizers on one view, and every touch
/// brings them all into play. What the arena does for one recognizer costs
/// no more than the recognizers that matter to it, never the whole crowd:
/// membership is a mark on the recognizer (`ArenaMembership`), not a
/// search; rule 3 looks only at the members that have recognized (kept
/// apart, in join order); the delegates' failure requirements are asked
/// only of members that have a delegate; members leave play in one pass.
/// Each of these lists is kept in the order of ``members``, so every rule
/// meets recognizers in the same order as it would walking all of them, and
/// decides the same.
@MainActor
final class GestureArena {
    /// Recognizers that took a touch since their last reset, in the order they did.
    @exclusivity(unchecked) private(set) var members: [GestureRecognizer] = []
    /// The members that have recognized (began or ended) since they joined,
    /// in join order: a superset of those whose state is recognized now.
    @exclusivity(unchecked) private(set) var recognizedMembers: [GestureRecognizer] = []
    /// The members that had a delegate while in play, in join order.
    @exclusivity(unchecked) private var delegatedMembers: [GestureRecognizer] = []
    /// The members pans wait for (screen-edge pans: rule 1), in join order.
    @exclusivity(unchecked) private var precedingMembers: [GestureRecognizer] = []
    /// Recognizers waiting for required recognizers to fail, in the order they asked.
    @exclusivity(unchecked) private var waiting: [GestureRecognizer] = []
    /// Numbers members in join order.
    private var joinCount: UInt64 = 0

    /// Whether some recognizer waits for a requirement.
    var hasWaiting: Bool { !waiting.isEmpty }

    // MARK: Membership

    /// Adds `recognizer` to play, once.
    func join(_ recognizer: GestureRecognizer) {
        guard !contains(recognizer) else { return }
        joinCount &+= 1
        recognizer.core.arena = self
        recognizer.core.arenaMembership = ArenaMembership(order: joinCount)
        members.append(recognizer)
        if recognizer.state.isRecognized { noteRecognized(recognizer) }
        if recognizer.core.hasDelegate { noteDelegate(recognizer) }
        if recognizer.core.precedesPans { precedingMembers.append(recognizer) }
    }

    func contains(_ recognizer: GestureRecognizer) -> Bool {
        recognizer.core.arena === self
    }

    /// Notes that the member `recognizer` recognized (it moved to began or ended).
    func noteRecognized(_ recognizer: GestureRecognizer) {
        guard contains(recognizer), !recognizer.core.arenaMembership.isRecognized else { return }
        recognizer.core.arenaMembership.isRecognized = true
        Self.insert(recognizer, inJoinOrder: &recognizedMembers)
    }

    /// Notes that the member `recognizer` has a delegate.
    func noteDelegate(_ recognizer: GestureRecognizer) {
        guard contains(recognizer), !recognizer.core.arenaMembership.isDelegated else { return }
        recognizer.core.arenaMembership.isDelegated = true
        Self.insert(recognizer, inJoinOrder: &delegatedMembers)
    }

    /// Inserts a member into `list`, kept in join order (it is usually the last).
    private static func insert(_ recognizer: GestureRecognizer, inJoinOrder list: inout [GestureRecognizer]) {
        let order = recognizer.core.arenaMembership.order
        var low = 0, high = list.count
        while low < high {
            let middle = (low + high) / 2
            if list[middle].core.arenaMembership.order < order { low = middle + 1 } else { high = middle }
        }
        list.insert(recognizer, at: low)
    }

    /// Takes the members `shouldRemove` picks out of play, in order, and returns them.
    func removeMembers(where shouldRemove: (GestureRecognizer) -> Bool) -> [GestureRecognizer] {
        // One pass that keeps the order: the members kept move down over the removed ones.
        var removed: [GestureRecognizer] = []
        var kept = 0
        for index in members.indices {
            let member = members[index]
            if shouldRemove(member) {
                removed.append(member)
            } else {
                if kept != index { members[kept] = member }
                kept += 1
            }
        }
        guard !removed.isEmpty else { return [] }
        members.removeLast(members.count - kept)
        for recognizer in removed {
            recognizer.core.arena = nil
            recognizer.core.arenaMembership = ArenaMembership()
        }
        recognizedMembers.removeAll { !contains($0) }
        delegatedMembers.removeAll { !contains($0) }
        if !precedingMembers.isEmpty { precedingMembers.removeAll { !contains($0) } }
        return removed
    }

    /// Lets every member go (the engine is going away).
    func removeAll() -> [GestureRecognizer] {
        removeMembers { _ in true }
    }

    // MARK: Requests

    private enum Requirement { case proceed, wait(for: GestureRecognizer), fail(GestureRecognizer) }

    /// `recognizer` asks to leave `possible` for `state` (began, or ended for a discrete one).
    func request(_ recognizer: GestureRecognizer, to state: GestureRecognizerState) {
        switch requirementStatus(of: recognizer) {
        case .wait(let required):
            recognizer.core.pendingState = state
            if !recognizer.core.arenaMembership.isWaiting {
                recognizer.core.arenaMembership.isWaiting = true
                waiting.append(recognizer)
                recognizer.engine?.trace(recognizer, .waiting(for: required.name))
            }
        case .fail(let required):
            fail(recognizer, .requiredRecognizerRecognized(required.name))
        case .proceed:
            attemptRecognition(recognizer, to: state)
        }
    }

    /// The recognizer `recognizer` waits for now (one it requires to fail,
    /// still possible), if any.
    func awaitedRequirement(of recognizer: GestureRecognizer) -> GestureRecognizer? {
        if case .wait(let required) = requirementStatus(of: recognizer) { return required }
        return nil
    }

    /// Takes back a waiting request (the recognizer finished or failed meanwhile).
    func withdraw(_ recognizer: GestureRecognizer) {
        recognizer.core.pendingState = nil
        guard recognizer.core.arenaMembership.isWaiting else { return }
        recognizer.core.arenaMembership.isWaiting = false
        waiting.removeAll { $0 === recognizer }
    }

    /// Ends a recognizer that can no longer work (disabled, or removed from its view).
    func stop(_ recognizer: GestureRecognizer) {
        if recognizer.state.isInProgress {
            recognizer.apply(.cancelled)
        } else if recognizer.state == .possible {
            withdraw(recognizer)
            fail(recognizer, .stopped)
        }
    }

    /// Fails undecidable recognizers and releases waiting ones until nothing
    /// changes. `canStillDecide` tells whether a possible recognizer with no
    /// touch down can still decide (it has a timer running).
    func resolve(canStillDecide: (GestureRecognizer) -> Bool) {
        var changed = true
        while changed {
            changed = false
            // A copy: failing does not change the members, but the copy holds them whatever happens.
            let current = members
            current.forEachUnretained { recognizer in
                guard recognizer.state == .possible, recognizer.core.pendingState == nil,
                      recognizer.activeTouchCount == 0, !canStillDecide(recognizer) else { return }
                fail(recognizer, .undecided)
                changed = true
            }
            for recognizer in waiting {
                switch requirementStatus(of: recognizer) {
                case .wait:
                    continue
                case .fail(let required):
                    withdraw(recognizer)
                    fail(recognizer, .requiredRecognizerRecognized(required.name))
                case .proceed:
                    let state = recognizer.core.pendingState ?? .ended
                    withdraw(recognizer)
                    recognizer.engine?.trace(recognizer, .released)
                    attemptRecognition(recognizer, to: state)
                }
                changed = true
            }
        }
    }

    // MARK: Rules

    /// Rule 1: the recognizers `recognizer` must wait for, explicit ones and
    /// those its own or their delegates name, among recognizers in play.
    private func requirementStatus(of recognizer: GestureRecognizer) -> Requirement {
        var result = Requirement.proceed
        func consider(_ required: GestureRecognizer) -> Bool {
            if required.state.isRecognized {
                result = .fail(required)
                return true
            }
            if required.state == .possible, contains(required), case .proceed = result { result = .wait(for: required) }
            return false
        }
        for required in recognizer.failureRequirements where consider(required) { return result }
        // A pan waits for the screen-edge pans that would exclude it.
        if !precedingMembers.isEmpty, !recognizer.core.precedesPans, recognizer is PanGestureRecognizer {
            for edgePan in precedingMembers where prevents(edgePan, recognizer) && consider(edgePan) { return result }
        }
        // Without a delegate of its own, only members with one can name a requirement.
        let others = recognizer.core.hasDelegate ? members : delegatedMembers
        for other in others where other !== recognizer {
            let dynamic = recognizer.delegate?.gestureRecognizer(recognizer, shouldRequireFailureOf: other) == true
                || other.delegate?.gestureRecognizer(other, shouldBeRequiredToFailBy: recognizer) == true
            if dynamic, consider(other) { return result }
        }
        return result
    }

    /// Rules 2–4.
    private func attemptRecognition(_ recognizer: GestureRecognizer, to state: GestureRecognizerState) {
        guard recognizer.delegate?.gestureRecognizerShouldBegin(recognizer) ?? true else {
            return fail(recognizer, .delegateDeclined)
        }
        // Only members that have recognized can prevent it: the winners, not the crowd.
        for other in recognizedMembers where other !== recognizer && other.state.isRecognized && prevents(other, recognizer) {
            return fail(recognizer, .preventedBy(other.name))
        }
        recognizer.apply(state)
        for other in members where other !== recognizer && prevents(recognizer, other) {
            switch other.state {
            case .possible:
                withdraw(other)
                fail(other, .preventedBy(recognizer.name))
            case .began, .changed:
                other.engine?.trace(other, .yielded(to: recognizer.name))
                other.apply(.cancelled)
            default:
                break
            }
        }
    }

    /// Whether `winner`, having recognized, keeps `loser` from recognizing:
    /// they share a touch, each agrees (``GestureRecognizer/canPrevent(_:)``,
    /// ``GestureRecognizer/canBePrevented(by:)``), and neither delegate allows
    /// them to recognize together.
    func prevents(_ winner: GestureRecognizer, _ loser: GestureRecognizer) -> Bool {
        guard winner.sharesTouch(with: loser) else { return false }
        guard winner.canPrevent(loser), loser.canBePrevented(by: winner) else { return false }
        let simultaneous = winner.delegate?.gestureRecognizer(winner, shouldRecognizeSimultaneouslyWith: loser) == true
            || loser.delegate?.gestureRecognizer(loser, shouldRecognizeSimultaneouslyWith: winner) == true
        return !simultaneous
    }

    private func fail(_ recognizer: GestureRecognizer, _ reason: GestureRecognizer.FailureReason) {
        recognizer.failureReason = reason
        recognizer.apply(.failed)
    }
}

/// A recognizer's place in its arena, kept on the recognizer (see
/// `RecognizerCore`) so that membership costs no search.
struct ArenaMembership {
    /// When it joined: members are numbered in join order (0: not in play).
    var order: UInt64 = 0
    /// Whether it is in the arena's recognized members.
    var isRecognized = false
    /// Whether it is in the arena's members with a delegate.
    var isDelegated = false
    /// Whether it is in the arena's waiting recognizers.
    var isWaiting = false
}
