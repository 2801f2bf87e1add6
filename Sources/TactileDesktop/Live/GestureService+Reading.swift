// The gesture service reading a device: events into its ServiceDevice, timed; a device gone is let go.
import TactileService
import Tactile
import TactileEvdev
#if canImport(Glibc)
import Glibc
#endif

extension GestureService {
    /// Reads what the device has. A descriptor that hung up (an unplugged
    /// device; a testbed's node closing) is gone once nothing is left to read.
    func readEvents(of path: String, hungUp: Bool) {
        guard let managed = devices[path] else { return }
        while true {
            let result: EvdevDevice.ReadResult
            do {
                result = try managed.device.nextEvent()
            } catch {
                return failed(path, .problem(error.description))
            }
            switch result {
            case .wouldBlock where !hungUp:
                return
            case .wouldBlock, .endOfStream:
                return failed(path, .note("gone"))
            case .event(let event):
                managed.clock.read(eventAt: event.time, monotonic: MonotonicClock.seconds())
                if let service = managed.service {
                    if event.isReport, options.measuresLatency {
                        let start = LatencyRecorder.now()
                        _ = service.takeWritingTime()
                        service.process(event)
                        let total = Double(LatencyRecorder.now() &- start) / 1000
                        let writing = Double(service.takeWritingTime()) / 1000
                        passThroughLatency.record(microseconds: total)
                        serviceLatency.record(microseconds: total - writing)
                    } else {
                        service.process(event)
                    }
                } else if event.isReport {
                    activateIfIdle(path)
                }
            }
        }
    }

    /// Lets go of a device whose read failed or that hung up, and waits before
    /// taking its node again (``DeviceBackoff``): a node that stays but keeps
    /// failing is not taken again in a loop. Said once per step of the wait.
    func failed(_ path: String, _ reason: ServiceLogLine) {
        let step = rediscovery.backoff.failed(path, at: MonotonicClock.seconds())
        let node = TextFormat.visible(path)
        if step.failures == 1 {
            log(reason.about(node))
        } else if step.isNew {
            log(ServiceLogLine(severity: reason.severity, text: "\(node): \(reason.text) again (\(step.failures) times in a row): taken again in \(Self.seconds(step.delay))"
                + (step.delay >= DeviceBackoff.longestDelay ? ", and every \(Self.seconds(step.delay)) while it fails (not said again)" : "")))
        }
        drop(path, passOver: false)
    }

    /// `0.25 s`, `1 s`, `30 s`.
    static func seconds(_ value: Double) -> String {
        value == value.rounded() ? "\(Int(value)) s" : "\(value) s"
    }

    func destroy(_ outputs: DeviceOutputs) {
        if let copy = outputs.touchCopy { sink.destroy(copy) }
        if let pointer = outputs.pointer { sink.destroy(pointer) }
    }

    /// Lets go of a device: touches released, grab released, its virtual devices removed.
    func drop(_ path: String, passOver: Bool) {
        guard let managed = devices.removeValue(forKey: path) else { return }
        if let service = managed.service {
            service.cancelAll(at: managed.clock.now(monotonic: MonotonicClock.seconds()) ?? MonotonicClock.seconds())
            retiredEngineLatency.merge(service.engineLatency)
            destroy(service.outputs)
        }
        managed.device.ungrab()
        if passOver { passedOver[path] = "" }
    }

    func shutDown() {
        for path in devices.keys.sorted() { drop(path, passOver: false) }
        if let keyboard { sink.destroy(keyboard) }
        keyboard = nil
        log(.note(emergency ? "emergency gesture: every grab released" : "stopped: every grab released, every virtual device removed"))
    }
}
