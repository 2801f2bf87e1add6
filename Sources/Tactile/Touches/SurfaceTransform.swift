// How a device's surface lies on the screen as a person sees it: libinput's calibration matrix.

/// How a touch surface lies on the screen as the person sees it: a panel
/// mounted upside down or in portrait, mirrored, or calibrated.
///
/// It is libinput's calibration matrix, with libinput's semantics: the 2×3
/// matrix `[a b c; d e f]` over *normalized* coordinates (each axis of the
/// surface from 0 to 1, the translation `c`, `f` in multiples of the
/// surface's width and height), applied as
///
/// ```
/// x' = a·x + b·y + c
/// y' = d·x + e·y + f
/// ```
///
/// so the six values a desktop's `LIBINPUT_CALIBRATION_MATRIX` udev
/// property, sway's `calibration_matrix` or `libinput_device_config_calibration_set_matrix`
/// take mean the same here. The rotations are libinput's documented
/// matrices, clockwise:
///
/// | rotation | matrix |
/// |---|---|
/// | 90° | `0 -1 1 1 0 0` |
/// | 180° | `-1 0 1 0 -1 1` |
/// | 270° | `0 1 0 -1 0 1` |
///
/// A quarter turn swaps the screen's sides: an 800 × 480 panel in portrait
/// is a 480 × 800 screen (``screen(turning:)``).
///
/// Screen points follow the whole matrix. Millimetres on the surface stay
/// millimetres under the finger, turned only by the matrix's
/// ``orientation`` (the nearest quarter turn or mirror), so thresholds keep
/// their physical size while directions, edges and velocities follow the
/// screen as the person sees it.
///
/// ```swift
/// let mounted = SurfaceTransform.rotated(.clockwise90)
/// mounted.apply(to: Point(x: 0, y: 0))    // (1, 0): the panel's top-left is the screen's top-right
/// let calibrated = try SurfaceTransform(parsing: "1.02 0 -0.01 0 1.03 -0.015")
/// let portrait = mounted.screen(turning: Screen(width: 800, height: 480))   // 480 × 800
/// ```
public struct SurfaceTransform: Hashable, Sendable, CustomStringConvertible {
    /// The first row, `x' = a·x + b·y + c`.
    public let a: Double, b: Double, c: Double
    /// The second row, `y' = d·x + e·y + f`.
    public let d: Double, e: Double, f: Double

    /// A quarter turn of the surface, clockwise, as `--rotate` names it.
    public enum Rotation: Int, CaseIterable, Hashable, Sendable {
        /// Upright: the identity.
        case none = 0
        /// A quarter turn clockwise: the panel's top edge is the screen's right edge.
        case clockwise90 = 90
        /// Upside down.
        case clockwise180 = 180
        /// Three quarter turns clockwise (a quarter turn counter-clockwise).
        case clockwise270 = 270

        /// The rotation of `degrees` clockwise, when it is 0, 90, 180 or 270 (or those plus whole turns, or negative).
        public init?(degrees: Int) {
            let turned = ((degrees % 360) + 360) % 360
            self.init(rawValue: turned)
        }
    }

    /// The matrix `[a b c; d e f]`; use ``init(calibration:)`` for values that
    /// come from outside, which are checked.
    public init(a: Double, b: Double, c: Double, d: Double, e: Double, f: Double) {
        (self.a, self.b, self.c, self.d, self.e, self.f) = (a, b, c, d, e, f)
    }

    /// Leaves the surface as it is.
    public static let identity = SurfaceTransform(a: 1, b: 0, c: 0, d: 0, e: 1, f: 0)
    /// Mirrored left to right (libinput's `-1 0 1 0 1 0`).
    public static let flippedHorizontally = SurfaceTransform(a: -1, b: 0, c: 1, d: 0, e: 1, f: 0)
    /// Mirrored top to bottom (libinput's `1 0 0 0 -1 1`).
    public static let flippedVertically = SurfaceTransform(a: 1, b: 0, c: 0, d: 0, e: -1, f: 1)

    /// The surface turned clockwise by `rotation` (libinput's documented matrices).
    ///
    /// ```swift
    /// SurfaceTransform.rotated(.clockwise180).values   // [-1, 0, 1, 0, -1, 1]
    /// ```
    public static func rotated(_ rotation: Rotation) -> SurfaceTransform {
        switch rotation {
        case .none: .identity
        case .clockwise90: SurfaceTransform(a: 0, b: -1, c: 1, d: 1, e: 0, f: 0)
        case .clockwise180: SurfaceTransform(a: -1, b: 0, c: 1, d: 0, e: -1, f: 1)
        case .clockwise270: SurfaceTransform(a: 0, b: 1, c: 0, d: -1, e: 0, f: 1)
        }
    }

