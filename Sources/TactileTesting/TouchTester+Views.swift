// Gestures on a view found by name: tap, double tap, long press and drag at its centre or a point inside it.
import Tactile
import TactileSynthesis

extension TouchTester {
    /// The view named `name` in the window (the first one, depth first);
    /// a failure listing the names there when none is.
    ///
    /// ```swift
    /// let pen = try tester.view(named: "pen")
    /// tester.tap(on: pen)
    /// ```
    public func view(named name: String) throws(TouchTestFailure) -> View {
        if let view = window.view(named: name) { return view }
        var names: [String] = []
        Self.collectNames(of: window, into: &names)
        throw TouchTestFailure("no view named \"\(name)\" in the window; its views: " + names.joined(separator: ", "))
    }

    /// The window point at `point` in `view`'s own coordinates, or at its centre.
    ///
    /// ```swift
    /// tester.tap(at: tester.point(in: toolbar, at: Point(x: 10, y: 10)))
    /// ```
    public func point(in view: View, at point: Point? = nil) -> Point {
        view.convert(point ?? view.bounds.center, to: nil)
    }

    /// A tap on `view`: at its centre, or at `point` in its own coordinates.
    ///
    /// ```swift
    /// try tester.tap(on: tester.view(named: "pen"))
    /// try tester.expect(penTap, to: .ended)
    /// ```
    public func tap(on view: View, at point: Point? = nil, fingers: Int = 1, contact: Double = 0.08,
                    imperfections: [Imperfection] = []) {
        tap(at: self.point(in: view, at: point), fingers: fingers, contact: contact, imperfections: imperfections)
    }

    /// Two taps on `view`: at its centre, or at `point` in its own coordinates.
    public func doubleTap(on view: View, at point: Point? = nil, fingers: Int = 1, interval: Double = 0.15,
                          imperfections: [Imperfection] = []) {
        doubleTap(at: self.point(in: view, at: point), fingers: fingers, interval: interval, imperfections: imperfections)
    }

    /// A long press on `view`: at its centre, or at `point` in its own coordinates.
    public func longPress(on view: View, at point: Point? = nil, for duration: Double = 0.8, fingers: Int = 1,
                          imperfections: [Imperfection] = []) {
        longPress(at: self.point(in: view, at: point), for: duration, fingers: fingers, imperfections: imperfections)
    }

    /// A drag that starts on `view` (at its centre, or at `point` in its own
    /// coordinates) and moves by `translation` window points.
    ///
    /// ```swift
    /// try tester.drag(on: tester.view(named: "canvas"), by: Vector(dx: 120, dy: 0))
    /// ```
    public func drag(on view: View, at point: Point? = nil, by translation: Vector, duration: Double = 0.4, fingers: Int = 1,
                     imperfections: [Imperfection] = []) {
        let start = self.point(in: view, at: point)
        drag(from: start, to: Point(x: start.x + translation.dx, y: start.y + translation.dy), duration: duration,
             fingers: fingers, imperfections: imperfections)
    }

    private static func collectNames(of view: View, into names: inout [String]) {
        names.append(view.name)
        for subview in view.subviews { collectNames(of: subview, into: &names) }
    }
}
