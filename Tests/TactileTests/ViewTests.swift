// Views: hit testing and coordinates, and the window sized to the screen.
import TactileTestSupport
import Testing
@testable import Tactile

@Suite("Views: hit testing and coordinates")
struct ViewTests {
    /// window 1920×1080 ⊃ panel at (100, 50) 400×300 with bounds origin (0, 20) ⊃ button at (10, 10) 50×40.
    private func makeTree() -> (Window, View, View) {
        let window = Window(screen: .standard)
        let panel = View(frame: Rect(x: 100, y: 50, width: 400, height: 300), name: "panel")
        panel.bounds.origin = Point(x: 0, y: 20)  // scrolled down by 20
        let button = View(frame: Rect(x: 10, y: 10, width: 50, height: 40), name: "button")
        window.addSubview(panel)
        panel.addSubview(button)
        return (window, panel, button)
    }

    @Test("hit testing finds the deepest view, front to back")
    func hitTesting() {
        let (window, panel, button) = makeTree()
        #expect(window.hitTest(screenPoint: Point(x: 115, y: 65)) === button)  // panel (15, 35) → button (5, 25)
        #expect(window.hitTest(screenPoint: Point(x: 300, y: 200)) === panel)
        #expect(window.hitTest(screenPoint: Point(x: 1000, y: 900)) === window)
        let overlay = View(frame: Rect(x: 0, y: 0, width: 200, height: 200), name: "overlay")
        window.addSubview(overlay)
        #expect(window.hitTest(screenPoint: Point(x: 115, y: 65)) === overlay, "the last subview is on top")
        overlay.isHidden = true
        #expect(window.hitTest(screenPoint: Point(x: 115, y: 65)) === button)
        overlay.isHidden = false
        overlay.isUserInteractionEnabled = false
        #expect(window.hitTest(screenPoint: Point(x: 115, y: 65)) === button)
    }

    @Test("a subview overhanging its superview is not hit outside the superview")
    func overhangingSubview() {
        let (window, panel, _) = makeTree()
        let wide = View(frame: Rect(x: 350, y: 20, width: 200, height: 50), name: "wide")
        panel.addSubview(wide)
        #expect(window.hitTest(screenPoint: Point(x: 460, y: 60)) === wide)
        #expect(window.hitTest(screenPoint: Point(x: 560, y: 60)) === window, "outside panel's bounds")
        #expect(!panel.point(inside: Point(x: 400, y: 30)), "the maximum edge is outside")
        #expect(panel.point(inside: Point(x: 0, y: 20)))
    }

    @Test("converting points between views, through scrolled bounds")
    func conversion() {
        let (window, panel, button) = makeTree()
        #expect(button.convert(Point(x: 5, y: 5), to: nil) == Point(x: 115, y: 45))
        #expect(button.convert(Point(x: 5, y: 5), to: panel) == Point(x: 15, y: 15))
        #expect(panel.convert(Point(x: 15, y: 15), to: button) == Point(x: 5, y: 5))
        #expect(button.convert(Point(x: 115, y: 45), from: nil) == Point(x: 5, y: 5))
        #expect(button.convert(Point(x: 115, y: 45), from: window) == Point(x: 5, y: 5))
        #expect(window.convert(Point(x: 5, y: 5), from: button) == Point(x: 115, y: 45))
        let rect = button.convert(Rect(x: 0, y: 0, width: 50, height: 40), to: nil)
        #expect(rect == Rect(x: 110, y: 40, width: 50, height: 40))
        for point in [Point(x: -3, y: 7.5), Point(x: 1000, y: 0.25)] {
            #expect(panel.convert(button.convert(point, to: panel), to: button) == point)
        }
    }

    @Test("the tree: add, move, remove; no cycles")
    func treeEditing() {
        let (window, panel, button) = makeTree()
        window.addSubview(button)
        #expect(button.superview === window)
        #expect(panel.subviews.isEmpty)
        button.addSubview(window)  // would make a cycle
        #expect(window.superview == nil)
        #expect(button.window === window)
        button.removeFromSuperview()
        #expect(button.window == nil)
        #expect(window.subviews.map(\.name) == ["panel"])
    }