    /// libinput's six values `a b c d e f`, checked: each finite and at most
    /// ``maximumMagnitude`` in size, and the matrix must keep the surface a
    /// surface (a determinant of at least ``minimumDeterminant`` in size:
    /// a matrix that folds it onto a line would put every touch in one place).
    ///
    /// - Throws: ``SurfaceTransformError`` saying which value is wrong, and why.
    public init(calibration values: [Double]) throws(SurfaceTransformError) {
        guard values.count == 6 else { throw .wrongCount(values.count) }
        for (index, value) in values.enumerated() {
            guard value.isFinite, abs(value) <= Self.maximumMagnitude else { throw .absurdValue(index: index, value: value) }
        }
        self.init(a: values[0], b: values[1], c: values[2], d: values[3], e: values[4], f: values[5])
        guard abs(a * e - b * d) >= Self.minimumDeterminant else { throw .degenerate(values) }
    }

    /// libinput's six values as text, separated by white space, as the udev
    /// property `LIBINPUT_CALIBRATION_MATRIX` and `--calibration` give them:
    /// `"0 -1 1 1 0 0"`.
    ///
    /// - Throws: ``SurfaceTransformError`` when the text is not six numbers or they are absurd.
    public init(parsing text: String) throws(SurfaceTransformError) {
        let words = text.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" })
        var values: [Double] = []
        for word in words {
            guard let value = Double(word) else { throw .notANumber(String(word.prefix(40))) }
            values.append(value)
        }
        try self.init(calibration: values)
    }

    /// The largest value a matrix may hold: a calibration scales by a few
    /// percent and translates by a fraction of the surface.
    public static let maximumMagnitude = 1_000.0
    /// The smallest determinant a matrix may have (in size).
    public static let minimumDeterminant = 0.001

    /// The six values, `[a, b, c, d, e, f]`.
    public var values: [Double] { [a, b, c, d, e, f] }

    /// Whether it leaves the surface as it is.
    public var isIdentity: Bool { self == .identity }

    /// Where a normalized point of the surface lands, normalized on the screen.
    @inlinable
    public func apply(to point: Point) -> Point {
        Point(x: a * point.x + b * point.y + c, y: d * point.x + e * point.y + f)
    }

    /// This transform, then `next`: a panel's calibration followed by its
    /// output's rotation, as one matrix.
    ///
    /// ```swift
    /// let calibrated = try SurfaceTransform(parsing: "1.02 0 -0.01 0 1.03 -0.015")
    /// let seen = calibrated.followed(by: .rotated(.clockwise90))
    /// ```
    public func followed(by next: SurfaceTransform) -> SurfaceTransform {
        SurfaceTransform(
            a: next.a * a + next.b * d, b: next.a * b + next.b * e, c: next.a * c + next.b * f + next.c,
            d: next.d * a + next.e * d, e: next.d * b + next.e * e, f: next.d * c + next.e * f + next.f
        )
    }

    /// The transform that undoes this one: where on the surface (normalized)
    /// a normalized point of the screen comes from, as a test that draws on
    /// the screen needs to know what the mounted panel sends. `nil` for a
    /// matrix that folds the surface onto a line (which
    /// ``init(calibration:)`` refuses).
    ///
    /// ```swift
    /// SurfaceTransform.rotated(.clockwise90).inverted == .rotated(.clockwise270)   // true
    /// ```
    public var inverted: SurfaceTransform? {
        let determinant = a * e - b * d
        guard determinant != 0, determinant.isFinite else { return nil }
        let (ia, ib, id, ie) = (e / determinant, -b / determinant, -d / determinant, a / determinant)
        return SurfaceTransform(a: ia, b: ib, c: -(ia * c + ib * f), d: id, e: ie, f: -(id * c + ie * f))
    }

    /// The quarter turn or mirror nearest the matrix: what millimetres
    /// and the screen's sides follow.
    public var orientation: SurfaceOrientation {
        func sign(_ value: Double) -> Bool { value < 0 }
        if abs(a) + abs(e) >= abs(b) + abs(d) {
            return SurfaceOrientation(swapsAxes: false, mirrorsX: sign(a), mirrorsY: sign(e))
        }
        return SurfaceOrientation(swapsAxes: true, mirrorsX: sign(b), mirrorsY: sign(d))
    }

    /// `native`, the screen of the panel as it was made (its width along the
    /// surface's x axis), as the person sees it: its sides swapped when the
    /// transform turns the surface by a quarter.
    public func screen(turning native: Screen) -> Screen {
        orientation.swapsAxes ? native.withSidesSwapped : native
    }

    /// The six values as libinput and `--calibration` write them: `0 -1 1 1 0 0`.
    public var description: String {
        values.map { FixedDecimal.shortest($0) }.joined(separator: " ")
    }

    /// What a person reads: "rotated 90°", "mirrored left to right", or the
    /// matrix (with its nearest orientation when it turns the surface).
    public var summary: String {
        if let rotation = Rotation.allCases.first(where: { Self.rotated($0) == self }) {
            return rotation == .none ? "upright" : "rotated \(rotation.rawValue)° clockwise"
        }
        if self == .flippedHorizontally { return "mirrored left to right" }
        if self == .flippedVertically { return "mirrored top to bottom" }
        let turn = orientation.summary
        return "calibration \(description)" + (turn == "upright" ? "" : " (\(turn))")
    }
}

