// One action of a bound recognizer, as the service acts on it.
import Tactile

/// A bound recognizer's action: which binding, which phase, where, and the
/// gesture's measures at that moment.
public struct BindingFiring: Hashable, Sendable {
    /// The binding's index in the config (``GestureMap/bindings``); -1 for the emergency gesture.
    public var binding: Int
    /// Which of the binding's actions run (discrete recognizers only end).
    public var phase: GesturePhase
    /// Engine time, seconds.
    public var time: Double
    /// The gesture's location in screen points (the fingers' centroid).
    public var location: Point
    /// The slots of the touches the recognizer follows.
    public var slots: [Int]
    /// Pan translation since `began`, in millimetres (zero for other recognizers).
    public var translation: Vector
    /// Pinch scale (1 for other recognizers).
    public var scale: Double
    /// Rotation in degrees, clockwise (0 for other recognizers).
    public var rotation: Double
    /// For a swipe, the direction recognized.
    public var direction: ScreenEdge?
    /// How fast the gesture goes: a pan's velocity in millimetres per second,
    /// a pinch's in log2 of the scale per second, a rotation's in degrees per
    /// second clockwise (zero for other recognizers).
    public var velocity = Vector.zero

    /// A firing of binding number `binding` (-1: the emergency gesture) with the gesture's measures.
    public init(binding: Int, phase: GesturePhase, time: Double, location: Point, slots: [Int],
                translation: Vector = .zero, scale: Double = 1, rotation: Double = 0, direction: ScreenEdge? = nil) {
        self.binding = binding
        self.phase = phase
        self.time = time
        self.location = location
        self.slots = slots
        self.translation = translation
        self.scale = scale
        self.rotation = rotation
        self.direction = direction
    }
}
