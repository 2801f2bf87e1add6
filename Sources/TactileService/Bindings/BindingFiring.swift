// One action of a bound recognizer, as the service acts on it.
import Tactile

/// A bound recognizer's action: which binding, which phase, where, and the
/// gesture's measures at that moment.
///
/// ```swift
/// map.onFiring = { firing in
///     print(map.bindings[firing.bindingIndex].name, firing.phase, firing.measure)
/// }
/// ```
public struct BindingFiring: Hashable, Sendable {
    /// The binding's index in the config (``GestureMap/bindings``).
    public var bindingIndex: Int
    /// Which of the binding's actions run (discrete recognizers only end).
    public var phase: GesturePhase
    /// Engine time, seconds.
    public var time: Double
    /// The gesture's location in screen points (the fingers' centroid).
    public var location: Point
    /// The slots of the touches the recognizer follows.
    public var slots: [Int]
    /// What the gesture measured (its travel, scale, rotation or direction).
    public var measure: GestureMeasure

    /// A firing of the binding at `bindingIndex` with the gesture's measure.
    public init(bindingIndex: Int, phase: GesturePhase, time: Double, location: Point, slots: [Int], measure: GestureMeasure = .none) {
        self.bindingIndex = bindingIndex
        self.phase = phase
        self.time = time
        self.location = location
        self.slots = slots
        self.measure = measure
    }
}
