/// Converts a device's position units into millimetres on its surface and into
/// screen points.
///
/// The surface maps onto the whole screen, for touchscreens and (absolutely)
/// for touchpads, so a touch's screen location tells where it is on the pad.
/// Millimetres come from the axis resolution; when the device reports none,
/// the size is estimated (see ``isEstimated``) and the assembler warns once.
public struct SurfaceMapping: Hashable, Sendable {
    /// The axes positions come from.
    public let xAxis: AbsoluteAxis
    public let yAxis: AbsoluteAxis
    /// Units per millimetre used on each axis (reported, or estimated).
    public let unitsPerMillimetreX: Double
    public let unitsPerMillimetreY: Double
    /// `true` when at least one axis had no resolution and its units per millimetre were estimated.
    public let isEstimated: Bool
    /// The screen rectangle the surface maps onto.
    public let screenBounds: Rect

    /// The width a touchpad is assumed to have along its longer axis when its
    /// resolution is unknown: a typical laptop pad is 80–110 mm wide.
    public static let estimatedTouchpadWidth = 100.0

    /// Maps `device`'s position axes (or `axes`, when given) onto `screen`.
    public init(device: DeviceDescription, screen: Screen, axes chosen: (x: AbsoluteAxis, y: AbsoluteAxis)? = nil) {
        let axes = chosen ?? device.positionAxes
            ?? (AbsoluteAxis(code: AbsCode.x, minimum: 0, maximum: 0), AbsoluteAxis(code: AbsCode.y, minimum: 0, maximum: 0))
        xAxis = axes.x
        yAxis = axes.y
        screenBounds = screen.bounds
        let resX = Double(axes.x.resolution), resY = Double(axes.y.resolution)
        switch (resX > 0, resY > 0) {
        case (true, true):
            unitsPerMillimetreX = resX
            unitsPerMillimetreY = resY
            isEstimated = false
        case (true, false):
            unitsPerMillimetreX = resX
            unitsPerMillimetreY = resX
            isEstimated = true
        case (false, true):
            unitsPerMillimetreX = resY
            unitsPerMillimetreY = resY
            isEstimated = true
        case (false, false):
            let estimate = Self.estimatedUnitsPerMillimetre(device: device, screen: screen, x: axes.x, y: axes.y)
            unitsPerMillimetreX = estimate
            unitsPerMillimetreY = estimate
            isEstimated = true
        }
    }

    /// A touchscreen covers its screen, so its size is the screen's physical
    /// size; a touchpad's longer axis is taken as ``estimatedTouchpadWidth``.
    /// Units are assumed square.
    private static func estimatedUnitsPerMillimetre(device: DeviceDescription, screen: Screen, x: AbsoluteAxis, y: AbsoluteAxis) -> Double {
        let longer = max(x.span, y.span)
        guard longer > 0 else { return 1 }
        let physicalWidth: Double
        if device.kind == .touchscreen, screen.pointsPerMillimetre > 0 {
            let size = screen.physicalSize
            physicalWidth = x.span >= y.span ? size.width : size.height
        } else {
            physicalWidth = estimatedTouchpadWidth
        }
        return physicalWidth > 0 ? longer / physicalWidth : 1
    }

    /// The surface size in millimetres.
    public var surfaceSize: Size {
        Size(width: xAxis.span / unitsPerMillimetreX, height: yAxis.span / unitsPerMillimetreY)
    }

    /// Millimetres from the surface's minimum corner.
    @inlinable
    public func millimetres(x: Int32, y: Int32) -> Point {
        Point(
            x: (Double(x) - Double(xAxis.minimum)) / unitsPerMillimetreX,
            y: (Double(y) - Double(yAxis.minimum)) / unitsPerMillimetreY
        )
    }

    /// The screen point the position maps to.
    ///
    /// Each of an axis's `maximum - minimum + 1` positions covers an equal
    /// share of the screen, as libinput maps touchscreens
    /// (`evdev_scale_axis`): the minimum lands on the screen's edge and the
    /// maximum one position short of the far edge, so a touch at an axis
    /// maximum is still inside a window sized to the screen (whose bounds
    /// are half-open) and is delivered.
    @inlinable
    public func screenPoint(x: Int32, y: Int32) -> Point {
        let unitsX = xAxis.span + 1, unitsY = yAxis.span + 1
        let fx = (Double(x) - Double(xAxis.minimum)) / unitsX
        let fy = (Double(y) - Double(yAxis.minimum)) / unitsY
        return Point(x: screenBounds.minX + fx * screenBounds.width, y: screenBounds.minY + fy * screenBounds.height)
    }
}
