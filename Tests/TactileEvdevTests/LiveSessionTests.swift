// LiveSession's pieces that need no device, and stopping it on Ctrl-C.
#if canImport(Glibc)
import Glibc
#endif
import Tactile
@testable import TactileEvdev
import Testing

/// ``LiveSession``'s pieces that need no device.
@Suite struct LiveSessionTests {
    @Test func rebaseMovesTheFirstEventToZeroAcrossSecondBoundaries() {
        let origin = InputEvent(seconds: 41, microseconds: 900_000, type: .syn, code: SynCode.report, value: 0)
        let later = InputEvent(seconds: 43, microseconds: 100_250, type: .abs, code: AbsCode.mtPositionX, value: 3)
        let earlier = InputEvent(seconds: 41, microseconds: 899_999, type: .syn, code: SynCode.report, value: 0)
        let base = origin.timeInMicroseconds
        #expect(LiveSession.rebase(origin, origin: base) == InputEvent(seconds: 0, microseconds: 0, type: .syn, code: SynCode.report, value: 0))
        #expect(LiveSession.rebase(later, origin: base) == InputEvent(seconds: 1, microseconds: 200_250, type: .abs, code: AbsCode.mtPositionX, value: 3))
        // An event stamped before the origin keeps a valid microsecond field.
        let rebasedEarlier = LiveSession.rebase(earlier, origin: base)
        #expect(rebasedEarlier.seconds == -1)
        #expect(rebasedEarlier.microseconds == 999_999)
        #expect(rebasedEarlier.timeInMicroseconds == -1)
    }

    @Test func stopSignalIsRaisedOnce() {
        let signal = StopSignal()
        #expect(!signal.isStopRequested)
        signal.requestStop()
        signal.requestStop()
        #expect(signal.isStopRequested)
    }

    @Test func defaultOptionsRunUntilStopped() {
        let options = LiveSession.Options()
        #expect(options.idleExit == nil)
        #expect(options.maxDuration == nil)
        #expect(options.runOut == 1.0)
        #expect(options.timerGrace > 0 && options.timerGrace < 0.1)
    }
}

/// Ctrl-C as a library user handles it: ``StopSignal/stopOnSignals(_:)``.
@Suite struct SignalStopTests {
    @Test func interruptRaisesTheStopSignalAndCancelRestoresTheDefault() async throws {
        let stop = StopSignal()
        let handle = stop.stopOnSignals([SIGUSR1])
        // The handler is installed asynchronously: until it is, the signal is
        // ignored (never fatal), so send it until it arrives.
        for _ in 0..<200 where !stop.isStopRequested {
            kill(getpid(), SIGUSR1)
            try await Task.sleep(for: .milliseconds(5))
        }
        #expect(stop.isStopRequested, "the signal became a stop request, and did not kill the process")
        handle.cancel()
        var action = sigaction()
        sigaction(SIGUSR1, nil, &action)
        #expect(action.__sigaction_handler.sa_handler == nil, "SIG_DFL again")
    }
}
