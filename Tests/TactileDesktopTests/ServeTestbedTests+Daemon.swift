// tactiled, the service's own binary (what the systemd unit runs), on the same testbed as tactile serve: the same output.
import Foundation
import Tactile
import TactileService
import TactileTestSupport
import Testing

extension ServeTestbedTests {
    /// What a device sent, without the times: name, then each event's type, code and value.
    static func sent(_ devices: [CapturedUInputDevice]) -> [String] {
        devices.map { device in
            device.name + ": " + device.inputEvents.map { "\($0.type.rawValue) \($0.code) \($0.value)" }.joined(separator: ", ")
        }
    }

    /// The log's lines on what the gestures did (`→`), which carry no measured time.
    static func gestureLines(_ log: String) -> [String] {
        log.split(separator: "\n").map(String.init).filter { $0.contains(" → ") }
    }

    @Test func tactiledSendsWhatTactileServeSends() throws {
        let (stream, _) = Self.scenario()
        let served = try serve(stream.events, config: Self.config)
        let daemon = try serve(stream.events, config: Self.config, daemon: true)
        #expect(served.output.status == 0, "\(served.output.standardError)")
        #expect(daemon.output.status == 0, "\(daemon.output.standardError)")
        // The same three devices (the copy, the keyboard, the pointer), the same events in the same order.
        #expect(daemon.devices.map(\.name) == served.devices.map(\.name))
        #expect(daemon.devices.count == 3)
        #expect(Self.sent(daemon.devices) == Self.sent(served.devices))
        // The same gestures said in the log: the long press's right click and the edge swipe's key.
        let lines = Self.gestureLines(daemon.output.standardError)
        #expect(lines == Self.gestureLines(served.output.standardError))
        #expect(lines.count >= 2, "\(daemon.output.standardError)")
    }
}
