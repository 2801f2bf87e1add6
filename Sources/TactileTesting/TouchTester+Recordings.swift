// Recordings as fixtures: loaded from a test target's resources in any format, replayed into the developer's own window.
import Foundation
import Tactile
import TactileRecording

extension TouchTester {
    /// A tester feeding `window` from `recording`'s device, its axes as the
    /// recording begins them, mounted as the recording was made
    /// (`Recording.transform`), ready for ``replay(_:runOut:)``: the app's
    /// recognizers see what they saw then. `window` is the screen as the
    /// person saw it (`Recording.screen`). To replay it mounted otherwise,
    /// use ``init(window:replaying:mounting:)``.
    ///
    /// ```swift
    /// let recording = try TouchTester.recording(named: "Recordings/pinch", in: .module)
    /// let tester = TouchTester(window: window, replaying: recording)
    /// try tester.replay(recording)
    /// try tester.expect(pinch, to: .ended)
    /// ```
    public convenience init(window: Window, replaying recording: Recording) {
        self.init(window: window, replaying: recording, mounting: recording.transform)
    }

    /// A tester feeding `window` from `recording`'s device mounted as
    /// `mounting` says (in place of the recording's own transform), ready
    /// for ``replay(_:runOut:)``: a recording of a panel replayed as the
    /// same panel turned or calibrated, without rewriting its events.
    /// `window` is the screen as the person sees it (a quarter turn swaps
    /// the sides of the recording's screen).
    ///
    /// ```swift
    /// let recording = try TouchTester.recording(named: "Recordings/swipe", in: .module)
    /// let upsideDown = SurfaceTransform.rotated(.clockwise180)
    /// let window = Window(screen: upsideDown.screen(turning: recording.screen))
    /// let tester = TouchTester(window: window, replaying: recording, mounting: upsideDown)
    /// try tester.replay(recording)   // the swipe right of the recording is a swipe left on this screen
    /// ```
    public convenience init(window: Window, replaying recording: Recording, mounting: SurfaceTransform) {
        self.init(window: window, device: TestDevice(recording.device, mounting: mounting), start: recording.events.first?.time ?? 0,
                  axisValues: recording.axisValues)
    }

    /// What the tester fed so far, as a recording of its device on its
    /// window's screen, mounted as the device is: the raw events a real
    /// panel would have sent. Save it to look at it (`tactile plot`), or give
    /// it to `TestbedWriter` to run an app on it through the live path.
    ///
    /// ```swift
    /// tester.swipe(direction: .right, from: Point(x: 2, y: 240))
    /// try RecordingWriter.write(tester.recording, to: "edge-swipe.json")
    /// ```
    public var recording: Recording {
        Recording(device: device, screen: window.screen, transform: surface.mapping.transform, events: fedEvents)
    }

    /// Feeds every event of `recording`, as fast as the machine goes, its
    /// timers firing by the recording's clock (so the outcome is the same at
    /// any pace), then moves the clock `runOut` seconds past the last event
    /// so pending timers fire. The recording must be of this tester's
    /// device (``init(window:replaying:)``).
    public func replay(_ recording: Recording, runOut: Double = 1) throws(TouchTestFailure) {
        guard recording.device == device else {
            throw TouchTestFailure("the recording is of \"\(TextFormat.visible(recording.device.name))\", this tester's device is "
                                   + "\"\(TextFormat.visible(device.name))\": make the tester with TouchTester(window:replaying:)")
        }
        if let first = recording.events.first, first.time < now {
            throw TouchTestFailure("the recording starts at \(ApproximateValue.format(first.time)) s, before the tester's clock "
                                   + "(\(ApproximateValue.format(now)) s): replay it into a tester of its own")
        }
        feed(recording.events)
        advance(by: runOut)
    }

    /// The recording `name` among `bundle`'s resources (a test target's
    /// `Bundle.module`), in any format Tactile reads: the name as given,
    /// else with `.json`, `.evemu`, `.yml`, `.yaml` or `.txt` added.
    ///
    /// Declare the file in the test target: `resources: [.copy("Recordings")]`,
    /// then `TouchTester.recording(named: "Recordings/pinch.json", in: .module)`.
    public static func recording(named name: String, in bundle: Bundle) throws(TouchTestFailure) -> Recording {
        guard let resources = bundle.resourceURL else { throw TouchTestFailure("\(bundle.bundlePath) has no resources") }
        let candidates = [name] + ["json", "evemu", "yml", "yaml", "txt"].map { "\(name).\($0)" }
        guard let url = candidates.map({ resources.appendingPathComponent($0) }).first(where: { FileManager.default.fileExists(atPath: $0.path) }) else {
            throw TouchTestFailure("no recording \"\(TextFormat.visible(name))\" among the resources in \(resources.path) "
                                   + "(tried \(candidates.joined(separator: ", ")); is it declared in the test target's resources?)")
        }
        do {
            return try Recording(contentsOf: url.path)
        } catch {
            throw TouchTestFailure(error.description)
        }
    }
}
