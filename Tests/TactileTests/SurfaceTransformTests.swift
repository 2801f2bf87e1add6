// SurfaceTransform and the mapping it turns: libinput's matrices, parsing, screen points and millimetres.

import TactileTestSupport
import Testing
@testable import Tactile

@Suite("SurfaceTransform: libinput's calibration matrix")
struct SurfaceTransformTests {
    @Test("the rotations are libinput's documented clockwise matrices")
    func libinputMatrices() {
        #expect(SurfaceTransform.rotated(.clockwise90).values == [0, -1, 1, 1, 0, 0])
        #expect(SurfaceTransform.rotated(.clockwise180).values == [-1, 0, 1, 0, -1, 1])
        #expect(SurfaceTransform.rotated(.clockwise270).values == [0, 1, 0, -1, 0, 1])
        #expect(SurfaceTransform.rotated(.none).isIdentity)
        // The panel's top-left corner is the screen's top-right after a quarter turn clockwise.
        #expect(SurfaceTransform.rotated(.clockwise90).apply(to: Point(x: 0, y: 0)) == Point(x: 1, y: 0))
        #expect(SurfaceTransform.Rotation(degrees: -90) == .clockwise270)
        #expect(SurfaceTransform.Rotation(degrees: 45) == nil)
    }

    @Test("turns compose: two quarter turns are a half, four are none, a mirror twice is nothing")
    func composition() {
        let quarter = SurfaceTransform.rotated(.clockwise90)
        #expect(quarter.followed(by: quarter) == .rotated(.clockwise180))
        #expect(quarter.followed(by: .rotated(.clockwise270)).isIdentity)
        #expect(SurfaceTransform.flippedHorizontally.followed(by: .flippedHorizontally).isIdentity)
        #expect(SurfaceTransform.flippedHorizontally.followed(by: .flippedVertically) == .rotated(.clockwise180))
    }

    @Test("the inverse undoes a transform, and an orientation's inverse undoes it on the turned size")
    func inverses() throws {
        #expect(SurfaceTransform.rotated(.clockwise90).inverted == .rotated(.clockwise270))
        #expect(SurfaceTransform.flippedHorizontally.inverted == .flippedHorizontally)
        let calibrated = try SurfaceTransform(parsing: "1.02 0.01 -0.01 -0.02 1.03 -0.015").followed(by: .rotated(.clockwise90))
        let inverse = try #require(calibrated.inverted)
        for point in [Point(x: 0, y: 0), Point(x: 1, y: 0.25), Point(x: 0.3, y: 1)] {
            #expect(inverse.apply(to: calibrated.apply(to: point)).distance(to: point) < 1e-12)
        }
        #expect(SurfaceTransform(a: 1, b: 1, c: 0, d: 1, e: 1, f: 0).inverted == nil)
        let made = Size(width: 160, height: 96), point = Point(x: 10, y: 20)
        for rotation in SurfaceTransform.Rotation.allCases {
            let orientation = SurfaceTransform.rotated(rotation).orientation
            let seen = orientation.apply(to: point, on: made)
            #expect(orientation.inverted.apply(to: seen, on: orientation.apply(to: made)) == point, "\(rotation)")
            #expect(orientation.inverted == SurfaceTransform.rotated(rotation).inverted?.orientation)
        }
        #expect(SurfaceTransform.rotated(.clockwise90).orientation.apply(to: point, on: made) == Point(x: 76, y: 10))
    }

    @Test("six numbers parse; anything else is refused with what was wrong")
    func parsing() throws {
        #expect(try SurfaceTransform(parsing: " 0 -1 1\t1 0 0 ") == .rotated(.clockwise90))
        #expect(try SurfaceTransform(parsing: "1.02 0 -0.01 0 1.03 -0.015").c == -0.01)
        #expect(throws: SurfaceTransformError.wrongCount(5)) { try SurfaceTransform(parsing: "1 0 0 0 1") }
        #expect(throws: SurfaceTransformError.notANumber("x")) { try SurfaceTransform(parsing: "1 0 0 0 1 x") }
        #expect(throws: SurfaceTransformError.absurdValue(index: 2, value: .infinity)) { try SurfaceTransform(parsing: "1 0 inf 0 1 0") }
        #expect(throws: SurfaceTransformError.absurdValue(index: 0, value: 1e6)) { try SurfaceTransform(parsing: "1e6 0 0 0 1 0") }
        #expect(throws: SurfaceTransformError.degenerate([1, 1, 0, 1, 1, 0])) { try SurfaceTransform(parsing: "1 1 0 1 1 0") }
        let message = SurfaceTransformError.degenerate([1, 1, 0, 1, 1, 0]).description
        #expect(message.contains("1 1 0 1 1 0") && message.contains("one place"))
    }

    @Test("the nearest orientation of a calibration, and what is said of it")
    func orientation() throws {
        let tilted = try SurfaceTransform(parsing: "0.02 -1.01 1 0.98 0.03 0")
        #expect(tilted.orientation == SurfaceTransform.rotated(.clockwise90).orientation)
        #expect(tilted.summary == "calibration 0.02 -1.01 1 0.98 0.03 0 (rotated 90° clockwise)")
        #expect(SurfaceTransform.rotated(.clockwise270).summary == "rotated 270° clockwise")
        #expect(try SurfaceTransform(parsing: "1.02 0 -0.01 0 1.03 -0.015").summary == "calibration 1.02 0 -0.01 0 1.03 -0.015")
        let portrait = SurfaceTransform.rotated(.clockwise90).screen(turning: Screen(width: 800, height: 480))
        #expect(portrait.bounds.size == Size(width: 480, height: 800))
        #expect(SurfaceTransform.rotated(.clockwise180).screen(turning: .standard) == .standard)
    }
}

