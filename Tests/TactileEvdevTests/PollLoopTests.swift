// The one poll loop: an idle driver sleeps until its input, its deadline or a stop, and takes no other turn.
import Foundation
import Glibc
import Tactile
@testable import TactileEvdev
import Testing

/// ``PollLoop`` wakes for three things only: a descriptor with input (or
/// hung up), the deadline a turn asked for, and a stop. The assertions
/// count turns, which load cannot change; the waits are bounded only so a
/// failure ends.
@Suite(.timeLimit(.minutes(1))) struct PollLoopTests {
    /// A pipe whose read end nobody writes to: a descriptor that never has input.
    private static func quietPipe() throws -> (read: Int32, write: Int32) {
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        return (ends[0], ends[1])
    }

    @Test func anIdleLoopWithNoDeadlineSleepsUntilTheStop() throws {
        let quiet = try Self.quietPipe()
        defer { close(quiet.read); close(quiet.write) }
        let stop = StopSignal()
        DispatchQueue.global().asyncAfter(deadline: .now() + 0.3) { stop.requestStop() }
        var turns = 0
        let started = MonotonicClock.seconds()
        let end = try PollLoop.run(stop: stop, onStop: "stopped", failure: { PollLoop.WaitError(code: $0) }) { _ throws(PollLoop.WaitError) in
            turns += 1
            return turns > 1 ? .end("woke before the stop") : .wait(on: [quiet.read], until: nil)
        }
        #expect(end == "stopped")
        // One turn before the wait; the stop ends the wait and the loop, with no turn in between.
        #expect(turns == 1)
        // Woken by the stop (0.3 s), however busy the machine, not by anything periodic.
        #expect(MonotonicClock.seconds() - started >= 0.25)
    }

    @Test func aTurnWakesAtItsDeadlineAndOnInputWithWhatWasReady() throws {
        let quiet = try Self.quietPipe()
        defer { close(quiet.read); close(quiet.write) }
        let stop = StopSignal()
        var seen: [PollLoop.Ready] = []
        let end = try PollLoop.run(stop: stop, onStop: 0, failure: { PollLoop.WaitError(code: $0) }) { ready throws(PollLoop.WaitError) in
            seen.append(ready)
            switch seen.count {
            case 1: return .wait(on: [quiet.read], until: MonotonicClock.seconds() + 0.05)   // the deadline ends this wait
            case 2:
                var byte: UInt8 = 1
                _ = write(quiet.write, &byte, 1)
                return .wait(on: [quiet.read], until: nil)   // the byte ends this one at once
            default: return .end(seen.count)
            }
        }
        #expect(end == 3)
        #expect(seen[0].isEmpty)
        #expect(seen[1] == [0], "a wait ended by its deadline has nothing ready")
        #expect(seen[2].count == 1 && seen[2][0] & Int16(POLLIN) != 0)
    }

    @Test func aStopRaisedBeforeTheWaitEndsItAtOnce() throws {
        let stop = StopSignal()
        var turns = 0
        let end = try PollLoop.run(stop: stop, onStop: "stopped", failure: { PollLoop.WaitError(code: $0) }) { _ throws(PollLoop.WaitError) in
            turns += 1
            stop.requestStop()   // as a signal handler might, between the check and the wait
            return turns > 1 ? .end("waited past the stop") : .wait(on: [], until: nil)
        }
        #expect(end == "stopped")
        #expect(turns == 1)
    }
}

/// ``Wakeup``: a signal from any thread ends a wait at once, signals that
/// pile up are one wake-up, a drain makes it quiet again, and a
/// ``StopSignal`` is a wake-up never drained.
@Suite(.timeLimit(.minutes(1))) struct WakeupTests {
    @Test func aSignalFromAnotherThreadEndsTheLoopsWait() throws {
        let news = Wakeup()
        try #require(news.wakesWaits)
        let stop = StopSignal()
        DispatchQueue.global().asyncAfter(deadline: .now() + 0.2) { news.signal() }
        var seen: [PollLoop.Ready] = []
        let end = try PollLoop.run(stop: stop, onStop: 0, failure: { PollLoop.WaitError(code: $0) }) { ready throws(PollLoop.WaitError) in
            seen.append(ready)
            return seen.count > 1 ? .end(seen.count) : .wait(on: [news.descriptor], until: nil)
        }
        // One wait, no deadline: only the signal could end it.
        #expect(end == 2)
        #expect(seen[1].count == 1 && seen[1][0] & Int16(POLLIN) != 0)
    }

    @Test func signalsThatPileUpAreOneWakeupAndADrainQuietsThem() throws {
        let news = Wakeup()
        try #require(news.wakesWaits)
        let done = DispatchSemaphore(value: 0)
        DispatchQueue.global().async { news.signal(); news.signal(); news.signal(); done.signal() }
        done.wait()
        #expect(news.wait(milliseconds: 0))
        news.drain()
        #expect(!news.wait(milliseconds: 0), "three signals, one drain: quiet")
        news.drain()   // a drain of a quiet wake-up does not block
        news.signal()
        #expect(news.wait(milliseconds: 0))
    }

    @Test func aStopIsAWakeupNeverDrained() {
        let stop = StopSignal()
        #expect(!stop.wakeup.wait(milliseconds: 0))
        stop.requestStop()
        #expect(stop.wakeup.wait(milliseconds: 0))
        #expect(stop.wakeup.wait(milliseconds: 0), "still raised")
        #expect(stop.wakeDescriptor == stop.wakeup.descriptor)
    }
}
