// The synthesized inputs and the view trees every benchmark runs on.
import Foundation
import Tactile
import TactileRecording
import TactileSynthesis

/// The inputs the benchmark runs on, all synthesized deterministically so
/// every run measures the same work.
package enum BenchWorkloads {
    /// A long realistic session: every gesture kind, in turn, with sensor noise
    /// and report jitter, on the synthetic touchscreen (ten slots), about one
    /// gesture a second. `gestures` gestures in all.
    package static func session(gestures: Int, device: DeviceDescription = SynthesizedDevices.touchscreen, seed: UInt64 = 6) -> Recording {
        var synthesizer = GestureSynthesizer(device: device, seed: seed)
        let kinds = (0..<gestures).map { GestureKind.allCases[$0 % GestureKind.allCases.count] }
        let session = synthesizer.session(kinds, gap: 0.3...0.6, start: 0)
        return Recording(device: device, labels: session.labels.map(\.recordingLabel), events: session.events)
    }

    /// `recording`'s events repeated, each copy shifted to start 1 s after the
    /// previous one ended, until there are at least `count` events.
    package static func repeated(_ events: [InputEvent], toAtLeast count: Int) -> [InputEvent] {
        guard let first = events.first, let last = events.last, !events.isEmpty else { return [] }
        let period = last.timeInMicroseconds - first.timeInMicroseconds + 1_000_000
        var result: [InputEvent] = []
        result.reserveCapacity(count + events.count)
        var shift: Int64 = 0
        while result.count < count {
            for event in events { result.append(event.shifted(byMicroseconds: shift)) }
            shift += period
        }
        return result
    }

    /// `touches` fingers landing together on `device` (a multitouch device with
    /// enough slots), moving along circles of different radii for
    /// `framesPerStroke` frames at 120 Hz, then lifting; `strokes` times.
    package static func simultaneousTouches(_ touches: Int, strokes: Int, framesPerStroke: Int,
                                    device: DeviceDescription = SynthesizedDevices.touchscreen) -> [InputEvent] {
        let xAxis = device.axis(AbsCode.mtPositionX), yAxis = device.axis(AbsCode.mtPositionY)
        let width = Double((xAxis?.maximum ?? 4095) - (xAxis?.minimum ?? 0))
        let height = Double((yAxis?.maximum ?? 2303) - (yAxis?.minimum ?? 0))
        var events: [InputEvent] = []
        events.reserveCapacity(strokes * (framesPerStroke + 2) * (touches * 3 + 1))
        var time: Int64 = 0
        var trackingID: Int32 = 0
        func emit(_ type: EventType, _ code: UInt16, _ value: Int32) {
            events.append(InputEvent(seconds: time / 1_000_000, microseconds: Int32(time % 1_000_000), type: type, code: code, value: value))
        }
        for _ in 0..<strokes {
            for frame in 0...(framesPerStroke + 1) {
                for finger in 0..<touches {
                    emit(.abs, AbsCode.mtSlot, Int32(finger))
                    if frame == 0 {
                        emit(.abs, AbsCode.mtTrackingID, trackingID)
                        trackingID += 1
                    } else if frame == framesPerStroke + 1 {
                        emit(.abs, AbsCode.mtTrackingID, -1)
                        continue
                    }
                    // Fingers spread over the middle of the surface, each on its own circle.
                    let angle = Double(frame) * 0.05 + Double(finger)
                    let radius = 0.05 + 0.01 * Double(finger)
                    let cx = 0.3 + 0.4 * Double(finger % 5) / 4, cy = finger < 5 ? 0.35 : 0.65
                    emit(.abs, AbsCode.mtPositionX, Int32((cx + radius * cos(angle)) * width))
                    emit(.abs, AbsCode.mtPositionY, Int32((cy + radius * sin(angle)) * height))
                }
                emit(.syn, SynCode.report, 0)
                time += 8_333
            }
            time += 200_000
        }
        return events
    }
}

