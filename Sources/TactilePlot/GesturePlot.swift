// A picture of what happened on a device: the fingers' paths on its surface, the recognizers' states over time, the actions and the service's holds and claims; drawn as SVG.
import Tactile

/// What happened on one device, collected as it happens and drawn as one
/// self-contained SVG picture: the fingers' paths on the surface to scale
/// (its outline, axes in millimetres or the units the device has), each
/// recognizer's states as bands on a shared time axis, the actions as
/// marks, and, for the gesture service, which fingers it held back from the
/// app and which it took.
///
/// Feed it what a replay gives — frames, actions, the engine's trace — in
/// any order of kinds; times are the events' own. What it keeps is thinned
/// as it comes (a path point per 0.2 mm, timeline entries merged finer than
/// a pixel once a row grows long), so a recording of millions of events
/// makes a picture of a few megabytes.
///
/// ```swift
/// var plot = GesturePlot(device: recording.device, screen: recording.screen, transform: recording.transform,
///                        title: "two-finger-tap.json")
/// let pipeline = InputPipeline(for: recording, window: window)
/// pipeline.onFrame = { plot.add($0) }
/// pipeline.engine.onAction = { plot.add($0) }
/// pipeline.engine.onTrace = { plot.add($0) }
/// pipeline.process(recording.events)
/// pipeline.finishInput(at: end)
/// plot.finish(at: end)
/// let svg = plot.svg()   // "<?xml version=\"1.0\" …"
/// ```
public struct GesturePlot: Sendable {
    /// The title, at the top (a file name).
    public var title: String
    /// Lines under the title (what was run over it).
    public var notes: [String] = []
    /// The surface and the unit of its axes.
    public let surface: PlotSurface
    /// The device's name.
    public let deviceName: String
    /// The device's kind.
    public let deviceKind: DeviceKind

    /// Every touch, in the order they landed.
    private(set) var tracks: [TouchTrack] = []
    /// The tracks of touches still down, by identity.
    private var open: [TouchID: Int] = [:]
    /// The latest track of each slot.
    private var latestInSlot: [Int: Int] = [:]
    /// Each slot's lane on the timeline: the touches down, held, claimed.
    private(set) var lanes: [Int: TimelineRow] = [:]
    /// Fingers held back from the app, by slot: since when, in which zone.
    private var held: [Int: (since: Double, zone: String, track: Int?)] = [:]
    /// The recognizers' rows.
    private(set) var recognizers = RecognizerRows()
    /// Where actions happened on the surface.
    private(set) var surfaceMarks = SurfaceMarks()
    /// The zones of the service's config, in millimetres of the surface.
    private(set) var zones: [PlotZone] = []
    /// The first and last time seen.
    private(set) var start: Double?
    private(set) var end: Double?
    /// How many frames were seen.
    private(set) var frameCount = 0

    /// A plot of `device`, its touches mapped onto `screen` (its surface
    /// lying there as `transform` says) as the engine that is fed to it maps them.
    public init(device: DeviceDescription, screen: Screen, transform: SurfaceTransform = .identity, title: String) {
        surface = PlotSurface(device: device, screen: screen, transform: transform)
        deviceName = device.name
        deviceKind = device.kind
        self.title = title
    }

    /// How many touches landed.
    public var touchCount: Int { tracks.count }

    // MARK: What a replay gives

    /// Takes a frame of touches: paths grow, fingers land and lift.
    public mutating func add(_ frame: TouchFrame) {
        see(frame.time)
        frameCount += 1
        for touch in frame.touches {
            if let at = open[touch.id] {
                tracks[at].update(touch)
            } else {
                open[touch.id] = tracks.count
                latestInSlot[touch.slot] = tracks.count
                var track = TouchTrack(touch)
                see(track.began)
                if touch.phase.isFinal { track.update(touch) }
                tracks.append(track)
            }
            if touch.phase.isFinal, let at = open.removeValue(forKey: touch.id) {
                lift(at)
            }
        }
    }

    /// Takes an action a recognizer sent.
    public mutating func add(_ action: ActionRecord) {
        addAction(recognizer: action.recognizer, state: action.state, time: action.time, location: action.location,
                  note: action.values.map { "\($0.name)=" + FixedDecimal.format($0.value, places: 3) }.joined(separator: " "))
    }

    /// Takes a step of the engine's trace: the recognizers' states.
    public mutating func add(_ step: GestureTraceEvent) {
        see(step.time)
        recognizers.take(step)
    }

    /// Takes an action of `recognizer` for `state` at `location` (screen
    /// points, as actions give it; `nil` when it has none), with `note` in its tooltip.
    public mutating func addAction(recognizer: String, state: GestureRecognizerState, time: Double, location: Point?, note: String = "") {
        see(time)
        let kind: TimelineMark.Kind
        switch state {
        case .began: kind = .actionBegan
        case .changed: kind = .actionChanged
        case .cancelled: kind = .actionCancelled
        case .ended, .possible, .failed: kind = .actionEnded
        }
        let what = "\(recognizer) \(state.rawValue)" + (note.isEmpty ? "" : "  \(note)")
        recognizers.action(recognizer, kind: kind, at: time, note: what)
        if let location, kind != .actionChanged {
            surfaceMarks.add(SurfaceMark(point: surface.millimetres(fromScreen: location), kind: kind, note: what))
        }
    }

