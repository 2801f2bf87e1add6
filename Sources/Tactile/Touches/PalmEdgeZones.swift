// The bands along a touchpad's sides and top where a touch that lands is taken for a palm.

/// Bands along a touchpad's left and right edges and its top edge: a touch
/// that lands in one, with no finger down, is a palm resting there while the
/// hand types (libinput's edge palm detection, `tp_palm_detect_edge` in
/// `evdev-mt-touchpad.c`). ``ThumbDetector`` hides it until it moves out of
/// the band, away from its edge, soon after landing (``ThumbDetector/palmEscapeTime``),
/// or a finger joins it.
///
/// Widths are millimetres on the surface; 0 turns a band off.
///
/// ```swift
/// let size = Size(width: 97, height: 53)
/// PalmEdgeZones.libinput(surfaceSize: size)   // side 7.76 mm, no top band (53 mm is too low)
/// let pipeline = InputPipeline(device: pad, window: window, palmEdges: PalmEdgeZones.none)
/// ```
public struct PalmEdgeZones: Hashable, Sendable, Codable {
    /// The width of the bands along the left and right edges, in mm.
    public var side: Double
    /// The height of the band along the top edge, in mm.
    public var top: Double

    /// Bands `side` mm wide at the left and right edges and `top` mm high at the top (negative values count as 0).
    public init(side: Double = 0, top: Double = 0) {
        self.side = max(0, side)
        self.top = max(0, top)
    }

    /// No bands: no touch is a palm for where it lands.
    public static let none = PalmEdgeZones()

    /// Pads narrower than this have no side or top bands, in mm (libinput: 70).
    public static let minimumWidth = 70.0
    /// The side bands' share of the width (libinput: 8 %)…
    public static let sideFraction = 0.08
    /// …but never wider than this, in mm (libinput: 8).
    public static let maximumSide = 8.0
    /// The top band's share of the height (libinput: 5 %)…
    public static let topFraction = 0.05
    /// …on pads higher than this, in mm (libinput: 55).
    public static let topMinimumHeight = 55.0

    /// `true` when there is no band at all.
    public var isEmpty: Bool { side <= 0 && top <= 0 }

    /// libinput's bands for a surface of `surfaceSize` mm (`tp_init_palmdetect_edge`):
    /// none below ``minimumWidth``; sides 8 % of the width, at most 8 mm; the
    /// top 5 % of the height on pads higher than 55 mm without software
    /// buttons along their top (`INPUT_PROP_TOPBUTTONPAD`).
    ///
    /// ```swift
    /// PalmEdgeZones.libinput(surfaceSize: Size(width: 104, height: 75))  // side 8, top 3.75
    /// ```
    public static func libinput(surfaceSize: Size, hasTopButtons: Bool = false) -> PalmEdgeZones {
        guard surfaceSize.width >= minimumWidth else { return .none }
        let top = !hasTopButtons && surfaceSize.height > topMinimumHeight ? surfaceSize.height * topFraction : 0
        return PalmEdgeZones(side: min(maximumSide, surfaceSize.width * sideFraction), top: top)
    }

    /// The bands `device` gets by default: libinput's (``libinput(surfaceSize:hasTopButtons:)``)
    /// on the touchpads libinput gives them, none elsewhere. libinput leaves
    /// out external touchpads (Bluetooth, Logitech, Wacom: no palm rests on
    /// them while typing) and Apple's, whose users found the bands hurt more
    /// than they helped; touchscreens have none.
    ///
    /// ```swift
    /// PalmEdgeZones.automatic(for: TestDevices.touchscreen, surfaceSize: size)  // .none
    /// ```
    public static func automatic(for device: DeviceDescription, surfaceSize: Size) -> PalmEdgeZones {
        guard device.kind == .touchpad, !isExternalOrApple(device.identity) else { return .none }
        return libinput(surfaceSize: surfaceSize, hasTopButtons: device.hasProperty(InputProperty.topButtonPad))
    }

    /// libinput's fallback when udev does not say: Bluetooth touchpads are
    /// external, as are Logitech's and Wacom's (`evdev_tag_touchpad`); Apple's,
    /// and the Synaptics-numbered one of Apple's SPI driver, carry the
    /// `ModelAppleTouchpad` quirk (`50-system-apple.quirks`).
    private static func isExternalOrApple(_ identity: DeviceIdentity) -> Bool {
        let bluetooth: UInt16 = 0x05, spi: UInt16 = 0x1c
        let logitech: UInt16 = 0x046d, wacom: UInt16 = 0x056a, apple: UInt16 = 0x05ac, synaptics: UInt16 = 0x06cb
        return identity.bustype == bluetooth || [logitech, wacom, apple].contains(identity.vendor)
            || (identity.bustype == spi && identity.vendor == synaptics)
    }

    /// Whether `point` (mm) lies in a band of a surface of `size` mm.
    func contains(_ point: Point, in size: Size) -> Bool {
        isInSide(point, in: size) || point.y < top
    }

    private func isInSide(_ point: Point, in size: Size) -> Bool {
        point.x < side || point.x > size.width - side
    }

    /// Whether a palm that landed at `first` has, now at `point`, left the
    /// bands away from its edge, as libinput lets it (`tp_palm_detect_move_out_of_edge`):
    /// from a side band in any direction within 49.5° of the horizontal,
    /// from the top band within 49.5° of straight down. (libinput sorts the
    /// motion into eight 45° directions and lets a motion 0.1 of a sector
    /// past one count for its neighbour too: 45° × 1.1.) A motion under 2 mm
    /// on both axes counts only when straight: along x from a side, down
    /// from the top.
    func isEscape(from first: Point, to point: Point, in size: Size) -> Bool {
        guard !contains(point, in: size) else { return false }
        let dx = point.x - first.x, dy = point.y - first.y
        let fromSide = isInSide(first, in: size)
        guard fromSide || first.y < top else { return false }
        if abs(dx) < 2, abs(dy) < 2 {
            return fromSide ? dy == 0 && dx != 0 : dx == 0 && dy > 0
        }
        let degreesFromHorizontal = Math.atan2(abs(dy), abs(dx)) * 180 / Double.pi
        return fromSide ? degreesFromHorizontal <= 49.5 : dy > 0 && degreesFromHorizontal >= 40.5
    }
}
