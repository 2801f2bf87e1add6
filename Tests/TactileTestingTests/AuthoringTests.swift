// What a developer used to flutter_test and XCTest expects of the tester: the recognizer itself, flings at their speed, views by name, snapshots with a tolerance.
import Foundation
import Tactile
import TactileTesting
import Testing

/// The tester as its users write tests: expectations about the recognizer
/// object (not its name), flings that end at the speed asked, views found
/// by name and acted on, snapshots that survive a last-digit change.
@MainActor
@Suite struct AuthoringTests {
    /// A window with a left and a right half, each with an unnamed tap (both named "tap").
    static func twoHalves() -> (window: Window, left: TapGestureRecognizer, right: TapGestureRecognizer) {
        let window = Window(screen: Screen(width: 800, height: 600))
        let leftView = View(frame: Rect(x: 0, y: 0, width: 400, height: 600), name: "left")
        let rightView = View(frame: Rect(x: 400, y: 0, width: 400, height: 600), name: "right")
        window.addSubview(leftView)
        window.addSubview(rightView)
        let left = TapGestureRecognizer(), right = TapGestureRecognizer()
        leftView.addGestureRecognizer(left)
        rightView.addGestureRecognizer(right)
        return (window, left, right)
    }

    @Test func anExpectationAboutOneOfTwoNamesakesIsNotMetByTheOther() throws {
        let (window, left, right) = Self.twoHalves()
        let tester = TouchTester(window: window)
        tester.recordsFailures = false   // the failures are the subject
        tester.tap(at: Point(x: 600, y: 300))
        tester.settle()
        try tester.expect(right, to: .ended)
        #expect(tester.actions(of: left).isEmpty && tester.actions(of: right).count == 1)
        do {
            try tester.expect(left, to: .ended)
            Issue.record("the right tap's action met an expectation about the left one")
        } catch {
            #expect(error.description.hasPrefix("tap: expected ended; it never reported ended"), "\(error.description)")
            #expect(error.description.contains("note: 1 other recognizer is named \"tap\" too"), "\(error.description)")
        }
        #expect(throws: TouchTestFailure.self) { try tester.expectNoAction(from: right) }
        try tester.expectNoAction(from: left)
        try tester.expectActions([(right, .ended)])
        #expect(throws: TouchTestFailure.self) { try tester.expectActions([(left, .ended)]) }
    }

    @Test("a fling ends at the speed asked, within 5 %", arguments: [400.0, 1500, 3000])
    func flingSpeed(speed: Double) throws {
        for (dx, dy) in [(1.0, 0.0), (-1, 0), (0, 1), (0, -1), (0.6, 0.8)] {
            let window = Window(screen: Screen(width: 1600, height: 1200))
            let pan = PanGestureRecognizer()
            window.addGestureRecognizer(pan)
            let tester = TouchTester(window: window)
            let start = Point(x: 800 - dx * speed * 0.08, y: 600 - dy * speed * 0.08)
            tester.fling(from: start, velocity: Vector(dx: dx * speed, dy: dy * speed))
            let ended = try tester.expect(pan, to: .ended)
            let vx = ended.value(named: "velocity.x") ?? 0, vy = ended.value(named: "velocity.y") ?? 0
            let measured = (vx * vx + vy * vy).squareRoot()
            #expect(abs(measured - speed) <= 0.05 * speed, "\(speed) pt/s towards (\(dx), \(dy)): the pan ended at \(measured)")
            #expect(vx * dx + vy * dy > 0.99 * measured, "the direction asked")
        }
    }

    @Test func aViewFoundByNameIsTappedDraggedAndLongPressed() throws {
        let window = Window(screen: Screen(width: 800, height: 600))
        let toolbar = View(frame: Rect(x: 0, y: 500, width: 800, height: 100), name: "toolbar")
        let pen = View(frame: Rect(x: 20, y: 10, width: 80, height: 80), name: "pen")
        let canvas = View(frame: Rect(x: 0, y: 0, width: 800, height: 500), name: "canvas")
        window.addSubview(canvas)
        window.addSubview(toolbar)
        toolbar.addSubview(pen)
        let penTap = TapGestureRecognizer(name: "penTap"), penPress = LongPressGestureRecognizer(name: "penPress")
        let draw = PanGestureRecognizer(name: "draw")
        pen.addGestureRecognizer(penTap)
        pen.addGestureRecognizer(penPress)
        canvas.addGestureRecognizer(draw)
        let tester = TouchTester(window: window)
        #expect(try tester.view(named: "pen") === pen)
        #expect(tester.point(in: pen) == Point(x: 60, y: 550))
        try tester.tap(on: tester.view(named: "pen"))
        tester.settle()
        try tester.expect(penTap, to: .ended)
        let tapped = tester.actions(of: penTap).last?.location ?? Point(x: 0, y: 0)
        #expect(tapped.distance(to: Point(x: 40, y: 40)) < 0.5, "at the pen's centre, in its coordinates: \(tapped)")
        tester.clearActions()
        try tester.longPress(on: tester.view(named: "pen"), at: Point(x: 10, y: 10))
        try tester.expect(penPress, to: .began)
        tester.advance(by: 0.5)
        tester.clearActions()
        try tester.drag(on: tester.view(named: "canvas"), by: Vector(dx: 200, dy: -50))
        try tester.expect(draw, to: .ended, with: ["translation.x": 200 ± 10, "translation.y": -50 ± 10])
        #expect(throws: TouchTestFailure.self) { try tester.view(named: "eraser") }
        do {
            _ = try tester.view(named: "eraser")
        } catch {
            #expect(error.description == "no view named \"eraser\" in the window; its views: window, canvas, toolbar, pen")
        }
    }
}

extension AuthoringTests {
    @Test func aFailureNamesTheLineOfItsExpectation() throws {
        let (window, left, _) = Self.twoHalves()
        let tester = TouchTester(window: window)
        tester.recordsFailures = false
        tester.tap(at: Point(x: 600, y: 300))
        tester.settle()
        let line = #line + 2
        do {
            try tester.expect(left, to: .ended)
            Issue.record("expected a failure")
        } catch {
            #expect(error.fileID == #fileID && error.line == line)
            let first = error.description.split(separator: "\n").first.map(String.init) ?? ""
            #expect(first.hasSuffix("(at AuthoringTests.swift:\(line))"), "\(first)")
        }
    }
}

extension AuthoringTests {
    /// Recorded where it is written, as `#expect` records its own: the
    /// issue's line is the expectation's, and the throw's report points back to it.
    @Test func aFailureIsRecordedAtItsLine() throws {
        let (window, left, _) = Self.twoHalves()
        let tester = TouchTester(window: window)
        tester.tap(at: Point(x: 600, y: 300))
        tester.settle()
        let line = #line + 2
        try withKnownIssue {
            _ = try tester.expect(left, to: .ended)
        } matching: { issue in
            if let failure = issue.error as? TouchTestFailure {
                return failure.isRecorded && failure.testDescription == "the failure recorded at AuthoringTests.swift:\(line) (see above)"
            }
            return issue.sourceLocation?.fileName == "AuthoringTests.swift" && issue.sourceLocation?.line == line
                && issue.comments.contains { $0.rawValue.hasPrefix("tap: expected ended; it never reported ended") }
        }
        tester.recordsFailures = false
        #expect((try? tester.expect(left, to: .ended)) == nil, "a probe with recording off fails nothing")
    }
}
