// Target-action: recognizers calling their targets.
import Testing
@testable import Tactile

@Suite("Target-action")
struct TargetActionTests {
    final class Controller {
        var drags: [GestureRecognizerState] = []
        var pings = 0
        func handleDrag(_ recognizer: TestDrag) { drags.append(recognizer.state) }
        func ping() { pings += 1 }
    }

    private func dragScript() -> EventScript {
        var script = EventScript()
        script.drag(from: Point(x: 100, y: 100), dx: 60, steps: 3, start: 0, id: 1)
        return script
    }

    @Test("method references and closures receive each state in order")
    func methodReferencesAndClosures() {
        let harness = Harness()
        let drag = TestDrag()
        harness.window.addGestureRecognizer(drag)
        let controller = Controller()
        drag.addTarget(controller, action: Controller.handleDrag)
        drag.addTarget(controller, action: Controller.ping)
        var seen: [(GestureRecognizerState, Double)] = []
        drag.addAction { seen.append(($0.state, $0.dx)) }
        harness.run(dragScript())
        #expect(controller.drags == [.began, .changed, .changed, .ended])
        #expect(controller.pings == 4)
        #expect(seen.map(\.0) == [.began, .changed, .changed, .ended])
        #expect(seen.map(\.1) == [20, 40, 60, 60])
        #expect(harness.actions == ["testDrag:began", "testDrag:changed", "testDrag:changed", "testDrag:ended"])
    }

    @Test("a released target receives nothing and nothing crashes")
    func weakTargets() {
        let harness = Harness()
        let drag = TestDrag()
        harness.window.addGestureRecognizer(drag)
        var controller: Controller? = Controller()
        weak let weakController = controller
        drag.addTarget(controller!, action: Controller.handleDrag)
        #expect(drag.actionCount == 1)
        controller = nil
        #expect(weakController == nil, "the recognizer did not keep its target alive")
        #expect(drag.actionCount == 0)
        harness.run(dragScript())
        #expect(harness.actions.count == 4, "the recognizer still works")
    }

    @Test("removeTarget and removeAction stop the calls")
    func removal() {
        let harness = Harness()
        let drag = TestDrag()
        harness.window.addGestureRecognizer(drag)
        let kept = Controller(), removed = Controller()
        drag.addTarget(kept, action: Controller.handleDrag)
        drag.addTarget(removed, action: Controller.handleDrag)
        var closureCalls = 0
        let token = drag.addAction { _ in closureCalls += 1 }
        drag.removeTarget(removed)
        drag.removeAction(token)
        harness.run(dragScript())
        #expect(kept.drags.count == 4)
        #expect(removed.drags.isEmpty)
        #expect(closureCalls == 0)
        drag.removeTarget(nil)
        #expect(drag.actionCount == 0)
    }
}
