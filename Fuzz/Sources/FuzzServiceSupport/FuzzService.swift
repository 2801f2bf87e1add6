// The service device every service harness runs: its outputs made on a sink, its commands recorded.
import Tactile
import TactileService

/// A service device as every service harness runs one.
package enum FuzzService {
    /// A ``ServiceDevice`` for `description` under `config`, starting in
    /// slot `startingSlot`, its outputs (a keyboard, the copy, a pointer when
    /// a binding needs one) made on `sink`, its commands recorded.
    @MainActor
    package static func device(_ description: DeviceDescription, config: GestureConfig, sink: OutputSink,
                               startingSlot: Int32) -> (service: ServiceDevice, copy: VirtualDeviceID) {
        let outputs: DeviceOutputs
        do {
            let keyboard = try sink.create(.keyboard, name: "Tactile keyboard")
            outputs = try ServiceDevice.makeOutputs(for: description, config: config, sink: sink, keyboard: keyboard, passThrough: true)
        } catch {
            fatalError("the fuzz sink refused a device: \(error)")
        }
        guard let copy = outputs.touchCopy else { fatalError("no touch copy with passThrough") }
        let service = ServiceDevice(description: description, config: config, sink: sink, outputs: outputs,
                                    commands: RecordingCommandRunner(), axisValues: AxisValues([AbsCode.mtSlot: startingSlot]))
        return (service, copy)
    }
}
