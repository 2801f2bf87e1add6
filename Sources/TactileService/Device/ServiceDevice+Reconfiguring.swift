// A new config or a new turn on a device, applied once no finger is down: the map and the pipeline rebuilt.
import Tactile

extension ServiceDevice {
    /// Uses `config` from the next moment no finger is down (at once if none is).
    /// `outputs` replaces the outputs (a new config may need a pointer).
    public func reconfigure(_ config: GestureConfig, outputs: DeviceOutputs? = nil) {
        if let outputs { self.outputs = outputs }
        pendingConfig = config
        applyPendingIfIdle()
    }

    /// Lays the device's surface on the screen as `transform` says, from the
    /// next moment no finger is down (at once if none is), as a new config
    /// is applied: a gesture in progress finishes as it began. Its window
    /// becomes the turned surface (a quarter turn swaps its sides), so its
    /// zones and edges are the screen's edges as the person sees them, and
    /// clicks land under the finger on the turned output.
    ///
    /// ```swift
    /// // The desktop turned the touchscreen's output (wl_output transform 90).
    /// device.turn(to: OutputTransform.rotated90.surfaceTransform)
    /// ```
    public func turn(to transform: SurfaceTransform) {
        pendingTransform = transform == self.transform ? nil : transform
        applyPendingIfIdle()
    }

    /// The pipeline of `device` onto `map`'s window, its palm bands clear of the zones `config` binds.
    static func pipeline(for device: DeviceDescription, map: GestureMap, config: GestureConfig,
                         axisValues: AxisValues, transform: SurfaceTransform) -> InputPipeline {
        InputPipeline(device: device, window: map.window, axisValues: axisValues,
                      palmEdges: map.layout.palmEdges(for: device, config: config), transform: transform)
    }

    /// Applies a pending config or turn once no finger is down and no touch
    /// is held or claimed: the map and the pipeline are built anew.
    func applyPendingIfIdle() {
        guard pendingConfig != nil || pendingTransform != nil, frameEvents.isEmpty, pipeline.engine.boundTouchCount == 0,
              claims?.isIdle ?? true else { return }
        let config = pendingConfig ?? map.config
        var layout = map.layout
        if let turned = pendingTransform {
            transform = turned
            layout = ZoneLayout(device: description, display: display, transform: turned)
            actions.screen = layout.screen
        }
        let reconfigured = pendingConfig != nil
        (pendingConfig, pendingTransform) = (nil, nil)
        let time = pipeline.engine.now
        map = GestureMap(config: config, layout: layout)
        // The new pipeline starts where the device is: in the slot its next events apply to.
        var values = axisValues
        if let claims { values[AbsCode.mtSlot] = Int32(claims.deviceSlot) }
        pipeline = Self.pipeline(for: description, map: map, config: config, axisValues: values, transform: transform)
        pipeline.advance(to: time)
        if reconfigured {
            emergency = EmergencyWatch(config.emergency)
            steps = [:]
            actions.forgetBindings()
            claims?.forgetBindings(claimedTouchEnd: config.claimedTouchEnd.end)
        }
        attach()
    }
}
