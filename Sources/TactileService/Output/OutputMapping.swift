// Where on the virtual pointer's axes a point of the touchscreen's output lies, when the pointer spans the whole layout.

/// One output (monitor) of the compositor's layout, in logical coordinates
/// (the coordinates windows and the cursor live in: a 3840×2160 panel at
/// scale 2 is 1920×1080 logical).
///
/// ```swift
/// let laptop = OutputRect(name: "eDP-1", x: 0, y: 0, width: 1920, height: 1080)
/// // Hyprland reports pixels, a scale and a transform: 2880×1800 at 1.5, turned 90°
/// let tablet = OutputRect(name: "DP-2", x: 1920, y: 0, pixelWidth: 2880, pixelHeight: 1800, scale: 1.5, transform: 1)
/// tablet.width    // 1200 (turned: the logical width is the pixel height over the scale)
/// ```
public struct OutputRect: Hashable, Sendable {
    /// The connector (`eDP-1`, `HDMI-A-1`).
    public var name: String
    /// The top-left corner in the layout (negative left of or above the origin).
    public var x: Double
    public var y: Double
    /// The logical size (turned: a quarter turn swaps the mode's sides).
    public var width: Double
    public var height: Double
    /// How the desktop turns the output (``OutputTransform``, in the
    /// protocol's terms): what a touchscreen on it follows.
    public var transform: OutputTransform

    /// An output of `width`×`height` logical units at (`x`, `y`): sway's
    /// `GET_OUTPUTS` `rect`, RandR's CRTC geometry (scale 1).
    public init(name: String, x: Double, y: Double, width: Double, height: Double) {
        self.init(name: name, x: x, y: y, width: width, height: height, transform: .normal)
    }

    /// An output of `width`×`height` logical units (already turned) at
    /// (`x`, `y`), turned by `transform`.
    ///
    /// ```swift
    /// // sway's `output eDP-1 transform 90` on a 1920×1080 panel: GET_OUTPUTS' rect is 1080×1920
    /// OutputRect(name: "eDP-1", x: 0, y: 0, width: 1080, height: 1920, transform: .rotated270)
    /// ```
    public init(name: String, x: Double, y: Double, width: Double, height: Double, transform: OutputTransform) {
        self.name = name
        self.x = x
        self.y = y
        self.width = width
        self.height = height
        self.transform = transform
    }

    /// An output of `pixelWidth`×`pixelHeight` mode pixels shown at `scale`
    /// and turned by `transform` (wl_output's: 1 and 3 turn by 90° and 270°,
    /// 5 and 7 flip and turn; see ``OutputTransform``), as `hyprctl -j monitors` reports it.
    public init(name: String, x: Double, y: Double, pixelWidth: Double, pixelHeight: Double, scale: Double, transform: Int = 0) {
        let scale = scale > 0 && scale.isFinite ? scale : 1
        let turn = OutputTransform(wayland: transform) ?? .normal
        let turned = turn.swapsSides
        self.init(name: name, x: x, y: y,
                  width: (turned ? pixelHeight : pixelWidth) / scale,
                  height: (turned ? pixelWidth : pixelHeight) / scale, transform: turn)
    }

    /// Whether it has an area (a disabled output's rect is empty).
    public var isEmpty: Bool { !(width > 0 && height > 0) }
}

