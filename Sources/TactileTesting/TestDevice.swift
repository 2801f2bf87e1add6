// The device a test's touches come from: a touchscreen, a touchpad, or any described device, and how it is mounted.
import Tactile
import TactileSynthesis

/// The device a ``TouchTester`` feeds from, and how it is mounted.
///
/// ```swift
/// let tester = TouchTester(window: window, device: .touchpad)
/// let recorded = TouchTester(window: window, device: TestDevice(recording.device))
/// // A panel mounted upside down: the tester draws on the screen as seen and sends what the panel would.
/// let kiosk = TouchTester(window: window, device: .touchscreen.mounted(.rotated(.clockwise180)))
/// ```
public struct TestDevice: Sendable, Hashable {
    /// What the device announces.
    public var description: DeviceDescription
    /// How its surface lies on the screen (libinput's calibration matrix:
    /// a rotation, a mirror, a calibration), upright by default. The tester
    /// draws gestures on the screen as the person sees it, sends the events
    /// the device mounted so would send, and reads them through a pipeline
    /// with this transform, as a live session on that panel would.
    public var mounting: SurfaceTransform = .identity

    /// A device that announces `description`, mounted upright.
    public init(_ description: DeviceDescription) {
        self.description = description
    }

    /// A device that announces `description`, mounted as `mounting` says.
    ///
    /// ```swift
    /// let calibrated = try SurfaceTransform(parsing: "1.02 0 -0.01 0 1.03 -0.015")
    /// let device = TestDevice(panel, mounting: calibrated.followed(by: .rotated(.clockwise90)))
    /// ```
    public init(_ description: DeviceDescription, mounting: SurfaceTransform) {
        self.description = description
        self.mounting = mounting
    }

    /// The same device mounted as `mounting` says (replacing its mounting).
    ///
    /// ```swift
    /// TouchTester(window: portrait, device: .touchscreen.mounted(.rotated(.clockwise90)))
    /// ```
    public func mounted(_ mounting: SurfaceTransform) -> TestDevice {
        TestDevice(description, mounting: mounting)
    }

    /// A 10-finger touchscreen of 273 × 154 mm (TactileSynthesis's).
    public static let touchscreen = TestDevice(SynthesizedDevices.touchscreen)
    /// A 5-slot touchpad of 108 × 67 mm (TactileSynthesis's).
    public static let touchpad = TestDevice(SynthesizedDevices.touchpad)
}
