// The gesture service reading a device: events into its ServiceDevice, timed; a device gone is let go.
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
                log("\(TextFormat.visible(path)): \(error.description)")
                return drop(path, passOver: false)
            }
            switch result {
            case .wouldBlock where !hungUp:
                return
            case .wouldBlock, .endOfStream:
                log("\(TextFormat.visible(path)): gone")
                return drop(path, passOver: false)
            case .event(let event):
                managed.clock.read(eventAt: event.time, monotonic: Self.monotonic())
                if let service = managed.service {
                    if event.isReport {
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

    func destroy(_ outputs: DeviceOutputs) {
        if let copy = outputs.touchCopy { sink.destroy(copy) }
        if let pointer = outputs.pointer { sink.destroy(pointer) }
    }

    /// Lets go of a device: touches released, grab released, its virtual devices removed.
    func drop(_ path: String, passOver: Bool) {
        guard let managed = devices.removeValue(forKey: path) else { return }
        if let service = managed.service {
            service.cancelAll(at: managed.clock.now(monotonic: Self.monotonic()) ?? Self.monotonic())
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
        log(emergency ? "emergency gesture: every grab released" : "stopped: every grab released, every virtual device removed")
    }
}
