// Fingers at the screen's very edges: a tap 1 pt from each edge lands there and reaches a 20 pt strip; a gesture off the screen is refused, saying why.
import Tactile
import TactileTesting
import Testing

/// The tester reaches the edges, as real fingers do (issue 46, point 5): a
/// tap asked 1 pt from an edge lands 1 pt from it (within one device
/// position), so a UIKit-sized 20 pt edge strip is testable; what cannot be
/// drawn (a finger off the screen, or where a calibrated panel does not
/// reach) fails loudly and says why.
@MainActor
@Suite struct EdgeTests {
    /// One edge: its strip's frame in an 800 × 480 window and a point 1 pt from the edge.
    struct Edge: Sendable, CustomTestStringConvertible {
        var name: String
        var strip: Rect
        var point: Point
        var testDescription: String { name }
    }

    /// A 20 pt strip along each edge of an 800 × 480 window, the corners left to none.
    nonisolated static let edges = [
        Edge(name: "left", strip: Rect(x: 0, y: 20, width: 20, height: 440), point: Point(x: 1, y: 240)),
        Edge(name: "right", strip: Rect(x: 780, y: 20, width: 20, height: 440), point: Point(x: 799, y: 240)),
        Edge(name: "top", strip: Rect(x: 20, y: 0, width: 760, height: 20), point: Point(x: 400, y: 1)),
        Edge(name: "bottom", strip: Rect(x: 20, y: 460, width: 760, height: 20), point: Point(x: 400, y: 479)),
    ]

    /// An 800 × 480 window with a tap on each edge's strip.
    static func strips() -> (Window, [TapGestureRecognizer]) {
        let window = Window(screen: KioskPanel.screen)
        var taps: [TapGestureRecognizer] = []
        for edge in edges {
            let view = View(frame: edge.strip, name: edge.name)
            let tap = TapGestureRecognizer(name: "\(edge.name)Tap")
            view.addGestureRecognizer(tap)
            window.addSubview(view)
            taps.append(tap)
        }
        return (window, taps)
    }

    /// The kiosk's panel (one unit per point) and a 12.5" touchscreen (0.2 pt per unit).
    nonisolated static let devices = [TestDevice(KioskPanel.device), .touchscreen]

    @Test("a tap 1 pt from an edge lands 1 pt from it, on the 20 pt strip there", arguments: edges, devices)
    func aTapOnePointFromAnEdge(edge: Edge, device: TestDevice) throws {
        let (window, taps) = Self.strips()
        let tester = TouchTester(window: window, device: device)
        tester.tap(at: edge.point)
        let index = try #require(Self.edges.firstIndex { $0.name == edge.name })
        let tapped = try tester.expect(taps[index], to: .ended)
        // In the strip's own coordinates; one device position is the resolution.
        let asked = Point(x: edge.point.x - edge.strip.minX, y: edge.point.y - edge.strip.minY)
        let position = 800 / Double((device.description.positionAxes?.x.span ?? 0) + 1)
        #expect(tapped.location.distance(to: asked) <= position / 2 + 1e-9, "\(edge.name): asked \(asked), landed \(tapped.location)")
        #expect(tester.actions.count == 1, "only the \(edge.name) strip's tap: \(tester.actions.map(\.recognizer))")
        #expect(tester.refusedGestures.isEmpty)
    }

    @Test func theScreensCornersAndFarEdgesAreOnIt() throws {
        let window = Window(screen: KioskPanel.screen)
        let tap = TapGestureRecognizer()
        window.addGestureRecognizer(tap)
        let tester = TouchTester(window: window, device: TestDevice(KioskPanel.device))
        tester.tap(at: Point(x: 0, y: 0))
        let corner = try tester.expect(tap, to: .ended).location
        #expect(corner == Point(x: 0, y: 0), "\(corner) \(tester.refusedGestures.map(\.description)) \(tester.trace.map(\.description))")
        tester.advance(by: 0.5)
        // The far edges are the end of the last position: a finger there is sensed at it.
        tester.tap(at: Point(x: 800, y: 480))
        #expect(tester.actions(of: tap).last?.location == Point(x: 799, y: 479))
        #expect(tester.refusedGestures.isEmpty)
    }

