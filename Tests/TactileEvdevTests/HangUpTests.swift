// A descriptor that hangs up while its reader is busy elsewhere: the next read ends the stream.
import Foundation
import Tactile
import TactileTestSupport
import Testing

/// A device unplugged, its descriptor hung up (`POLLHUP`, reads at end of
/// file), while the reader is not waiting in `poll(2)` but busy elsewhere, so
/// that the first thing it meets is a read that gives nothing.
///
/// libevdev's `libevdev_has_event_pending` counts a hang-up as something to
/// read, and a read at end of file comes back as `EAGAIN`: a reader that
/// trusted both went round between the two for ever, at full speed, instead
/// of ending. It showed as a `tactile demo` still running 10 s after its
/// device was removed, in one clean-clone CI run in a few dozen, whenever the
/// removal fell between two of its waits.
@Suite(.enabled(if: TestSupport.testbedHelper != nil, Comment(rawValue: TestSupport.testbedHelperMissing)))
struct HangUpTests {
    @Test func aReadAfterTheHangUpEndsTheStream() throws {
        let helper = try #require(TestSupport.testbedHelper)
        let probe = try #require(TestSupport.product("tactile-evdev-probe"), "tactile-evdev-probe was not built next to the tests")
        // Removed (and the pty behind the node closed) 0.3 s after the probe opened the node; the
        // probe waits, without reading, until the node is gone, so its first read comes after the hang-up.
        let arguments = ["--unplug", "-d", TestSupport.touchpadDescription,
                         "-i", "\(TestSupport.touchpadNode)=\(TestSupport.touchpadIoctl)",
                         "--after-open", "--after-seconds", "0.3", "--timeout", "8",
                         "--", probe, TestSupport.touchpadNode, "--read-after-removal", "--timeout", "30"]
        let output = try TestSupport.run(helper, arguments, timeout: 40)
        let errors = output.standardError
        #expect(errors.contains("umockdev-testbed: removed \(TestSupport.touchpadNode)"), "stderr: \(errors)")
        #expect(!errors.contains("killed"), "stderr: \(errors)")
        #expect(output.status == 0, "stderr: \(errors)")
        let lines = output.standardOutput.split(separator: "\n")
        #expect(lines.first?.hasPrefix(#"{"opened":"#) == true, "stdout: \(output.standardOutput)")
        #expect(lines.last?.hasPrefix(#"{"end":"deviceGone""#) == true, "stdout: \(output.standardOutput)")
        // Ended by the first read ("deviceGone"), not by the idle timeout (30 s, "timedOut") nor the
        // helper's kill (8 s after the removal, "killed" above): told by what it says, not by a clock.
    }
}
