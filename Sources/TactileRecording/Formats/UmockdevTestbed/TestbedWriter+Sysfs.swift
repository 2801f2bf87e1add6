// The testbed's sysfs and udev side (`.umockdev`): the node, its input device, properties and capability bitmaps.
import Tactile

extension TestbedWriter {
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
        if let calibration { lines.append("E: LIBINPUT_CALIBRATION_MATRIX=\(calibration)") }
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
        TextFormat.hex(value, width: 4)
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
}
