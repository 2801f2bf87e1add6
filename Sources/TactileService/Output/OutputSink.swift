// Where the service's output goes: virtual devices it creates and the events it writes to them.
import Tactile

/// A virtual device the service creates, by what it is for.
public enum VirtualDeviceTemplate: Hashable, Sendable {
    /// A copy of a touch device, through which the touches the service does
    /// not claim pass on: the same axes (ranges, resolution), keys and
    /// properties, with `ABS_MT_TOOL_TYPE` (0…`MT_TOOL_PALM`) added when the
    /// device has slots and no such axis, so that claimed touches can be cancelled.
    case touchCopy(of: DeviceDescription)
    /// A keyboard for key chords: every key code from `KEY_ESC` to `KEY_MICMUTE`.
    case keyboard
    /// An absolute pointer for clicks where the finger is (as a VM's USB
    /// tablet): `ABS_X`/`ABS_Y` with these ranges, `BTN_LEFT`, `BTN_RIGHT`,
    /// `BTN_MIDDLE`, and the wheels (`REL_WHEEL`, `REL_HWHEEL` and their `_HI_RES`).
    case pointer(x: AbsoluteAxis, y: AbsoluteAxis)

    /// The device the template makes, as `DeviceDescription` describes devices.
    public func description(name: String) -> DeviceDescription {
        VirtualDeviceLayout.description(of: self, name: name)
    }
}

/// Identifies a device a sink created.
public struct VirtualDeviceID: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The device's number in its sink, from 1.
    public var rawValue: Int
    /// The device numbered `rawValue`.
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// Whether `lhs` was created first.
    public static func < (lhs: VirtualDeviceID, rhs: VirtualDeviceID) -> Bool { lhs.rawValue < rhs.rawValue }
    /// `virtual#N`.
    public var description: String { "virtual#\(rawValue)" }
}

/// Why a sink could not create a device or write to it.
public struct OutputError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What was being done (`create "Touchscreen (Tactile)"`, `write to /dev/input/event7`).
    public var operation: String
    /// Why, in words (`/dev/uinput: permission denied — see dist/README…`).
    public var reason: String

    /// An error: `operation` could not be done, for `reason`.
    public init(operation: String, reason: String) {
        self.operation = operation
        self.reason = reason
    }

    /// `cannot OPERATION: REASON`.
    public var description: String { "cannot \(operation): \(reason)" }
}

/// Where the service sends what it passes on and what it synthesizes.
///
/// The live service writes through `UInputSink` (real uinput devices); tests,
/// `serve --dry-run --output FILE` and `check` write through a
/// ``RecordingSink``, which keeps every device and event as a recording.
///
/// ```swift
/// let sink = RecordingSink()
/// let keyboard = try sink.create(.keyboard, name: "Tactile keyboard")
/// try sink.write([press, report, release, report], to: keyboard)
/// ```
public protocol OutputSink: AnyObject {
    /// Creates a device; its events go through ``write(_:to:)``.
    func create(_ template: VirtualDeviceTemplate, name: String) throws(OutputError) -> VirtualDeviceID
    /// Writes events to a device, in order. A batch ends with `SYN_REPORT`;
    /// the events' times are the service's (a uinput device stamps its own).
    func write(_ events: [InputEvent], to device: VirtualDeviceID) throws(OutputError)
    /// Removes a device (its touches, keys and buttons should be released first).
    func destroy(_ device: VirtualDeviceID)
    /// The device nodes of the devices created (`/dev/input/event7`), when
    /// known: discovery leaves them alone.
    var createdNodes: Set<String> { get }
}
