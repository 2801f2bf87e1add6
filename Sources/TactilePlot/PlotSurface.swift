// The surface a plot draws on: its outline and the unit its axes are labelled in (mm, screen points or device units).
import Tactile

/// The surface a ``GesturePlot`` draws touches on: the outline of the
/// device's touch area and the unit its axes are labelled in.
///
/// Positions are kept in the millimetres the touch assembler gives
/// (`Touch.surfaceLocation`), which are exact when the device reports its
/// resolution and estimated otherwise; the axes then say what the numbers
/// really are:
///
/// - a device with a resolution is labelled in **millimetres**;
/// - a touchscreen without one covers its screen: it is labelled in the
///   **screen points** it maps to;
/// - any other device without one (a touchpad) is labelled in its own
///   **device units**, counted from the axis minimum.
///
/// ```swift
/// let surface = PlotSurface(device: recording.device, screen: recording.screen)
/// surface.unit          // .millimetres
/// surface.size          // 100 × 60 (mm)
/// surface.outlineName   // "touchpad surface"
/// ```
public struct PlotSurface: Hashable, Sendable {
    /// What the axes of the surface count.
    public enum Unit: String, Hashable, Sendable {
        /// Millimetres: the device reports its resolution.
        case millimetres = "mm"
        /// Screen points: a touchscreen without resolution, mapped onto its screen.
        case screenPoints = "screen points"
        /// The device's own position units, from the axis minimum: no resolution.
        case deviceUnits = "device units"
    }

    /// The unit the axes are labelled in.
    public let unit: Unit
    /// The outline's size in millimetres (as the assembler sizes the surface;
    /// estimated without resolution), at least 1 mm each way.
    public let size: Size
    /// How many of ``unit`` one millimetre is along x.
    public let unitsPerMillimetreX: Double
    /// How many of ``unit`` one millimetre is along y.
    public let unitsPerMillimetreY: Double
    /// What the outline is: `touchscreen (the screen)` or `touchpad surface`.
    public let outlineName: String
    /// The mapping touches were placed with.
    public let mapping: SurfaceMapping

    /// The surface of `device`, its touches mapped onto `screen` (as the
    /// engine maps them: a replay's window, or the service's layout), the
    /// surface lying there as `transform` says: drawn as the person sees it.
    public init(device: DeviceDescription, screen: Screen, transform: SurfaceTransform = .identity) {
        let mapping = SurfaceMapping(device: device, screen: screen, transform: transform)
        self.mapping = mapping
        let measured = mapping.surfaceSize
        size = Size(width: Self.usable(measured.width), height: Self.usable(measured.height))
        switch mapping.sizeSource {
        case .resolution, .otherAxis:
            unit = .millimetres
            (unitsPerMillimetreX, unitsPerMillimetreY) = (1, 1)
        case .screen:
            // Screen points per device unit times device units per (estimated) millimetre.
            unit = .screenPoints
            // A quarter turn lays the device's y axis along the screen's width.
            let (alongX, alongY) = mapping.orientation.swapsAxes
                ? ((mapping.yAxis, mapping.unitsPerMillimetreY), (mapping.xAxis, mapping.unitsPerMillimetreX))
                : ((mapping.xAxis, mapping.unitsPerMillimetreX), (mapping.yAxis, mapping.unitsPerMillimetreY))
            unitsPerMillimetreX = screen.bounds.width / (alongX.0.span + 1) * alongX.1
            unitsPerMillimetreY = screen.bounds.height / (alongY.0.span + 1) * alongY.1
        case .typicalTouchpad:
            unit = .deviceUnits
            (unitsPerMillimetreX, unitsPerMillimetreY) = (mapping.unitsPerMillimetreX, mapping.unitsPerMillimetreY)
        }
        outlineName = device.kind == .touchscreen ? "touchscreen (the screen)" : "\(device.kind.rawValue) surface"
    }

    /// The outline's size in ``unit``.
    public var sizeInUnits: Size {
        Size(width: size.width * unitsPerMillimetreX, height: size.height * unitsPerMillimetreY)
    }

    /// Where a point of the screen touches map onto lies on the surface, in millimetres.
    ///
    /// ```swift
    /// surface.millimetres(fromScreen: action.location)   // where the action happened on the surface
    /// ```
    public func millimetres(fromScreen point: Point) -> Point {
        let bounds = mapping.screenBounds
        let perMillimetreX = bounds.width / (mapping.xAxis.span + 1) * mapping.unitsPerMillimetreX
        let perMillimetreY = bounds.height / (mapping.yAxis.span + 1) * mapping.unitsPerMillimetreY
        return Point(
            x: perMillimetreX > 0 ? (point.x - bounds.minX) / perMillimetreX : 0,
            y: perMillimetreY > 0 ? (point.y - bounds.minY) / perMillimetreY : 0
        )
    }

    /// A rectangle of the screen on the surface, in millimetres.
    public func millimetres(fromScreen rect: Rect) -> Rect {
        let low = millimetres(fromScreen: rect.origin)
        let high = millimetres(fromScreen: Point(x: rect.maxX, y: rect.maxY))
        return Rect(x: low.x, y: low.y, width: high.x - low.x, height: high.y - low.y)
    }

    /// A side of at least 1 mm (a device without position axes has none).
    private static func usable(_ side: Double) -> Double {
        side.isFinite && side >= 1 ? side : 1
    }
}
