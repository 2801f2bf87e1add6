// The uinput sink: real libevdev uinput calls against an emulated /dev/uinput (tools/umockdev-testbed.py --uinput), and its errors.
import Foundation
import Tactile
import TactileRecording
@testable import TactileDesktop
import TactileService
import TactileTestSupport
import Testing

@Suite(.serialized, .enabled(if: TestSupport.testbedHelper != nil && TestSupport.product("tactile") != nil,
                             Comment(rawValue: TestSupport.testbedHelperMissing)))
struct UInputSinkTests {
    /// A touchscreen with resolutions, fuzz, MSC_TIMESTAMP and no ABS_MT_TOOL_TYPE, as a real panel reports.
    static let panel = testbedPanel(name: "Panel 10.1", positionFuzz: 4, otherCodes: [EventCodeSet(type: .msc, codes: [MscCode.timestamp])])

    /// Runs the probe on `panel` under the emulated uinput; its output and the capture.
    private func probe(_ events: [String], refuse: Int32? = nil, panel: DeviceDescription = Self.panel) throws -> (TestSupport.Output, [CapturedUInputDevice]) {
        let helper = try #require(TestSupport.testbedHelper), tactile = try #require(TestSupport.product("tactile"))
        let directory = try TemporaryDirectory.make(prefix: "tactile-uinput")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let recording = directory + "/panel.evemu", capture = directory + "/capture.jsonl"
        try EvemuWriter.write(EvemuRecording(device: panel), to: recording)
        var arguments = ["--uinput", "--uinput-capture", capture]
        if let refuse { arguments += ["--uinput-refuse", String(refuse)] }
        arguments += ["--", tactile, "uinput-probe", recording] + events.flatMap { ["--event", $0] }
        let output = try TestSupport.run(helper, arguments, timeout: 60)
        let devices = try CapturedUInputDevice.read(capture)
        return (output, devices)
    }

