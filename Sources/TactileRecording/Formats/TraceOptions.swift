// How a trace without a device description (getevent, reMarkable) becomes a recording: its made-up device and screen.
import Tactile

extension Recording {
    /// How a trace that carries no device description (an Android `getevent`
    /// trace, a reMarkable record) becomes a recording: the device made up for
    /// it from the events (see ``Recording/init(getevent:options:)`` and
    /// ``RemarkableRecordReader``), and the screen.
    ///
    /// ```swift
    /// let drag = Recording(getevent: trace, options: .init(deviceName: "Galaxy S", slotCount: 5))
    /// let tap = try RemarkableRecordReader.read(contentsOf: "tap.record", options: .init(slotCount: 4))
    /// ```
    public struct TraceOptions: Hashable, Sendable {
        /// The name of the made-up device; by default the name the trace gives
        /// (getevent's `add device` block), else the format's own.
        public var deviceName: String?
        /// Slots of the made-up device: protocol A contacts are spread over
        /// them, and every slot of a reMarkable record must be below it. By
        /// default 10 for getevent and 32 for reMarkable; at least 1.
        public var slotCount: Int?
        /// For protocol A getevent traces without tracking ids: how far (device
        /// units) a contact may move between frames and stay the same (see `ProtocolAConverter`).
        public var maximumMatchDistance: Double?
        /// A description to use instead of the made-up one.
        public var device: DeviceDescription?
        /// The screen the recording maps onto.
        public var screen: Screen

        /// Options with the given parts; every one defaults to what suits most traces.
        public init(
            deviceName: String? = nil, slotCount: Int? = nil, maximumMatchDistance: Double? = nil, device: DeviceDescription? = nil,
            screen: Screen = .standard
        ) {
            self.deviceName = deviceName
            self.slotCount = slotCount
            self.maximumMatchDistance = maximumMatchDistance
            self.device = device
            self.screen = screen
        }

        /// ``slotCount``, else the format's `standard` count; at least 1, at
        /// most `DeviceLimits.maximumSlots`.
        func slots(standard: Int) -> Int {
            min(max(1, slotCount ?? standard), DeviceLimits.maximumSlots)
        }
    }
}
