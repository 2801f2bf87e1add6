// What a bound gesture measured when it acted: typed by recognizer, in the units steps and scrolling use.
import Tactile
#if canImport(Glibc)
import Glibc
#endif

/// A bound gesture's measures at one of its actions, by what it is: a pan
/// travels, a pinch scales, a rotation turns, a swipe has a direction. The
/// units are those of the config: millimetres on the surface, log2 of the
/// scale, degrees clockwise, and each per second for speeds.
///
/// ```swift
/// if case .pinch(let scale, _) = firing.measure, scale > 1 { print("spreading") }
/// firing.measure.value(of: .vertical)   // a pan's vertical travel in mm, 0 for others
/// ```
public enum GestureMeasure: Hashable, Sendable {
    /// A recognizer with no measure (tap, long press, press-and-hold, hold).
    case none
    /// A pan: the fingers' travel since it began and their velocity, in
    /// millimetres and millimetres per second (x right, y down).
    case pan(translation: Vector, velocity: Vector)
    /// A pinch: the scale since it began, and its speed in log2 of the scale per second.
    case pinch(scale: Double, speed: Double)
    /// A rotation: degrees clockwise since it began, and degrees per second.
    case rotation(degrees: Double, speed: Double)
    /// A swipe: the direction recognized (`nil` when it is none of the four).
    case swipe(ScreenEdge?)

    /// The pan's travel since it began in millimetres (zero for others).
    public var translation: Vector {
        if case .pan(let translation, _) = self { translation } else { .zero }
    }

    /// The value a step counts along `measure` (0 when the gesture has no such measure).
    public func value(of measure: StepAction.Measure) -> Double {
        switch (measure, self) {
        case (.horizontal, .pan(let translation, _)): translation.dx
        case (.vertical, .pan(let translation, _)): translation.dy
        case (.scale, .pinch(let scale, _)): scale > 0 ? log2(scale) : 0
        case (.rotation, .rotation(let degrees, _)): degrees
        default: 0
        }
    }

    /// How fast the value of `measure` changes, its unit per second, unsigned (0 when none).
    public func speed(of measure: StepAction.Measure) -> Double {
        let speed: Double = switch (measure, self) {
        case (.horizontal, .pan(_, let velocity)): velocity.dx
        case (.vertical, .pan(_, let velocity)): velocity.dy
        case (.scale, .pinch(_, let speed)): speed
        case (.rotation, .rotation(_, let speed)): speed
        default: 0
        }
        return speed.isFinite ? abs(speed) : 0
    }
}
