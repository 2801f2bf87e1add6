// The recognizer state machine: exactly UIKit's transitions are legal; the default name.
import Testing
@testable import Tactile

@Suite("Recognizer state machine")
struct StateMachineTests {
    typealias S = GestureRecognizerState

    static let continuousLegal: Set<[S]> = [
        [.possible, .began], [.possible, .failed], [.began, .changed], [.changed, .changed],
        [.began, .ended], [.changed, .ended], [.began, .cancelled], [.changed, .cancelled],
    ]
    static let discreteLegal: Set<[S]> = [[.possible, .ended], [.possible, .failed]]

    @Test("every pair of states: exactly UIKit's transitions are legal", arguments: [false, true])
    func transitionTable(isDiscrete: Bool) {
        let legal = isDiscrete ? Self.discreteLegal : Self.continuousLegal
        for from in S.allCases {
            for to in S.allCases {
                #expect(S.canTransition(from: from, to: to, isDiscrete: isDiscrete) == legal.contains([from, to]),
                        "\(isDiscrete ? "discrete" : "continuous") \(from) → \(to)")
            }
        }
        #expect(S.recognized == .ended)
    }

    /// A recognizer driven directly, outside any engine.
    final class Probe: GestureRecognizer {
        let discrete: Bool
        init(discrete: Bool) {
            self.discrete = discrete
            super.init()
        }
        override var isDiscrete: Bool { discrete }
    }

    /// Puts a fresh recognizer into `state` along legal transitions.
    private func probe(in state: S, discrete: Bool) -> Probe {
        let probe = Probe(discrete: discrete)
        let path: [S]
        switch state {
        case .possible: path = []
        case .began: path = [.began]
        case .changed: path = [.began, .changed]
        case .ended: path = discrete ? [.ended] : [.began, .ended]
        case .cancelled: path = [.began, .cancelled]
        case .failed: path = [.failed]
        }
        for step in path { probe.transition(to: step) }
        return probe
    }

    @Test("illegal transitions are refused and leave the state unchanged", arguments: [false, true])
    func illegalTransitionsAreImpossible(isDiscrete: Bool) {
        let reachable: [S] = isDiscrete ? [.possible, .ended, .failed] : S.allCases
        for from in reachable {
            for to in S.allCases {
                let recognizer = probe(in: from, discrete: isDiscrete)
                #expect(recognizer.state == from)
                let accepted = recognizer.transition(to: to)
                let legal = S.canTransition(from: from, to: to, isDiscrete: isDiscrete)
                #expect(accepted == legal, "\(from) → \(to)")
                #expect(recognizer.state == (legal ? to : from))
                #expect(recognizer.rejectedTransitions == (legal ? 0 : 1))
            }
        }
    }

    @Test("the default name drops the GestureRecognizer suffix")
    func defaultNames() {
        final class PinchGestureRecognizer: GestureRecognizer {}
        #expect(PinchGestureRecognizer().name == "pinch")
        #expect(Probe(discrete: true).name == "probe")
        #expect(TestTap(taps: 2).name == "doubleTap")
    }
}
