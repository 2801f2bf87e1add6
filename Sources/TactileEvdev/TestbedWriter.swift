import Tactile
#if canImport(Glibc)
import Glibc
#endif

/// Why a umockdev testbed could not be written.
public struct TestbedError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong, in words.
    public var description: String

    /// An error with its message.
    public init(_ description: String) { self.description = description }
}

/// The three files of a written testbed and the node they mock.
public struct TestbedFiles: Sendable, Hashable {
    /// The sysfs/udev description (`NAME.umockdev`), for `umockdev-run -d`.
    public var umockdev: String
    /// The ioctl replies (`NAME.ioctl`), for `umockdev-run -i NODE=FILE`.
    public var ioctl: String
    /// The evemu event stream (`NAME.events`), for `umockdev-run -e NODE=FILE`.
    public var events: String
    /// The mocked node, such as `/dev/input/event0`.
    public var node: String

    /// The files of a testbed.
    public init(umockdev: String, ioctl: String, events: String, node: String) {
        self.umockdev = umockdev
        self.ioctl = ioctl
        self.events = events
        self.node = node
    }

    /// The `umockdev-run` arguments that run `command` against the testbed:
    /// `umockdev-run -d NAME.umockdev -i NODE=NAME.ioctl -e NODE=NAME.events -- command…`.
    public func commandLine(running command: [String], umockdevRun: String = "umockdev-run") -> [String] {
        [umockdevRun, "-d", umockdev, "-i", "\(node)=\(ioctl)", "-e", "\(node)=\(events)", "--"] + command
    }

    /// ``commandLine(running:umockdevRun:)`` as one shell line, each argument quoted when it needs it.
    public func shellCommand(running command: [String], umockdevRun: String = "umockdev-run") -> String {
        commandLine(running: command, umockdevRun: umockdevRun).map(Self.shellQuoted).joined(separator: " ")
    }

    /// `argument` as the shell reads it back: unchanged when it holds only safe characters, else in single quotes.
    static func shellQuoted(_ argument: String) -> String {
        let safe = argument.unicodeScalars.allSatisfy { scalar in
            switch scalar {
            case "a"..."z", "A"..."Z", "0"..."9", "/", ".", "_", "-", "=", ":", ",", "+", "@", "%": return true
            default: return false
            }
        }
        if safe, !argument.isEmpty { return argument }
        return "'" + argument.replacingSingleQuotes() + "'"
    }
}

extension String {
    fileprivate func replacingSingleQuotes() -> String {
        var out = ""
        for character in self { out += character == "'" ? "'\\''" : String(character) }
        return out
    }
}

/// Writes a umockdev testbed for a device: its sysfs entry (`.umockdev`), the
/// evdev ioctl replies libevdev asks for (`.ioctl`) and an event stream
/// (`.events`), so that `umockdev-run` presents it as a real
/// `/dev/input/eventN` and the live path (``EvdevDevice``,
/// ``DeviceDiscovery``) reads it unchanged.
///
/// The ioctl dump mirrors what umockdev records from a real device and what
/// libevdev 1.x requests when it opens a node: `EVIOCGBIT` for every type with
/// libevdev's buffer sizes, `EVIOCGNAME`/`EVIOCGPHYS` with 255 bytes,
/// `EVIOCGID`, `EVIOCGVERSION`, `EVIOCGPROP`, the key, LED and switch states,
/// `EVIOCGABS` for each axis (its value from ``axisValues``, so a recording
/// that began in slot 1 presents `ABS_MT_SLOT` 1 and libevdev, libinput and
/// Tactile start there) and `EVIOCGMTSLOTS` ((slots + 1) × 4 bytes) for each
/// multitouch axis, all touches up. The events are evemu `E:` lines with
/// the microseconds unpadded (umockdev 0.17 reads `0.009829` as octal).
///
/// ```swift
/// let writer = TestbedWriter(device: recording.device, events: recording.events)
/// let files = try writer.write(to: "/tmp/testbed", name: "pad")
/// print(files.shellCommand(running: ["tactile", "demo", "--json"]))
/// ```
public struct TestbedWriter: Sendable, Hashable {
    /// The node a testbed mocks unless told otherwise.
    public static let defaultNode = "/dev/input/event0"

