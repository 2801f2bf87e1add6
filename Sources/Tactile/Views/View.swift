// A rectangle in the view tree: geometry, hit testing, coordinate conversion, attached recognizers.

/// A rectangle in a tree of views that touches are hit-tested against and
/// gesture recognizers attach to, after `UIView`.
///
/// A view's `frame` is its rectangle in its superview's coordinates; its
/// `bounds` is the same rectangle in its own coordinates (the origin shifts
/// the content, as a scroll offset does). A point outside a view's bounds
/// never hits the view or any of its subviews, even a subview that overhangs.
///
/// ```swift
/// let window = Window(screen: .standard)
/// let sidebar = View(frame: Rect(x: 0, y: 0, width: 300, height: 1080), name: "sidebar")
/// window.addSubview(sidebar)
/// sidebar.addGestureRecognizer(TapGestureRecognizer())
/// print(window.hitTest(Point(x: 100, y: 500)) === sidebar)   // true
/// ```
@MainActor
open class View {
    /// The view's name, geometry and links, read on every hit test and for
    /// every action's location: one store with unchecked exclusivity, as a
    /// recognizer's core (docs/performance.md). No access spans a call out.
    private struct Storage {
        var name: String
        var frame: Rect
        var bounds: Rect
        var isHidden = false
        var isUserInteractionEnabled = true
        /// Not retained (the superview owns its subviews) and not `weak` (see
        /// `RecognizerCore` for why): cleared when the view is removed and in
        /// its superview's `deinit`, so it never dangles.
        unowned(unsafe) var superview: View?
        var subviews: [View] = []
        var gestureRecognizers: [GestureRecognizer] = []
    }

    @exclusivity(unchecked) private var storage: Storage

    /// A name for logs (the action log's `view` field).
    public var name: String {
        get { storage.name }
        set { storage.name = newValue }
    }

    /// The rectangle in the superview's coordinate space; setting it resizes ``bounds``.
    public var frame: Rect {
        get { storage.frame }
        set {
            storage.frame = newValue
            storage.bounds.size = newValue.size
        }
    }

    /// The rectangle in the view's own coordinate space; its size follows ``frame``.
    public var bounds: Rect {
        get { storage.bounds }
        set {
            storage.bounds = newValue
            storage.frame.size = newValue.size
        }
    }

    /// Hidden views and their subviews receive no touches.
    public var isHidden: Bool {
        get { storage.isHidden }
        set { storage.isHidden = newValue }
    }

    /// When `false`, the view and its subviews receive no touches.
    public var isUserInteractionEnabled: Bool {
        get { storage.isUserInteractionEnabled }
        set { storage.isUserInteractionEnabled = newValue }
    }

    /// The view this one is a subview of (not retained: the superview owns its subviews).
    public var superview: View? { storage.superview }
    /// Subviews, back to front: the last one is on top and hit-tested first.
    public var subviews: [View] { storage.subviews }
    /// Recognizers attached to this view, in the order they were added.
    public var gestureRecognizers: [GestureRecognizer] { storage.gestureRecognizers }

    public init(frame: Rect, name: String = "view") {
        storage = Storage(name: name, frame: frame, bounds: Rect(origin: .zero, size: frame.size))
    }

    // MARK: Tree

    /// Adds `view` on top of the subviews, removing it from its previous superview.
    /// Adding a view to itself or to one of its own subviews is ignored.
    public func addSubview(_ view: View) {
        guard view !== self, !isDescendant(of: view) else { return }
        view.removeFromSuperview()
        storage.subviews.append(view)
        view.storage.superview = self
    }

    /// Detaches the view from its superview.
    public func removeFromSuperview() {
        guard let parent = superview else { return }
        parent.storage.subviews.removeAll { $0 === self }
        storage.superview = nil
    }

    /// Whether the view is `view` or lies below it in the tree.
    public func isDescendant(of view: View) -> Bool {
        var current: View? = self
        while let candidate = current {
            if candidate === view { return true }
            current = candidate.superview
        }
        return false
    }

    /// The first view named `name` in this view's tree: this view, then its
    /// subviews depth first in the order they were added; `nil` when none
    /// is. Tests find views this way (flutter_test's `find.byKey`).
    ///
    /// ```swift
    /// let pen = window.view(named: "pen")
    /// ```
    public func view(named name: String) -> View? {
        if self.name == name { return self }
        for subview in storage.subviews {
            if let found = subview.view(named: name) { return found }
        }
        return nil
    }

    /// The window at the root of the tree, if the view is in one.
    public var window: Window? {
        var current: View? = self
        while let candidate = current {
            if let window = candidate as? Window { return window }
            current = candidate.superview
        }
        return nil
    }

    // MARK: Recognizers

