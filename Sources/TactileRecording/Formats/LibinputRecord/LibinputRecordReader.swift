// The libinput record reader: `libinput record` YAML into a LibinputRecording, or one device of it as a Recording.
import Tactile

/// Reads `libinput record` YAML (format version 1; see ``LibinputRecording``).
///
/// Keys the format requires (`version`, `devices`, and per device `evdev`
/// with `name`, `id` and `codes`, `absinfo` for every announced axis) must be
/// there; the informational ones (`ndevices`, `libinput`, `system`, `udev`,
/// `quirks`, `node`) may be missing. Event entries other than `evdev` (the
/// `libinput` entries `--with-libinput` adds) are skipped. Every failure is a
/// ``RecordingError`` naming the file, the line and the key path; malformed
/// input never traps.
public enum LibinputRecordReader {
    /// The format version this reader understands.
    public static let formatVersion = 1

    /// Reads the file at `path`.
    public static func read(contentsOf path: String) throws(RecordingError) -> LibinputRecording {
        try parse(bytes: RecordingFile.bytes(at: path), file: path)
    }

    /// Reads device `deviceIndex` of the file at `path` as a ``Recording``.
    public static func readRecording(contentsOf path: String, deviceIndex: Int = 0, screen: Screen = .standard) throws(RecordingError) -> Recording {
        try recording(of: read(contentsOf: path), deviceIndex: deviceIndex, file: path, screen: screen)
    }

    /// Parses YAML text; `file` names it in errors.
    public static func parse(_ text: String, file: String = "<text>") throws(RecordingError) -> LibinputRecording {
        try parse(bytes: Array(text.utf8), file: file)
    }

    /// Parses YAML bytes, which need not be valid UTF-8.
    public static func parse(bytes: [UInt8], file: String = "<bytes>") throws(RecordingError) -> LibinputRecording {
        guard let root = try YAMLValue.parse(bytes, file: file), !root.isNull else {
            throw RecordingError(file: file, line: 1, problem: .empty, message: "expected a libinput record starting with `version: 1`, found an empty document")
        }
        _ = try root.mapping()
        let version = try root.require("version", "the format version, 1").integer(in: Int64(Int32.min)...Int64(Int32.max), "the format version")
        guard version == Int64(formatVersion) else {
            throw try root.require("version", "").error(.unsupportedVersion, "expected libinput record format version \(formatVersion), found \(version)")
        }
        var libinputVersion: String?
        if let libinput = try root.optional("libinput"), !libinput.isNull {
            libinputVersion = try libinput.optional("version").map { value throws(RecordingError) in try value.string() }
        }
        var system: [String: String] = [:]
        if let section = try root.optional("system"), !section.isNull {
            for (key, value) in try section.mapping() where !value.isNull {
                system[key] = try value.string()
            }
        }
        let deviceNodes = try root.require("devices", "the list of recorded devices").sequence()
        guard !deviceNodes.isEmpty else {
            throw try root.require("devices", "").error(.missingField, "expected at least one device in `devices`, found an empty list")
        }
        var devices: [LibinputRecording.Device] = []
        for node in deviceNodes {
            devices.append(try device(node))
        }
        return LibinputRecording(libinputVersion: libinputVersion, system: system, devices: devices)
    }

    /// Device `deviceIndex` of `recording` as a ``Recording`` (protocol A
    /// converted), turned as libinput turned it: a touchscreen's
    /// `LIBINPUT_CALIBRATION_MATRIX` among its udev properties is the
    /// recording's transform (one that is no matrix is ignored, as libinput
    /// ignores it); an error naming `file` when there is no such device.
    static func recording(of recording: LibinputRecording, deviceIndex: Int = 0, file: String, screen: Screen = .standard) throws(RecordingError) -> Recording {
        let device = try device(deviceIndex, of: recording, file: file)
        let transform = transform(of: device)
        return Recording(device: device.description, screen: transform.screen(turning: screen), transform: transform,
                         events: device.events).convertingProtocolA()
    }

    /// How libinput turned `device`: a touchscreen's `LIBINPUT_CALIBRATION_MATRIX`
    /// among its udev properties (one that is no matrix is ignored, as libinput
    /// ignores it), else the identity.
    static func transform(of device: LibinputRecording.Device) -> SurfaceTransform {
        let key = "LIBINPUT_CALIBRATION_MATRIX="
        guard device.description.kind == .touchscreen, let property = device.udevProperties.last(where: { $0.hasPrefix(key) }),
              let matrix = try? SurfaceTransform(parsing: String(property.dropFirst(key.count))) else { return .identity }
        return matrix
    }

    /// Device `index` of `recording`, as recorded; an error naming `file` when there is no such device.
    static func device(_ index: Int, of recording: LibinputRecording, file: String) throws(RecordingError) -> LibinputRecording.Device {
        guard recording.devices.indices.contains(index) else {
            throw RecordingError(
                file: file, line: nil, problem: .outOfRange,
                message: "expected a device index below \(recording.devices.count) (the devices recorded), found \(index)")
        }
        return recording.devices[index]
    }

    // MARK: - Device

