// tactile serve under a (fake) sway with two outputs: the pointer is put on the touchscreen's output.
import Foundation
import Tactile
@testable import TactileDesktop
@testable import TactileService
import TactileTestSupport
import Testing

extension ServeTestbedTests {
    /// The right click of a long press at 128 × 60 mm, with `output = "eDP-1"`, under a sway whose
    /// outputs are two 1920×1080 side by side, the touchscreen's on the right; `refuses`: sway
    /// refuses `map_to_output`. Returns the click's position and serve's log.
    func clickUnderSway(refuses: Bool) throws -> (x: Int32, y: Int32, log: String, commands: [String]) {
        let directory = try TemporaryDirectory.create(prefix: "tactile-sway")
        defer { try? FileManager.default.removeItem(at: directory) }
        let commands = SentCommands()
        let reply = refuses ? #"[{"success": false, "error": "Invalid input"}]"# : #"[{"success": true}]"#
        let server = try PointerMappingTests.sway(at: directory.appendingPathComponent("sway.sock").path, outputs: PointerMappingTests.outputs,
                                                  listedAfter: 1, reply: reply, commands: commands,
                                                  pointerName: ServiceDevice.pointerName(for: Self.panel))
        defer { server.close() }
        let config = Self.config.replacingOccurrences(of: "kinds = [\"touchscreen\"]\n", with: "kinds = [\"touchscreen\"]\noutput = \"eDP-1\"\n")
        let stream = Self.twoLongPresses(apart: 0.5)
        let served = try serve(stream.events, config: config, environment: ["SWAYSOCK": server.path])
        #expect(served.output.status == 0, "\(served.output.standardError)")
        let pointer = try #require(served.devices.first { $0.name.hasSuffix("pointer (Tactile)") })
        let x = pointer.inputEvents.first { $0.code == AbsCode.x }?.value ?? -1, y = pointer.inputEvents.first { $0.code == AbsCode.y }?.value ?? -1
        return (x, y, served.output.standardError, commands.list.withLock { $0 })
    }

    @Test func underSwayThePointerIsMappedToTheTouchscreensOutput() throws {
        let served = try clickUnderSway(refuses: false)
        let identifier = SwayPointerMapping.identifier(vendor: 0x7461, product: 1, name: ServiceDevice.pointerName(for: Self.panel))
        #expect(served.commands == ["input \"\(identifier)\" map_to_output \"eDP-1\""])
        #expect(served.log.contains("/dev/input/event5: pointer mapped to eDP-1: sway ran `input"), "\(served.log)")
        // Mapped by sway: the click is sent where the finger is, in the panel's own units.
        #expect(abs(Int(served.x) - 2048) <= 2 && abs(Int(served.y) - 960) <= 2, "clicked at \(served.x), \(served.y)")
    }

    @Test func whenSwayRefusesTheClickIsPlacedOnTheRightHalf() throws {
        let served = try clickUnderSway(refuses: true)
        #expect(served.log.contains("sway refused `input"), "\(served.log)")
        // The pointer spans both outputs: the middle of the panel is three quarters across.
        let span = Int(try #require(Self.panel.positionAxes).x.span)
        #expect(abs(Int(served.x) - span * 3 / 4) <= 3 && abs(Int(served.y) - 960) <= 2, "clicked at \(served.x), \(served.y) of \(span)")
    }
}

extension ServeTestbedTests {
    /// A dry run under Debian's real sway leaves its settings alone: sway (at debug level)
    /// logs "Config stored for input" for every `input … map_to_output` it is sent.
    @Test(.enabled(if: DesktopSession.available("sway"), "sway is not installed"))
    func aDryRunUnderRealSwaySendsItNothing() throws {
        let session = try DesktopSession("sway", settings: ["SWAY_DEBUG": "1"])
        defer { session.stop() }
        let config = Self.config.replacingOccurrences(of: "kinds = [\"touchscreen\"]\n", with: "kinds = [\"touchscreen\"]\noutput = \"HEADLESS-2\"\n")
        let served = try serve(Self.twoLongPresses(apart: 0.5).events, config: config, extra: ["--dry-run"], environment: session.environment)
        #expect(served.output.status == 0, "\(served.output.standardError)")
        #expect(served.output.standardError.contains("dry run: sway is told nothing; the service would map the pointer to HEADLESS-2 with `input"),
                "\(served.output.standardError)")
        // No input setting of Tactile's pointer (vendor 0x7461, 29793) reached sway.
        let identifier = SwayPointerMapping.identifier(vendor: 0x7461, product: 1, name: ServiceDevice.pointerName(for: Self.panel))
        #expect(!session.log.contains("Config stored for input 29793:"), "\(session.log.suffix(2000))")
        // What sway logs when it is sent one, as the service's real runs do.
        #expect(try session.run(["swaymsg", "input", identifier, "map_to_output", "HEADLESS-2"]).status == 0)
        #expect(eventually(5) { session.log.contains("Config stored for input \(identifier)") }, "\(session.log.suffix(2000))")
    }
}

extension ServeTestbedTests {
    /// Without a desktop to ask, a touchscreen follows its udev calibration alone, as libinput does.
    @Test func withoutADesktopTheUdevCalibrationTurnsTheGestures() throws {
        // Mounted upside down: the screen's left edge is the panel's right edge, the press at
        // 128 × 60 mm (0.5, 0.375 of the panel) is at 0.5, 0.625 of the screen.
        let stream = RealTurnedOutputTests.stream(swipeFrom: (255, 100), to: (200, 100))
        let served = try serve(stream.events, config: Self.config, mock: ["--rotate", "180"])
        #expect(served.output.status == 0, "\(served.output.standardError)")
        RealTurnedOutputTests.expect(RealTurnedOutputTests.outcome(served, log: served.output.standardError),
                                     follows: "the udev calibration -1 0 1 0 -1 1", clickAt: 0.5 * 4095, 0.625 * 2559)
    }
}