/// The view trees the pipeline runs on.
@MainActor
package enum BenchScene {
    /// What one scene holds, kept alive for the run.
    package final class Scene {
        package let window: Window
        package var gestureSets: [StandardGestures] = []
        package var extra: [GestureRecognizer] = []
        package var views: [View] = []
        /// Delegates are held weakly by recognizers: the scene keeps them.
        package var delegates: [AnyObject] = []
        package init(window: Window) { self.window = window }

        /// Every recognizer in the scene.
        @MainActor package var recognizerCount: Int { gestureSets.reduce(0) { $0 + $1.all.count } + extra.count }
    }

    /// A realistic app screen: a content view filling the window with every
    /// recognizer kind (``StandardGestures``), a sidebar that scrolls (a pan),
    /// and a toolbar of eight buttons (a tap each); `recognizers: false` keeps
    /// the views and attaches nothing.
    package static func app(screen: Screen, recognizers: Bool) -> Scene {
        let window = Window(screen: screen)
        let scene = Scene(window: window)
        let bounds = window.bounds
        let content = View(frame: bounds, name: "content")
        let sidebar = View(frame: Rect(x: 0, y: 0, width: bounds.width * 0.2, height: bounds.height), name: "sidebar")
        let toolbar = View(frame: Rect(x: bounds.width * 0.2, y: 0, width: bounds.width * 0.8, height: 60), name: "toolbar")
        window.addSubview(content)
        content.addSubview(sidebar)
        content.addSubview(toolbar)
        scene.views = [content, sidebar, toolbar]
        for index in 0..<8 {
            let button = View(frame: Rect(x: 10 + Double(index) * 110, y: 5, width: 100, height: 50), name: "button\(index)")
            toolbar.addSubview(button)
            scene.views.append(button)
            if recognizers {
                let tap = TapGestureRecognizer(taps: 1, touches: 1, name: "button\(index)Tap")
                button.addGestureRecognizer(tap)
                scene.extra.append(tap)
            }
        }
        if recognizers {
            scene.gestureSets.append(StandardGestures(attachingTo: content))
            let scroll = PanGestureRecognizer(name: "sidebarScroll")
            sidebar.addGestureRecognizer(scroll)
            scene.extra.append(scroll)
        }
        return scene
    }

    /// Lets a pinch and a rotation recognize together (as StandardGestures does).
    package final class Simultaneous: GestureRecognizerDelegate {
        package init() {}

        package func gestureRecognizer(_ recognizer: GestureRecognizer, shouldRecognizeSimultaneouslyWith other: GestureRecognizer) -> Bool {
            (recognizer is PinchGestureRecognizer && other is RotationGestureRecognizer)
                || (recognizer is RotationGestureRecognizer && other is PinchGestureRecognizer)
        }
    }

    /// One recognizer of every kind on a content view filling the window: a
    /// tap, a long press, a hold, a swipe, a pan, a pinch and a rotation.
    package static func everyKindOnce(screen: Screen) -> Scene {
        let window = Window(screen: screen)
        let scene = Scene(window: window)
        let content = View(frame: window.bounds, name: "content")
        window.addSubview(content)
        scene.views = [content]
        let delegate = Simultaneous()
        let pinch = PinchGestureRecognizer(name: "pinch"), rotation = RotationGestureRecognizer(name: "rotation")
        pinch.delegate = delegate
        rotation.delegate = delegate
        let pan = PanGestureRecognizer(name: "pan"), swipe = SwipeGestureRecognizer(direction: .all, touches: 1, name: "swipe")
        pan.require(toFail: swipe)
        scene.extra = [TapGestureRecognizer(taps: 1, touches: 1, name: "tap"), LongPressGestureRecognizer(name: "longPress"),
                       HoldGestureRecognizer(name: "hold"), swipe, pan, pinch, rotation]
        for recognizer in scene.extra { content.addGestureRecognizer(recognizer) }
        scene.delegates = [delegate]
        return scene
    }

    /// `count` views in the window, each with every recognizer kind attached
    /// (16 recognizers): a content view filling the window, and in front of
    /// it `count − 1` siblings scrolled out of sight to its right, like the
    /// off-screen cells of a list. Touches reach the content view's
    /// recognizers only; the others cost hit testing when a finger lands.
    package static func offscreenSiblings(screen: Screen, count: Int) -> Scene {
        let window = Window(screen: screen)
        let scene = Scene(window: window)
        let bounds = window.bounds
        let content = View(frame: bounds, name: "content")
        window.addSubview(content)
        scene.views.append(content)
        scene.gestureSets.append(StandardGestures(attachingTo: content))
        for index in 1..<max(1, count) {
            let cell = View(frame: Rect(x: bounds.width + 10, y: Double(index - 1) * 60, width: bounds.width, height: 60), name: "cell\(index)")
            window.addSubview(cell)
            scene.views.append(cell)
            scene.gestureSets.append(StandardGestures(attachingTo: cell))
        }
        return scene
    }
}