    private static func device(_ value: YAMLValue) throws(RecordingError) -> LibinputRecording.Device {
        _ = try value.mapping()
        let node = try value.optional("node").flatMap { item throws(RecordingError) in item.isNull ? nil : try item.string() }
        let evdev = try value.require("evdev", "the device's evdev description")
        let description = try deviceDescription(evdev)
        var udev: [String] = []
        if let section = try value.optional("udev"), !section.isNull, let properties = try section.optional("properties") {
            for item in try properties.sequence(allowingNull: true) { udev.append(try item.string()) }
        }
        var quirks: [String] = []
        if let section = try value.optional("quirks") {
            for item in try section.sequence(allowingNull: true) { quirks.append(try item.string()) }
        }
        let events = try self.events(try value.require("events", "the recorded events"))
        return LibinputRecording.Device(node: node, description: description, udevProperties: udev, quirks: quirks, events: events)
    }

    private static func deviceDescription(_ evdev: YAMLValue) throws(RecordingError) -> DeviceDescription {
        _ = try evdev.mapping()
        let name = try evdev.require("name", "the device name").string()
        let ids = try evdev.require("id", "[bus, vendor, product, version]")
            .integers(["the bus type", "the vendor id", "the product id", "the version"], in: 0...0xffff, form: "[bus, vendor, product, version]")
        let identity = DeviceIdentity(bustype: UInt16(ids[0]), vendor: UInt16(ids[1]), product: UInt16(ids[2]), version: UInt16(ids[3]))

        var codesByType: [UInt16: [UInt16]] = [:]
        for (key, list) in try evdev.require("codes", "the event codes per type").mapping() {
            guard let type = UInt16(key), type <= EventType.max.rawValue else {
                throw list.error(.invalidValue, "expected event types 0…\(EventType.max.rawValue) as the keys of `codes`, found \"\(key)\"")
            }
            var codes: [UInt16] = []
            for item in try list.sequence(allowingNull: true) {
                codes.append(UInt16(try item.integer(in: 0...0xffff, "an event code")))
            }
            codesByType[type] = codes
        }

        var absinfo: [UInt16: (AbsoluteAxis, YAMLValue)] = [:]
        if let section = try evdev.optional("absinfo"), !section.isNull {
            for (key, item) in try section.mapping() {
                guard let code = UInt16(key), code <= 0xffff else {
                    throw item.error(.invalidValue, "expected axis codes as the keys of `absinfo`, found \"\(key)\"")
                }
                let values = try item.integers(
                    ["the minimum", "the maximum", "the fuzz", "the flat", "the resolution"], in: Int64(Int32.min)...Int64(Int32.max),
                    form: "[min, max, fuzz, flat, resolution]")
                let axis = AbsoluteAxis(
                    code: code, minimum: Int32(values[0]), maximum: Int32(values[1]),
                    fuzz: Int32(values[2]), flat: Int32(values[3]), resolution: Int32(values[4]))
                if let problem = axis.limitProblem { throw item.error(.outOfRange, "expected a device Linux could have: \(problem)") }
                absinfo[code] = (axis, item)
            }
        }
        let codesNode = try evdev.require("codes", "")
        for code in codesByType[EventType.abs.rawValue] ?? [] where absinfo[code] == nil {
            throw codesNode.error(
                .inconsistentHeader,
                "expected an `absinfo` entry for \(EventCodeNames.name(ofCode: code, type: .abs)) (\(code)), which `codes` announces, found none")
        }

        var properties: [UInt16] = []
        if let list = try evdev.optional("properties") {
            for item in try list.sequence(allowingNull: true) {
                properties.append(UInt16(try item.integer(in: 0...Int64(InputProperty.max), "an input property")))
            }
        }
        var other: [EventCodeSet] = []
        for (type, codes) in codesByType.sorted(by: { $0.key < $1.key }) {
            switch EventType(rawValue: type) {
            case .syn, .key, .abs: continue
            default: if !codes.isEmpty { other.append(EventCodeSet(type: EventType(rawValue: type), codes: codes)) }
            }
        }
        return DeviceDescription(
            name: name,
            identity: identity,
            properties: properties,
            keys: codesByType[EventType.key.rawValue] ?? [],
            axes: absinfo.values.map(\.0),
            otherCodes: other
        )
    }

    // MARK: - Events

    private static let eventFields = ["the seconds", "the microseconds", "the event type", "the event code", "the event value"]

    private static func events(_ value: YAMLValue) throws(RecordingError) -> [InputEvent] {
        var events: [InputEvent] = []
        for entry in try value.sequence(allowingNull: true) {
            guard let evdev = try entry.optional("evdev") else { continue }  // libinput events and the like
            for item in try evdev.sequence(allowingNull: true) {
                let fields = try item.sequence()
                guard fields.count == 5 else {
                    let problem: RecordingError.Problem = fields.count < 5 ? .missingField : .extraField
                    let found = fields.count < 5 ? "only \(fields.count) value\(fields.count == 1 ? "" : "s")" : "\(fields.count) values"
                    throw item.error(problem, "expected an event [sec, usec, type, code, value] at \(item.name), found \(found)")
                }
                let seconds = try fields[0].integer(in: RecordingLimits.secondsRange(for: .libinputRecord), eventFields[0])
                let micro = try fields[1].integer(in: 0...999_999, eventFields[1])
                let type = try fields[2].integer(in: 0...Int64(EventType.max.rawValue), eventFields[2])
                let code = try fields[3].integer(in: 0...0xffff, eventFields[3])
                let eventValue = try fields[4].integer(in: Int64(Int32.min)...Int64(Int32.max), eventFields[4])
                events.append(InputEvent(
                    seconds: seconds, microseconds: Int32(micro), type: EventType(rawValue: UInt16(type)),
                    code: UInt16(code), value: Int32(eventValue)))
            }
        }
        return events
    }
}
