// Every built-in recognizer's ways to fail, each with its criterion and numbers in the trace (none says only "its criteria were not met").
import Testing
@testable import Tactile

/// The failure paths of every built-in recognizer that
/// `FailureCriterionTests` does not walk: each failure names its criterion
/// with the value seen and the one wanted, and the trace line says the same
/// (on the 200 × 100 mm test panel, 10 units = 1 mm).
@Suite("Recognizers: every failure path names its criterion")
struct FailureReasonCoverageTests {
    /// Runs `script` with `recognizers` on the window of a panel harness until
    /// `end`; every failure of the first, in order (a recognizer that starts
    /// over may fail again), each checked against its trace line, and every trace line.
    private func failures(of recognizers: [GestureRecognizer], until end: Double = 3,
                          _ build: (inout EventScript) -> Void) -> (reasons: [GestureRecognizer.FailureReason], lines: [String]) {
        let harness = Harness.panel()
        for recognizer in recognizers { harness.window.addGestureRecognizer(recognizer) }
        let name = recognizers[0].name
        var lines: [String] = []
        var reasons: [GestureRecognizer.FailureReason] = []
        harness.engine.onTrace = { event in
            lines.append(event.description)
            if event.recognizer == name, case .transition(_, .failed, let reason?) = event.step { reasons.append(reason) }
        }
        var script = EventScript()
        build(&script)
        harness.run(script)
        harness.pipeline.advance(to: end)
        for reason in reasons {
            #expect(lines.contains { $0.hasSuffix("\(name)@window  possible → failed: \(reason)") }, "the trace says it: \(lines)")
            #expect(reason != .gaveUp)
        }
        return (reasons, lines)
    }

    /// The first failure of `recognizer` (see `failures(of:until:_:)`).
    private func failure(of recognizer: GestureRecognizer, until end: Double = 3, _ build: (inout EventScript) -> Void) -> GestureRecognizer.FailureReason? {
        failures(of: [recognizer], until: end, build).reasons.first
    }


    @Test("a double tap whose second tap never comes, or lands too far")
    func doubleTap() throws {
        let late = TapGestureRecognizer(taps: 2, name: "doubleTap")
        let lateReason = failure(of: late) { $0.tap(at: Point(x: 1000, y: 500), start: 0.1, id: 1) }
        guard case .criterionNotMet(.nextTapTooLate(let maximum))? = lateReason else { Issue.record("\(String(describing: lateReason))"); return }
        #expect(maximum == late.maximumTapInterval)
        #expect(lateReason?.description == "the next tap did not come within \(GestureRecognizer.FailureReason.Criterion.number(maximum, places: 2)) s")

        let far = TapGestureRecognizer(taps: 2, name: "doubleTap")
        let farReason = failure(of: far) { script in
            script.tap(at: Point(x: 1000, y: 500), start: 0.1, id: 1)
            script.tap(at: Point(x: 1800, y: 500), start: 0.3, id: 2)
        }
        guard case .criterionNotMet(.tapTooFar(let millimetres, let maximum))? = farReason else { Issue.record("\(String(describing: farReason))"); return }
        #expect(abs(millimetres - 80) < 1e-6 && millimetres > maximum, "80 mm between the taps, \(maximum) mm allowed")
    }

