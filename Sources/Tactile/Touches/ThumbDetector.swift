// Resting thumbs and palms marked so no recognizer sees them.

/// Marks touches that are a resting thumb or a palm, so recognizers never
/// see them: a thumb resting on a touchpad while two fingers scroll must not
/// turn the scroll into a three-finger pinch.
///
/// The rules follow libinput's touchpad thumb and palm detection
/// (`evdev-mt-touchpad-thumb.c`, `tp_palm_detect_edge` in
/// `evdev-mt-touchpad.c`, `doc/user/palm-detection.rst`), judged when a
/// touch lands, so a recognizer never sees a finger vanish mid-gesture:
///
/// 1. **Palm by tool type**, on any device: a touch the device reports as
///    `MT_TOOL_PALM` is hidden; one that becomes a palm while followed is
///    cancelled for the recognizers (libinput's touch cancel).
/// 2. **Palm at an edge**, in the bands of ``palmEdges`` (by default
///    libinput's, on touchpads: 8 % of the width, at most 8 mm, along the
///    left and right edges of pads at least 70 mm wide, and the top 5 % of
///    pads higher than 55 mm; see ``PalmEdgeZones``): a touch landing in a
///    band, with no finger down nor one landing with it, is a palm. It
///    becomes a finger — landing for the recognizers then — when it leaves
///    the bands within ``palmEscapeTime`` (200 ms) of landing, heading away
///    from its edge (within 49.5° of the horizontal from a side, of straight
///    down from the top), or when it moves while a finger is down (libinput
///    lets two fingers scroll from the edge); otherwise it stays a palm.
/// 3. **Thumb band**, on touchpads at least ``minimumTouchpadHeight`` high
///    (libinput: 50 mm): a touch landing *alone* in the bottom
///    ``lowerBandFraction`` (8 %) of the pad is *jailed*; in the band above
///    it, up to ``upperBandFraction`` (15 %), only when pressed hard
///    (pressure at least ``thumbPressureFraction`` of its range; libinput
///    needs a per-device quirk for this). There is never a second thumb
///    (libinput holds one): a touch landing while a thumb is down is a
///    finger, and one landing in the band beside a jailed thumb (less than
///    ``separation``.height, 25 mm, above or below it) releases the thumb
///    too — two touches in the band scroll at once, with all their travel.
/// 4. **A touch landing beside a fast finger**: while another finger moves
///    faster than ``speedThreshold`` (20 mm/s) — more than ``movingFrames``
///    of its recent frames — and no thumb is down, a touch landing so that
///    the two lowest touches lie more than ``separation`` apart (35 mm
///    across or 25 mm up or down) is a thumb, wherever it lands: below,
///    level beside or above the moving finger; one landing nearer is a
///    finger (libinput's speed-based thumb), and so is one landing that
///    near any finger of a hand of two or more. It stays a thumb while
///    another finger is down; left alone, it is judged as if it had landed
///    alone.
/// 5. **A thumb resting below the fingers**: a touch landing more than
///    ``landingWindow`` (100 ms) after the others, in the bottom 15 %, more
///    than 25 mm below the lowest of them — libinput's contextual rule.
///    Fingers that land together (a three-finger tap) are never thumbs.
///
/// A jailed touch *escapes* and becomes a finger — landing for the
/// recognizers at that moment — when it leaves the bottom 15 % or its count
/// of fast frames reaches ``escapeFrames`` (libinput's ten speed events), so
/// a thumb that really drives the pointer still works. Frames are counted
/// as libinput counts them: one up for a frame faster than 20 mm/s, one down
/// for a slower one, at most ``fastFrameLimit``. Where libinput's users
/// complain (a resting thumb or palm triggering holds, libinput-gestures
/// #376), hidden touches take no part in holds either.
///
/// ``InputPipeline`` runs one between its assembler and its engine; to use
/// one on frames of your own:
///
/// ```swift
/// var thumbs = ThumbDetector(device: device, surfaceSize: assembler.mapping.surfaceSize)
/// if var frame = assembler.process(event) {
///     thumbs.classify(&frame)
///     let fingers = frame.touches.filter { $0.rejection == nil }
/// }
/// ```
public struct ThumbDetector: Sendable {
    /// Pads lower than this have no room for a resting thumb, in mm.
    public static let minimumTouchpadHeight = 50.0
    /// The bottom band where a touch landing alone is a thumb, as a fraction of the pad's height (libinput: 8 %).
    public static let lowerBandFraction = 0.08
    /// The band where a hard-pressed or far-below touch is a thumb, as a fraction of the height (libinput: 15 %).
    public static let upperBandFraction = 0.15
    /// Pressure, as a fraction of its axis range, that makes a touch in the upper band a thumb.
    public static let thumbPressureFraction = 0.6
    /// A finger faster than this moves, in mm/s (libinput's `THUMB_IGNORE_SPEED_THRESHOLD`).
    public static let speedThreshold = 20.0
    /// How far below (height) or beside (width) the fingers a thumb lies, in mm (libinput's scroll distance).
    public static let separation = Size(width: 35, height: 25)
    /// Fingers landing within this of each other land together, in seconds (libinput's `THUMB_TIMEOUT`).
    public static let landingWindow = 0.1
    /// The count of fast frames at which a jailed thumb is a finger (libinput: 10).
    public static let escapeFrames = 10
    /// A finger whose count of fast frames is above this moves (libinput: 5).
    public static let movingFrames = 5
    /// The count of fast frames goes no higher (libinput: 15), so a finger
    /// that stops is no longer moving ten frames later.
    public static let fastFrameLimit = 15
    /// A palm at an edge that leaves the bands within this of landing is a finger, in seconds (libinput's `PALM_TIMEOUT`).
    public static let palmEscapeTime = 0.2

