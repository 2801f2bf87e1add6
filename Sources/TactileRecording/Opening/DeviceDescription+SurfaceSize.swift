// A device whose position axes report no resolution, given the one that spans a known surface size.
import Tactile

extension DeviceDescription {
    /// The device with a resolution on each position axis (`ABS_X`, `ABS_Y`,
    /// `ABS_MT_POSITION_X`, `ABS_MT_POSITION_Y`) that reports none, so that its
    /// span covers `size` millimetres: rounded to whole units per millimetre,
    /// at least 1, at most `Int32.max`. Axes with a resolution keep it; `size`
    /// must be positive and finite (``Recording/open(_:options:)`` checks it).
    func resolvingSurface(toMillimetres size: Size) -> DeviceDescription {
        var device = self
        device.axes = axes.map { axis in
            var axis = axis
            let millimetres: Double
            switch axis.code {
            case AbsCode.x, AbsCode.mtPositionX: millimetres = size.width
            case AbsCode.y, AbsCode.mtPositionY: millimetres = size.height
            default: return axis
            }
            if axis.resolution <= 0 {
                axis.resolution = Int32(min(Double(Int32.max), max(1, (axis.span / millimetres).rounded())))
            }
            return axis
        }
        return device
    }
}
