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
/// A ``SurfaceTransform`` says how the surface is mounted: screen points
/// follow its whole matrix (libinput's calibration), millimetres only its
/// ``SurfaceTransform/orientation``, so they stay millimetres under the
/// finger on the surface as the person sees it.
///
/// ```swift
/// let mapping = SurfaceMapping(device: panelWithoutResolution, screen: Screen(width: 1920, height: 1080))
/// mapping.sizeSource   // .screen
/// mapping.surfaceSize  // 508 × 285.75 mm
/// let portrait = SurfaceMapping(device: panel, screen: Screen(width: 480, height: 800), transform: .rotated(.clockwise90))
/// portrait.screenPoint(x: 0, y: 0)   // (480, 0), held just inside: the panel's corner is the screen's top right
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
    /// How the surface lies on the screen.
    public let transform: SurfaceTransform
    /// The quarter turn or mirror millimetres follow (the transform's).
    public let orientation: SurfaceOrientation
    /// The screen point of a position, `origin + k·(position − minimum)`
    /// (see ``screenPoint(x:y:)``): the transform and the scale to points
    /// worked out once, so mapping a position multiplies instead of dividing.
    @usableFromInline let pointsPerUnitXX: Double, pointsPerUnitXY: Double
    @usableFromInline let pointsPerUnitYX: Double, pointsPerUnitYY: Double
    @usableFromInline let origin: Point
    /// Whether a point must be held inside the screen (a transform can put
    /// the edge of the surface on the far edge of the screen, or beyond).
    @usableFromInline let clamps: Bool

    /// The width a touchpad is assumed to have along its longer axis when its
    /// resolution is unknown: a typical laptop pad is 80–110 mm wide.
    public static let estimatedTouchpadWidth = 100.0

    /// Maps `device`'s position axes (or `axes`, when given) onto `screen`,
    /// the surface lying on it as `transform` says (upright by default).
    public init(device: DeviceDescription, screen: Screen, axes chosen: (x: AbsoluteAxis, y: AbsoluteAxis)? = nil,
                transform: SurfaceTransform = .identity) {
        let axes = chosen ?? device.positionAxes
            ?? (AbsoluteAxis(code: AbsCode.x, minimum: 0, maximum: 0), AbsoluteAxis(code: AbsCode.y, minimum: 0, maximum: 0))
        xAxis = axes.x
        yAxis = axes.y
        screenBounds = screen.bounds
        self.transform = transform
        orientation = transform.orientation
        // Normalized, a position is (p − minimum) / (span + 1), as libinput
        // normalizes: the identity keeps the arithmetic of an upright
        // surface exactly (the terms it adds are zeros).
        let (width, height) = (screen.bounds.width, screen.bounds.height)
        let (unitsX, unitsY) = (axes.x.span + 1, axes.y.span + 1)
        let t = transform
        (pointsPerUnitXX, pointsPerUnitXY) = (t.a * width / unitsX, t.b * width / unitsY)
        (pointsPerUnitYX, pointsPerUnitYY) = (t.d * height / unitsX, t.e * height / unitsY)
        origin = Point(x: t.c * width, y: t.f * height)
        clamps = !t.isIdentity
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
            // A quarter turn lays the surface's x axis along the screen's height.
            let (alongX, alongY) = orientation.swapsAxes ? (size.height, size.width) : (size.width, size.height)
            if device.kind == .touchscreen, size.width > 0, size.height > 0 {
                unitsPerMillimetreX = axes.x.span > 0 ? axes.x.span / alongX : 1
                unitsPerMillimetreY = axes.y.span > 0 ? axes.y.span / alongY : 1
                sizeSource = .screen
            } else {
                let longer = max(axes.x.span, axes.y.span)
                let units = longer > 0 ? longer / Self.estimatedTouchpadWidth : 1
                (unitsPerMillimetreX, unitsPerMillimetreY, sizeSource) = (units, units, .typicalTouchpad)
            }
        }
    }

    /// The surface size in millimetres, as the person sees it (a quarter
    /// turn swaps its sides; ``deviceSurfaceSize`` is the size as made).
    public var surfaceSize: Size { orientation.apply(to: deviceSurfaceSize) }

    /// The surface size in millimetres along the device's own axes.
    public var deviceSurfaceSize: Size {
        Size(width: xAxis.span / unitsPerMillimetreX, height: yAxis.span / unitsPerMillimetreY)
    }

    /// Millimetres from the top-left corner of the surface as the person sees
    /// it (the device's minimum corner when upright).
    @inlinable
    public func millimetres(x: Int32, y: Int32) -> Point {
        let made = Point(
            x: (Double(x) - Double(xAxis.minimum)) / unitsPerMillimetreX,
            y: (Double(y) - Double(yAxis.minimum)) / unitsPerMillimetreY
        )
        return orientation == .upright ? made : orientation.apply(to: made, on: deviceSurfaceSize)
    }

    /// The screen point the position maps to.
    ///
    /// Each of an axis's `maximum - minimum + 1` positions covers an equal
    /// share of the screen, as libinput maps touchscreens
    /// (`evdev_scale_axis`): the minimum lands on the screen's edge and the
    /// maximum one position short of the far edge, so a touch at an axis
    /// maximum is still inside a window sized to the screen (whose bounds
    /// are half-open) and is delivered. A transform other than the identity
    /// can put a position on the far edge or beyond it (a mirror puts the
    /// minimum there): the point is then held just inside the screen, as
    /// compositors hold a calibrated touch on its output.
    @inlinable
    public func screenPoint(x: Int32, y: Int32) -> Point {
        let dx = Double(x) - Double(xAxis.minimum), dy = Double(y) - Double(yAxis.minimum)
        let point = Point(
            x: screenBounds.minX + dx * pointsPerUnitXX + dy * pointsPerUnitXY + origin.x,
            y: screenBounds.minY + dx * pointsPerUnitYX + dy * pointsPerUnitYY + origin.y
        )
        return clamps ? Self.inside(point, screenBounds) : point
    }

    /// `point` held within `bounds`, whose far edges are not inside.
    @usableFromInline
    static func inside(_ point: Point, _ bounds: Rect) -> Point {
        Point(x: min(max(point.x, bounds.minX), max(bounds.minX, bounds.maxX.nextDown)),
              y: min(max(point.y, bounds.minY), max(bounds.minY, bounds.maxY.nextDown)))
    }
}
