// A new config on a device, applied once no finger is down: the map and the pipeline rebuilt.
import Tactile

extension ServiceDevice {
    /// Uses `config` from the next moment no finger is down (at once if none is).
    /// `outputs` replaces the outputs (a new config may need a pointer).
    public func reconfigure(_ config: GestureConfig, outputs: DeviceOutputs? = nil) {
        if let outputs { self.outputs = outputs }
        pendingConfig = config
        applyPendingConfigIfIdle()
    }

    /// The pipeline of `device` onto `map`'s window, its palm bands clear of the zones `config` binds.
    static func pipeline(for device: DeviceDescription, map: GestureMap, config: GestureConfig,
                         axisValues: AxisValues) -> InputPipeline {
        InputPipeline(device: device, window: map.window, axisValues: axisValues,
                      palmEdges: map.layout.palmEdges(for: device, config: config))
    }

    func applyPendingConfigIfIdle() {
        guard let config = pendingConfig, frameEvents.isEmpty, pipeline.engine.boundTouchCount == 0,
              claims?.isIdle ?? true else { return }
        pendingConfig = nil
        let time = pipeline.engine.now
        map = GestureMap(config: config, layout: map.layout)
        // The new pipeline starts where the device is: in the slot its next events apply to.
        var values = axisValues
        if let claims { values[AbsCode.mtSlot] = Int32(claims.deviceSlot) }
        pipeline = Self.pipeline(for: description, map: map, config: config, axisValues: values)
        pipeline.advance(to: time)
        emergency = EmergencyWatch(config.emergency)
        steps = [:]
        actions.forgetBindings()
        claims?.forgetBindings(claimedTouchEnd: config.claimedTouchEnd.end)
        attach()
    }
}