    /// The device to present.
    public var device: DeviceDescription
    /// The axis values the device presents when opened (`EVIOCGABS`), such as
    /// a recording's `AxisValues` when it began.
    public var axisValues: AxisValues
    /// The events to replay into the node, in order.
    public var events: [InputEvent]
    /// The node, `/dev/input/eventN`.
    public let node: String
    /// `N` of `eventN`.
    public let nodeNumber: Int
    /// The physical path the device reports (`EVIOCGPHYS`, sysfs `phys`).
    public var phys: String

    /// A writer for `device` with `events`, mocked at `node` (`/dev/input/eventN`).
    ///
    /// - Throws: ``TestbedError`` when `node` is not `/dev/input/event<N>`.
    public init(device: DeviceDescription, axisValues: AxisValues = AxisValues(), events: [InputEvent] = [],
                node: String = defaultNode, phys: String = "tactile/testbed") throws(TestbedError) {
        let prefix = "/dev/input/event"
        guard node.hasPrefix(prefix), let number = Int(node.dropFirst(prefix.count)), number >= 0,
              String(number) == String(node.dropFirst(prefix.count)) else {
            throw TestbedError("expected a node /dev/input/eventN, found \(node)")
        }
        self.device = device
        self.axisValues = axisValues
        self.events = events
        self.node = node
        self.nodeNumber = number
        self.phys = phys
    }

    // MARK: Files

    /// Writes `DIRECTORY/NAME.umockdev`, `NAME.ioctl` and `NAME.events`
    /// (creating `directory` if needed) and returns their paths.
    ///
    /// - Throws: ``TestbedError`` when a file cannot be written.
    @discardableResult
    public func write(to directory: String, name: String) throws(TestbedError) -> TestbedFiles {
        guard !name.isEmpty, !name.contains("/") else { throw TestbedError("expected a testbed name without '/', found '\(name)'") }
        if mkdir(directory, 0o755) != 0, errno != EEXIST {
            throw TestbedError("cannot create \(directory): \(String(cString: strerror(errno)))")
        }
        let base = (directory.hasSuffix("/") ? String(directory.dropLast()) : directory) + "/" + name
        let files = TestbedFiles(umockdev: base + ".umockdev", ioctl: base + ".ioctl", events: base + ".events", node: node)
        try Self.writeFile(umockdevText(), to: files.umockdev)
        try Self.writeFile(ioctlText(), to: files.ioctl)
        try Self.writeFile(eventsText(), to: files.events)
        return files
    }

