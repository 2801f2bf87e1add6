// The recording sink: every device created and every event written, kept in order.
import Tactile

/// An ``OutputSink`` that keeps what it is given: each device created (its
/// template and the `DeviceDescription` the template makes) and each event
/// written to it, with the times the service gave, in order.
///
/// Tests read it back device by device; `serve --dry-run --output DIR`
/// saves it as one evemu recording per device, each named by
/// ``fileName(for:)``. It creates no nodes: ``createdNodes`` is empty.
///
/// The sink keeps no file format itself, so that the service's module
/// links no recording reader (and the service's binary no Foundation):
/// a device's ``Device/description`` and ``Device/events`` are an
/// `EvemuRecording` of TactileRecording.
///
/// ```swift
/// let sink = RecordingSink()
/// let keyboard = try sink.create(.keyboard, name: "Tactile keyboard")
/// try sink.write([press, report, release, report], to: keyboard)
/// sink.events(of: keyboard)          // the four events
/// let device = sink.devices[0]
/// try EvemuWriter.write(EvemuRecording(device: device.description, events: device.events),
///                       to: "out/" + RecordingSink.fileName(for: device))
/// ```
public final class RecordingSink: OutputSink {
    /// One device the sink created.
    public struct Device: Hashable, Sendable {
        /// Its identifier, `virtual#1` for the first device.
        public var id: VirtualDeviceID
        /// What it was created from.
        public var template: VirtualDeviceTemplate
        /// What it announces: `template.description(name:)`.
        public var description: DeviceDescription
        /// The events written to it, in order, with the service's times.
        public var events: [InputEvent]
        /// Whether ``RecordingSink/destroy(_:)`` removed it.
        public var destroyed: Bool
    }

    /// Every device created, in the order of creation (destroyed ones too).
    public private(set) var devices: [Device] = []

    /// An empty sink.
    public init() {}

    // MARK: OutputSink

    /// Keeps a new device made from `template`, named `name`: `virtual#1` first.
    public func create(_ template: VirtualDeviceTemplate, name: String) throws(OutputError) -> VirtualDeviceID {
        let id = VirtualDeviceID(rawValue: devices.count + 1)
        devices.append(Device(id: id, template: template, description: template.description(name: name), events: [], destroyed: false))
        return id
    }

    /// Appends `events` to the device's; throws for a device never created or destroyed.
    public func write(_ events: [InputEvent], to device: VirtualDeviceID) throws(OutputError) {
        guard let index = index(of: device), !devices[index].destroyed else {
            throw OutputError(operation: "write to \(device)", reason: "no such device (never created, or destroyed)")
        }
        devices[index].events.append(contentsOf: events)
    }

    /// Marks the device destroyed (it stays in ``devices``).
    public func destroy(_ device: VirtualDeviceID) {
        guard let index = index(of: device) else { return }
        devices[index].destroyed = true
    }

    /// Always empty: a recording sink makes no device nodes.
    public var createdNodes: Set<String> { [] }

    // MARK: Reading back

    /// The device `id` names, if this sink created it.
    public func device(_ id: VirtualDeviceID) -> Device? {
        index(of: id).map { devices[$0] }
    }

    /// What device `id` announces, if this sink created it.
    public func description(of id: VirtualDeviceID) -> DeviceDescription? {
        device(id)?.description
    }

    /// The events written to device `id`, in order (none for an unknown id).
    public func events(of id: VirtualDeviceID) -> [InputEvent] {
        device(id)?.events ?? []
    }

    /// The file name `serve --dry-run --output` gives a device: its number and
    /// its name in lower case, letters and digits kept, the rest as `-`
    /// (`2-tactile-keyboard.evemu`).
    public static func fileName(for device: Device) -> String {
        var slug = ""
        for character in device.description.name.lowercased() {
            if character.isASCII, character.isLetter || character.isNumber {
                slug.append(character)
            } else if !slug.isEmpty, slug.last != "-" {
                slug.append("-")
            }
        }
        while slug.last == "-" { slug.removeLast() }
        return "\(device.id.rawValue)\(slug.isEmpty ? "" : "-" + slug).evemu"
    }

    private func index(of id: VirtualDeviceID) -> Int? {
        let index = id.rawValue - 1
        return devices.indices.contains(index) ? index : nil
    }
}
