// A flood of one kind of libevdev message gives a line a second, with a count of what was held back.
import Testing
@testable import TactileEvdev

/// ``LogRateLimit`` by the times it is given (no clock is read).
@Suite struct LogRateLimitTests {
    @Test func aThousandMessagesASecondGiveOneLineASecond() {
        var limit = LogRateLimit()
        var written: [(time: Double, heldBack: Int)] = []
        // 1,000 a second for 3.5 s.
        for step in 0..<3_500 {
            let now = Double(step) / 1_000
            let admitted = limit.admit(kind: "BUG: Device \"%s\" received a double tracking ID %d in slot %d.\n", now: now)
            if admitted.writes { written.append((now, admitted.heldBack)) }
        }
        #expect(written.map(\.time) == [0, 1, 2, 3])
        #expect(written.map(\.heldBack) == [0, 999, 999, 999])
        #expect(limit.drain().map(\.count) == [499])
        #expect(limit.drain().isEmpty, "a count is said once")
    }

    @Test func eachKindHasItsOwnSecond() {
        var limit = LogRateLimit()
        #expect(limit.admit(kind: "a", now: 0).writes)
        #expect(limit.admit(kind: "b", now: 0.1).writes)
        #expect(!limit.admit(kind: "a", now: 0.2).writes)
        #expect(!limit.admit(kind: "b", now: 0.3).writes)
        #expect(limit.drain().map { "\($0.kind) \($0.count)" } == ["a 1", "b 1"])
        #expect(limit.admit(kind: "a", now: 1.0) == (true, 0))
    }
}
