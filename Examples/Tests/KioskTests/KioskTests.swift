// The kiosk tested as its developer would, with TactileTesting: on its panel upright, and mounted upside down and in portrait.
import KioskApp
import Tactile
import TactileTesting
import Testing

/// Each test runs on the Raspberry Pi panel as it is mounted: upright,
/// upside down and in portrait. The gestures are drawn on the screen as the
/// person sees it; the kiosk has no code of its own for the mounting.
@MainActor
@Suite struct KioskTests {
    nonisolated static let mountings: [SurfaceTransform] = [.identity, .rotated(.clockwise180), .rotated(.clockwise90)]

    /// The kiosk on its panel mounted as `mounting`, and a tester drawing on it.
    static func kiosk(_ mounting: SurfaceTransform) -> (Kiosk, TouchTester) {
        let kiosk = Kiosk(screen: mounting.screen(turning: KioskPanel.display))
        let tester = TouchTester(window: kiosk.window, device: TestDevice(KioskPanel.device, mounting: mounting))
        return (kiosk, tester)
    }

    @Test("each button of the top bar taps, and the map does not move", arguments: mountings)
    func buttons(mounting: SurfaceTransform) {
        let (kiosk, tester) = Self.kiosk(mounting)
        let width = kiosk.window.bounds.width / 3
        for index in 0..<3 {
            tester.tap(at: Point(x: width * (Double(index) + 0.5), y: 28))
            tester.advance(by: 0.5)
        }
        #expect(kiosk.log == ["button Home", "button Route", "button Help"])
        #expect(kiosk.offset == .zero)
    }

    @Test("one finger pans the map by what it moved", arguments: mountings)
    func pan(mounting: SurfaceTransform) {
        let (kiosk, tester) = Self.kiosk(mounting)
        tester.drag(from: Point(x: 200, y: 250), to: Point(x: 320, y: 190))
        #expect(abs(kiosk.offset.x - 120) < 1.5 && abs(kiosk.offset.y + 60) < 1.5, "\(kiosk.offset)")
        #expect(kiosk.log.last?.hasPrefix("map moved to") == true)
    }

    @Test("two fingers spreading zoom the map in; a double tap zooms in twice as far", arguments: mountings)
    func zoom(mounting: SurfaceTransform) {
        let (kiosk, tester) = Self.kiosk(mounting)
        let middle = Point(x: kiosk.window.bounds.width / 2, y: kiosk.window.bounds.height / 2)
        tester.pinch(center: middle, fromSpan: 100, toSpan: 150)
        #expect(abs(kiosk.zoom - 1.5) < 0.05, "\(kiosk.zoom)")
        tester.advance(by: 0.5)
        tester.doubleTap(at: middle)
        tester.settle()
        #expect(abs(kiosk.zoom - 3) < 0.1, "\(kiosk.zoom)")
        #expect(kiosk.offset == .zero)
    }

    @Test("a long press drops a pin where the finger is", arguments: mountings)
    func pin(mounting: SurfaceTransform) {
        let (kiosk, tester) = Self.kiosk(mounting)
        tester.longPress(at: Point(x: 150, y: 300))
        #expect(kiosk.pins.count == 1)
        // The pin is on the map, below the top bar.
        #expect(kiosk.pins.first.map { $0.distance(to: Point(x: 150, y: 300 - Kiosk.barHeight)) < 1 } == true, "\(kiosk.pins)")
    }

    @Test("a swipe in from the screen's left edge opens the menu and leaves the map", arguments: mountings)
    func menu(mounting: SurfaceTransform) {
        let (kiosk, tester) = Self.kiosk(mounting)
        tester.swipe(direction: .right, from: Point(x: 1, y: 300), distance: 160)
        tester.settle()
        #expect(kiosk.isMenuOpen)
        #expect(kiosk.log == ["menu opened"])
        #expect(kiosk.offset == .zero)
    }

    @Test("a drag that starts well inside the left edge pans the map and opens no menu", arguments: mountings)
    func notFromTheEdge(mounting: SurfaceTransform) {
        let (kiosk, tester) = Self.kiosk(mounting)
        tester.drag(from: Point(x: 120, y: 300), to: Point(x: 280, y: 300))
        #expect(!kiosk.isMenuOpen)
        #expect(abs(kiosk.offset.x - 160) < 1.5, "\(kiosk.offset)")
    }
}