/// Turns a point of the touchscreen, as fractions of its width and height,
/// into fractions of the virtual pointer's axes.
///
/// A compositor maps an absolute pointer it was told nothing about over the
/// bounding box of every output (wlroots' `wlr_cursor_warp_absolute` without
/// a mapped output, X11 over the whole screen). The click must then be moved
/// into the touchscreen's part of that box. When the compositor maps the
/// pointer to the touchscreen's output (sway's `map_to_output`), the mapping
/// is the ``identity``.
///
/// Two 1920×1080 monitors side by side, the touchscreen on the right:
///
/// ```swift
/// let layout = [OutputRect(name: "DP-1", x: 0, y: 0, width: 1920, height: 1080),
///               OutputRect(name: "eDP-1", x: 1920, y: 0, width: 1920, height: 1080)]
/// let mapping = OutputMapping(layout: layout, touchscreen: "eDP-1")
/// mapping?.place(x: 0.5, y: 0.5)   // (0.75, 0.5): the middle of the right half
/// ```
///
/// The touch fractions are fractions of the output as the person sees it:
/// the service turns the touchscreen's surface with its output
/// (``OutputRect/transform``, ``ServiceDevice/turn(to:)``) before a click
/// is placed, and the output's rect is already the turned one, as the
/// pointer's range is.
public struct OutputMapping: Hashable, Sendable {
    /// The touchscreen's output, as a part of the pointer's range: its origin
    /// and size as fractions of the layout's bounding box.
    public var originX: Double, originY: Double
    public var scaleX: Double, scaleY: Double

    /// The pointer spans the touchscreen's output alone: fractions pass unchanged.
    public static let identity = OutputMapping(originX: 0, originY: 0, scaleX: 1, scaleY: 1)

    init(originX: Double, originY: Double, scaleX: Double, scaleY: Double) {
        self.originX = originX
        self.originY = originY
        self.scaleX = scaleX
        self.scaleY = scaleY
    }

    /// The mapping for a pointer that spans the bounding box of `layout`'s
    /// outputs (empty ones left out), the touchscreen being on the output
    /// named `touchscreen`. Nil when no output has that name or the layout
    /// has no area.
    public init?(layout: [OutputRect], touchscreen: String) {
        guard let box = Self.bounds(of: layout.filter { !$0.isEmpty }) else { return nil }
        self.init(layout: layout, touchscreen: touchscreen, range: box)
    }

    /// The mapping for a pointer whose axes span `range`, in the layout's
    /// coordinates, the touchscreen being on the output of `layout` named
    /// `touchscreen`. Mutter spans an absolute pointer over the extents of
    /// its monitors from the origin, KWin over the size of its workspace
    /// from the origin, X11 over the root window: the same as the bounding
    /// box when the layout starts at (0, 0), as these desktops keep it.
    ///
    /// ```swift
    /// // A 3840×1080 X11 screen, the touchscreen its right half
    /// let right = OutputRect(name: "eDP-1", x: 1920, y: 0, width: 1920, height: 1080)
    /// OutputMapping(layout: [right], touchscreen: "eDP-1", range: OutputRect(name: "", x: 0, y: 0, width: 3840, height: 1080))
    /// // originX 0.5, scaleX 0.5
    /// ```
    public init?(layout: [OutputRect], touchscreen: String, range: OutputRect) {
        guard let output = layout.first(where: { $0.name == touchscreen && !$0.isEmpty }), !range.isEmpty,
              range.width.isFinite, range.height.isFinite else { return nil }
        self.init(originX: (output.x - range.x) / range.width, originY: (output.y - range.y) / range.height,
                  scaleX: output.width / range.width, scaleY: output.height / range.height)
    }

    /// The bounding box of `outputs` (nil without area).
    public static func bounds(of outputs: [OutputRect]) -> OutputRect? {
        guard let minX = outputs.map(\.x).min(), let minY = outputs.map(\.y).min(),
              let maxX = outputs.map({ $0.x + $0.width }).max(), let maxY = outputs.map({ $0.y + $0.height }).max(),
              maxX > minX, maxY > minY else { return nil }
        return OutputRect(name: "", x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    /// Whether fractions pass unchanged.
    public var isIdentity: Bool { self == .identity }

    /// The fractions of the pointer's axes for a point at fractions (`x`,
    /// `y`) of the touchscreen (each clamped to 0…1 first).
    public func place(x: Double, y: Double) -> (x: Double, y: Double) {
        (originX + Self.unit(x) * scaleX, originY + Self.unit(y) * scaleY)
    }

    private static func unit(_ value: Double) -> Double { value.isFinite ? min(max(value, 0), 1) : 0 }
}
