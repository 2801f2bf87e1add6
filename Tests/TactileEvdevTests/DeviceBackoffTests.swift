// The wait before a failing node is taken again: doubling up to its cap, reset by a device that worked, forgotten with its node.
@testable import TactileEvdev
import Testing

@Suite struct DeviceBackoffTests {
    let node = "/dev/input/event5"

    @Test func eachFailureInARowDoublesTheWaitUpToThirtySecondsSaidOncePerStep() {
        var backoff = DeviceBackoff()
        var now = 100.0
        var steps: [DeviceBackoff.Step] = []
        for _ in 0..<12 {
            backoff.taken(node, at: now)
            now += 0.05  // it fails at once
            let step = backoff.failed(node, at: now)
            steps.append(step)
            #expect(backoff.isWaiting(node, at: now + step.delay - 0.01))
            #expect(!backoff.isWaiting(node, at: now + step.delay))
            #expect(backoff.nextRetry(after: now) == now + step.delay)
            now += step.delay
        }
        #expect(steps.map(\.delay) == [0.25, 0.5, 1, 2, 4, 8, 16, 30, 30, 30, 30, 30])
        #expect(steps.map(\.failures) == Array(1...12))
        #expect(steps.map(\.isNew) == [true, true, true, true, true, true, true, true, false, false, false, false])
    }

    @Test func aDeviceThatWorkedAWhileStartsAgainFromTheFirstWait() {
        var backoff = DeviceBackoff()
        backoff.taken(node, at: 0)
        _ = backoff.failed(node, at: 0.1)
        backoff.taken(node, at: 0.4)
        #expect(backoff.failed(node, at: 0.5).delay == 0.5)
        backoff.taken(node, at: 1)
        // Worked for 20 s, then failed: a first failure again.
        #expect(backoff.failed(node, at: 21) == DeviceBackoff.Step(delay: 0.25, failures: 1, isNew: true))
    }

    @Test func aNodeThatWentAwayIsForgottenSoThatItsDeviceComesBackAtOnce() {
        var backoff = DeviceBackoff()
        backoff.taken(node, at: 0)
        _ = backoff.failed(node, at: 0.1)
        backoff.taken(node, at: 0.4)
        _ = backoff.failed(node, at: 0.5)
        #expect(backoff.isWaiting(node, at: 0.6))
        backoff.keep(only: ["/dev/input/event6"])
        #expect(!backoff.isWaiting(node, at: 0.6))
        #expect(backoff.failures(of: node) == 0)
        #expect(backoff.nextRetry(after: 0.6) == nil)
    }
}