    /// Why a touch is a thumb.
    private enum Thumb: Sendable {
        /// It landed alone in the band: it escapes by leaving it or moving fast.
        case jailed
        /// It dropped onto a moving hand: it stays a thumb while a finger is down.
        case suppressed
    }

    /// Why a touch is a palm.
    private enum Palm: Sendable {
        /// The device says so (`MT_TOOL_PALM`).
        case tool
        /// It landed at `first` in a band of ``palmEdges``.
        case edge(first: Point)
    }

    private struct Tracked: Sendable {
        var id: TouchID
        var landedAt: Double
        var position: Point
        var time: Double
        /// libinput's `exceeded_count`: up for a fast frame, down for a slow one.
        var fastFrames = 0
        var thumb: Thumb?
        var palm: Palm?
        /// A jailed thumb beside a single finger becomes a finger at this time,
        /// unless another finger lands first (then they scroll and it rests).
        var escapesAt: Double?

        var isHidden: Bool { thumb != nil || palm != nil }
        var rejection: TouchRejection? { palm != nil ? .palm : thumb != nil ? .thumb : nil }
        var isJailed: Bool {
            if case .jailed? = thumb { return true }
            return false
        }
        var isToolPalm: Bool {
            if case .tool? = palm { return true }
            return false
        }
    }

    /// The bands along the edges where a touch landing is a palm (``PalmEdgeZones``).
    public let palmEdges: PalmEdgeZones
    private let checksThumbs: Bool
    private let size: Size
    private let pressureThreshold: Int32?
    private var tracked: [Tracked] = []

