// A zone of the gesture service's config, as a plot draws it on the surface.
import Tactile

/// A zone of the service's config on the surface.
struct PlotZone: Hashable, Sendable {
    var name: String
    /// In millimetres of the surface.
    var frame: Rect
    var holdsTouches: Bool
}