    /// Gives `recognizer` a row of its own before anything happens to it, in
    /// the order of these calls; `detail` is said after its name (the zone
    /// of a binding). Rows of recognizers first met in the trace follow.
    public mutating func addRecognizer(_ recognizer: String, detail: String? = nil) {
        recognizers.declare(recognizer, detail: detail)
    }

    /// Draws a zone: `frame` in the screen points touches map onto.
    public mutating func addZone(_ name: String, frame: Rect, holdsTouches: Bool) {
        zones.append(PlotZone(name: name, frame: surface.millimetres(fromScreen: frame), holdsTouches: holdsTouches))
    }

    // MARK: What the gesture service does with fingers

    /// The service carried out an action of `recognizer`'s (`what`: `key alt+Left`).
    public mutating func addPerformed(recognizer: String, time: Double, what: String) {
        see(time)
        recognizers.action(recognizer, kind: .performed, at: time, note: "\(recognizer) → \(what)")
    }

    /// The service holds the finger that just landed in `slot` back from the app, in `zone`.
    public mutating func hold(slot: Int, zone: String, at time: Double) {
        see(time)
        held[slot] = (time, zone, latestInSlot[slot])
    }

    /// The service let the finger it held in `slot` go on to the app.
    public mutating func release(slot: Int, at time: Double) {
        see(time)
        guard let hold = held.removeValue(forKey: slot) else { return }
        let millis = Int(((time - hold.since) * 1000).rounded())
        lanes[slot, default: TimelineRow()].add(TimelineSpan(start: hold.since, end: time, kind: .held))
        lanes[slot, default: TimelineRow()].add(TimelineMark(
            time: time, kind: .released, note: "\(touchName(slot, track: hold.track)) held \(millis) ms in \(hold.zone), then went on to the app"))
    }

    /// The service took the fingers in `slots` from the app for `binding`.
    public mutating func claim(slots: [Int], by binding: String, at time: Double) {
        see(time)
        for slot in slots {
            let hold = held.removeValue(forKey: slot)
            var note = "\(touchName(slot, track: hold?.track ?? latestInSlot[slot])) taken by \(binding)"
            if let hold {
                lanes[slot, default: TimelineRow()].add(TimelineSpan(start: hold.since, end: time, kind: .held))
                note += " (held in \(hold.zone): the app never saw it)"
            } else {
                note += " (the app saw it land: cancelled for the app)"
            }
            lanes[slot, default: TimelineRow()].add(TimelineMark(time: time, kind: .claimed, note: note))
        }
    }

    // MARK: The end

    /// Makes `time` part of the time axis (the end of a replay's run-out).
    public mutating func see(_ time: Double) {
        guard time.isFinite else { return }
        start = min(start ?? time, time)
        end = max(end ?? time, time)
    }

    /// Ends what is still going on at `time`: touches still down, recognizers
    /// still following touches, fingers still held.
    public mutating func finish(at time: Double) {
        see(time)
        for at in open.values.sorted() {
            tracks[at].end(at: time, phase: .stationary)
            lift(at)
        }
        open = [:]
        recognizers.close(at: time)
        for (slot, hold) in held.sorted(by: { $0.key < $1.key }) {
            lanes[slot, default: TimelineRow()].add(TimelineSpan(start: hold.since, end: time, kind: .held))
        }
        held = [:]
    }

    // MARK: The picture

    /// The plot as one self-contained SVG document (no scripts, no external
    /// fonts or images), 1200 pixels wide. What is still going on is drawn
    /// as if the plot finished at the last time seen.
    ///
    /// ```swift
    /// try plot.svg().write(toFile: "out.svg", atomically: true, encoding: .utf8)
    /// ```
    public func svg() -> String {
        var finished = self
        if let end { finished.finish(at: end) }
        return PlotRenderer(plot: finished).render()
    }

    /// A touch's end on its slot's lane.
    private mutating func lift(_ at: Int) {
        let track = tracks[at]
        let ended = track.ended ?? track.began
        lanes[track.slot, default: TimelineRow()].add(TimelineSpan(start: track.began, end: ended, kind: .touch))
        if track.endPhase == .cancelled {
            lanes[track.slot, default: TimelineRow()].add(TimelineMark(
                time: ended, kind: .touchCancelled, note: "touch \(track.id) lost, not lifted"))
        }
    }

    /// `touch #3 (slot 1)` for the track at `track`, or `slot 1` without one.
    private func touchName(_ slot: Int, track: Int?) -> String {
        guard let at = track else { return "slot \(slot)" }
        return "touch \(tracks[at].id) (slot \(slot))"
    }
}
