// The way out: enough fingers held still for long enough, watched on the raw contacts, outside every recognizer.
import Tactile

/// Watches a device's raw contacts for the emergency gesture: at least
/// ``fingers`` contacts down and held still for ``duration`` seconds.
///
/// It is no recognizer: it sees every contact of every frame before the
/// engine's recognizers do, whatever the config binds, whatever has fired
/// or been claimed (a right click on the first finger, a five-finger long
/// press of the config's, a sixth finger), so no config can shadow it.
/// Thumbs and palms count (a contact is a contact), and so do fingers a
/// device counts without tracking them (`BTN_TOOL_QUINTTAP` on a
/// two-slot touchpad). A contact that moves more than
/// ``allowableMovement`` millimetres from where it rested starts the wait
/// again; one that joins does not.
///
/// ```swift
/// var watch = EmergencyWatch(fingers: 5, duration: 3)
/// pipeline.onFrame = { frame in if watch.observe(frame) { stop() } }
/// if let deadline = watch.deadline, deadline <= now, watch.isDue(at: now) { stop() }
/// ```
package struct EmergencyWatch: Hashable, Sendable {
    /// How far a resting contact may move, in millimetres, before the wait starts again.
    public static let allowableMovement = 15.0

    /// Contacts needed (at least this many); 0: the watch is off.
    public let fingers: Int
    /// Seconds they are held still.
    public let duration: Double
    /// Since when enough contacts have rested, if they do.
    private var since: Double?
    /// Where each resting contact rests, in millimetres on the surface.
    private var anchors: [TouchID: Point] = [:]

    /// A watch for `fingers` contacts (0: off) held still `duration` seconds.
    public init(fingers: Int, duration: Double) {
        self.fingers = fingers
        self.duration = duration
    }

    /// The watch of `gesture` (`[emergency]`).
    public init(_ gesture: EmergencyGesture) {
        self.init(fingers: gesture.fingers, duration: gesture.duration)
    }

    /// The most fingers `device` can report down at once: its slots, or the
    /// count of its `BTN_TOOL_*` keys when that is more (up to `QUINTTAP`'s five).
    /// The gesture cannot be made on a device that reports fewer than ``fingers``.
    ///
    /// ```swift
    /// if EmergencyWatch.fingersReported(by: twoSlotPanel) < 5 { print("the way out there is SIGTERM") }
    /// ```
    public static func fingersReported(by device: DeviceDescription) -> Int {
        let keys: [(UInt16, Int)] = [(KeyCode.toolQuintTap, 5), (KeyCode.toolQuadTap, 4), (KeyCode.toolTripleTap, 3),
                                     (KeyCode.toolDoubleTap, 2), (KeyCode.toolFinger, 1)]
        let counted = keys.first { device.keys.contains($0.0) }?.1 ?? 0
        return max(device.axis(AbsCode.mtSlot) != nil ? device.slotCount : 1, counted)
    }

    /// When the gesture is due if nothing changes (`nil`: not enough contacts rest).
    public var deadline: Double? { since.map { $0 + duration } }

    /// Takes one frame of the device; returns whether the gesture is made (due by the frame's time).
    public mutating func observe(_ frame: TouchFrame) -> Bool {
        guard fingers > 0 else { return false }
        // Most frames have fewer fingers: counted first, nothing kept.
        var count = frame.untrackedFingerCount
        for touch in frame.touches where !touch.phase.isFinal { count += 1 }
        guard count >= fingers else {
            if since != nil {
                since = nil
                anchors = [:]
            }
            return false
        }
        var active: [TouchID: Point] = [:]
        for touch in frame.touches where !touch.phase.isFinal { active[touch.id] = touch.surfaceLocation }
        let moved = active.contains { id, location in
            anchors[id].map { location.distance(to: $0) > Self.allowableMovement } ?? false
        }
        if since == nil || moved {
            since = frame.time
            anchors = active
        } else {
            // Lifted contacts leave; joining ones rest where they landed.
            anchors = anchors.filter { active[$0.key] != nil }
            for (id, location) in active where anchors[id] == nil { anchors[id] = location }
        }
        return isDue(at: frame.time)
    }

    /// Whether the gesture is made by `time` (the device's clock, between frames).
    public func isDue(at time: Double) -> Bool {
        deadline.map { time >= $0 } ?? false
    }
}