    @Test("a two-finger tap whose fingers land apart, lift apart, or take a third finger while lifting")
    func twoFingerTap() throws {
        let landing = TapGestureRecognizer(touches: 2, name: "twoFingerTap")
        let landed = failure(of: landing) { script in
            script.frame(at: 0.1) { $0.slot(0).track(1).x(900).y(500) }
            script.frame(at: 0.4) { $0.slot(1).track(2).x(1100).y(500) }
            script.frame(at: 0.45) { $0.slot(0).lift().slot(1).lift() }
        }
        guard case .criterionNotMet(.fingersLandedApart(let seconds, let window))? = landed else { Issue.record("\(String(describing: landed))"); return }
        #expect(abs(seconds - 0.3) < 1e-9 && seconds > window)

        let lifting = TapGestureRecognizer(touches: 2, name: "twoFingerTap")
        let lifted = failure(of: lifting) { script in
            script.frame(at: 0.1) { $0.slot(0).track(1).x(900).y(500).slot(1).track(2).x(1100).y(500) }
            script.frame(at: 0.15) { $0.slot(0).lift() }
            script.frame(at: 0.45) { $0.slot(1).lift() }
        }
        guard case .criterionNotMet(.fingersLiftedApart(let seconds, let window))? = lifted else { Issue.record("\(String(describing: lifted))"); return }
        #expect(seconds >= window, "lifted \(seconds) s apart, \(window) s allowed")

        let third = TapGestureRecognizer(touches: 2, name: "twoFingerTap")
        let crowded = failure(of: third) { script in
            script.frame(at: 0.1) { $0.slot(0).track(1).x(900).y(500).slot(1).track(2).x(1100).y(500) }
            script.frame(at: 0.15) { $0.slot(0).lift() }
            script.frame(at: 0.16) { $0.slot(2).track(3).x(1300).y(500) }
            script.frame(at: 0.2) { $0.slot(1).lift().slot(2).lift() }
        }
        #expect(crowded == .criterionNotMet(.landedWhileLifting))
    }

