// Which of its own criteria a recognizer failed on, with the value wanted and the value seen.

extension GestureRecognizer.FailureReason {
    /// One of a recognizer's own criteria that was not met, with the value it
    /// wants and the value it saw, in the units thresholds are given in
    /// (millimetres on the surface, seconds, degrees). Its ``description`` is
    /// what the trace and `tactile check` print.
    ///
    /// ```swift
    /// let criterion = GestureRecognizer.FailureReason.Criterion.moved(millimetres: 4.2, allowed: 3)
    /// print(criterion)   // a finger moved 4.2 mm (3 mm allowed)
    /// ```
    public enum Criterion: Hashable, Sendable, CustomStringConvertible {
        /// More fingers came down than the gesture takes.
        case tooManyFingers(wanted: Int, down: Int)
        /// The gesture had to decide with another number of fingers than it takes.
        case fingerCount(wanted: Int, down: Int)
        /// A finger moved farther than allowed before the gesture was recognized (mm).
        case moved(millimetres: Double, allowed: Double)
        /// The fingers stayed down longer than a tap allows (seconds).
        case pressTooLong(seconds: Double, maximum: Double)
        /// The fingers lifted before they had rested long enough (seconds).
        case liftedTooSoon(seconds: Double, minimum: Double)
        /// The next tap did not land within the interval allowed (seconds).
        case nextTapTooLate(maximum: Double)
        /// A tap landed too far from the previous one (mm).
        case tapTooFar(millimetres: Double, maximum: Double)
        /// The fingers of one tap landed too far apart in time (seconds).
        case fingersLandedApart(seconds: Double, window: Double)
        /// Two fingers of one tap landed farther apart than one hand's (mm).
        case fingersTooFarApart(millimetres: Double, maximum: Double)
        /// The fingers of one tap lifted too far apart in time (seconds).
        case fingersLiftedApart(seconds: Double, window: Double)
        /// A finger landed while the tap's fingers were lifting.
        case landedWhileLifting
        /// The stroke headed another way than allowed (`heading` empty: diagonally).
        case direction(heading: SwipeGestureRecognizer.Direction, allowed: SwipeGestureRecognizer.Direction)
        /// The stroke was too slow (mm/s).
        case tooSlow(millimetresPerSecond: Double, minimum: Double)
        /// The fingers did not travel far enough before they lifted (mm).
        case tooShort(millimetres: Double, minimum: Double)
        /// The gesture was not recognized within the time allowed (seconds).
        case tooLong(maximum: Double)
        /// The fingers changed their shape (a pinch or a turn) instead of moving together.
        case fingersDeformed
        /// The fingers moved together instead of pinching or turning.
        case fingersMovedTogether
        /// Two or more fingers never moved enough for ``MultiFingerMotion``
        /// to tell whether they move together or pinch and turn: which of its
        /// rules they had not met, with the figures. `wanted` is what the
        /// gesture waits for: ``MultiFingerMotion/translation`` (a pan) or
        /// ``MultiFingerMotion/deformation`` (a pinch or a rotation).
        case motionUndecided(MultiFingerMotion.Shortfall, wanted: MultiFingerMotion)
        /// The fingers were too close together for their span to be judged (mm).
        case spanTooSmall(millimetres: Double, minimum: Double)
        /// The fingers' span did not change enough before they lifted (mm).
        case spanChange(millimetres: Double, minimum: Double)
        /// The fingers did not turn enough before they lifted (degrees).
        case turn(degrees: Double, minimum: Double)
        /// A finger landed outside the band along the screen's `edges` where
        /// the gesture starts: `millimetres` from the nearest of them, the
        /// band `band` deep (mm).
        case landedAwayFromEdge(millimetres: Double, band: Double, edges: ScreenEdges)
        /// Its touches were cancelled (events dropped, the device gone).
        case touchesCancelled