@Suite("SurfaceMapping: a turned surface")
struct TurnedMappingTests {
    /// The 200 × 100 mm test panel (0…1999 × 0…999) on its 2000 × 1000 pt screen, or turned onto a 1000 × 2000 one.
    func mapping(_ transform: SurfaceTransform) -> SurfaceMapping {
        SurfaceMapping(device: TestDevices.panel, screen: transform.screen(turning: TestDevices.panelScreen), transform: transform)
    }

    @Test("upright, the arithmetic is the unturned one, bit for bit")
    func identityUnchanged() {
        let upright = mapping(.identity)
        for (x, y) in [(0, 0), (1, 999), (1234, 567), (1999, 999)] as [(Int32, Int32)] {
            let expected = Point(x: Double(x) * (2000.0 / 2000.0), y: Double(y) * (1000.0 / 1000.0))
            #expect(upright.screenPoint(x: x, y: y) == expected)
            #expect(upright.millimetres(x: x, y: y) == Point(x: Double(x) / 10, y: Double(y) / 10))
        }
    }

    @Test("a quarter turn: corners go round clockwise, millimetres keep their size and follow the screen")
    func quarterTurn() {
        let turned = mapping(.rotated(.clockwise90))
        #expect(turned.screenBounds.size == Size(width: 1000, height: 2000))
        #expect(turned.surfaceSize == Size(width: 99.9, height: 199.9))
        #expect(turned.deviceSurfaceSize == Size(width: 199.9, height: 99.9))
        // The panel's top-left lands at the screen's top-right (held just inside), its bottom-left at the top-left.
        let topLeft = turned.screenPoint(x: 0, y: 0)
        #expect(topLeft.y == 0 && topLeft.x < 1000 && topLeft.x > 999.99)
        #expect(turned.screenPoint(x: 0, y: 999) == Point(x: 1, y: 0))
        #expect(turned.screenPoint(x: 1000, y: 500) == Point(x: 500, y: 1000))
        // A stroke along the panel's x axis runs down the screen; its length in millimetres is unchanged.
        let start = turned.millimetres(x: 100, y: 500), end = turned.millimetres(x: 600, y: 500)
        #expect(abs(start.distance(to: end) - 50) < 1e-9)
        #expect(end.y > start.y && abs(end.x - start.x) < 1e-9)
    }

    @Test("half and three quarter turns, mirrors: each point where the turn puts it")
    func otherTurns() {
        let (x, y): (Int32, Int32) = (300, 200)
        let upright = mapping(.identity).screenPoint(x: x, y: y)
        let half = mapping(.rotated(.clockwise180)).screenPoint(x: x, y: y)
        #expect(half == Point(x: 2000 - upright.x, y: 1000 - upright.y))
        let threeQuarters = mapping(.rotated(.clockwise270)).screenPoint(x: x, y: y)
        #expect(threeQuarters == Point(x: upright.y, y: 2000 - upright.x))
        let mirrored = mapping(.flippedHorizontally).screenPoint(x: x, y: y)
        #expect(mirrored == Point(x: 2000 - upright.x, y: upright.y))
        let halfMillimetres = mapping(.rotated(.clockwise180)).millimetres(x: x, y: y)
        #expect(abs(halfMillimetres.x - (199.9 - 30)) < 1e-9 && abs(halfMillimetres.y - (99.9 - 20)) < 1e-9)
    }

    @Test("a calibration moves points by fractions of the screen and holds them inside it")
    func calibration() throws {
        let shifted = try SurfaceTransform(parsing: "1 0 0.1 0 1 -0.1")
        let mapping = SurfaceMapping(device: TestDevices.panel, screen: TestDevices.panelScreen, transform: shifted)
        #expect(mapping.screenPoint(x: 1000, y: 500) == Point(x: 1200, y: 400))
        let corner = mapping.screenPoint(x: 1999, y: 0)
        #expect(corner.x < 2000 && corner.x > 1999.99 && corner.y == 0)
        // Millimetres do not move: a calibration is no mounting.
        #expect(mapping.millimetres(x: 1000, y: 500) == Point(x: 100, y: 50))
    }

    @Test("a touchscreen without resolution, turned, covers its turned screen axis by axis")
    func estimatedSizeFollowsTheTurn() {
        let screen = Screen(width: 1080, height: 1920, dotsPerInch: 96)
        let mapping = SurfaceMapping(device: TestDevices.touchscreen, screen: screen, transform: .rotated(.clockwise90))
        #expect(mapping.sizeSource == .screen)
        let size = mapping.surfaceSize
        #expect(abs(size.width - screen.physicalSize.width) < 0.5 && abs(size.height - screen.physicalSize.height) < 0.5)
    }
}

@Suite("InputPipeline: the device read, and its surface as turned")
struct ReplacedDeviceSurfaceTests {
    @Test("a device that replaces another gives the engine its kind and its surface as turned")
    func replacedDeviceSurface() {
        let window = Window(screen: Screen(width: 1000, height: 2000))
        let pipeline = InputPipeline(device: TestDevices.touchpad, window: window)
        #expect(pipeline.engine.surfaceSize == Size(width: 99.9, height: 49.9))
        pipeline.replaceDevice(TestDevices.panel, transform: .rotated(.clockwise90))
        #expect(pipeline.engine.deviceKind == .touchscreen)
        #expect(pipeline.engine.surfaceSize == Size(width: 99.9, height: 199.9))
        #expect(pipeline.transform == .rotated(.clockwise90))
    }
}
