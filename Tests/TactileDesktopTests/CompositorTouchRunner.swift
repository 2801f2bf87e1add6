// Runs an event stream into a real compositor (sway, phoc) through its own libinput, and returns what its Wayland client got.
import Foundation
import Tactile
import TactileRecording
import TactileTestSupport

/// What a Wayland client (`wev`, fullscreen) receives from a real
/// compositor reading a touchscreen through its own libinput: the stream is
/// written as an evemu recording of `device` and replayed, frame by frame at
/// its times, by `tools/compositor-touch.py` (a umockdev testbed, the
/// compositor headless with its libinput backend, run unprivileged).
///
/// ```swift
/// let touches = try CompositorTouchRunner.touches(compositor: "sway", device: copy, events: stream)
/// #expect(touches.allSatisfy { $0.end == "up" })
/// ```
nonisolated enum CompositorTouchRunner {
    static let script = Repository.path("tools/compositor-touch.py")

    /// Whether `compositor` can be run here: in CI it must be (`.ci/run` installs it), so a missing one fails.
    static func available(_ compositor: String) -> Bool {
        if ProcessInfo.processInfo.environment["CI"] != nil { return true }
        return DesktopSession.available(compositor) && TestSupport.umockdevRun != nil && TestSupport.findOnPath("wev") != nil
            && TestSupport.product("tactile") != nil
    }

    /// One wl_touch event as the client printed it.
    struct Event: Decodable {
        var event: String
        var id: Int?
        var x: Double?
        var y: Double?
        /// The compositor's milliseconds (the kernel event's time).
        var time: Int?
    }

    /// A touch as the client saw it: from its down to its up or cancel (nil: it never ended).
    struct Touch {
        var id: Int
        var down: Event
        var motions: [Event] = []
        var end: Event?
    }

    /// The client's events for `events` on `device` under `compositor`.
    static func events(compositor: String, device: DeviceDescription, events: [InputEvent]) throws -> [Event] {
        let python = try require2(TestSupport.findOnPath("python3"), "python3 is not on PATH")
        let tactile = try require2(TestSupport.product("tactile"), "tactile was not built")
        let directory = try TemporaryDirectory.make(prefix: "tactile-compositor")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let recording = directory + "/stream.evemu"
        try EvemuWriter.write(EvemuRecording(device: device, events: events), to: recording)
        let output = try TestSupport.run(python, [script, "--compositor", compositor, "--tactile", tactile, recording], timeout: 120)
        guard output.status == 0 else {
            throw TestFailure("compositor-touch on \(compositor) failed (status \(output.status)): \(output.standardError.suffix(2000))")
        }
        return try output.lines.map { try JSONDecoder().decode(Event.self, from: Data($0.utf8)) }
    }

    /// The client's touches, in the order they went down.
    static func touches(_ events: [Event]) -> [Touch] {
        var touches: [Touch] = []
        var open: [Int: Int] = [:]   // id → index in touches
        for event in events {
            switch event.event {
            case "down":
                guard let id = event.id else { continue }
                open[id] = touches.count
                touches.append(Touch(id: id, down: event))
            case "motion":
                if let id = event.id, let index = open[id] { touches[index].motions.append(event) }
            case "up":
                if let id = event.id, let index = open.removeValue(forKey: id) { touches[index].end = event }
            case "cancel":
                // wl_touch.cancel ends every touch the client holds.
                for index in open.values { touches[index].end = event }
                open = [:]
            default:
                break
            }
        }
        return touches
    }

    private static func require2<T>(_ value: T?, _ message: String) throws -> T {
        guard let value else { throw TestFailure(message) }
        return value
    }
}