extension SurfaceTransform: Codable {
    /// Decodes libinput's six values `[a, b, c, d, e, f]`, checked as ``init(calibration:)`` checks them.
    public init(from decoder: any Decoder) throws {
        let values = try decoder.singleValueContainer().decode([Double].self)
        do throws(SurfaceTransformError) {
            try self.init(calibration: values)
        } catch {
            throw DecodingError.dataCorrupted(DecodingError.Context(codingPath: decoder.codingPath, debugDescription: error.description))
        }
    }

    /// Encodes the six values `[a, b, c, d, e, f]`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(values)
    }
}

/// The quarter turn or mirror a ``SurfaceTransform`` is nearest: how
/// millimetres on the surface are turned so that they follow the screen.
///
/// With the surface `width × height` millimetres as made, a point at
/// (`x`, `y`) millimetres is at (`y`, `x`) when ``swapsAxes`` (the turned
/// surface is `height × width`), then at `side - x` on an axis that is
/// mirrored: distances stay as they were.
public struct SurfaceOrientation: Hashable, Sendable {
    /// Whether the screen's x axis runs along the surface's y axis (a quarter turn).
    public var swapsAxes: Bool
    /// Whether the screen's x axis runs against the surface's (after any swap).
    public var mirrorsX: Bool
    /// Whether the screen's y axis runs against the surface's (after any swap).
    public var mirrorsY: Bool

    /// Upright.
    public static let upright = SurfaceOrientation(swapsAxes: false, mirrorsX: false, mirrorsY: false)

    public init(swapsAxes: Bool, mirrorsX: Bool, mirrorsY: Bool) {
        self.swapsAxes = swapsAxes
        self.mirrorsX = mirrorsX
        self.mirrorsY = mirrorsY
    }

    /// The surface's size as turned.
    public func apply(to size: Size) -> Size {
        swapsAxes ? Size(width: size.height, height: size.width) : size
    }

    /// `point`, millimetres on a surface of `size` as made, on the surface as turned.
    @inlinable
    public func apply(to point: Point, on size: Size) -> Point {
        let (x, y, width, height) = swapsAxes ? (point.y, point.x, size.height, size.width) : (point.x, point.y, size.width, size.height)
        return Point(x: mirrorsX ? width - x : x, y: mirrorsY ? height - y : y)
    }

    /// The orientation that undoes this one: applied on the turned size, it
    /// gives back millimetres along the device's own axes.
    ///
    /// ```swift
    /// let turned = SurfaceTransform.rotated(.clockwise90).orientation
    /// let seen = turned.apply(to: Point(x: 10, y: 20), on: Size(width: 160, height: 96))   // (76, 10)
    /// turned.inverted.apply(to: seen, on: Size(width: 96, height: 160))                     // (10, 20)
    /// ```
    public var inverted: SurfaceOrientation {
        swapsAxes ? SurfaceOrientation(swapsAxes: true, mirrorsX: mirrorsY, mirrorsY: mirrorsX) : self
    }

    /// "upright", "rotated 90° clockwise", "mirrored left to right", …
    public var summary: String {
        switch (swapsAxes, mirrorsX, mirrorsY) {
        case (false, false, false): "upright"
        case (true, true, false): "rotated 90° clockwise"
        case (false, true, true): "rotated 180°"
        case (true, false, true): "rotated 270° clockwise"
        case (false, true, false): "mirrored left to right"
        case (false, false, true): "mirrored top to bottom"
        case (true, false, false): "mirrored along the diagonal"
        case (true, true, true): "mirrored along the other diagonal"
        }
    }
}

/// Why six values are no ``SurfaceTransform``.
public enum SurfaceTransformError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Not six values.
    case wrongCount(Int)
    /// A word that is no number.
    case notANumber(String)
    /// A value that is not finite or is larger than ``SurfaceTransform/maximumMagnitude``.
    case absurdValue(index: Int, value: Double)
    /// A matrix that folds the surface onto a line or a point.
    case degenerate([Double])

    public var description: String {
        switch self {
        case .wrongCount(let count):
            "a calibration matrix is six numbers, a b c d e f (libinput's LIBINPUT_CALIBRATION_MATRIX, such as \"0 -1 1 1 0 0\"); got \(count)"
        case .notANumber(let word):
            "\"\(TextFormat.visible(word))\" is not a number; a calibration matrix is six numbers, a b c d e f"
        case .absurdValue(let index, let value):
            "value \(index + 1) of the calibration matrix (\(value)) is not a finite number of at most \(FixedDecimal.shortest(SurfaceTransform.maximumMagnitude)) in size"
        case .degenerate(let values):
            "the calibration matrix \(values.map { FixedDecimal.shortest($0) }.joined(separator: " ")) folds the surface onto a line (a·e − b·d is 0): every touch would land in one place"
        }
    }
}

extension Screen {
    /// The same screen with width and height exchanged (a quarter turn).
    var withSidesSwapped: Screen {
        Screen(bounds: Rect(x: bounds.minY, y: bounds.minX, width: bounds.height, height: bounds.width),
               pointsPerMillimetre: pointsPerMillimetre)
    }
}