    private static func writeFile(_ text: String, to path: String) throws(TestbedError) {
        guard let file = fopen(path, "w") else {
            throw TestbedError("cannot write \(path): \(String(cString: strerror(errno)))")
        }
        let bytes = Array(text.utf8)
        let written = bytes.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, file) }
        let closed = fclose(file)
        guard written == bytes.count, closed == 0 else {
            throw TestbedError("cannot write \(path): \(String(cString: strerror(errno)))")
        }
    }

    // MARK: sysfs

    /// The udev property that marks the device's kind, if it is a touch device.
    var kindProperty: String? {
        switch device.kind {
        case .touchpad: return "ID_INPUT_TOUCHPAD"
        case .touchscreen: return "ID_INPUT_TOUCHSCREEN"
        case .other: return nil
        }
    }

    /// The `.umockdev` text: the event node and its parent input device, with
    /// the udev properties and the sysfs attributes (`name`, `phys`, `id/*`,
    /// `properties`, `capabilities/*`) a kernel gives them.
    public func umockdevText() -> String {
        let minor = 64 + nodeNumber
        let input = "/devices/virtual/input/input\(nodeNumber)"
        var udev = ["ID_INPUT=1"]
        if let kindProperty { udev.append("\(kindProperty)=1") }
        udev.append("SUBSYSTEM=input")

        var lines = ["P: \(input)/event\(nodeNumber)", "N: input/event\(nodeNumber)", "E: DEVNAME=\(node)"]
        lines += udev.filter { $0 != "SUBSYSTEM=input" }.map { "E: " + $0 }
        lines += ["E: MAJOR=13", "E: MINOR=\(minor)", "E: SUBSYSTEM=input", "A: dev=13:\(minor)", "L: device=../../input\(nodeNumber)", ""]

        let identity = device.identity
        let capabilities = self.capabilities
        let modalias = self.modalias
        var properties = udev
        for (key, bits) in capabilities where !bits.isEmpty || key == "ev" {
            properties.append("\(key.uppercased())=\(Self.sysfsBitmap(bits))")
        }
        properties += [
            "MODALIAS=\(modalias)",
            "NAME=\"\(sysfsName)\"",
            "PHYS=\"\(phys)\"",
            "PRODUCT=\(String(identity.bustype, radix: 16))/\(String(identity.vendor, radix: 16))/\(String(identity.product, radix: 16))/\(String(identity.version, radix: 16))",
            "PROP=\(Self.sysfsBitmap(device.properties.map(Int.init)))",
        ]
        lines += ["P: \(input)"] + properties.sorted().map { "E: " + $0 }
        for (key, bits) in capabilities {
            lines.append("A: capabilities/\(key)=\(Self.sysfsBitmap(bits))")
        }
        lines += [
            "A: id/bustype=\(Self.hex4(identity.bustype))",
            "A: id/product=\(Self.hex4(identity.product))",
            "A: id/vendor=\(Self.hex4(identity.vendor))",
            "A: id/version=\(Self.hex4(identity.version))",
            "A: modalias=\(modalias)",
            "A: name=\(sysfsName)",
            "A: phys=\(phys)",
            "A: properties=\(Self.sysfsBitmap(device.properties.map(Int.init)))",
            "A: uniq=",
            "",
        ]
        return lines.joined(separator: "\n")
    }

    /// The name on one line (a newline would end the sysfs attribute).
    private var sysfsName: String {
        String(device.name.map { $0 == "\n" ? " " : $0 })
    }

    /// The `capabilities/*` attributes: type name and bit numbers, in the kernel's order.
    var capabilities: [(String, [Int])] {
        [("abs", bits(.abs)), ("ev", eventTypes), ("ff", []), ("key", bits(.key)), ("led", bits(.led)),
         ("msc", bits(.msc)), ("rel", bits(.rel)), ("snd", []), ("sw", bits(.sw))]
    }

    /// The kernel's input modalias: `input:b…v…p…e…-e<types>,k<keys>,r,a<axes>,m,l,s,f,w`.
    var modalias: String {
        let id = device.identity
        func hex(_ values: [Int]) -> String { values.map { String($0, radix: 16, uppercase: true) + "," }.joined() }
        return "input:b\(Self.hex4(id.bustype).uppercased())v\(Self.hex4(id.vendor).uppercased())"
            + "p\(Self.hex4(id.product).uppercased())e\(Self.hex4(id.version).uppercased())-e\(hex(eventTypes))"
            + "k\(hex(bits(.key)))r\(hex(bits(.rel)))a\(hex(bits(.abs)))m\(hex(bits(.msc)))l\(hex(bits(.led)))s\(hex(bits(.sw)))fw"
    }

    private static func hex4(_ value: UInt16) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    /// A bitmap as sysfs prints it: 64-bit words in hex, most significant
    /// first, leading zero words left out (`0` when empty).
    static func sysfsBitmap(_ bits: [Int]) -> String {
        guard let highest = bits.max() else { return "0" }
        var words = [UInt64](repeating: 0, count: highest / 64 + 1)
        for bit in bits where bit >= 0 { words[bit / 64] |= 1 << UInt64(bit % 64) }
        return words.reversed().map { String($0, radix: 16) }.joined(separator: " ")
    }

    // MARK: Capabilities

    /// The `EV_*` types the device announces.
    var eventTypes: [Int] {
        var types: Set<Int> = [Int(EventType.syn.rawValue)]
        if !device.keys.isEmpty { types.insert(Int(EventType.key.rawValue)) }
        if !device.axes.isEmpty { types.insert(Int(EventType.abs.rawValue)) }
        for set in device.otherCodes where !set.codes.isEmpty { types.insert(Int(set.type.rawValue)) }
        return types.sorted()
    }

    /// The codes of `type` the device announces.
    func bits(_ type: EventType) -> [Int] {
        switch type {
        case .key: return device.keys.map(Int.init)
        case .abs: return device.axes.map { Int($0.code) }
        case .syn: return []
        default: return (device.otherCodes.first { $0.type == type }?.codes ?? []).map(Int.init)
        }
    }

    // MARK: ioctl

    /// `EVIOCGBIT` for each type, in the order and with the buffer sizes
    /// libevdev uses (`unsigned long` arrays on a 64-bit system).
    static let bitRequests: [(type: UInt16, bytes: Int)] = [
        (0x02, 8), (0x03, 8), (0x11, 8), (0x01, 96), (0x05, 8), (0x04, 8), (0x15, 16), (0x12, 8),
    ]

    /// The `.ioctl` text: libevdev's queries and the replies of this device.
    public func ioctlText() -> String {
        var lines = ["@DEV \(node)"]
        lines.append("EVIOCGBIT(0) 8 " + Self.hex(Self.bitmap(eventTypes, bytes: 8)))
        lines.append(Self.stringReply("EVIOCGNAME(0)", device.name))
        lines.append(Self.stringReply("EVIOCGPHYS(0)", phys))
        let id = device.identity
        lines.append("EVIOCGID 0 " + Self.hex(Self.le16(id.bustype) + Self.le16(id.vendor) + Self.le16(id.product) + Self.le16(id.version)))
        lines.append("EVIOCGVERSION 0 01000100")
        lines.append("EVIOCGPROP(0) 8 " + Self.hex(Self.bitmap(device.properties.map(Int.init), bytes: 8)))
        for request in Self.bitRequests {
            let type = EventType(rawValue: request.type)
            let announced = eventTypes.contains(Int(request.type)) ? bits(type) : []
            lines.append("EVIOCGBIT(\(request.type)) \(request.bytes) " + Self.hex(Self.bitmap(announced, bytes: request.bytes)))
        }
        lines.append("EVIOCGKEY(0) 96 " + Self.hex([UInt8](repeating: 0, count: 96)))
        lines.append("EVIOCGLED(0) 8 " + Self.hex([UInt8](repeating: 0, count: 8)))
        lines.append("EVIOCGSW(0) 8 " + Self.hex([UInt8](repeating: 0, count: 8)))
        for axis in device.axes where axis.code <= 0x3f {
            let name = axis.code == 0 ? "EVIOCGABS" : "EVIOCGABS(\(axis.code))"
            let info = [axisValues[axis.code], axis.minimum, axis.maximum, axis.fuzz, axis.flat, axis.resolution].flatMap(Self.le32)
            lines.append("\(name) 0 " + Self.hex(info))
        }
        let slots = device.slotCount
        if slots > 0 {
            for axis in device.axes where axis.code >= 0x30 && axis.code <= 0x3f && axis.code != AbsCode.mtSlot {
                let value: Int32 = axis.code == AbsCode.mtTrackingID ? -1 : 0
                let state = Self.le32(Int32(axis.code)) + [Int32](repeating: value, count: slots).flatMap(Self.le32)
                lines.append("EVIOCGMTSLOTS(0) 0 " + Self.hex(state))
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// A string query (`EVIOCGNAME`, `EVIOCGPHYS`): the length with its NUL, then 255 bytes.
    private static func stringReply(_ request: String, _ text: String) -> String {
        var bytes = Array(text.utf8.prefix(254))
        let length = bytes.count + 1
        bytes += [UInt8](repeating: 0, count: 255 - bytes.count)
        return "\(request) \(length) " + hex(bytes)
    }

    static func bitmap(_ bits: [Int], bytes: Int) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: bytes)
        for bit in bits where bit >= 0 && bit < bytes * 8 { out[bit / 8] |= 1 << UInt8(bit % 8) }
        return out
    }

    private static func le16(_ value: UInt16) -> [UInt8] { [UInt8(value & 0xff), UInt8(value >> 8)] }

    private static func le32(_ value: Int32) -> [UInt8] {
        let raw = UInt32(bitPattern: value)
        return [UInt8(raw & 0xff), UInt8((raw >> 8) & 0xff), UInt8((raw >> 16) & 0xff), UInt8(raw >> 24)]
    }

    private static func hex(_ bytes: [UInt8]) -> String {
        let digits = Array("0123456789ABCDEF")
        var out = ""
        out.reserveCapacity(bytes.count * 2)
        for byte in bytes {
            out.append(digits[Int(byte >> 4)])
            out.append(digits[Int(byte & 0x0f)])
        }
        return out
    }

    // MARK: Events

    /// The `.events` text: one evemu `E:` line per event, microseconds unpadded.
    public func eventsText() -> String {
        var text = ""
        for event in events {
            let type = String(event.type.rawValue, radix: 16), code = String(event.code, radix: 16)
            text += "E: \(event.seconds).\(event.microseconds) "
            text += String(repeating: "0", count: max(0, 4 - type.count)) + type + " "
            text += String(repeating: "0", count: max(0, 4 - code.count)) + code + " \(event.value)\n"
        }
        return text
    }
}
