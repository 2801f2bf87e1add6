// What `libinput record` writes: per recorded device its evdev description, udev properties and events.
import Tactile

/// What `libinput record` writes (YAML, format version 1): the libinput and
/// system versions, and per recorded device its evdev description, udev
/// properties and events.
///
/// ```yaml
/// version: 1
/// ndevices: 1
/// libinput: {version: "1.22.1", git: "unknown"}
/// system: {os: "debian:12", kernel: "6.1.0", dmi: "…"}
/// devices:
/// - node: /dev/input/event5
///   evdev:
///     name: "SynPS/2 Synaptics TouchPad"
///     id: [17, 2, 7, 433]                      # bus, vendor, product, version
///     codes: {1: [272, 325, 330], 3: [0, 1, 47, 53, 54, 57]}
///     absinfo: {0: [1472, 5768, 0, 0, 65]}      # min, max, fuzz, flat, resolution
///     properties: [0, 2]
///   udev: {properties: [ID_INPUT=1, ID_INPUT_TOUCHPAD=1]}
///   quirks: […]
///   events:
///   - evdev:
///     - [0, 0, 3, 57, 80]                       # sec, usec, type, code, value
///     - [0, 0, 0, 0, 0]
/// ```
///
/// ``LibinputRecordReader`` reads it (``LibinputRecordReader/readRecording(contentsOf:deviceIndex:screen:)``
/// takes one device as a ``Recording``), ``LibinputRecordWriter`` writes it.
public struct LibinputRecording: Hashable, Sendable {
    /// One recorded device.
    public struct Device: Hashable, Sendable {
        /// The device node, such as `/dev/input/event5`, if recorded.
        public var node: String?
        /// The device as evdev described it.
        public var description: DeviceDescription
        /// udev properties, `KEY=value`.
        public var udevProperties: [String]
        /// libinput quirks that applied, as written.
        public var quirks: [String]
        /// The evdev events, in order, with the recorded timestamps (seconds
        /// since the first event of the recording).
        public var events: [InputEvent]

        public init(node: String? = nil, description: DeviceDescription, udevProperties: [String] = [], quirks: [String] = [], events: [InputEvent] = []) {
            self.node = node
            self.description = description
            self.udevProperties = udevProperties
            self.quirks = quirks
            self.events = events
        }
    }

    /// The `libinput` version that recorded, if given.
    public var libinputVersion: String?
    /// The `system` section as key and value (`os`, `kernel`, `dmi`).
    public var system: [String: String]
    /// The recorded devices, in file order.
    public var devices: [Device]

    public init(libinputVersion: String? = nil, system: [String: String] = [:], devices: [Device]) {
        self.libinputVersion = libinputVersion
        self.system = system
        self.devices = devices
    }
}
