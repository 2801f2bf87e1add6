// One uinput device: a libevdev description built from a DeviceDescription, its uinput handle, node and writes.
import TactileService
import CLibevdev
import Tactile
#if canImport(Glibc)
import Glibc
#endif

/// A created uinput device and what it holds: the libevdev description, the
/// libevdev uinput handle and the descriptor on the uinput node (opened here,
/// so that `UI_SET_PHYS` can be sent before libevdev creates the device).
/// ``close()`` releases all three; every error path of ``create(_:phys:uinputPath:)``
/// releases what it had taken.
final class UInputDevice {
    private var evdev: OpaquePointer?
    private var uinput: OpaquePointer?
    private var descriptor: Int32
    /// The device's name, for messages.
    let name: String
    /// `/dev/input/eventN`, when found.
    let node: String?

    private init(evdev: OpaquePointer, uinput: OpaquePointer, descriptor: Int32, name: String, node: String?) {
        self.evdev = evdev
        self.uinput = uinput
        self.descriptor = descriptor
        self.name = name
        self.node = node
    }

    deinit { close() }

    /// Creates the device `description` describes through the uinput node at
    /// `uinputPath`, reporting `phys`.
    static func create(_ description: DeviceDescription, phys: String, uinputPath: String) throws(OutputError) -> UInputDevice {
        let operation = "create \"\(TextFormat.visible(description.name))\""
        guard let evdev = libevdev_new() else { throw OutputError(operation: operation, reason: "out of memory") }
        var handedOver = false
        defer { if !handedOver { libevdev_free(evdev) } }
        try UInputCapabilities.configure(evdev, as: description, operation: operation)

        let descriptor = open(uinputPath, O_RDWR | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw OutputError(operation: operation, reason: UInputProblem.openReason(errno, path: uinputPath))
        }
        defer { if !handedOver { Glibc.close(descriptor) } }
        if tactile_uinput_set_phys(descriptor, String(decoding: phys.utf8.prefix(1023), as: UTF8.self)) != 0 {
            throw OutputError(operation: operation, reason: "\(TextFormat.visible(uinputPath)) refused the physical path: \(UInputProblem.text(errno))")
        }
        var created: OpaquePointer?
        let status = libevdev_uinput_create_from_device(evdev, descriptor, &created)
        guard status == 0, let uinput = created else {
            throw OutputError(operation: operation, reason: UInputProblem.createReason(-status, path: uinputPath))
        }
        handedOver = true
        return UInputDevice(evdev: evdev, uinput: uinput, descriptor: descriptor, name: description.name, node: node(of: uinput))
    }

    /// The node libevdev found for the device, else the `eventN` entry of its
    /// sysfs directory (libevdev's own look-up uses scandir(3), which an
    /// LD_PRELOAD sysfs such as umockdev's does not redirect).
    private static func node(of uinput: OpaquePointer) -> String? {
        if let node = libevdev_uinput_get_devnode(uinput) { return String(cString: node) }
        guard let syspath = libevdev_uinput_get_syspath(uinput) else { return nil }
        var buffer = [CChar](repeating: 0, count: 256)
        let found = buffer.withUnsafeMutableBufferPointer { tactile_uinput_find_node(syspath, $0.baseAddress, $0.count) }
        guard found == 1 else { return nil }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Writes `events` in order, as one `write(2)` of their `input_event`s
    /// (uinput takes several events per write; the kernel stamps their time):
    /// a frame costs one system call, not one per event.
    func write(_ events: [InputEvent]) throws(OutputError) {
        guard uinput != nil, descriptor >= 0 else {
            throw OutputError(operation: "write to \"\(TextFormat.visible(name))\"", reason: "the device was destroyed")
        }
        guard !events.isEmpty else { return }
        let records = events.map { event in
            input_event(time: timeval(), type: event.type.rawValue, code: event.code, value: event.value)
        }
        let size = MemoryLayout<input_event>.stride
        var offset = 0
        let total = records.count * size
        while offset < total {
            let written = records.withUnsafeBytes { raw in Glibc.write(descriptor, raw.baseAddress.map { $0 + offset }, total - offset) }
            if written < 0 {
                if errno == EINTR { continue }
                let target = node ?? "\"\(TextFormat.visible(name))\""
                throw OutputError(operation: "write \(events.count) events to \(target)", reason: UInputProblem.text(errno))
            }
            guard written > 0 else {
                throw OutputError(operation: "write to \(node ?? TextFormat.visible(name))", reason: "uinput took nothing")
            }
            offset += written
        }
    }

    /// Destroys the device (`UI_DEV_DESTROY`) and frees what it holds; a second call does nothing.
    func close() {
        if let uinput { libevdev_uinput_destroy(uinput) }
        uinput = nil
        if descriptor >= 0 { Glibc.close(descriptor) }
        descriptor = -1
        if let evdev { libevdev_free(evdev) }
        evdev = nil
    }
}
