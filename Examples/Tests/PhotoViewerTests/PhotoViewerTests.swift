// The photo viewer tested as its users touch it: zoom, turn, drag, the sidebar's buttons and the reset gesture.
@testable import PhotoViewer
import Tactile
import TactileTesting
import Testing

@MainActor
@Suite struct PhotoViewerTests {
    /// A viewer on a 1920×1080 screen (the sidebar: the right 400 points) and a tester touching it.
    func makeViewer() -> (PhotoViewer, TouchTester) {
        let viewer = PhotoViewer(screen: Screen(width: 1920, height: 1080))
        return (viewer, TouchTester(window: viewer.window))
    }

    @Test func spreadingTwoFingersZoomsThePhoto() throws {
        let (viewer, tester) = makeViewer()
        tester.pinch(center: Point(x: 700, y: 500), fromSpan: 150, toSpan: 300)
        #expect(abs(viewer.zoom - 2) < 0.1, "zoom \(viewer.zoom)")
        #expect(viewer.log.last?.hasPrefix("pinch ended: zoom ×2") == true, "\(viewer.log)")
    }

    @Test func turningTwoFingersTurnsThePhoto() throws {
        let (viewer, tester) = makeViewer()
        tester.rotate(center: Point(x: 700, y: 500), by: .pi / 2, span: 200)
        #expect(abs(viewer.angle - .pi / 2) < 0.1, "angle \(viewer.angle)")
        #expect(abs(viewer.zoom - 1) < 0.05, "a turn does not zoom: \(viewer.zoom)")
    }

    @Test func dragsMoveThePhoto() throws {
        let (viewer, tester) = makeViewer()
        tester.drag(from: Point(x: 300, y: 300), to: Point(x: 600, y: 500))
        #expect(abs(viewer.offset.x - 300) < 10 && abs(viewer.offset.y - 200) < 10, "offset \(viewer.offset)")
        #expect(viewer.log == ["pan ended: offset (\(PhotoViewer.rounded(viewer.offset.x)), \(PhotoViewer.rounded(viewer.offset.y))) pt"])
    }

    @Test func aSecondFingerTurnsADragIntoAZoom() throws {
        let (viewer, tester) = makeViewer()
        let first = tester.touch(), second = tester.touch()
        first.down(at: Point(x: 600, y: 500))
        first.move(by: Vector(dx: 100, dy: 0), duration: 0.2)
        second.down(at: Point(x: 800, y: 500))
        second.move(by: Vector(dx: 200, dy: 0), duration: 0.3)
        first.up()
        second.up()
        #expect(viewer.log.first?.hasPrefix("drag handed over to a zoom or turn") == true, "\(viewer.log)")
        #expect(viewer.zoom > 1.5, "zoom \(viewer.zoom)")
    }

    @Test func zoomThenDragWithTheFingerLeftThenZoomAgainWithoutLiftingEveryFinger() throws {
        let (viewer, tester) = makeViewer()
        let first = tester.touch(), second = tester.touch()
        first.down(at: Point(x: 600, y: 400))
        second.down(at: Point(x: 800, y: 400))
        second.move(by: Vector(dx: 200, dy: 0), duration: 0.3)   // the span doubles: zoom ×2
        let zoomed = viewer.zoom
        #expect(abs(zoomed - 2) < 0.15, "zoom \(zoomed)")
        // The second finger lifts; the first drags the photo on its own.
        second.up()
        first.move(by: Vector(dx: 0, dy: 200), duration: 0.4)
        #expect(abs(viewer.offset.y - 200) < 10 && abs(viewer.offset.x) < 10, "offset \(viewer.offset)")
        // It lands again and the two spread: the zoom goes on from where it was.
        second.down(at: Point(x: 800, y: 600))
        second.move(by: Vector(dx: 200, dy: 0), duration: 0.3)   // the span doubles again
        #expect(abs(viewer.zoom / zoomed - 2) < 0.15, "zoom \(viewer.zoom) after \(zoomed)")
        first.up()
        second.up()
        #expect(viewer.log.contains { $0.hasPrefix("drag handed over to a zoom or turn") }, "\(viewer.log)")
    }

    @Test func theSidebarsButtonsTapAndThePhotoDoesNotMove() throws {
        let (viewer, tester) = makeViewer()
        // Button 3 of 5: the middle fifth of the sidebar.
        tester.tap(at: Point(x: 1700, y: 540))
        tester.settle()
        #expect(viewer.log == ["button 3 of 5 tapped"])
        #expect(viewer.offset == .zero)
    }

    @Test func aTwoFingerDoubleTapResetsThePhoto() throws {
        let (viewer, tester) = makeViewer()
        tester.pinch(center: Point(x: 700, y: 500), fromSpan: 150, toSpan: 300)
        tester.advance(by: 0.5)
        tester.doubleTap(at: Point(x: 700, y: 500), fingers: 2)
        tester.settle()
        #expect(viewer.zoom == 1 && viewer.angle == 0 && viewer.offset == .zero)
        #expect(viewer.log.last == "two-finger double tap: photo reset")
    }
}