    /// A detector for `device`, whose surface is `surfaceSize` millimetres;
    /// `palmEdges` are its palm bands (by default, `nil`, those of
    /// ``PalmEdgeZones/automatic(for:surfaceSize:)``: libinput's on a
    /// touchpad, none on a touchscreen).
    ///
    /// ```swift
    /// var thumbs = ThumbDetector(device: pad, surfaceSize: mapping.surfaceSize, palmEdges: PalmEdgeZones.none)
    /// ```
    public init(device: DeviceDescription, surfaceSize: Size, palmEdges: PalmEdgeZones? = nil) {
        checksThumbs = device.kind == .touchpad && surfaceSize.height >= Self.minimumTouchpadHeight
        size = surfaceSize
        self.palmEdges = palmEdges ?? PalmEdgeZones.automatic(for: device, surfaceSize: surfaceSize)
        let pressure = device.axis(AbsCode.mtPressure) ?? device.axis(AbsCode.pressure)
        pressureThreshold = pressure.flatMap { axis in
            axis.maximum > axis.minimum
                ? Int32(clamping: Int64(axis.minimum) + Int64((axis.span * Self.thumbPressureFraction).rounded()))
                : nil
        }
    }

    /// Whether touches are followed from landing to lifting (thumbs or palm bands to judge).
    private var tracksTouches: Bool { checksThumbs || !palmEdges.isEmpty }

    /// Marks the frame's thumbs and palms (``Touch/rejection``) and turns a
    /// followed touch that became a palm into a cancelled one.
    public mutating func classify(_ frame: inout TouchFrame) {
        if !tracksTouches, tracked.isEmpty, !frame.touches.contains(where: { $0.toolType == MTToolType.palm }) { return }
        for index in frame.touches.indices {
            let touch = frame.touches[index]
            if let position = tracked.firstIndex(where: { $0.id == touch.id }) {
                update(position, with: touch, in: &frame.touches[index], time: frame.time)
            } else if touch.phase == .began || tracksTouches {
                land(touch, in: &frame.touches[index], frame: frame)
            } else if touch.toolType == MTToolType.palm {
                // A finger followed on a touchscreen turns out to be a palm.
                if !touch.phase.isFinal {
                    frame.touches[index].phase = .cancelled
                    tracked.append(Tracked(id: touch.id, landedAt: frame.time, position: touch.surfaceLocation,
                                           time: frame.time, palm: .tool))
                }
            }
        }
        // A finger (not a hidden thumb or palm) lifting in this frame: a thumb it leaves alone is judged
        // from the next frame, so that it never joins the gesture of the finger that lifts now.
        let fingerLifted = tracked.contains { entry in
            !entry.isHidden && frame.touches.contains { $0.id == entry.id && $0.phase.isFinal }
        }
        tracked.removeAll { entry in !frame.touches.contains { $0.id == entry.id && !$0.phase.isFinal } }
        if !fingerLifted { reviveThumbLeftAlone() }
        releaseEdgePalms(in: frame)
        releaseThumbsBesideOneFinger(at: frame.time)
        // Marked touches released in this frame (by their own motion, or by
        // a touch landing after them in it) land for the recognizers now.
        for index in frame.touches.indices where frame.touches[index].rejection != nil {
            if let entry = tracked.first(where: { $0.id == frame.touches[index].id }) {
                frame.touches[index].rejection = entry.rejection
            }
        }
    }

    /// A thumb that dropped onto a moving hand, the hand gone, is judged as a
    /// touch alone: jailed in the bottom 15 %, a finger above (libinput's
    /// `tp_thumb_revive`); from the frame after the hand's last finger lifted.
    private mutating func reviveThumbLeftAlone() {
        let down = tracked.indices.filter { tracked[$0].palm == nil }
        guard down.count == 1, let index = down.first, case .suppressed? = tracked[index].thumb else { return }
        tracked[index].thumb = isInUpperBand(tracked[index].position) ? .jailed : nil
    }

    /// A palm at an edge becomes a finger when it leaves the bands away from
    /// its edge soon after landing, or moves while a finger is down
    /// (libinput's `tp_palm_detect_edge`).
    private mutating func releaseEdgePalms(in frame: TouchFrame) {
        for index in tracked.indices {
            guard case .edge(let first)? = tracked[index].palm,
                  let slot = frame.touches.firstIndex(where: { $0.id == tracked[index].id }) else { continue }
            let touch = frame.touches[slot]
            let id = tracked[index].id
            let joined = touch.phase == .moved && tracked.contains { $0.id != id && !$0.isHidden }
            let left = frame.time < tracked[index].landedAt + Self.palmEscapeTime
                && palmEdges.isEscape(from: first, to: touch.surfaceLocation, in: size)
            if joined || left { tracked[index].palm = nil }
        }
    }

