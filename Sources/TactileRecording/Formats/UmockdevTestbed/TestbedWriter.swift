// The umockdev testbed writer: a device's sysfs entry, ioctl replies and events, as files umockdev-run presents as a node.
import Tactile
#if canImport(Glibc)
import Glibc
#endif

/// Writes a umockdev testbed for a device: its sysfs entry (`.umockdev`), the
/// evdev ioctl replies libevdev asks for (`.ioctl`) and an event stream
/// (`.events`), so that `umockdev-run` presents it as a real
/// `/dev/input/eventN` and the live path (`EvdevDevice`,
/// `DeviceDiscovery`) reads it unchanged.
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
    /// The calibration matrix the node's udev entry carries
    /// (`LIBINPUT_CALIBRATION_MATRIX`), as a desktop's udev rule gives a
    /// panel mounted turned; `nil` (the default): none.
    ///
    /// ```swift
    /// var writer = try TestbedWriter(device: panel, events: events)
    /// writer.calibration = .rotated(.clockwise180)   // a kiosk panel mounted upside down
    /// ```
    public var calibration: SurfaceTransform?

    /// A writer for `device` with `events`, mocked at `node` (`/dev/input/eventN`).
    ///
    /// - Throws: ``TestbedError`` when `node` is not `/dev/input/event<N>`.
    public init(device: DeviceDescription, axisValues: AxisValues = AxisValues(), events: [InputEvent] = [],
                node: String = defaultNode, phys: String = "tactile/testbed") throws(TestbedError) {
        let prefix = "/dev/input/event"
        guard node.hasPrefix(prefix), let number = Int(node.dropFirst(prefix.count)), number >= 0,
              String(number) == String(node.dropFirst(prefix.count)) else {
            throw TestbedError("expected a node /dev/input/eventN, found \(TextFormat.visible(node))")
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
    /// (creating `directory`, mode 0700, if needed) and returns their paths.
    ///
    /// Each file is written as recordings are (they hold the device and its
    /// touches): atomically, mode 0600, never through a symbolic link. Unless
    /// `overwrite` is true, nothing is written when any of the three names is
    /// taken (a file or a symbolic link, dangling or not).
    ///
    /// - Throws: ``TestbedError`` when a name is taken (without `overwrite`)
    ///   or a file cannot be written.
    @discardableResult
    public func write(to directory: String, name: String, overwrite: Bool = false) throws(TestbedError) -> TestbedFiles {
        guard !name.isEmpty, !name.contains("/") else { throw TestbedError("expected a testbed name without '/', found '\(TextFormat.visible(name))'") }
        if mkdir(directory, 0o700) != 0, errno != EEXIST {
            throw TestbedError("cannot create \(TextFormat.visible(directory)): \(ErrnoText.reason(errno))")
        }
        let base = (directory.hasSuffix("/") ? String(directory.dropLast()) : directory) + "/" + name
        let files = TestbedFiles(umockdev: base + ".umockdev", ioctl: base + ".ioctl", events: base + ".events", node: node)
        let paths = [files.umockdev, files.ioctl, files.events]
        do throws(RecordingError) {
            // All three names checked before any is written, so a refusal leaves nothing half done.
            for path in paths { try RecordingAtomicFile.checkPath(path, overwrite: overwrite) }
            for (path, text) in zip(paths, [umockdevText(), ioctlText(), eventsText()]) {
                try RecordingAtomicFile.write(Array(text.utf8), to: path, overwrite: overwrite)
            }
        } catch {
            throw TestbedError(error.description, takenPath: error.problem == .exists ? error.file : nil)
        }
        return files
    }

    // MARK: Events

    /// The `.events` text: one evemu `E:` line per event, microseconds unpadded (see ``RecordingExporter/umockdevEventsText(for:)``).
    public func eventsText() -> String {
        UmockdevEventLines.text(for: events)
    }
}