    /// Attaches `recognizer`, moving it from the view it was on.
    public func addGestureRecognizer(_ recognizer: GestureRecognizer) {
        if recognizer.view === self { return }
        recognizer.view?.removeGestureRecognizer(recognizer)
        storage.gestureRecognizers.append(recognizer)
        recognizer.view = self
    }

    /// Detaches `recognizer`; it stops receiving touches.
    public func removeGestureRecognizer(_ recognizer: GestureRecognizer) {
        guard recognizer.view === self else { return }
        storage.gestureRecognizers.removeAll { $0 === recognizer }
        recognizer.view = nil
    }

    isolated deinit {
        // Subviews and recognizers may outlive their view (someone else holds
        // them; the engine holds recognizers in play): their unretained links
        // to this view are cleared before it goes.
        for subview in storage.subviews { subview.storage.superview = nil }
        for recognizer in storage.gestureRecognizers {
            recognizer.view = nil
        }
    }

    // MARK: Hit testing

    /// Whether `point`, in the view's coordinates, lies within its bounds.
    open func point(inside point: Point) -> Bool {
        bounds.contains(point)
    }

    /// The deepest visible, interactive view that contains `point` (in this
    /// view's coordinates): subviews are tried front to back, and a point
    /// outside this view's bounds hits nothing.
    open func hitTest(_ point: Point) -> View? {
        guard !isHidden, isUserInteractionEnabled, self.point(inside: point) else { return nil }
        for subview in subviews.reversed() {
            if let hit = subview.hitTest(subview.convert(point, from: self)) { return hit }
        }
        return self
    }

    // MARK: Coordinates

    /// A point in this view's coordinates, expressed in the superview's.
    func pointInSuperview(_ point: Point) -> Point {
        Point(x: point.x - bounds.origin.x + frame.origin.x, y: point.y - bounds.origin.y + frame.origin.y)
    }

    /// A point in the superview's coordinates, expressed in this view's.
    func pointFromSuperview(_ point: Point) -> Point {
        Point(x: point.x - frame.origin.x + bounds.origin.x, y: point.y - frame.origin.y + bounds.origin.y)
    }

    /// `point`, in this view's coordinates, expressed in the root's (the window's) coordinates.
    private func pointInRoot(_ point: Point) -> (point: Point, root: View) {
        var result = point
        var view = self
        while let parent = view.superview {
            result = view.pointInSuperview(result)
            view = parent
        }
        return (result, view)
    }

    /// `point`, in the root's coordinates, expressed in this view's.
    private func pointFromRoot(_ point: Point) -> Point {
        // Recursion down from the root: no array of ancestors to allocate.
        guard let superview else { return point }
        return pointFromSuperview(superview.pointFromRoot(point))
    }

    /// Converts `point` from this view's coordinates to `view`'s; `nil`
    /// means the window (the root of the tree).
    public func convert(_ point: Point, to view: View?) -> Point {
        let (inRoot, _) = pointInRoot(point)
        guard let view else { return inRoot }
        return view.pointFromRoot(inRoot)
    }

    /// Converts `point` from `view`'s coordinates (the window's when `nil`) to this view's.
    public func convert(_ point: Point, from view: View?) -> Point {
        let inRoot = view.map { $0.pointInRoot(point).point } ?? point
        return pointFromRoot(inRoot)
    }

    /// Converts a rectangle's origin and keeps its size (views have no transforms).
    public func convert(_ rect: Rect, to view: View?) -> Rect {
        Rect(origin: convert(rect.origin, to: view), size: rect.size)
    }

    /// Converts a rectangle from `view`'s coordinates, keeping its size.
    public func convert(_ rect: Rect, from view: View?) -> Rect {
        Rect(origin: convert(rect.origin, from: view), size: rect.size)
    }
}

extension Touch {
    /// The touch's position in `view`'s coordinates (the screen's when `nil`
    /// or when the view is in no window), as `UITouch.location(in:)`.
    ///
    /// ```swift
    /// override func touchesMoved(_ touches: [Touch], in frame: TouchFrame) {
    ///     for touch in touches {
    ///         let step = touch.location(in: view) - touch.previousLocation(in: view)
    ///         print("moved by", step, "at", touch.movedAt)
    ///     }
    /// }
    /// ```
    @MainActor
    public func location(in view: View?) -> Point {
        Self.convert(location, to: view)
    }

    /// The touch's position in the previous frame, in `view`'s coordinates,
    /// as `UITouch.previousLocation(in:)`.
    @MainActor
    public func previousLocation(in view: View?) -> Point {
        Self.convert(previousLocation, to: view)
    }

    @MainActor
    private static func convert(_ screenPoint: Point, to view: View?) -> Point {
        guard let view, let window = view.window else { return screenPoint }
        return view.convert(window.convert(fromScreen: screenPoint), from: nil)
    }
}
