// A following session with no device: what identifies a device, waiting that costs nothing, a stop that ends the wait.
import Foundation
import Tactile
@testable import TactileEvdev
import TactileTestSupport
import Testing

@Suite("DeviceMatch: what identifies a device")
struct DeviceMatchTests {
    let panel = DeviceDescription(name: "ILITEK ILITEK-TP", identity: DeviceIdentity(bustype: 3, vendor: 0x222a, product: 1, version: 0x110),
                                  properties: [InputProperty.direct], keys: [KeyCode.touch],
                                  axes: [AbsoluteAxis(code: AbsCode.x, minimum: 0, maximum: 4095), AbsoluteAxis(code: AbsCode.y, minimum: 0, maximum: 4095)])

    @Test("a kind matches any device of it, never a device without touch")
    func kinds() {
        #expect(DeviceMatch.touchscreen.matches(panel))
        #expect(!DeviceMatch.touchpad.matches(panel))
        #expect(DeviceMatch.anyTouchDevice.matches(panel))
        #expect(!DeviceMatch.anyTouchDevice.matches(DeviceDescription(name: "AT Translated Set 2 keyboard", keys: [30, 31])))
    }

    @Test("a device is its name, ids (not the version a firmware update changes) and serial, on any port")
    func identity() {
        let followed = DeviceMatch(kind: .touchscreen, name: panel.name, ids: DeviceIdentity(bustype: 3, vendor: 0x222a, product: 1, version: 0x100))
        #expect(followed.matches(panel, uniq: nil, phys: "usb-0000:00:14.0-2/input0"))
        #expect(followed.matches(panel, uniq: nil, phys: "usb-0000:00:14.0-3/input0"))
        var other = panel
        other.identity.product = 2
        #expect(!followed.matches(other))
        var serial = followed
        serial.uniq = "A1"
        #expect(serial.matches(panel, uniq: "A1") && !serial.matches(panel, uniq: "B2") && !serial.matches(panel))
        var port = followed
        port.phys = "usb-0000:00:14.0-2/input0"
        #expect(port.matches(panel, phys: "usb-0000:00:14.0-2/input0") && !port.matches(panel, phys: "usb-0000:00:14.0-3/input0"))
        #expect(followed.description == "“ILITEK ILITEK-TP” (touchscreen, 222a:0001)")
        #expect(DeviceMatch.touchscreen.description == "the touchscreen")
    }
}

/// A session following the touchscreen of an input directory with no device in it.
@MainActor
@Suite("FollowingSession: waiting for the device")
struct FollowingSessionTests {
    /// An empty input directory, and a session following its touchscreen,
    /// slow rescans an hour apart. The directory is `input` in a private
    /// parent (returned, to remove): the session also watches the parent,
    /// and the system's temporary directory is busy with other tests' files.
    func waitingSession() throws -> (FollowingSession, String) {
        let parent = try TemporaryDirectory.make(prefix: "tactile-follow")
        let directory = parent + "/input"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: false)
        let session = FollowingSession(following: .touchscreen, window: Window(screen: .standard), directory: directory, rescanInterval: 3600)
        return (session, parent)
    }

    @Test("a stop while it waits ends run() at once, after a wait that never woke on its own")
    func stopWhileWaiting() throws {
        let (session, directory) = try waitingSession()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        var changes: [FollowingSession.Change] = []
        session.onChange = { change in
            changes.append(change)
            // Raised from another thread, a moment into the wait (whenever it comes, the wait ends with it).
            let stop = session.stopSignal
            Thread.detachNewThread {
                Thread.sleep(forTimeInterval: 0.2)
                stop.requestStop()
            }
        }
        let outcome = try session.run()
        #expect(outcome.reason == .stopped)
        #expect(changes == [.waiting(.touchscreen)])
        // One turn to look and find nothing, one when the stop woke the wait: no tick, no busy loop.
        #expect(session.turns <= 2, "\(session.turns) turns")
        #expect(session.device == nil && session.connections == 0)
    }

    @Test("the async run: cancelling its task while it waits ends it, and the changes stream with it")
    func cancelWhileWaiting() async throws {
        let (session, directory) = try waitingSession()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let changes = session.changes()
        let run = Task { @MainActor in try await session.run() }
        var seen: [FollowingSession.Change] = []
        for await change in changes {
            seen.append(change)
            run.cancel()
        }
        let outcome = try await run.value
        #expect(outcome.reason == .stopped)
        #expect(seen == [.waiting(.touchscreen)])
    }

    @Test("a node that appears wakes the wait (inotify); one it cannot open is told once, not at every look")
    func nodeThatCannotBeOpened() throws {
        let (session, directory) = try waitingSession()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        var changes: [FollowingSession.Change] = []
        session.onChange = { change in
            changes.append(change)
            switch change {
            case .waiting:
                // No evdev node: a file named like one.
                _ = FileManager.default.createFile(atPath: session.directory + "/event7", contents: Data("not a device".utf8))
            case .problem:
                // Stopped a moment later: the looks meanwhile (every quarter second) tell it no more.
                let stop = session.stopSignal
                Thread.detachNewThread {
                    Thread.sleep(forTimeInterval: 0.6)
                    stop.requestStop()
                }
            default:
                break
            }
        }
        _ = try session.run()
        #expect(changes == [.waiting(.touchscreen), .problem(.cannotOpen(.notAnEvdevNode(path: session.directory + "/event7")))], "\(changes)")
        // Looked at again every quarter second until the problem was worth telling (a second), and after: told once.
        #expect(session.turns >= 4, "\(session.turns) turns")
    }
}
