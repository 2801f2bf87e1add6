// Whether a device speaks multitouch protocol A, and the protocol-B description it is read as.

extension DeviceDescription {
    /// Whether the device speaks multitouch protocol A: it reports
    /// `ABS_MT_POSITION_X/Y` but has no `ABS_MT_SLOT`, so every contact comes
    /// anew in every frame, closed by `SYN_MT_REPORT`. Such a stream is turned
    /// into protocol B by ``ProtocolAConverter`` (with ``ProtocolAConverter/Configuration/device``)
    /// and then belongs to ``convertedToProtocolB(slotCount:)``.
    public var usesProtocolA: Bool {
        axis(AbsCode.mtSlot) == nil && axis(AbsCode.mtPositionX) != nil && axis(AbsCode.mtPositionY) != nil
    }

    /// The protocol-B device the converted stream of this protocol-A device
    /// belongs to: the same device with `ABS_MT_SLOT` `0 ..< slotCount` and
    /// `ABS_MT_TRACKING_ID` `0 ... 65535` (the ids ``ProtocolAConverter``
    /// hands out, in place of any range the device gave); the name, keys,
    /// other axes and the kind are kept. A
    /// device that does not use protocol A is returned unchanged.
    ///
    /// ```swift
    /// let ntrig = try EvemuReader.read(contentsOf: "N-Trig MultiTouch.desc").device
    /// ntrig.usesProtocolA                        // true
    /// ntrig.convertedToProtocolB().slotCount     // 10
    /// ```
    public func convertedToProtocolB(slotCount: Int = ProtocolAConverter.Configuration.deviceSlotCount) -> DeviceDescription {
        guard usesProtocolA else { return self }
        // The converter hands out its own tracking ids, whatever range the device's had.
        var converted = axes.filter { $0.code != AbsCode.mtTrackingID }
        converted.append(AbsoluteAxis(code: AbsCode.mtSlot, minimum: 0, maximum: Int32(Swift.min(Swift.max(1, slotCount), DeviceLimits.maximumSlots) - 1)))
        converted.append(AbsoluteAxis(code: AbsCode.mtTrackingID, minimum: 0, maximum: 65535))
        return DeviceDescription(
            name: name, identity: identity, properties: properties, keys: keys, axes: converted,
            otherCodes: otherCodes, kind: kind)
    }
}
