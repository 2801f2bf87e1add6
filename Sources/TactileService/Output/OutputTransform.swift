// How a desktop turns an output: wl_output's eight transforms, and the touch matrix each calls for.
import Tactile

/// How the desktop turns or mirrors an output, in the Wayland protocol's
/// terms (`wl_output.transform`): what the compositor does to the picture
/// so that it looks upright on a panel the person has turned. `rotated90`
/// is the protocol's `WL_OUTPUT_TRANSFORM_90`, 90° counter-clockwise.
///
/// Each desktop says it in its own words, which its reader translates:
/// mutter's `DisplayConfig` and Hyprland give these numbers; KScreen's
/// rotation `Left` (2) is `rotated90`; RandR's `RR_Rotate_90`
/// (`xrandr --rotate left`) is `rotated90`; wlr-randr's `90` is
/// `rotated90`; but sway's `transform 90` (in its config and its IPC) turns
/// the picture clockwise, and is the protocol's `rotated270`.
///
/// A touchscreen laminated to that output then needs the touch matrix
/// ``surfaceTransform``, libinput's calibration matrix for the output as
/// the person sees it: mutter's own table (`transform_matrices` in
/// `meta-monitor-manager.c`, which mutter gives libinput for a touchscreen
/// on a turned monitor), and what KWin computes for touch on a turned
/// output (`devicePointToGlobalPosition`). For `rotated90` it is libinput's
/// "90° clockwise" matrix, `0 -1 1 1 0 0`.
///
/// ```swift
/// OutputTransform(wayland: 1)                    // .rotated90
/// OutputTransform.rotated90.surfaceTransform     // 0 -1 1 1 0 0
/// OutputTransform.flipped90.name                 // "flipped-90"
/// ```
public enum OutputTransform: Int, CaseIterable, Hashable, Sendable, CustomStringConvertible {
    /// Upright.
    case normal = 0
    /// The picture turned 90° counter-clockwise (`WL_OUTPUT_TRANSFORM_90`).
    case rotated90 = 1
    /// Upside down.
    case rotated180 = 2
    /// The picture turned 270° counter-clockwise (90° clockwise).
    case rotated270 = 3
    /// Mirrored around the vertical axis.
    case flipped = 4
    /// Mirrored, then turned 90° counter-clockwise.
    case flipped90 = 5
    /// Mirrored, then upside down (mirrored top to bottom).
    case flipped180 = 6
    /// Mirrored, then turned 270° counter-clockwise.
    case flipped270 = 7

    /// The transform of the protocol's number (`wl_output.transform`: 0…7),
    /// as mutter's `DisplayConfig`, Hyprland and `wl_output` give it.
    public init?(wayland value: Int) {
        self.init(rawValue: value)
    }

    /// The transform the protocol's name gives: `normal`, `90`, `180`,
    /// `270`, `flipped`, `flipped-90`, `flipped-180`, `flipped-270`, as
    /// wlr-randr prints them (and sway's config and IPC, which mean the
    /// other way round: see ``init(swayName:)``).
    public init?(name: String) {
        guard let found = Self.allCases.first(where: { $0.name == name }) else { return nil }
        self = found
    }

    /// The transform sway's config and IPC name `name`: sway counts its
    /// turns clockwise, so its `90` is the protocol's `270` (sway 1.7's
    /// `output HEADLESS-1 transform 90` is `wl_output` transform 3 to its clients).
    ///
    /// ```swift
    /// OutputTransform(swayName: "90")           // .rotated270
    /// OutputTransform(swayName: "flipped-90")   // .flipped270
    /// ```
    public init?(swayName name: String) {
        guard let named = OutputTransform(name: name) else { return nil }
        self = named.quarterTurnsReversed
    }

    /// Its name in the protocol's words: `normal`, `90`, …, `flipped-270`.
    public var name: String {
        switch self {
        case .normal: "normal"
        case .rotated90: "90"
        case .rotated180: "180"
        case .rotated270: "270"
        case .flipped: "flipped"
        case .flipped90: "flipped-90"
        case .flipped180: "flipped-180"
        case .flipped270: "flipped-270"
        }
    }

    public var description: String { name }

    /// Whether it mirrors the picture.
    public var isFlipped: Bool { rawValue >= 4 }

    /// How many quarter turns, counter-clockwise (0…3).
    public var quarterTurns: Int { rawValue % 4 }

    /// Whether it swaps the output's sides (a quarter turn).
    public var swapsSides: Bool { quarterTurns % 2 == 1 }

    /// The same mirror, turned the other way (90 and 270 exchanged).
    public var quarterTurnsReversed: OutputTransform {
        OutputTransform(rawValue: (isFlipped ? 4 : 0) + (4 - quarterTurns) % 4) ?? self
    }

    /// The touch matrix for a touchscreen on an output turned this way:
    /// libinput's clockwise rotation of ``quarterTurns`` quarters, then a
    /// mirror left to right when ``isFlipped`` (mutter's table).
    public var surfaceTransform: SurfaceTransform {
        let rotation = SurfaceTransform.rotated(SurfaceTransform.Rotation(degrees: quarterTurns * 90) ?? .none)
        return isFlipped ? rotation.followed(by: .flippedHorizontally) : rotation
    }

    /// What a person reads: "upright", "turned 90°", "mirrored and turned 90°".
    public var summary: String {
        let turn = quarterTurns == 0 ? "" : "turned \(quarterTurns * 90)°"
        if !isFlipped { return turn.isEmpty ? "upright" : turn }
        return turn.isEmpty ? "mirrored" : "mirrored and \(turn)"
    }
}
