// A device's position units to millimetres on its surface and to screen points.

/// Converts a device's position units into millimetres on its surface and into
/// screen points.
///
/// The surface maps onto the whole screen, for touchscreens and (absolutely)
/// for touchpads, so a touch's screen location tells where it is on the pad.
/// Millimetres come from the axis resolution; when the device reports none,
/// the size is estimated (see ``sizeSource``) and the assembler warns once:
///
/// - one axis without resolution takes the other's (``SizeSource/otherAxis``);
/// - a touchscreen without any covers its screen, so each axis spans the
///   screen's physical width or height: the units need not be square
///   (``SizeSource/screen``; a 0…4095 × 0…4095 panel on a 1920 × 1080 pt,
///   96 dpi screen is 508 × 285.75 mm);
/// - a touchpad without any (or a touchscreen whose screen has no size) is a
///   typical one, ``estimatedTouchpadWidth`` along its longer axis, units
///   square (``SizeSource/typicalTouchpad``). libinput assumes 69 × 50 mm
///   then, after udev's size hints.
///
/// ```swift
/// let mapping = SurfaceMapping(device: panelWithoutResolution, screen: Screen(width: 1920, height: 1080))
/// mapping.sizeSource   // .screen
/// mapping.surfaceSize  // 508 × 285.75 mm
/// ```
public struct SurfaceMapping: Hashable, Sendable {
    /// Where the millimetres of the axes come from.
    public enum SizeSource: String, Hashable, Sendable {
        /// Both axes report a resolution: nothing is estimated.
        case resolution
        /// One axis reports none and takes the other's (square units).
        case otherAxis
        /// A touchscreen without resolution: it covers its screen, each axis sized by the screen's physical size.
        case screen
        /// No resolution and no screen to cover: a typical touchpad, ``SurfaceMapping/estimatedTouchpadWidth`` along its longer axis.
        case typicalTouchpad
    }

    /// The axes positions come from.
    public let xAxis: AbsoluteAxis
    public let yAxis: AbsoluteAxis
    /// Units per millimetre used on each axis (reported, or estimated).
    public let unitsPerMillimetreX: Double
    public let unitsPerMillimetreY: Double
    /// Where the units per millimetre come from.
    public let sizeSource: SizeSource
    /// `true` when at least one axis had no resolution and its units per millimetre were estimated.
    public var isEstimated: Bool { sizeSource != .resolution }
    /// The screen rectangle the surface maps onto.
    public let screenBounds: Rect
    /// Screen points per device unit on each axis (see ``screenPoint(x:y:)``),
    /// worked out once so mapping a position multiplies instead of dividing.
    @usableFromInline let pointsPerUnitX: Double
    @usableFromInline let pointsPerUnitY: Double

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
        pointsPerUnitX = screen.bounds.width / (axes.x.span + 1)
        pointsPerUnitY = screen.bounds.height / (axes.y.span + 1)
        let resX = Double(axes.x.resolution), resY = Double(axes.y.resolution)
        switch (resX > 0, resY > 0) {
        case (true, true):
            (unitsPerMillimetreX, unitsPerMillimetreY, sizeSource) = (resX, resY, .resolution)
        case (true, false):
            (unitsPerMillimetreX, unitsPerMillimetreY, sizeSource) = (resX, resX, .otherAxis)
        case (false, true):
            (unitsPerMillimetreX, unitsPerMillimetreY, sizeSource) = (resY, resY, .otherAxis)
        case (false, false):
            let size = screen.physicalSize
            if device.kind == .touchscreen, size.width > 0, size.height > 0 {
                unitsPerMillimetreX = axes.x.span > 0 ? axes.x.span / size.width : 1
                unitsPerMillimetreY = axes.y.span > 0 ? axes.y.span / size.height : 1
                sizeSource = .screen
            } else {
                let longer = max(axes.x.span, axes.y.span)
                let units = longer > 0 ? longer / Self.estimatedTouchpadWidth : 1
                (unitsPerMillimetreX, unitsPerMillimetreY, sizeSource) = (units, units, .typicalTouchpad)
            }
        }
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
        Point(
            x: screenBounds.minX + (Double(x) - Double(xAxis.minimum)) * pointsPerUnitX,
            y: screenBounds.minY + (Double(y) - Double(yAxis.minimum)) * pointsPerUnitY
        )
    }
}