    @Test("two fingers tapping together are one hand's tap only within 40 mm: farther apart, two hands",
          arguments: [20.0, 30, 39, 41, 48, 71, 100, 127, 150])
    func twoFingerTapSeparation(millimetres: Double) throws {
        let tap = TapGestureRecognizer(touches: 2, name: "twoFingerTap")
        let left = 200 + (1600 - millimetres * 10) / 2   // centred on the 200 mm panel
        let result = failures(of: [tap]) { script in
            script.frame(at: 0.1) { $0.slot(0).track(1).x(Int32(left)).y(500).slot(1).track(2).x(Int32(left + millimetres * 10)).y(500) }
            script.frame(at: 0.18) { $0.slot(0).lift().slot(1).lift() }
        }
        guard millimetres > 40 else { return #expect(result.reasons.isEmpty, "\(result.reasons)") }
        guard case .criterionNotMet(.fingersTooFarApart(let apart, let maximum))? = result.reasons.first else {
            Issue.record("\(result.reasons)")
            return
        }
        #expect(abs(apart - millimetres) < 0.2 && maximum == 40, "\(apart) mm apart, at most \(maximum)")
        #expect(result.reasons.first?.description == "two fingers landed \(GestureRecognizer.FailureReason.Criterion.number(apart)) mm apart (one hand's are within 40 mm)")
    }

    @Test("a swipe too slow")
    func swipeTooSlow() throws {
        let swipe = SwipeGestureRecognizer(direction: .right, name: "swipe")
        let reason = failure(of: swipe) { $0.drag(from: Point(x: 200, y: 500), dx: 400, steps: 100, start: 0.1, id: 1) }
        guard case .criterionNotMet(.tooSlow(let speed, let minimum))? = reason else { Issue.record("\(String(describing: reason))"); return }
        #expect(speed < minimum && speed > 0, "\(speed) mm/s against \(minimum) mm/s")
    }

    @Test("a hold lifted too soon, and one that moved")
    func hold() throws {
        let early = HoldGestureRecognizer(name: "hold")
        let lifted = failure(of: early) { $0.tap(at: Point(x: 1000, y: 500), start: 0.1, duration: 0.02, id: 1) }
        guard case .criterionNotMet(.liftedTooSoon(let seconds, let minimum))? = lifted else { Issue.record("\(String(describing: lifted))"); return }
        #expect(abs(seconds - 0.02) < 1e-9 && seconds < minimum)

        let moving = HoldGestureRecognizer(name: "hold")
        let moved = failure(of: moving) { $0.drag(from: Point(x: 1000, y: 500), dx: 300, steps: 1, start: 0.1, id: 1) }
        guard case .criterionNotMet(.moved(let millimetres, let allowed))? = moved else { Issue.record("\(String(describing: moved))"); return }
        #expect(millimetres > allowed)
    }

    @Test("a press and hold lifted too soon")
    func pressAndHold() throws {
        let press = PressAndHoldGestureRecognizer(name: "pressAndHold")
        let reason = failure(of: press) { $0.tap(at: Point(x: 1000, y: 500), start: 0.1, duration: 0.1, id: 1) }
        guard case .criterionNotMet(.liftedTooSoon(let seconds, let minimum))? = reason else { Issue.record("\(String(describing: reason))"); return }
        #expect(abs(seconds - 0.1) < 1e-9 && seconds < minimum)
    }

    @Test("a pinch and a rotation whose fingers rested, and a pinch whose fingers moved together")
    func pinchAndRotation() throws {
        let still: (inout EventScript) -> Void = { script in
            script.frame(at: 0.1) { $0.slot(0).track(1).x(900).y(500).slot(1).track(2).x(1100).y(500) }
            script.frame(at: 0.3) { $0.slot(0).lift().slot(1).lift() }
        }
        let pinch = PinchGestureRecognizer(name: "pinch")
        guard case .criterionNotMet(.spanChange(let change, let minimum))? = failure(of: pinch, still) else {
            Issue.record("\(String(describing: pinch.failureReason))")
            return
        }
        #expect(change == 0 && minimum > 0)
        let rotation = RotationGestureRecognizer(name: "rotation")
        guard case .criterionNotMet(.turn(let degrees, let least))? = failure(of: rotation, still) else {
            Issue.record("\(String(describing: rotation.failureReason))")
            return
        }
        #expect(degrees == 0 && least > 0)

        let together = PinchGestureRecognizer(name: "pinch")
        let reason = failure(of: together) { script in
            // 60 mm together, spreading 6 mm on the way: past the span change, but a move.
            script.motion(from: [Point(x: 600, y: 500), Point(x: 800, y: 500)], to: [Point(x: 1200, y: 500), Point(x: 1460, y: 500)],
                          start: 0.1, duration: 0.2, firstID: 1)
        }
        #expect(reason == .criterionNotMet(.fingersMovedTogether))
    }

    @Test("a pan whose fingers spread apart instead of moving together")
    func panDeformed() throws {
        let pan = PanGestureRecognizer(name: "pan")
        pan.minimumNumberOfTouches = 2
        let reason = failure(of: pan) { script in
            script.motion(from: [Point(x: 900, y: 500), Point(x: 1100, y: 500)], to: [Point(x: 900, y: 500), Point(x: 1600, y: 500)],
                          start: 0.1, duration: 0.2, firstID: 1)
        }
        #expect(reason == .criterionNotMet(.fingersDeformed))
    }

    @Test("a pan of three fingers of which one moved names the rule of the group, not its centroid's travel")
    func panOneOfThreeMoved() throws {
        let pan = PanGestureRecognizer(name: "pan")
        let reason = failure(of: pan) { script in
            // One finger goes 6 mm, two rest: the centroid goes 2 mm, past the 1.5 mm of a multi-finger pan.
            script.motion(from: [Point(x: 800, y: 500), Point(x: 1000, y: 500), Point(x: 1200, y: 500)],
                          to: [Point(x: 860, y: 500), Point(x: 1000, y: 500), Point(x: 1200, y: 500)], start: 0.1, duration: 0.1, firstID: 1)
        }
        guard case .criterionNotMet(.motionUndecided(let shortfall, .translation))? = reason else { Issue.record("\(String(describing: reason))"); return }
        #expect(shortfall.fingers == 3 && shortfall.moved == 1 && abs(shortfall.centroid - 2) < 1e-9)
        #expect(reason?.description == "1 of 3 fingers moved 1.5 mm (at least 2 must; their centroid moved 2 mm)")
    }

    @Test("a pinch around a planted finger that went less than a pivot's 8 mm says so, not that its span changed enough")
    func pinchAroundAPlantedFinger() throws {
        let pinch = PinchGestureRecognizer(name: "pinch")
        let reason = failure(of: pinch) { script in
            // The span changes 6 mm (5 mm begins a pinch), but one finger stays: a pivot needs the other to go 8 mm.
            script.motion(from: [Point(x: 900, y: 500), Point(x: 1100, y: 500)], to: [Point(x: 900, y: 500), Point(x: 1160, y: 500)],
                          start: 0.1, duration: 0.1, firstID: 1)
        }
        guard case .criterionNotMet(.motionUndecided(let shortfall, .deformation))? = reason else { Issue.record("\(String(describing: reason))"); return }
        #expect(shortfall.least == 0 && abs(shortfall.most - 6) < 1e-9)
        #expect(reason?.description == "one finger moved 0 mm: both must move 1.5 mm, or one stay under 1 mm while the other moves 8 mm (it moved 6 mm)")
    }

    @Test("a rotation of fingers too close together, or turning too little to move any finger 1.5 mm, says which")
    func rotationTurnedEnoughButFailed() throws {
        let close = RotationGestureRecognizer(name: "rotation")
        let tooClose = failure(of: close) { script in
            // 6 mm apart, turned 30° about their midpoint: each goes 1.55 mm, opposite ways (a turn), but 8 mm is the least span.
            script.motion(from: [Point(x: 1030, y: 500), Point(x: 970, y: 500)], to: [Point(x: 1026, y: 515), Point(x: 974, y: 485)],
                          start: 0.1, duration: 0.1, firstID: 1)
        }
        guard case .criterionNotMet(.spanTooSmall(let span, let minimum))? = tooClose else { Issue.record("\(String(describing: tooClose))"); return }
        #expect(abs(span - 6) < 0.1 && minimum == 8)
        #expect(tooClose?.description == "the fingers' span was 6 mm (needs 8 mm)")

        let little = RotationGestureRecognizer(name: "rotation")
        let undecided = failure(of: little) { script in
            // 20 mm apart, turned 8° (6.9° begins a rotation): each finger goes 1.4 mm, under the 1.5 mm that counts as moving.
            script.motion(from: [Point(x: 1100, y: 500), Point(x: 900, y: 500)], to: [Point(x: 1099, y: 514), Point(x: 901, y: 486)],
                          start: 0.1, duration: 0.1, firstID: 1)
        }
        guard case .criterionNotMet(.motionUndecided(let shortfall, .deformation))? = undecided else { Issue.record("\(String(describing: undecided))"); return }
        #expect(shortfall.moved == 0 && shortfall.most < 1.5)
        #expect(undecided?.description == "no finger moved 1.5 mm since one last landed or lifted (the farthest 1.4 mm)")
    }

    @Test("fingers have a shortfall exactly when their motion is undecided")
    func shortfallMatchesClassification() {
        let lengths: [Double] = [0, 0.5, 0.99, 1, 1.2, 1.49, 1.5, 3, 7.99, 8, 12]
        let headings = [Vector(dx: 1, dy: 0), Vector(dx: 0, dy: 1), Vector(dx: -1, dy: 0)]   // the same way, across, opposite
        for a in lengths {
            for b in lengths {
                for heading in headings {
                    let pair = [Vector(dx: a, dy: 0), heading * b]
                    let undecided = MultiFingerMotion.classify(displacements: pair, spanChange: 0) == .undecided
                    #expect((MultiFingerMotion.shortfall(displacements: pair) != nil) == undecided, "\(pair)")
                    let group = pair + [.zero, Vector(dx: b, dy: a)]
                    #expect((MultiFingerMotion.shortfall(displacements: group) != nil)
                            == (MultiFingerMotion.classify(displacements: group, spanChange: 0) == .undecided), "\(group)")
                }
            }
        }
        #expect(MultiFingerMotion.shortfall(displacements: [Vector(dx: 9, dy: 0)]) == nil)
    }

    @Test("a pan that recognized while it waited for a recognizer it requires to fail says so when its fingers lift")
    func endedWhileWaiting() throws {
        let pan = PanGestureRecognizer(name: "pan")
        let waiter = TouchRecorder()
        pan.require(toFail: waiter)
        let (reasons, lines) = failures(of: [pan, waiter]) { $0.drag(from: Point(x: 600, y: 500), dx: 400, steps: 10, start: 0.1, id: 1) }
        let reason = reasons.first
        #expect(reason == .endedWhileWaiting(for: waiter.name))
        #expect(reason?.description == "its gesture ended while it waited for \(waiter.name) to fail")
        #expect(lines.contains { $0.hasSuffix("pan@window  waits for \(waiter.name) to fail") }, "\(lines)")
    }
}
