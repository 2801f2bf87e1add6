// The mounting a device's udev entry gives it: libinput's default calibration matrix.
import Tactile

extension EvdevDevice {
    /// The transform libinput applies to this device by default: the
    /// `LIBINPUT_CALIBRATION_MATRIX` of its udev entry, on a touchscreen
    /// (libinput calibrates touchscreens and tablets, never touchpads).
    /// `nil` when there is none, or when its value is no matrix
    /// (``udevCalibrationProblem`` says why; it is then ignored, as libinput ignores it).
    ///
    /// A panel calibrated for the desktop is right for Tactile with no flag:
    /// `LiveSession(device:window:)` uses this transform unless it is given another.
    ///
    /// ```swift
    /// let device = try EvdevDevice(path: "/dev/input/event5")
    /// let transform = device.udevCalibration ?? .identity
    /// let window = Window(screen: transform.screen(turning: panelScreen))
    /// ```
    public var udevCalibration: SurfaceTransform? {
        guard description.kind == .touchscreen, case .success(let transform)? = udevProperties.calibration else { return nil }
        return transform
    }

    /// Why the udev entry's calibration matrix is ignored, naming the node
    /// and the value; `nil` when there is none or it is a matrix.
    public var udevCalibrationProblem: String? {
        guard let value = udevProperties[UdevProperties.calibrationMatrix] else { return nil }
        if description.kind != .touchscreen {
            return "\(path): \(UdevProperties.calibrationMatrix) is ignored on a \(description.kind) (libinput calibrates touchscreens only)"
        }
        guard case .failure(let problem)? = udevProperties.calibration else { return nil }
        return "\(path): \(UdevProperties.calibrationMatrix)=\"\(TextFormat.visible(value.prefix(80)))\" is ignored: \(problem)"
    }
}
