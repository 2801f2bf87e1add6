// How the synthesizer renders a gesture: the device's scan clock, what it senses of each finger, the encoded frames.
import Tactile

extension GestureSynthesizer {
    /// A finger landing or lifting, at its time.
    private struct Edge {
        var time: Double
        var track: Int
        var isLift: Bool
    }

    /// When the device scans, and in which scan each finger lands and lifts.
    private struct ScanSchedule {
        /// Each scan's time, in microseconds on the device's clock (the first landing at 0).
        var scans: [Int64]
        /// The scan each finger lands in, by track.
        var landScan: [Int]
        /// The scan each finger lifts in, by track.
        var liftScan: [Int]
        /// The scan of the last landing or lift.
        var last: Int
    }

    /// What the device senses of each finger besides its position.
    private struct Sensing {
        /// The pressure axis, if the device reports pressure.
        let pressureAxis: AbsoluteAxis?
        /// The touch-major axis, if the device reports it.
        let majorAxis: AbsoluteAxis?
        /// Each finger's pressure at full contact, a fraction of the axis.
        let pressureBase: [Double]
        /// Each finger's contact diameter at full contact, in millimetres.
        let contactDiameter: [Double]
        /// The position noise's standard deviation, in millimetres.
        let noise: Double
    }

    /// Samples, senses and encodes `spec`, its first frame at `start`
    /// seconds; `placement` maps the fingers' positions onto the device's
    /// axes (see ``make(exactly:at:imperfections:placement:encoder:)``).
    mutating func render(
        _ spec: GestureSpec, at start: Double, encoder: inout EvdevEncoder, imperfections: [Imperfection] = [],
        placement: (@Sendable (Point) -> Point)? = nil
    ) -> SynthesizedGesture {
        var script = spec.script().applying(imperfections)
        if let placement { script = script.placed(by: placement) }
        let tracks = script.tracks
        guard !tracks.isEmpty else {
            return SynthesizedGesture(spec: spec, label: GestureLabel(kind: spec.kind, fingers: 0, start: start, end: start), events: [], frames: [])
        }
        let schedule = scanSchedule(tracks)
        let pressureBase = tracks.map { _ in generator.uniform(0.16...0.32) }
        let contactDiameter = tracks.map { _ in generator.uniform(7...11) }
        let sensing = Sensing(
            pressureAxis: device.axis(AbsCode.mtPressure) ?? device.axis(AbsCode.pressure), majorAxis: device.axis(AbsCode.mtTouchMajor),
            pressureBase: pressureBase, contactDiameter: contactDiameter, noise: max(0, model.positionNoise))

        let startMicro = Int64((start * 1e6).rounded())
        let firstScan = schedule.scans[0]
        var events: [InputEvent] = []
        var frames: [SynthesizedFrame] = []
        for scan in 0...schedule.last {
            let down = tracks.indices.filter { schedule.landScan[$0] <= scan && scan < schedule.liftScan[$0] }
            let lifting = tracks.indices.contains { schedule.liftScan[$0] == scan }
            guard !down.isEmpty || lifting else { continue }  // nothing on the surface: the device is silent
            let time = Double(schedule.scans[scan]) / 1e6
            var sensed: [SensedContact] = []
            var truths: [(finger: Int, position: Point)] = []
            for finger in down {
                let position = tracks[finger].position(time)
                sensed.append(sense(tracks[finger], finger: finger, at: position, time: time, sensing))
                truths.append((finger, position))
            }
            let host = startMicro + schedule.scans[scan] - firstScan
            let frameEvents = encoder.encode(time: host, contacts: sensed)
            events += frameEvents
            let contacts = zip(truths, sensed).map { truth, sensed in
                let assignment = encoder.assignment(of: truth.finger)
                return SynthesizedContact(
                    finger: truth.finger, stroke: tracks[truth.finger].stroke, position: truth.position,
                    sensedX: sensed.finger.x, sensedY: sensed.finger.y, slot: assignment?.slot, trackingID: assignment?.trackingID)
            }
            frames.append(SynthesizedFrame(time: Double(host) / 1e6, contacts: contacts, isDelivered: !frameEvents.isEmpty))
        }
        let label = Self.label(for: spec, script: script, frames: Self.gestureFrames(frames))
        return SynthesizedGesture(spec: spec, label: label, events: events, frames: frames)
    }

