// tactile serve on a device that fails as soon as it is taken: taken again after a doubling wait, not in a loop.
import Foundation
import Tactile
import TactileService
import TactileTestSupport
import Testing

extension ServeTestbedTests {
    @Test func aDeviceThatKeepsFailingIsTakenAgainAfterADoublingWaitNotInALoop() throws {
        var stream = PanelStream(unitsPerMillimetre: 16, time: 0.5)
        stream.frame(land: [0: (128, 60)])
        stream.frame(lift: [0])
        // Its descriptor hangs up as soon as serve has it open, and the node stays: for 4 s.
        let served = try serve(stream.events, config: Self.config,
                               idleExit: 30, testbed: ["--flaky", "/dev/input/event5", "--terminate-after", "4"], unplugAfter: 60)
        let log = served.output.standardError
        #expect(served.output.status == 0, "\(log)")
        // Taken at once, then after 0.25, 0.5, 1 and 2 s (the next would be 4 s later): five copies
        // at most, each removed with its device; without the wait it was one every 50 ms or so.
        let copies = served.devices.filter { $0.name == Self.panel.name }
        #expect(copies.count >= 3 && copies.count <= 6, "\(copies.count) copies\n\(log)")
        #expect(copies.allSatisfy { $0.destroyed })
        // Said once per step, not once per attempt.
        #expect(log.contains("/dev/input/event5: gone\n"), "\(log)")
        for (failures, delay) in [(2, "0.5 s"), (3, "1 s")] {
            #expect(log.components(separatedBy: "gone again (\(failures) times in a row): taken again in \(delay)").count == 2, "\(log)")
        }
        #expect(log.components(separatedBy: "taken (grabbed").count - 1 <= 2, "\(log)")
    }
}
