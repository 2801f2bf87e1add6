// The uinput sink: real virtual devices made with libevdev's uinput calls, and the events written to them.
import TactileService
import CLibevdev
import Tactile
#if canImport(Glibc)
import Glibc
#endif

/// The `OutputSink` of the live service: each template becomes a uinput
/// device (`/dev/input/eventN`), each event a `struct input_event` written to
/// it (the kernel stamps the time).
///
/// Every device reports a physical path starting with ``physPrefix``
/// (`tactile-serve/keyboard`, `tactile-serve/<source device name>` for a
/// touch copy), so discovery can recognise the service's own devices
/// (``isServiceDevice(phys:)``) besides leaving ``createdNodes`` alone.
/// A plain class for the main actor: not `Sendable`.
///
/// ```swift
/// let sink = UInputSink()                          // /dev/uinput
/// let copy = try sink.create(.touchCopy(of: panel), name: "Panel (Tactile)")
/// try sink.write(frame, to: copy)                  // one frame, ending in SYN_REPORT
/// sink.destroy(copy)
/// ```
public final class UInputSink: OutputSink {
    /// Where uinput lives unless told otherwise.
    public static let defaultPath = "/dev/uinput"
    /// The start of the physical path (`EVIOCGPHYS`, sysfs `phys`) of every
    /// device the service creates.
    public static let physPrefix = "tactile-serve/"

    /// The uinput node this sink opens, once per device.
    public let path: String
    /// The nodes of the devices created and not destroyed.
    public private(set) var createdNodes: Set<String> = []

    private var devices: [VirtualDeviceID: UInputDevice] = [:]
    private var nextID = 1

    /// A sink creating its devices through `path` (`/dev/uinput`; tests give another).
    public init(path: String = UInputSink.defaultPath) {
        self.path = path
    }

    deinit {
        for device in devices.values { device.close() }
    }

    /// Whether a device's physical path marks it as one of the service's.
    ///
    /// ```swift
    /// UInputSink.isServiceDevice(phys: "tactile-serve/keyboard")   // true
    /// ```
    public static func isServiceDevice(phys: String?) -> Bool {
        phys?.hasPrefix(physPrefix) ?? false
    }

    /// The physical path a device of `template` reports: ``physPrefix`` and
    /// what it is (`keyboard`, `pointer`, the source device's name for a touch copy).
    public static func phys(for template: VirtualDeviceTemplate) -> String {
        switch template {
        case .touchCopy(let source): return physPrefix + source.name
        case .keyboard: return physPrefix + "keyboard"
        case .pointer: return physPrefix + "pointer"
        }
    }

    // MARK: OutputSink

    /// Creates a uinput device from `template`, named `name` (a name longer
    /// than uinput keeps is shortened by `VirtualDeviceName.make`,
    /// not cut by the kernel mid-character).
    public func create(_ template: VirtualDeviceTemplate, name: String) throws(OutputError) -> VirtualDeviceID {
        try create(template, name: name, phys: Self.phys(for: template))
    }

    /// Creates a device reporting the physical path `phys` (at most 1023
    /// bytes of UTF-8 are kept; the kernel keeps no more).
    ///
    /// ```swift
    /// let copy = try sink.create(.touchCopy(of: panel), name: "Panel (Tactile)",
    ///                            phys: UInputSink.physPrefix + "usb-0000:00:14.0-4/input0")
    /// ```
    public func create(_ template: VirtualDeviceTemplate, name: String, phys: String) throws(OutputError) -> VirtualDeviceID {
        let description = template.description(name: VirtualDeviceName.make(name))
        let device = try UInputDevice.create(description, phys: phys, uinputPath: path)
        let id = VirtualDeviceID(rawValue: nextID)
        nextID += 1
        devices[id] = device
        if let node = device.node { createdNodes.insert(node) }
        return id
    }

    /// Writes `events` to the uinput device, in order.
    public func write(_ events: [InputEvent], to device: VirtualDeviceID) throws(OutputError) {
        guard let handle = devices[device] else {
            throw OutputError(operation: "write to \(device)", reason: "no such device (never created, or destroyed)")
        }
        try handle.write(events)
    }

    /// Removes the uinput device (nothing for an unknown one).
    public func destroy(_ device: VirtualDeviceID) {
        guard let handle = devices.removeValue(forKey: device) else { return }
        if let node = handle.node { createdNodes.remove(node) }
        handle.close()
    }

    /// The node of device `id` (`/dev/input/event7`), when known.
    public func node(of id: VirtualDeviceID) -> String? {
        devices[id]?.node
    }
}
