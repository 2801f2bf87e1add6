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
///   arena to ``settle(canStillDecide:)`` after every cycle in which
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
///    in play and still possible; it fails when that one recognized.
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
/// ``settle(canStillDecide:)`` then repeats until nothing changes: a
/// recognizer still possible with no touch down and no timer can never
/// decide and fails; a failure or a win releases waiting recognizers.
///
/// Unlike Flutter's arena, which admits one winner per pointer, several
/// recognizers may hold one touch at once when they allow it (a pinch and a
/// rotation, a hold beside anything); unlike UIKit's, the rules are written
/// down, and ``GestureRecognizer/failureReason`` says why each one failed.
@MainActor
final class GestureArena {
    /// Recognizers that took a touch since their last reset, in the order they did.
    @exclusivity(unchecked) private(set) var members: [GestureRecognizer] = []
    /// Recognizers waiting for required recognizers to fail, in the order they asked.
    @exclusivity(unchecked) private var waiting: [GestureRecognizer] = []

    /// Whether some recognizer waits for a requirement.
    var hasWaiting: Bool { !waiting.isEmpty }

    // MARK: Membership

    /// Adds `recognizer` to play, once.
    func join(_ recognizer: GestureRecognizer) {
        if !contains(recognizer) { members.append(recognizer) }
    }

    func contains(_ recognizer: GestureRecognizer) -> Bool {
        members.containsIdentical(recognizer)
    }

    /// Takes the members `shouldRemove` picks out of play, in order, and returns them.
    func removeMembers(where shouldRemove: (GestureRecognizer) -> Bool) -> [GestureRecognizer] {
        var removed: [GestureRecognizer] = []
        var index = 0
        while index < members.count {
            if shouldRemove(members[index]) {
                removed.append(members.remove(at: index))
            } else {
                index += 1
            }
        }
        return removed
    }

    // MARK: Requests

    private enum Requirement { case proceed, wait(for: GestureRecognizer), fail(GestureRecognizer) }

    /// `recognizer` asks to leave `possible` for `state` (began, or ended for a discrete one).
    func request(_ recognizer: GestureRecognizer, to state: GestureRecognizerState) {
        switch requirementStatus(of: recognizer) {
        case .wait(let required):
            recognizer.core.pendingState = state
            if !waiting.containsIdentical(recognizer) {
                waiting.append(recognizer)
                recognizer.engine?.trace(recognizer, .waiting(for: required.name))
            }
        case .fail(let required):
            fail(recognizer, .requiredRecognizerRecognized(required.name))
        case .proceed:
            attemptRecognition(recognizer, to: state)
        }
    }

    /// Takes back a waiting request (the recognizer finished or failed meanwhile).
    func withdraw(_ recognizer: GestureRecognizer) {
        recognizer.core.pendingState = nil
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
    func settle(canStillDecide: (GestureRecognizer) -> Bool) {
        var changed = true
        while changed {
            changed = false
            for recognizer in members where recognizer.state == .possible && recognizer.core.pendingState == nil
                && recognizer.activeTouchCount == 0 && !canStillDecide(recognizer) {
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
        for other in members where other !== recognizer {
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
        for other in members where other !== recognizer && other.state.isRecognized && prevents(other, recognizer) {
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
