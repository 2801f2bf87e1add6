// The recording sink: every device created and every event written, kept in order, as evemu recordings.
import Tactile
import TactileRecording

/// An ``OutputSink`` that keeps what it is given: each device created (its
/// template and the `DeviceDescription` the template makes) and each event
/// written to it, with the times the service gave, in order.
///
/// Tests read it back device by device; `serve --dry-run --output DIR`
/// saves it as one evemu recording per device (``save(to:overwrite:)``);
/// golden tests compare ``evemuText`` (every device's recording, one after
/// the other). It creates no nodes: ``createdNodes`` is empty.
///
/// ```swift
/// let sink = RecordingSink()
/// let keyboard = try sink.create(.keyboard, name: "Tactile keyboard")
/// try sink.write([press, report, release, report], to: keyboard)
/// sink.events(of: keyboard)          // the four events
/// try sink.save(to: "out")           // out/1-tactile-keyboard.evemu
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

        /// The device and its events as an evemu recording.
        public var evemu: EvemuRecording { EvemuRecording(device: description, events: events) }
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

    /// Every device's evemu recording, one after the other, each preceded by
    /// a `# Tactile virtual#N` comment line: one text for golden tests.
    ///
    /// ```swift
    /// #expect(sink.evemuText == (try String(contentsOfFile: "golden.txt", encoding: .utf8)))
    /// ```
    public var evemuText: String {
        devices.map { "# Tactile \($0.id)\($0.destroyed ? " (destroyed)" : "")\n" + EvemuWriter.text(for: $0.evemu) }
            .joined()
    }

    /// The file name ``save(to:overwrite:)`` gives a device: its number and
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

    /// Writes each device as an evemu recording into `directory` (which must
    /// exist), named by ``fileName(for:)``, and returns the paths in the order
    /// of creation. Files are written atomically, mode 0600, replacing a file
    /// there only when `overwrite` is true.
    ///
    /// ```swift
    /// let paths = try sink.save(to: "/tmp/dry-run")   // ["/tmp/dry-run/1-panel-tactile.evemu", …]
    /// ```
    @discardableResult
    public func save(to directory: String, overwrite: Bool = false) throws(OutputError) -> [String] {
        let base = directory.hasSuffix("/") ? String(directory.dropLast()) : directory
        var paths: [String] = []
        for device in devices {
            let path = base + "/" + Self.fileName(for: device)
            do throws(RecordingError) {
                try EvemuWriter.write(device.evemu, to: path, overwrite: overwrite)
            } catch {
                throw OutputError(operation: "save \(device.id) to \(path)", reason: error.description)
            }
            paths.append(path)
        }
        return paths
    }

    private func index(of id: VirtualDeviceID) -> Int? {
        let index = id.rawValue - 1
        return devices.indices.contains(index) ? index : nil
    }
}