    /// A jailed thumb whose only companion is one finger, landed a landing
    /// window ago with no other since, joins it: thumb and finger may pinch.
    private mutating func releaseThumbsBesideOneFinger(at now: Double) {
        for index in tracked.indices {
            guard let time = tracked[index].escapesAt, now >= time else { continue }
            tracked[index].escapesAt = nil
            if tracked.filter({ !$0.isHidden }).count == 1 { tracked[index].thumb = nil }
        }
    }

    private mutating func land(_ touch: Touch, in slot: inout Touch, frame: TouchFrame) {
        let palm: Palm? = touch.toolType == MTToolType.palm ? .tool
            : isEdgePalmOnLanding(touch, frame: frame) ? .edge(first: touch.surfaceLocation) : nil
        let thumb = palm == nil && checksThumbs ? thumbOnLanding(touch, frame: frame) : nil
        let entry = Tracked(id: touch.id, landedAt: frame.time, position: touch.surfaceLocation, time: frame.time,
                            thumb: thumb, palm: palm)
        slot.rejection = entry.rejection
        guard !touch.phase.isFinal, tracksTouches || palm != nil else { return }
        tracked.append(entry)
    }

    /// In a palm band, with no finger down and none landing with it
    /// (libinput's `tp_palm_detect_multifinger` lets two fingers scroll
    /// from the edge).
    private func isEdgePalmOnLanding(_ touch: Touch, frame: TouchFrame) -> Bool {
        guard palmEdges.contains(touch.surfaceLocation, in: size) else { return false }
        let fingerDown = tracked.contains { !$0.isHidden && $0.id != touch.id }
        let landingWithIt = frame.touches.contains {
            $0.phase == .began && $0.id != touch.id && $0.toolType != MTToolType.palm
        }
        return !fingerDown && !landingWithIt
    }

    private mutating func update(_ index: Int, with touch: Touch, in slot: inout Touch, time: Double) {
        var entry = tracked[index]
        let elapsed = time - entry.time
        if elapsed > 0 {
            let isFast = touch.surfaceLocation.distance(to: entry.position) / elapsed > Self.speedThreshold
            entry.fastFrames = isFast ? min(entry.fastFrames + 1, Self.fastFrameLimit) : max(entry.fastFrames - 1, 0)
        }
        entry.position = touch.surfaceLocation
        entry.time = time
        if !entry.isToolPalm, touch.toolType == MTToolType.palm {
            // A followed finger that turns out to be a palm: cancelled in this
            // frame (still unmarked, so its recognizers hear of it), hidden after.
            let wasHidden = entry.isHidden
            entry.palm = .tool
            tracked[index] = entry
            if wasHidden {
                slot.rejection = .palm
            } else if !touch.phase.isFinal {
                slot.phase = .cancelled
            }
            return
        }
        if entry.isJailed, !isInUpperBand(touch.surfaceLocation) || entry.fastFrames >= Self.escapeFrames {
            entry.thumb = nil  // escaped: a finger from now on
        }
        slot.rejection = entry.rejection
        tracked[index] = entry
    }

    /// In the bottom 15 % of the pad.
    private func isInUpperBand(_ point: Point) -> Bool {
        point.y > size.height * (1 - Self.upperBandFraction)
    }