    @Test func aGestureOffTheScreenIsRefusedSayingWhichFingerAndWhere() throws {
        let window = Window(screen: KioskPanel.screen)
        let tap = TapGestureRecognizer(), pan = PanGestureRecognizer()
        window.addGestureRecognizer(tap)
        window.addGestureRecognizer(pan)
        let tester = TouchTester(window: window, device: TestDevice(KioskPanel.device))
        tester.recordsFailures = false   // the refusals are the subject
        let hint = ". A finger lands anywhere on the screen, its edges included, and stays on it until it lifts: "
            + "keep every finger of the gesture there"
        tester.tap(at: Point(x: -5, y: 240))
        #expect(tester.refusedGestures.map(\.description) == [
            "tap at (-5.000, 240.000): not drawn: its finger would land at (-5.000, 240.000) pt, outside the screen (0…800 × 0…480 pt)" + hint,
        ])
        // Two fingers 18 mm (90 pt) apart about a point 1 pt from the edge: the left one would be off.
        tester.tap(at: Point(x: 1, y: 240), fingers: 2)
        #expect(tester.refusedGestures.last?.description.hasPrefix(
            "tap at (1.000, 240.000) with 2 fingers: not drawn: finger 1 would land at (-44.000, 240.000) pt, outside the screen") == true,
            "\(tester.refusedGestures.last?.description ?? "none")")
        // A swipe goes on until it lifts: from 700 pt, 200 pt to the right runs off.
        tester.swipe(direction: .right, from: Point(x: 700, y: 240))
        let swipe = tester.refusedGestures.last?.description ?? ""
        #expect(swipe.hasPrefix("swipe right from (700.000, 240.000) over 200.000 pt: not drawn: its finger would be, 0."), "\(swipe)")
        #expect(swipe.contains(" s in, at (8") && swipe.contains(", 240.000) pt, outside the screen (0…800 × 0…480 pt)"), "\(swipe)")
        // More fingers than the panel counts.
        tester.tap(at: Point(x: 400, y: 240), fingers: 11)
        #expect(tester.refusedGestures.last?.description == "tap at (400.000, 240.000) with 11 fingers: not drawn: \"Kiosk Panel\" counts at most 10 fingers")
        // A finger by hand is refused off the screen too, and stays where it was.
        let finger = tester.touch()
        finger.down(at: Point(x: 400, y: 240))
        finger.move(to: Point(x: 400, y: 500))
        #expect(finger.location == Point(x: 400, y: 240))
        #expect(tester.refusedGestures.last?.description.hasPrefix(
            "touch move to (400.000, 500.000): not drawn: the finger would be at (400.000, 500.000) pt, outside the screen") == true)
        finger.up()
        // Nothing refused was drawn: no action but the hand's finger's, a refused gesture moves no clock.
        #expect(tester.refusedGestures.count == 5)
        #expect(tester.actions(of: pan).isEmpty)
        #expect(tester.actions(of: tap).count == 1, "the finger put down and lifted by hand is a tap")
    }

    @Test func aRefusedGestureFailsTheTestWithItsReason() {
        let window = Window(screen: KioskPanel.screen)
        let tester = TouchTester(window: window, device: TestDevice(KioskPanel.device))
        withKnownIssue {
            tester.drag(from: Point(x: 400, y: 240), to: Point(x: 400, y: 600))
        } matching: { issue in
            issue.comments.contains { $0.rawValue.hasPrefix("drag from (400.000, 240.000) to (400.000, 600.000): not drawn: its finger would be, ") }
        }
        #expect(tester.refusedGestures.first?.isRecorded == true)
        #expect(tester.now == 0, "nothing was fed")
    }

    @Test func aCalibratedPanelThatDoesNotReachTheEdgeSaysWhereItReaches() {
        // A panel whose calibration leaves a 5 % band of the screen on every side beyond its reach.
        let shrunk = SurfaceTransform(a: 0.9, b: 0, c: 0.05, d: 0, e: 0.9, f: 0.05)
        let tester = TouchTester(window: Window(screen: KioskPanel.screen), device: TestDevice(KioskPanel.device, mounting: shrunk))
        tester.recordsFailures = false
        tester.tap(at: Point(x: 1, y: 240))
        #expect(tester.refusedGestures.map(\.description).first?.hasPrefix(
            "tap at (1.000, 240.000): not drawn: its finger would land at (1.000, 240.000) pt, which the surface does not reach as it is mounted "
                + "(calibration 0.9 0 0.05 0 0.9 0.05): it covers x 40…760, y 24…456 pt of the screen") == true,
            "\(tester.refusedGestures.first?.description ?? "none")")
        tester.tap(at: Point(x: 41, y: 240))
        #expect(tester.refusedGestures.count == 1, "within its reach: drawn")
    }
}