    /// The device's scans for `tracks`: it scans on its own clock, the first
    /// landing at 0 and the first scan somewhere within one interval after it,
    /// then every report interval give or take the jitter; every landing and
    /// lift gets a scan of its own, in time order.
    private mutating func scanSchedule(_ tracks: [FingerTrack]) -> ScanSchedule {
        let interval = max(0.001, model.reportInterval)
        let jitter = min(max(0, model.reportJitter), interval - 0.0005)
        var scans: [Int64] = [Int64((generator.uniform(0...interval) * 1e6).rounded(.down))]
        func extend(through micro: Int64) {
            while let last = scans.last, last < micro {
                let step = interval + generator.gaussian(sigma: jitter / 2, limit: jitter)
                scans.append(last + max(1, Int64((step * 1e6).rounded())))
            }
        }

        let edges = tracks.indices.flatMap { [Edge(time: tracks[$0].land, track: $0, isLift: false), Edge(time: tracks[$0].lift, track: $0, isLift: true)] }
            .sorted { ($0.time, $0.isLift ? 1 : 0, $0.track) < ($1.time, $1.isLift ? 1 : 0, $1.track) }
        var landScan = Array(repeating: 0, count: tracks.count)
        var liftScan = Array(repeating: 0, count: tracks.count)
        var previous = -1
        for edge in edges {
            let micro = Int64((edge.time * 1e6).rounded(.up))
            extend(through: micro)
            let index = max(scans.firstIndex { $0 >= micro } ?? scans.count - 1, previous + 1)
            while scans.count <= index { extend(through: (scans.last ?? 0) + 1) }
            if edge.isLift { liftScan[edge.track] = index } else { landScan[edge.track] = index }
            previous = index
        }
        return ScanSchedule(scans: scans, landScan: landScan, liftScan: liftScan, last: previous)
    }

    /// What the device senses of `finger` (on `track`) at `time`, truly at
    /// `position`: the position blurred by noise and rounded to device
    /// units, and its pressure and touch major if the device reports them.
    private mutating func sense(_ track: FingerTrack, finger: Int, at position: Point, time: Double, _ sensing: Sensing) -> SensedContact {
        let noise = sensing.noise
        let noisyX = position.x + generator.gaussian(sigma: noise, limit: 4 * noise)
        let noisyY = position.y + generator.gaussian(sigma: noise, limit: 4 * noise)
        let envelope = Self.envelope(time: time, land: track.land, lift: track.lift)
        var pressure: Int32 = 0
        if let axis = sensing.pressureAxis {
            let value = sensing.pressureBase[finger] * envelope * Double(axis.maximum) + generator.gaussian(sigma: 0.004 * Double(axis.maximum), limit: 0.012 * Double(axis.maximum))
            pressure = axis.clamp(Int32(clamping: max(1, Int64(value.rounded()))))
        }
        var major: Int32 = 0
        if let axis = sensing.majorAxis {
            let value = sensing.contactDiameter[finger] * envelope * mapping.unitsPerMillimetreX + generator.gaussian(sigma: 1, limit: 3)
            major = axis.clamp(Int32(clamping: max(1, Int64(value.rounded()))))
        }
        return SensedContact(
            key: finger, x: units(noisyX, mapping.xAxis, mapping.unitsPerMillimetreX),
            y: units(noisyY, mapping.yAxis, mapping.unitsPerMillimetreY), pressure: pressure, touchMajor: major)
    }

    /// The frames the label describes: the gesture's own fingers, not a
    /// resting thumb, from the first gesture finger's landing to the frame
    /// its last one lifts in.
    private static func gestureFrames(_ frames: [SynthesizedFrame]) -> [SynthesizedFrame] {
        var gestureFrames = frames.map { frame in
            var copy = frame
            copy.contacts.removeAll { $0.stroke < 0 }
            return copy
        }
        if let first = gestureFrames.firstIndex(where: { !$0.contacts.isEmpty }),
           let last = gestureFrames.lastIndex(where: { !$0.contacts.isEmpty }) {
            gestureFrames = Array(gestureFrames[first...min(last + 1, gestureFrames.count - 1)])
        }
        return gestureFrames
    }

    /// Contact strength over a touch's life: it builds up over 30 ms after
    /// landing and fades over the last 30 ms.
    private static func envelope(time: Double, land: Double, lift: Double) -> Double {
        let rise = min(1, max(0, (time - land) / 0.03))
        let fall = min(1, max(0, (lift - time) / 0.03))
        return (0.55 + 0.45 * rise) * (0.7 + 0.3 * fall)
    }

    /// Millimetres from the axis minimum to device units, rounded and kept within the axis.
    func units(_ millimetres: Double, _ axis: AbsoluteAxis, _ perMillimetre: Double) -> Int32 {
        let value = (Double(axis.minimum) + millimetres * perMillimetre).rounded()
        let limited = min(max(value, Double(axis.minimum)), Double(max(axis.minimum, axis.maximum)))
        return Int32(limited)
    }
}
