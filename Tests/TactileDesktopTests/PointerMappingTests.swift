import Foundation
import Tactile
@testable import TactileDesktop
@testable import TactileService
import TactileTestSupport
import Synchronization
import Testing

/// The virtual pointer put on the touchscreen's output through the session's
/// IPC, spoken here by local fake servers (sway's, Hyprland's).
@Suite(.serialized) struct PointerMappingTests {
    nonisolated static let pointer = "Panel 10.1 pointer (Tactile)"
    nonisolated static let outputs = #"[{"name": "DP-1", "active": true, "rect": {"x": 0, "y": 0, "width": 1920, "height": 1080}}, "#
        + #"{"name": "eDP-1", "active": true, "rect": {"x": 1920, "y": 0, "width": 1920, "height": 1080}}, "#
        + #"{"name": "HDMI-A-1", "active": false, "rect": {"x": 0, "y": 0, "width": 0, "height": 0}}]"#

    /// A fake sway: GET_OUTPUTS answers `outputs`, GET_INPUTS lists the
    /// pointer from its `listedAfter`-th ask on, RUN_COMMAND answers `reply`;
    /// the commands it was sent are kept.
    nonisolated static func sway(at path: String, outputs: String, listedAfter: Int, reply: String,
                                 commands: SentCommands, pointerName: String = pointer) throws -> FakeUnixServer {
        let identifier = SwayPointerMapping.identifier(vendor: 0x7461, product: 1, name: pointerName)
        let asks = Mutex(0)
        return try FakeUnixServer(path: path) { connection in
            while let header = connection.read(14) {
                let length = header.withUnsafeBytes { Int($0.loadUnaligned(fromByteOffset: 6, as: UInt32.self)) }
                let type = header.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: 10, as: UInt32.self) }
                guard let payload = connection.read(length) else { return }
                switch type {
                case 3:
                    connection.write(SwayFocusSource.message(type: 3, payload: outputs))
                case 100:
                    let count = asks.withLock { $0 += 1; return $0 }
                    let keyboard = #"{"identifier": "1:1:AT_Translated_Set_2_keyboard", "name": "AT Translated Set 2 keyboard", "type": "keyboard"}"#
                    let listed = #", {"identifier": "\#(identifier)", "name": "\#(pointerName)", "type": "pointer"}"#
                    connection.write(SwayFocusSource.message(type: 100, payload: "[" + keyboard + (count >= listedAfter ? listed : "") + "]"))
                case 0:
                    commands.list.withLock { $0.append(String(decoding: payload, as: UTF8.self)) }
                    connection.write(SwayFocusSource.message(type: 0, payload: reply))
                default:
                    connection.write(SwayFocusSource.message(type: type, payload: "[]"))
                }
            }
        }
    }

    @Test func swayMapsThePointerToTheConfiguredOutput() throws {
        let directory = try TemporaryDirectory.create(prefix: "tactile-pointer")
        defer { try? FileManager.default.removeItem(at: directory) }
        let commands = SentCommands()
        // The pointer reaches sway only at the third GET_INPUTS.
        let server = try Self.sway(at: directory.appendingPathComponent("sway.sock").path, outputs: Self.outputs, listedAfter: 3,
                                   reply: #"[{"success": true}]"#, commands: commands)
        defer { server.close() }
        let outcome = SwayPointerMapping(socketPath: server.path)
            .map(pointerName: Self.pointer, vendor: 0x7461, product: 1, configured: "eDP-1", pause: 0.01)
        #expect(commands.list.withLock { $0 } == [#"input "29793:1:Panel_10.1_pointer_(Tactile)" map_to_output "eDP-1""#])
        #expect(outcome == PointerMappingOutcome(mapping: .identity, log: [
            #"pointer mapped to eDP-1: sway ran `input "29793:1:Panel_10.1_pointer_(Tactile)" map_to_output "eDP-1"`"#]))
    }

    @Test func whenSwayRefusesTheClickIsPlacedByTheMaths() throws {
        let directory = try TemporaryDirectory.create(prefix: "tactile-pointer")
        defer { try? FileManager.default.removeItem(at: directory) }
        let commands = SentCommands()
        let server = try Self.sway(at: directory.appendingPathComponent("sway.sock").path, outputs: Self.outputs, listedAfter: 1,
                                   reply: #"[{"success": false, "parse_error": false, "error": "Unknown input"}]"#, commands: commands)
        defer { server.close() }
        let outcome = SwayPointerMapping(socketPath: server.path)
            .map(pointerName: Self.pointer, vendor: 0x7461, product: 1, configured: nil, pause: 0.01)
        // No output configured: sway's first, said in the log.
        #expect(commands.list.withLock { $0 } == [#"input "29793:1:Panel_10.1_pointer_(Tactile)" map_to_output "DP-1""#])
        #expect(outcome.mapping == OutputMapping(originX: 0, originY: 0, scaleX: 0.5, scaleY: 1))
        #expect(outcome.log.count == 2)
        #expect(outcome.log.first?.hasPrefix("2 outputs (DP-1, eDP-1) and no output under [devices]") == true)
        #expect(outcome.log.last?.hasPrefix("sway refused `input") == true && outcome.log.last?.contains("Unknown input") == true)
    }

    @Test func withOneOutputNothingIsAskedOfSway() throws {
        let directory = try TemporaryDirectory.create(prefix: "tactile-pointer")
        defer { try? FileManager.default.removeItem(at: directory) }
        let commands = SentCommands()
        let one = #"[{"name": "eDP-1", "active": true, "rect": {"x": 0, "y": 0, "width": 1280, "height": 800}}]"#
        let server = try Self.sway(at: directory.appendingPathComponent("sway.sock").path, outputs: one, listedAfter: 1,
                                   reply: #"[{"success": true}]"#, commands: commands)
        defer { server.close() }
        let outcome = SwayPointerMapping(socketPath: server.path)
            .map(pointerName: Self.pointer, vendor: 0x7461, product: 1, configured: nil, pause: 0.01)
        #expect(outcome == PointerMappingOutcome(mapping: .identity, log: []))
        #expect(commands.list.withLock { $0 }.isEmpty)
    }

    @Test func theMapperRunsOffTheCallersThreadAndKeepsItsAnswer() throws {
        let directory = try TemporaryDirectory.create(prefix: "tactile-pointer")
        defer { try? FileManager.default.removeItem(at: directory) }
        let commands = SentCommands()
        let server = try Self.sway(at: directory.appendingPathComponent("sway.sock").path, outputs: Self.outputs, listedAfter: 1,
                                   reply: #"[{"success": true}]"#, commands: commands)
        defer { server.close() }
        let mapper = try #require(PointerMapper.start(session: DetectedSession(SessionEnvironment(["SWAYSOCK": server.path])), pointerName: Self.pointer, configured: "eDP-1"))
        #expect(eventually { mapper.isDone })
        #expect(mapper.mapping.isIdentity)
        #expect(mapper.collect().first?.hasPrefix("pointer mapped to eDP-1") == true)
        #expect(mapper.collect().isEmpty, "each line is collected once")
        // Without a graphical session there is nothing to ask.
        let none = PointerMapper.start(session: DetectedSession(SessionEnvironment(["TERM": "linux"])), pointerName: Self.pointer, configured: nil)
        #expect(none == nil)
    }

    @Test func outputsWhoseChangesCannotBeFollowedAreStillReadAndTheProblemSaidOnce() throws {
        let directory = try TemporaryDirectory.create(prefix: "tactile-pointer")
        defer { try? FileManager.default.removeItem(at: directory) }
        let turned = #"[{"name": "eDP-1", "active": true, "transform": "90", "rect": {"x": 0, "y": 0, "width": 1080, "height": 1920}}]"#
        let server = try Self.sway(at: directory.appendingPathComponent("sway.sock").path, outputs: turned, listedAfter: 1,
                                   reply: #"[{"success": true}]"#, commands: SentCommands())
        defer { server.close() }
        // A Wayland socket that is not there: the layout is read all the same, the problem said once.
        let environment = ["SWAYSOCK": server.path, "WAYLAND_DISPLAY": directory.path + "/wayland-9"]
        let follower = try #require(OutputFollower.start(session: DetectedSession(SessionEnvironment(environment))))
        defer { follower.stop() }
        #expect(eventually { follower.layout != nil })
        #expect(follower.layout?.outputs == [OutputRect(name: "eDP-1", x: 0, y: 0, width: 1080, height: 1920, transform: .rotated270)])
        let said = follower.collect()
        #expect(said.count == 1 && said.first?.hasPrefix("the outputs' changes are not followed: cannot connect to \(directory.path)/wayland-9") == true,
                "\(said)")
        #expect(said.first?.hasSuffix("tried again every 5 s") == true, "\(said)")
    }

    @Test func hyprlandsMonitorsPlaceTheClick() throws {
        let monitors = #"[{"id": 0, "name": "eDP-1", "width": 2880, "height": 1800, "x": 0, "y": 0, "scale": 2.0, "transform": 0, "disabled": false}, "#
            + #"{"id": 1, "name": "DP-1", "width": 3840, "height": 2160, "x": 1440, "y": 0, "scale": 1.5, "transform": 0, "disabled": false}]"#
        // Hyprland is found by its event socket, which the fake holds too.
        let hyprland = try FakeHyprland(signature: "abc123_1700000000_42", prefix: "tactile-pointer") { connection in
            #expect(connection.readSome().map { String(decoding: $0, as: UTF8.self) } == "j/monitors")
            connection.write(Array(monitors.utf8))
            connection.close()
        }
        defer { hyprland.close() }
        // Hyprland spans the pointer over its layout: clicks are placed over the layout the follower reads.
        #expect(PointerMapper.start(session: DetectedSession(SessionEnvironment(hyprland.environment)), pointerName: Self.pointer, configured: "eDP-1") == nil)
        let follower = try #require(OutputFollower.start(session: DetectedSession(SessionEnvironment(hyprland.environment))))
        defer { follower.stop() }
        #expect(eventually { follower.layout != nil })
        let outcome = PointerMappingOutcome.placing(over: try #require(follower.layout), configured: "eDP-1")
        #expect(outcome.mapping == OutputMapping(originX: 0, originY: 0, scaleX: 0.36, scaleY: 0.625))
        #expect(outcome.log == ["clicks placed on eDP-1 over Hyprland's layout of 2 monitors"])
    }

    @Test func swaysIdentifiersAndQuoting() {
        #expect(SwayPointerMapping.identifier(vendor: 0x7461, product: 1, name: "Panel 10.1 pointer (Tactile)") == "29793:1:Panel_10.1_pointer_(Tactile)")
        // Each byte of a character outside ASCII is one `_`, as sway's isprint makes it.
        #expect(SwayPointerMapping.identifier(vendor: 0x7461, product: 1, name: " IRTOUCH… pointer (Tactile) ") == "29793:1:IRTOUCH____pointer_(Tactile)")
        #expect(SwayPointerMapping.command(identifier: #"1:2:a"b\c"#, output: "eDP-1") == #"input "1:2:a\"b\\c" map_to_output "eDP-1""#)
        #expect(SwayPointerMapping.failure(in: .array([.object(["success": .bool(true)])])) == nil)
        #expect(SwayPointerMapping.failure(in: .array([])) == "no result")
    }
}

/// The commands a fake sway was sent.
nonisolated final class SentCommands: Sendable {
    let list = Mutex<[String]>([])
}
