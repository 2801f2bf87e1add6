// The gesture service following the desktop's outputs: each touchscreen turned as its output is shown, each click placed on it.
import TactileService
import Tactile

extension GestureService {
    /// How long the first look at the devices waits for the desktop to say
    /// how its outputs lie and turn (seconds): a touchscreen is not taken
    /// upright on a turned screen while the answer is on its way.
    static let outputsWait = 10.0

    /// Starts following the desktop's outputs (``OutputFollower``) unless
    /// something follows them already. When `beforeScanning`, the first
    /// look at the devices waits for the first answer (at most ``outputsWait``).
    func startFollowingOutputs(beforeScanning: Bool = false) {
        guard outputFollower == nil, let follower = OutputFollower.start(session: detected, news: news) else { return }
        outputFollower = follower
        if beforeScanning { outputsAwaitedUntil = MonotonicClock.seconds() + Self.outputsWait }
    }

    /// Whether a device `config` takes may be a touchscreen (whose gestures follow its output).
    func takesTouchscreens(_ config: GestureConfig) -> Bool {
        !options.devicePaths.isEmpty || config.devices.kinds.contains(.touchscreen)
    }

    /// Whether the first look at the devices is due now: the desktop has
    /// said how its outputs lie, or could not be asked, or ``outputsWait``
    /// is over (said once). It then no longer waits.
    func outputsKnown(now: Double) -> Bool {
        guard let until = outputsAwaitedUntil else { return true }
        if outputFollower?.hasAnswered ?? true {
            outputsAwaitedUntil = nil
        } else if now >= until {
            outputsAwaitedUntil = nil
            log(.problem("the desktop has not said how its outputs are turned in \(Int(Self.outputsWait)) s: "
                + "touchscreens are taken upright until it does"))
        }
        return outputsAwaitedUntil == nil
    }

    /// After news: what the follower has to say, and a new layout applied to
    /// every device taken (its turn, its clicks' places).
    func collectOutputs() {
        guard let follower = outputFollower else { return }
        for line in follower.collectLines() { log(ServiceLogLine(severity: line.severity, text: TextFormat.visible(line.text))) }
        let generation = follower.generation
        guard generation != outputsGeneration else { return }
        outputsGeneration = generation
        for (path, managed) in devices.sorted(by: { $0.key < $1.key }) where managed.service != nil { follow(managed, path: path) }
    }

    /// Turns `managed`'s device as its output is shown now (at its next idle
    /// moment: ``ServiceDevice/turn(to:)``) and places its clicks; says the
    /// turn the first time, and each change of it.
    func follow(_ managed: ManagedDevice, path: String) {
        guard let service = managed.service else { return }
        let turn = turn(of: managed)
        service.turn(to: turn.transform)
        if let text = turn.text, text != managed.saidTurn {
            let change = managed.saidTurn != nil
            log(.note("\(TextFormat.visible(path)): " + (change ? "its output changed: gestures and clicks follow \(text), from the next moment no finger is down"
                                                              : "gestures and clicks follow \(text)")))
        }
        managed.saidTurn = turn.text
        if managed.placesClicks { placeClicks(of: managed, path: path) }
    }

    /// How `managed`'s surface lies on the screen as the person sees it: a
    /// touchscreen's udev calibration, then the turn of its output as the
    /// desktop shows it (a touchpad lies on no output: upright); and what to
    /// say of it (nil: nothing to say, upright with no desktop to ask).
    func turn(of managed: ManagedDevice) -> (transform: SurfaceTransform, text: String?) {
        guard managed.device.description.kind == .touchscreen else { return (.identity, nil) }
        let calibration = managed.calibration.flatMap { $0.isIdentity ? nil : $0 }
        let layout = outputFollower?.layout
        let output = layout?.output(configured: config.devices.output)
        let turned = output?.transform ?? .normal
        let transform = (calibration ?? .identity).followed(by: turned.surfaceTransform)
        guard let output, let layout else { return (transform, calibration.map { "the udev calibration \($0)" }) }
        let words = turned == .normal ? "upright" : "\(layout.source.words(for: turned)) (wl_output \(turned.name))"
        let text = "\(TextFormat.visible(output.name)) as \(layout.source.compositor) shows it, \(words)"
            + (calibration.map { ", after the udev calibration \($0)" } ?? "")
        return (transform, text + (transform.isIdentity ? "" : ": touch matrix \(transform)"))
    }

    /// Places `managed`'s clicks by the maths over the layout the follower
    /// keeps (where the desktop spans the pointer over its whole layout),
    /// saying where when that changes.
    func placeClicks(of managed: ManagedDevice, path: String) {
        guard let layout = outputFollower?.layout else { return }
        let outcome = PointerMappingOutcome.placing(over: layout, configured: config.devices.output)
        managed.clickMapping = outcome.mapping
        guard outcome.log != managed.saidPlacement else { return }
        managed.saidPlacement = outcome.log
        for line in outcome.lines { log(line.about(TextFormat.visible(path))) }
    }
}
