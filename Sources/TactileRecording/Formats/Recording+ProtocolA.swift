// A recording whose device speaks multitouch protocol A, converted to protocol B as mtdev does.
import Tactile

extension Recording {
    /// The recording as protocol B, when its device speaks multitouch
    /// protocol A (`DeviceDescription/usesProtocolA`): the events pass
    /// through `ProtocolAConverter` (with `ProtocolAConverter/Configuration/device`,
    /// as mtdev does for libinput) and the device becomes
    /// `DeviceDescription/convertedToProtocolB(slotCount:)`. Labels and
    /// the screen are kept; a golden log, made for the old events, is dropped.
    /// Any other recording is returned unchanged.
    ///
    /// ``Recording/open(_:options:)`` does this for every format (unless
    /// asked to keep protocol A as recorded), and the live device does it too;
    /// ``RecordingReader`` keeps a Tactile JSON file as it is, so an old file
    /// holding protocol A read that way (or streamed) is converted here, or
    /// rewritten with `tactile convert`.
    public func convertingProtocolA() -> Recording {
        guard device.usesProtocolA else { return self }
        var converted = self
        converted.events = ProtocolAConverter.convert(events, configuration: .device)
        converted.device = device.convertedToProtocolB()
        converted.expected = nil
        return converted
    }
}
