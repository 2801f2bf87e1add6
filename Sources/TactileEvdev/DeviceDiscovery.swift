// Finding evdev nodes: what each is and whether it can be opened.
import Tactile
#if canImport(Glibc)
import Glibc
#endif

/// One `eventN` node found by ``DeviceDiscovery``: what it is, and whether it
/// can be opened.
public struct DiscoveredDevice: Sendable, Hashable {
    /// The node, such as `/dev/input/event5`.
    public var path: String
    /// The kernel's device name; from sysfs when the node cannot be opened, `nil` when unknown.
    public var name: String?
    /// Touchpad, touchscreen or other; `nil` when the node could not be opened.
    public var kind: DeviceKind?
    /// Multitouch slots (0 for single-touch or no touch); `nil` when unknown.
    /// A protocol-A device counts the slots it is converted to (see ``usesProtocolA``).
    public var slots: Int?
    /// Whether the kernel device speaks multitouch protocol A, which
    /// ``EvdevDevice`` converts to protocol B (``slots`` are then the converted device's).
    public var usesProtocolA = false
    /// The touch surface in millimetres (width, height); `nil` without touch positions or when unknown.
    public var surfaceSize: Size?
    /// `true` when the axes report no resolution and ``surfaceSize`` is an estimate.
    public var sizeIsEstimated = false
    /// The full description, when the node could be opened.
    public var description: DeviceDescription?
    /// Why the node could not be opened, or `nil` when it could.
    public var openError: EvdevError?

    /// Whether the node could be opened and described.
    public var isOpenable: Bool { openError == nil }
    /// Whether the device is a touchpad or a touchscreen.
    public var isTouchDevice: Bool { kind == .touchpad || kind == .touchscreen }
}

extension DiscoveredDevice {
    /// Describes an opened device from its ``EvdevDevice/description`` (`usesProtocolA`
    /// says whether it was converted from the kernel's protocol A); a
    /// touchscreen without resolution is sized as `screen`.
    public init(path: String, description: DeviceDescription, usesProtocolA: Bool = false, screen: Screen = .standard) {
        var size: Size?
        var estimated = false
        if description.kind != .other, description.positionAxes != nil {
            let mapping = SurfaceMapping(device: description, screen: screen)
            size = mapping.surfaceSize
            estimated = mapping.isEstimated
        }
        self.init(path: path, name: description.name, kind: description.kind, slots: description.slotCount,
                  usesProtocolA: usesProtocolA, surfaceSize: size, sizeIsEstimated: estimated, description: description)
    }
}

/// Finds the evdev nodes of the system (`/dev/input/event*`).
///
/// ```swift
/// for device in try DeviceDiscovery.list() {
///     print(device.path, device.name ?? "?", device.kind.map { "\($0)" } ?? "?")
/// }
/// ```
public enum DeviceDiscovery {
    /// The usual place of evdev nodes.
    public static let defaultDirectory = "/dev/input"

    /// Every `event*` node in `directory`, sorted by number (`event2` before
    /// `event10`), each opened briefly to describe it. A node that cannot be
    /// opened is listed with ``DiscoveredDevice/openError`` set and, when sysfs
    /// knows it, its name. Touchscreens without resolution are sized as `screen`.
    ///
    /// - Throws: ``EvdevError/noInputDirectory(path:)`` when `directory` does
    ///   not exist, ``EvdevError/permissionDenied(path:)`` when it cannot be listed.
    public static func list(directory: String = defaultDirectory, screen: Screen = .standard) throws(EvdevError) -> [DiscoveredDevice] {
        let names = try eventNodeNames(in: directory)
        let base = directory.hasSuffix("/") ? String(directory.dropLast()) : directory
        return names.map { name in
            let path = base + "/" + name
            do throws(EvdevError) {
                let device = try EvdevDevice(path: path)
                return DiscoveredDevice(path: path, description: device.description,
                                        usesProtocolA: device.kernelDescription.usesProtocolA, screen: screen)
            } catch {
                return DiscoveredDevice(path: path, name: sysfsName(ofNode: name), openError: error)
            }
        }
    }

    /// The first touchpad or touchscreen that can be opened, in node order, or
    /// `nil` when there is none (or `directory` cannot be listed).
    public static func firstTouchDevice(directory: String = defaultDirectory) -> DiscoveredDevice? {
        let devices = (try? list(directory: directory)) ?? []
        return devices.first { $0.isTouchDevice && $0.isOpenable }
    }

    /// The `event<N>` entries of `directory`, sorted by N, without opening them.
    ///
    /// ```swift
    /// let names = try DeviceDiscovery.eventNodeNames(in: "/dev/input")   // ["event0", "event2", "event10"]
    /// ```
    ///
    /// - Throws: ``EvdevError/noInputDirectory(path:)`` when `directory` does not exist.
    public static func eventNodeNames(in directory: String) throws(EvdevError) -> [String] {
        guard let stream = opendir(directory) else {
            let code = errno
            if code == ENOENT { throw .noInputDirectory(path: directory) }
            throw EvdevError(errno: code, path: directory, operation: "opendir")
        }
        defer { closedir(stream) }
        var found: [(number: Int, name: String)] = []
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            guard name.hasPrefix("event"), let number = Int(name.dropFirst(5)), number >= 0 else { continue }
            found.append((number, name))
        }
        return found.sorted { $0.number < $1.number }.map(\.name)
    }

    /// The device name sysfs gives for `eventN`, when readable.
    static func sysfsName(ofNode node: String) -> String? {
        guard let text = SysfsFile.text("/sys/class/input/\(node)/device/name", limit: 512) else { return nil }
        let name = text.split(separator: "\n", omittingEmptySubsequences: false).first.map(String.init) ?? ""
        return name.isEmpty ? nil : name
    }
}
