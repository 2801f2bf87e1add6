// Paced playback: engine time mapped onto the wall clock, for tactile replay --speed and the demo.
import Foundation
import Tactile
import TactileEvdev
import TactileRecording

/// Maps engine time onto the wall clock for paced playback: the first time
/// it is given is now, later ones `speed` times faster than recorded.
struct Pacer: ReplayPacer {
    /// 2 plays twice as fast as recorded.
    let speed: Double
    /// When raised, waits end at once.
    let stop: StopSignal?
    private let clock = ContinuousClock()
    private var origin: (engine: Double, wall: ContinuousClock.Instant)?

    init(speed: Double, stop: StopSignal? = nil) {
        self.speed = speed
        self.stop = stop
    }

    /// Whether a stop was requested.
    var isStopped: Bool { stop?.isStopRequested ?? false }

    /// Makes `time` the engine time of now, unless an origin is set already.
    mutating func start(at time: Double) {
        if origin == nil { origin = (time, clock.now) }
    }

    /// Sleeps until the wall-clock moment of engine time `time` (at once when it passed).
    mutating func wait(until time: Double) {
        start(at: time)
        guard let origin, speed > 0, time.isFinite else { return }
        let offset = (time - origin.engine) / speed
        guard offset > 0 else { return }
        let target = origin.wall.advanced(by: .microseconds(Int64(saturating: (offset * 1_000_000).rounded())))
        // In slices, so a stop is seen within 50 ms.
        while !isStopped {
            let wait = clock.now.duration(to: target)
            guard wait > .zero else { return }
            let seconds = Double(wait.components.seconds) + Double(wait.components.attoseconds) * 1e-18
            Thread.sleep(forTimeInterval: min(seconds, 0.05))
        }
    }
}