    private mutating func thumbOnLanding(_ touch: Touch, frame: TouchFrame) -> Thumb? {
        let point = touch.surfaceLocation
        let inLowerBand = point.y > size.height * (1 - Self.lowerBandFraction)
        let inUpperBand = isInUpperBand(point)
        // Where a touch landing alone is jailed (libinput's jail).
        let inBand = inLowerBand || (inUpperBand && pressureThreshold.map { touch.pressure >= $0 } == true)
        // Fingers down (not hidden), and the others landing in this frame.
        var others: [(position: Point, isFast: Bool)] = tracked.filter { !$0.isHidden && $0.id != touch.id }
            .map { ($0.position, $0.fastFrames > Self.movingFrames) }
        for other in frame.touches where other.phase == .began && other.id != touch.id && other.toolType != MTToolType.palm {
            others.append((other.surfaceLocation, false))
        }
        // libinput holds one thumb at most: with a thumb down, the new touch
        // is a finger. A second touch in the band, where it would be jailed
        // alone, beside a jailed thumb (less than 25 mm between them
        // vertically) releases it: the two scroll at once (libinput's
        // `tp_thumb_update_multifinger` finds them too close for a thumb).
        // So does a finger landing with it. Above the band, the finger is
        // joined by the thumb after the landing window unless a third finger
        // follows (libinput's pinch-eligible thumb), and their motion decides.
        let thumbDown = tracked.contains { $0.thumb != nil && $0.id != touch.id }
        let secondInBand = others.isEmpty && inBand
        for index in tracked.indices where tracked[index].isJailed && tracked[index].id != touch.id {
            let isLevel = abs(tracked[index].position.y - point.y) <= Self.separation.height
            if frame.time - tracked[index].landedAt < Self.landingWindow || (secondInBand && isLevel) {
                tracked[index].thumb = nil
            } else if others.isEmpty {
                tracked[index].escapesAt = frame.time + Self.landingWindow
            } else {
                tracked[index].escapesAt = nil
            }
        }
        if thumbDown { return nil }
        // Alone: the band decides (libinput's jail).
        guard !others.isEmpty else { return inBand ? .jailed : nil }
        // Two close fingers are a scroll, wherever they are. (With two
        // touches this is libinput's test; a third finger joining a hand
        // close to one of its fingers is a finger, where libinput looks at
        // the two lowest touches only.)
        if others.contains(where: { Self.isClose($0.position, point) }) { return nil }
        // A touch dropping onto a moving hand, wherever it lands, unless the
        // two lowest touches are close enough to scroll (libinput's
        // speed-based thumb).
        if others.contains(where: \.isFast) {
            let lowest = (others.map(\.position) + [point]).sorted { $0.y > $1.y }
            if lowest.count >= 2, Self.isApart(lowest[0], lowest[1]) { return .suppressed }
        }
        // Below two or more fingers, far enough, it would make their scroll or
        // swipe a pinch: a thumb. Beside one finger it may be pinching with it
        // (libinput lets such a thumb pinch too), and two fingers are judged
        // by their motion (``MultiFingerMotion``'s pivot rule).
        let lowest = others.map(\.position.y).max() ?? point.y
        return others.count >= 2 && inUpperBand && point.y - lowest > Self.separation.height ? .jailed : nil
    }

    /// Within libinput's two-finger-scroll distance (35 × 25 mm).
    private static func isClose(_ a: Point, _ b: Point) -> Bool {
        abs(a.x - b.x) < separation.width && abs(a.y - b.y) < separation.height
    }

    /// Beyond libinput's two-finger-scroll distance on either axis.
    private static func isApart(_ a: Point, _ b: Point) -> Bool {
        abs(a.x - b.x) > separation.width || abs(a.y - b.y) > separation.height
    }
}

/// Why a touch is kept from the recognizers (``Touch/rejection``).
public enum TouchRejection: String, Hashable, Sendable, Codable {
    /// A thumb resting on a touchpad (``ThumbDetector``).
    case thumb
    /// A palm, as the device reports it (`MT_TOOL_PALM`).
    case palm
}

/// `ABS_MT_TOOL_TYPE` values.
public enum MTToolType {
    public static let finger: Int32 = 0
    public static let pen: Int32 = 1
    public static let palm: Int32 = 2
}
