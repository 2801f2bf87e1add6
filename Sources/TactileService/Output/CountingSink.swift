// The counting sink of `tactile check`: each device created and how much was written to it, no events kept.
import Tactile

/// An ``OutputSink`` that keeps each device it creates and counts what is
/// written to it (events, frames), keeping none of the events: its memory
/// does not grow with the length of a recording, which a ``RecordingSink``'s
/// does. What `tactile check` runs a config with.
///
/// ```swift
/// let sink = CountingSink()
/// let keyboard = try sink.create(.keyboard, name: "Tactile keyboard")
/// try sink.write([press, report, release, report], to: keyboard)
/// sink.devices[0].events   // 4
/// sink.devices[0].frames   // 2
/// ```
public final class CountingSink: OutputSink {
    /// One device the sink created, and what was written to it.
    public struct Device: Hashable, Sendable {
        /// Its identifier, `virtual#1` for the first device.
        public var id: VirtualDeviceID
        /// Its name, as given when it was created.
        public var name: String
        /// What it was created from.
        public var template: VirtualDeviceTemplate
        /// Events written to it.
        public var events = 0
        /// Frames written to it (its `SYN_REPORT`s).
        public var frames = 0
        /// Whether ``CountingSink/destroy(_:)`` removed it.
        public var destroyed = false
    }

    /// Every device created, in the order of creation (destroyed ones too).
    public private(set) var devices: [Device] = []

    /// An empty sink.
    public init() {}

    /// Keeps a new device made from `template`, named `name`: `virtual#1` first.
    public func create(_ template: VirtualDeviceTemplate, name: String) throws(OutputError) -> VirtualDeviceID {
        let id = VirtualDeviceID(rawValue: devices.count + 1)
        devices.append(Device(id: id, name: name, template: template))
        return id
    }

    /// Counts `events` for the device; throws for a device never created or destroyed.
    public func write(_ events: [InputEvent], to device: VirtualDeviceID) throws(OutputError) {
        let index = device.rawValue - 1
        guard devices.indices.contains(index), !devices[index].destroyed else {
            throw OutputError(operation: "write to \(device)", reason: "no such device (never created, or destroyed)")
        }
        devices[index].events += events.count
        for event in events where event.isReport { devices[index].frames += 1 }
    }

    /// Marks the device destroyed (it stays in ``devices``).
    public func destroy(_ device: VirtualDeviceID) {
        let index = device.rawValue - 1
        if devices.indices.contains(index) { devices[index].destroyed = true }
    }

    /// Always empty: a counting sink makes no device nodes.
    public var createdNodes: Set<String> { [] }
}
