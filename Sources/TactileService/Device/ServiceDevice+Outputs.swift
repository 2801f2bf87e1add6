// The virtual devices a touch device needs under a config: its copy, its pointer, and their names.
import Tactile

extension ServiceDevice {
    /// Creates the virtual devices `description` needs under `config`: its
    /// copy when `passThrough`, and a pointer when a binding clicks or scrolls.
    /// The copy is named as the device is, the pointer `<device> pointer
    /// (Tactile)`, each shortened to what uinput keeps (``VirtualDeviceName``).
    public static func makeOutputs(for description: DeviceDescription, config: GestureConfig, sink: OutputSink,
                                   keyboard: VirtualDeviceID?, passThrough: Bool) throws(OutputError) -> DeviceOutputs {
        var outputs = DeviceOutputs(keyboard: keyboard)
        if passThrough {
            outputs.touchCopy = try sink.create(.touchCopy(of: description), name: VirtualDeviceName.make(description.name))
        }
        if needsPointer(config) { outputs.pointer = try makePointer(for: description, sink: sink) }
        return outputs
    }

    /// The absolute pointer for `description`'s clicks and scrolling, in its
    /// position units (`nil` for a device without position axes).
    public static func makePointer(for description: DeviceDescription, sink: OutputSink) throws(OutputError) -> VirtualDeviceID? {
        guard let axes = description.positionAxes else { return nil }
        return try sink.create(.pointer(x: axes.x, y: axes.y), name: pointerName(for: description))
    }

    /// The name of `description`'s pointer: `<device> pointer (Tactile)`,
    /// shortened as uinput needs (the name sway's and KDE's settings know it by).
    ///
    /// ```swift
    /// ServiceDevice.pointerName(for: panel)   // "ELAN9008:00 04F3:2C82 pointer (Tactile)"
    /// ```
    public static func pointerName(for description: DeviceDescription) -> String {
        VirtualDeviceName.make(description.name, suffix: " pointer (Tactile)")
    }

    /// Whether a binding of `config` clicks or scrolls.
    public static func needsPointer(_ config: GestureConfig) -> Bool {
        config.bindings.contains { binding in
            let actions = Array(binding.actions.values.joined()) + (binding.step.map { $0.increase + $0.decrease } ?? [])
            return actions.contains { action in
                switch action {
                case .click, .scroll, .drag: true
                case .key, .command: false
                }
            }
        }
    }
}
