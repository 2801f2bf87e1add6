// The device a test's touches come from: a touchscreen, a touchpad, or any described device.
import Tactile
import TactileSynthesis

/// The device a ``TouchTester`` feeds from.
///
/// ```swift
/// let tester = TouchTester(window: window, device: .touchpad)
/// let recorded = TouchTester(window: window, device: TestDevice(recording.device))
/// ```
public struct TestDevice: Sendable, Hashable {
    /// What the device announces.
    public var description: DeviceDescription

    /// A device that announces `description`.
    public init(_ description: DeviceDescription) {
        self.description = description
    }

    /// A 10-finger touchscreen of 273 × 154 mm (TactileSynthesis's).
    public static let touchscreen = TestDevice(SynthesizedDevices.touchscreen)
    /// A 5-slot touchpad of 108 × 67 mm (TactileSynthesis's).
    public static let touchpad = TestDevice(SynthesizedDevices.touchpad)
}
