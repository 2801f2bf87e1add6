// The root of a view tree, sized to the screen.

/// The root of a view tree: the view that receives touches from the screen.
///
/// A window is sized to its screen's bounds by default. A window smaller
/// than the screen never receives a touch outside its frame — UIKit's
/// classic bug when a root view is not sized to the screen — which is why
/// the default exists.
///
/// ```swift
/// let window = Window(screen: Screen(width: 1280, height: 800))
/// print(window.frame == window.screen.bounds)   // true: it receives every touch
/// ```
open class Window: View {
    /// The screen the window is on.
    public let screen: Screen

    /// A window covering `screen`'s bounds.
    public init(screen: Screen = .standard, name: String = "window") {
        self.screen = screen
        super.init(frame: screen.bounds, name: name)
    }

    /// A window with an explicit frame in screen coordinates.
    public init(screen: Screen, frame: Rect, name: String = "window") {
        self.screen = screen
        super.init(frame: frame, name: name)
    }

    /// A screen point expressed in the window's coordinates.
    public func convert(fromScreen point: Point) -> Point {
        pointFromSuperview(point)
    }

    /// A point in the window's coordinates expressed in screen points.
    public func convert(toScreen point: Point) -> Point {
        pointInSuperview(point)
    }

    /// The view a touch at `screenPoint` lands on, or `nil` when it is outside the window.
    public func hitTest(screenPoint: Point) -> View? {
        hitTest(convert(fromScreen: screenPoint))
    }
}