    @Test("a subview or a recognizer that outlives its view no longer points to it")
    func linksClearedWhenAViewGoes() {
        let button = View(frame: Rect(x: 10, y: 10, width: 50, height: 40), name: "button")
        let tap = TapGestureRecognizer(name: "tap")
        do {
            let panel = View(frame: Rect(x: 100, y: 50, width: 400, height: 300), name: "panel")
            panel.addSubview(button)
            panel.addGestureRecognizer(tap)
            #expect(button.superview === panel)
            #expect(tap.view === panel)
        }
        // The panel is gone: its subview and its recognizer were told.
        #expect(button.superview == nil)
        #expect(button.window == nil)
        #expect(button.convert(Point(x: 1, y: 2), to: nil) == Point(x: 1, y: 2), "the button is a root now")
        #expect(tap.view == nil)
        #expect(tap.location(in: nil) == .zero)
        let window = Window(screen: .standard)
        window.addSubview(button)
        window.addGestureRecognizer(tap)
        #expect(button.window === window)
        #expect(tap.view === window)
    }

    @Test("frame and bounds sizes stay equal")
    func frameAndBounds() {
        let view = View(frame: Rect(x: 1, y: 2, width: 3, height: 4))
        view.frame.size = Size(width: 30, height: 40)
        #expect(view.bounds.size == Size(width: 30, height: 40))
        view.bounds.size = Size(width: 5, height: 6)
        #expect(view.frame == Rect(x: 1, y: 2, width: 5, height: 6))
    }
}

@Suite("Window sized to the screen")
struct WindowSizingTests {
    /// A touch that lands at `point` on the screen, on the test touchscreen.
    private func touchStream(at point: Point) -> [InputEvent] {
        var script = EventScript()
        script.frame(at: 0) { $0.track(1).x(Int32(point.x)).y(Int32(point.y)) }
        script.frame(at: 0.05) { $0.lift() }
        return script.events
    }

    private func countTouches(window: Window, at point: Point) -> Int {
        let recorder = TouchRecorder()
        window.addGestureRecognizer(recorder)
        let pipeline = InputPipeline(device: TestDevices.touchscreen, window: window)
        pipeline.process(touchStream(at: point))
        return recorder.began.count
    }

    @Test("a window smaller than the screen never receives a touch outside its frame")
    func smallWindowMissesTouches() {
        let screen = Screen.standard
        let small = Window(screen: screen, frame: Rect(x: 0, y: 0, width: 1280, height: 720))
        #expect(countTouches(window: small, at: Point(x: 1600, y: 900)) == 0)
        #expect(countTouches(window: Window(screen: screen, frame: Rect(x: 0, y: 0, width: 1280, height: 720)), at: Point(x: 640, y: 360)) == 1)
    }

    @Test("sizing the window to the screen bounds (the default) fixes it")
    func screenSizedWindowGetsEveryTouch() {
        let window = Window(screen: .standard)
        #expect(window.frame == Screen.standard.bounds)
        #expect(countTouches(window: window, at: Point(x: 1600, y: 900)) == 1)
        #expect(countTouches(window: Window(screen: .standard), at: Point(x: 1919, y: 1079)) == 1)
    }

    @Test("touches at an axis maximum or minimum land on the window (edges inclusive)")
    func edgeTouchesAreDelivered() {
        // The test touchscreen's axes run 0…1919 and 0…1079: one position per point.
        for point in [Point(x: 1919, y: 1079), Point(x: 0, y: 0), Point(x: 1919, y: 0), Point(x: 0, y: 1079)] {
            #expect(countTouches(window: Window(screen: .standard), at: point) == 1, "\(point)")
        }
        let mapping = SurfaceMapping(device: TestDevices.touchscreen, screen: .standard)
        #expect(mapping.screenPoint(x: 1919, y: 1079) == Point(x: 1919, y: 1079))
        #expect(mapping.screenPoint(x: 0, y: 0) == Point(x: 0, y: 0))
    }
}
