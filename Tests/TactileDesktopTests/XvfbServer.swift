// A real X server for a test: Xvfb on a display of its own, killed when the test is done.
import Foundation
import TactileTestSupport

/// Xvfb on a display numbered from `base` and the test runner's process id
/// (so parallel runs do not meet), with one screen of `size`; nil when Xvfb
/// is not installed (the test then says it skipped).
nonisolated final class XvfbServer {
    let display: String
    private let process = Process()

    init?(base: Int, size: String) throws {
        guard let xvfb = TestSupport.findOnPath("Xvfb") else {
            print("skipped: no Xvfb (Debian: xvfb)")
            return nil
        }
        display = ":\(base + Int(getpid() % 300))"
        process.executableURL = URL(fileURLWithPath: xvfb)
        // -noreset: without it the server resets when its last client leaves, and refuses
        // connections while it does; a test that connects twice met that once under load.
        process.arguments = [display, "-nolisten", "tcp", "-noreset", "-screen", "0", size + "x24"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
    }

    /// Stops the server and removes its socket.
    func stop() {
        // SIGKILL: Xvfb inherits the test runner's blocked signals, SIGTERM among them.
        kill(process.processIdentifier, SIGKILL)
        _ = eventually(5) { !self.process.isRunning }
        unlink("/tmp/.X11-unix/X\(display.dropFirst())")
    }
}