    @Test func createsTheThreeDevicesAsTheirTemplatesDescribeThem() throws {
        let (output, devices) = try probe([])
        #expect(output.status == 0, "\(output.standardOutput)\(output.standardError)")
        try #require(devices.count == 3)
        let (touch, keyboard, pointer) = (devices[0], devices[1], devices[2])

        #expect(touch.name == "Panel 10.1 (Tactile)")
        #expect(touch.phys == UInputSink.physPrefix + "Panel 10.1")
        #expect(touch.id == ["bustype": 0x03, "vendor": 0x0eef, "product": 0x790a, "version": 0x0111])
        #expect(touch.bits["PROP"] == [Int(InputProperty.direct)])
        #expect(touch.bits["KEY"] == [Int(KeyCode.touch)])
        #expect(touch.bits["MSC"] == [Int(MscCode.timestamp)])
        #expect(touch.bits["EV"] == [0, 1, 3, 4])
        #expect(touch.abs == [
            .init(code: AbsCode.x, minimum: 0, maximum: 4095, fuzz: 0, flat: 0, resolution: 16),
            .init(code: AbsCode.y, minimum: 0, maximum: 2559, fuzz: 0, flat: 0, resolution: 16),
            .init(code: AbsCode.mtSlot, minimum: 0, maximum: 9, fuzz: 0, flat: 0, resolution: 0),
            .init(code: AbsCode.mtPositionX, minimum: 0, maximum: 4095, fuzz: 4, flat: 0, resolution: 16),
            .init(code: AbsCode.mtPositionY, minimum: 0, maximum: 2559, fuzz: 4, flat: 0, resolution: 16),
            .init(code: AbsCode.mtToolType, minimum: 0, maximum: 2, fuzz: 0, flat: 0, resolution: 0),
            .init(code: AbsCode.mtTrackingID, minimum: 0, maximum: 65535, fuzz: 0, flat: 0, resolution: 0),
        ])

        #expect(keyboard.name == "Tactile keyboard")
        #expect(keyboard.phys == "tactile-serve/keyboard")
        #expect(keyboard.bits["KEY"] == Array(1...248))
        #expect(keyboard.bits["EV"] == [0, 1], "no EV_REP: the kernel must not autorepeat the service's keys")
        #expect(keyboard.id == ["bustype": 0x06, "vendor": 0x7461, "product": 1, "version": 1])

        #expect(pointer.bits["KEY"] == [0x110, 0x111, 0x112])
        #expect(pointer.bits["REL"] == [0x06, 0x08, 0x0b, 0x0c])
        #expect(pointer.abs.map(\.maximum) == [4095, 2559])
        #expect(pointer.abs.map(\.resolution) == [16, 16])

        // The nodes the sink found (through sysfs) are the ones the emulated driver made.
        let printed = output.lines.compactMap { line -> String? in
            guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else { return nil }
            return object["node"] as? String
        }
        #expect(printed == devices.compactMap(\.node))
        #expect(printed.count == 3)
        #expect(devices.allSatisfy { $0.created && $0.destroyed })
    }


    /// A name longer than uinput keeps reaches it shortened, its suffix whole
    /// (the kernel would have cut `…USB Touchmonitor (Tactile)` at byte 79).
    @Test func aLongDeviceNameReachesUInputShortenedWithItsSuffix() throws {
        let name = "Elo TouchSystems Elo TouchSystems 2515 IntelliTouch Plus USB Touchmonitor"
        let (output, devices) = try probe([], panel: testbedPanel(name: name))
        #expect(output.status == 0, "\(output.standardOutput)\(output.standardError)")
        try #require(devices.count == 3)
        #expect(devices[0].name == "Elo TouchSystems Elo TouchSystems 2515 IntelliTouch Plus USB… (Tactile)")
        #expect(devices[0].name.utf8.count <= 79)
        #expect(devices[0].phys == UInputSink.physPrefix + name)
    }
    @Test func writesExactlyTheEventsGivenToEachDevice() throws {
        let (output, devices) = try probe([
            "touch,EV_ABS,ABS_MT_SLOT,3", "touch,EV_ABS,ABS_MT_TOOL_TYPE,2", "touch,EV_SYN,SYN_REPORT,0",
            "keyboard,EV_KEY,KEY_LEFTMETA,1", "keyboard,EV_SYN,SYN_REPORT,0",
            "touch,EV_ABS,ABS_MT_TRACKING_ID,-1", "touch,EV_KEY,BTN_TOUCH,0", "touch,EV_SYN,SYN_REPORT,0",
            "keyboard,EV_KEY,KEY_LEFTMETA,0", "keyboard,EV_SYN,SYN_REPORT,0",
            "pointer,EV_ABS,ABS_X,100", "pointer,EV_KEY,BTN_LEFT,1", "pointer,EV_SYN,SYN_REPORT,0",
            "pointer,EV_REL,REL_WHEEL_HI_RES,-120", "pointer,EV_SYN,SYN_REPORT,0",
        ])
        #expect(output.status == 0, "\(output.standardOutput)\(output.standardError)")
        try #require(devices.count == 3)
        #expect(devices[0].triples == [[3, 0x2f, 3], [3, 0x37, 2], [0, 0, 0], [3, 0x39, -1], [1, 0x14a, 0], [0, 0, 0]])
        #expect(devices[1].triples == [[1, 125, 1], [0, 0, 0], [1, 125, 0], [0, 0, 0]])
        #expect(devices[2].triples == [[3, 0, 100], [1, 0x110, 1], [0, 0, 0], [2, 0x0b, -120], [0, 0, 0]])
        // uinput stamps the time itself: libevdev writes zeros.
        #expect(devices.allSatisfy { $0.events.allSatisfy { $0[0] == 0 && $0[1] == 0 } })
    }

    @Test func aRefusedCreationIsAnOutputErrorThatSaysWhy() throws {
        let (output, devices) = try probe(["keyboard,EV_KEY,KEY_A,1"], refuse: 22)
        #expect(output.status == 1)
        #expect(output.standardOutput.contains("cannot create \\\"Panel 10.1 (Tactile)\\\": uinput refused the device's setup"))
        #expect(devices.allSatisfy { !$0.created })
    }
}

@Suite struct UInputSinkErrorTests {
    @Test func aMissingUinputNodeSaysToLoadTheModule() {
        let sink = UInputSink(path: "/nonexistent-tactile/uinput")
        #expect(throws: OutputError.self) { try sink.create(.keyboard, name: "k") }
        do {
            _ = try sink.create(.keyboard, name: "Tactile keyboard")
        } catch {
            #expect(error.operation == "create \"Tactile keyboard\"")
            #expect(error.reason.contains("modprobe uinput"))
        }
        #expect(sink.createdNodes.isEmpty)
    }

    @Test func writingToAnUnknownDeviceFails() {
        let sink = UInputSink(path: "/nonexistent-tactile/uinput")
        #expect(throws: OutputError.self) { try sink.write([], to: VirtualDeviceID(rawValue: 1)) }
        sink.destroy(VirtualDeviceID(rawValue: 1))  // nothing to do, no trap
    }

    @Test func physMarksTheServicesDevices() {
        #expect(UInputSink.phys(for: .keyboard) == "tactile-serve/keyboard")
        #expect(UInputSink.isServiceDevice(phys: UInputSink.phys(for: .touchCopy(of: UInputSinkTests.panel))))
        #expect(!UInputSink.isServiceDevice(phys: "usb-0000:00:14.0-4/input0"))
        #expect(!UInputSink.isServiceDevice(phys: nil))
        #expect(OutputEventNames.name(type: .key, code: 125) == "KEY_LEFTMETA")
        #expect(OutputEventNames.code(named: "REL_WHEEL_HI_RES", type: .rel) == 0x0b)
    }
}