        public var description: String {
            typealias F = Self
            switch self {
            case .tooManyFingers(let wanted, let down):
                return "\(F.fingers(down)) came down (it takes \(wanted))"
            case .fingerCount(let wanted, let down):
                return "\(F.fingers(down)) down (it wants \(wanted))"
            case .moved(let millimetres, let allowed):
                return "a finger moved \(F.number(millimetres)) mm (\(F.number(allowed)) mm allowed)"
            case .pressTooLong(let seconds, let maximum) where seconds <= maximum:
                return "still down after \(F.number(maximum, places: 2)) s (a tap lifts sooner)"
            case .pressTooLong(let seconds, let maximum):
                return "held \(F.number(seconds, places: 2)) s (at most \(F.number(maximum, places: 2)) s)"
            case .liftedTooSoon(let seconds, let minimum):
                return "lifted after \(F.number(seconds, places: 2)) s (needs \(F.number(minimum, places: 2)) s)"
            case .nextTapTooLate(let maximum):
                return "the next tap did not come within \(F.number(maximum, places: 2)) s"
            case .tapTooFar(let millimetres, let maximum):
                return "a tap landed \(F.number(millimetres)) mm from the previous one (at most \(F.number(maximum)) mm)"
            case .fingersLandedApart(let seconds, let window):
                return "the fingers landed \(F.number(seconds, places: 2)) s apart (at most \(F.number(window, places: 2)) s)"
            case .fingersTooFarApart(let millimetres, let maximum):
                return "two fingers landed \(F.number(millimetres)) mm apart (one hand's are within \(F.number(maximum)) mm)"
            case .fingersLiftedApart(let seconds, let window):
                return "the fingers lifted \(F.number(seconds, places: 2)) s apart (at most \(F.number(window, places: 2)) s)"
            case .landedWhileLifting:
                return "a finger landed while the others lifted"
            case .direction(let heading, let allowed):
                let went = heading.isEmpty ? "diagonally" : F.names(of: heading)
                return "went \(went) (wants \(allowed.isEmpty ? "its angle" : F.names(of: allowed)))"
            case .tooSlow(let speed, let minimum):
                return "moved at \(F.number(speed, places: 0)) mm/s (needs \(F.number(minimum, places: 0)) mm/s)"
            case .tooShort(let millimetres, let minimum):
                return "moved \(F.number(millimetres)) mm before lifting (needs \(F.number(minimum)) mm)"
            case .tooLong(let maximum):
                return "not done within \(F.number(maximum, places: 2)) s"
            case .fingersDeformed:
                return "the fingers pinched or turned instead of moving together"
            case .fingersMovedTogether:
                return "the fingers moved together instead of pinching or turning"
            case .motionUndecided(let shortfall, let wanted):
                return F.undecided(shortfall, wanted: wanted)
            case .spanTooSmall(let millimetres, let minimum):
                return "the fingers' span was \(F.number(millimetres)) mm (needs \(F.number(minimum)) mm)"
            case .spanChange(let millimetres, let minimum):
                return "the fingers' span changed \(F.number(millimetres)) mm before lifting (needs \(F.number(minimum)) mm)"
            case .turn(let degrees, let minimum):
                return "the fingers turned \(F.number(degrees))° before lifting (needs \(F.number(minimum))°)"
            case .landedAwayFromEdge(let millimetres, let band, let edges):
                return "a finger landed \(F.number(millimetres)) mm from the \(edges) edge (it starts within \(F.number(band)) mm of it)"
            case .touchesCancelled:
                return "its touches were cancelled"
            }
        }

        /// Which of ``MultiFingerMotion``'s rules fingers that lifted
        /// undecided had not met: each of two must move 1.5 mm (or, for a
        /// pinch or a turn, one stay under 1 mm while the other moves 8 mm);
        /// of more, at least half must; with the figures.
        private static func undecided(_ shortfall: MultiFingerMotion.Shortfall, wanted: MultiFingerMotion) -> String {
            typealias M = MultiFingerMotion
            let each = number(M.movementThreshold)
            let centroid = wanted == .deformation ? "" : "their centroid moved \(number(shortfall.centroid)) mm"
            if shortfall.moved == 0 {
                return "no finger moved \(each) mm since one last landed or lifted (the farthest \(number(shortfall.most)) mm\(centroid.isEmpty ? "" : "; " + centroid))"
            }
            if shortfall.fingers == 2 {
                let lagging = "one finger moved \(number(shortfall.least)) mm"
                guard wanted == .deformation else { return lagging + " of the \(each) mm each must move (\(centroid))" }
                return lagging + ": both must move \(each) mm, or one stay under \(number(M.stillThreshold)) mm"
                    + " while the other moves \(number(M.anchoredThreshold)) mm (it moved \(number(shortfall.most)) mm)"
            }
            let half = (shortfall.fingers + 1) / 2
            return "\(shortfall.moved) of \(shortfall.fingers) fingers moved \(each) mm (at least \(half) must\(centroid.isEmpty ? "" : "; " + centroid))"
        }

        /// `1 finger`, `3 fingers`.
        private static func fingers(_ count: Int) -> String { count == 1 ? "1 finger" : "\(count) fingers" }

        /// A figure with at most `places` decimals, trailing zeros dropped: `4.2`, `3`, `0.62`.
        static func number(_ value: Double, places: Int = 1) -> String {
            var text = FixedDecimal.format(value, places: places)
            if text.contains(".") {
                while text.hasSuffix("0") { text.removeLast() }
                if text.hasSuffix(".") { text.removeLast() }
            }
            return text == "-0" ? "0" : text
        }

        /// `right`, `left or up`.
        private static func names(of direction: SwipeGestureRecognizer.Direction) -> String {
            let all: [(SwipeGestureRecognizer.Direction, String)] = [
                (.right, "right"), (.left, "left"), (.up, "up"), (.down, "down"),
                (.upRight, "up-right"), (.upLeft, "up-left"), (.downRight, "down-right"), (.downLeft, "down-left"),
            ]
            let names = all.filter { direction.contains($0.0) }.map(\.1)
            return names.isEmpty ? "no direction" : names.joined(separator: " or ")
        }
    }
}
