// The options of Recording.open: the format, an evemu description, the screen, surface size, protocol A, made-up devices, limits.
import Tactile

extension Recording {
    /// How ``Recording/open(_:options:)`` reads a file, and what it
    /// completes formats with when they lack something a ``Recording`` holds.
    ///
    /// Every option has a default that suits most files, so most callers pass
    /// none. Options that concern one format are ignored by the others.
    ///
    /// ```swift
    /// // The events of an old evemu recording, whose device is in a separate file.
    /// let scroll = try Recording(contentsOf: "Touchpad.two-finger-scroll.events",
    ///                            options: .init(evemuDescriptionFile: "Touchpad.desc"))
    ///
    /// // A phone trace: no screen and no resolution in the file.
    /// let drag = try Recording(contentsOf: "galaxy-drag.txt",
    ///                          options: .init(screen: Screen(width: 480, height: 800, dotsPerInch: 233),
    ///                                         surfaceSizeInMillimetres: Size(width: 52, height: 87)))
    /// ```
    public struct OpenOptions: Hashable, Sendable {
        /// What becomes of a multitouch protocol A device (`SYN_MT_REPORT`, no slots).
        public enum ProtocolA: Hashable, Sendable {
            /// Its events become protocol B through `ProtocolAConverter` and its
            /// device `DeviceDescription/convertedToProtocolB(slotCount:)`, as
            /// mtdev does for libinput (see ``Recording/convertingProtocolA()``): what
            /// the touch assembler reads. A golden log, made for the old events, is dropped.
            case convertToProtocolB
            /// The device and events stay as the file holds them, for tools that
            /// present the device as it was (`tactile mock`). getevent traces and
            /// reMarkable records carry no device, and the one made up for them is
            /// protocol B, so they are converted whatever this says.
            case keepAsRecorded
        }

        /// The format to read the file as; `nil` (the default) detects it from
        /// the content, else the name (``RecordingFormat/detect(contentsOf:)``).
        public var format: RecordingFormat?
        /// An evemu description file (`NAME.desc`) holding the device of an
        /// events-only evemu file (`E:` lines only). `nil` (the default) looks for
        /// one beside the file (``EvemuReader/descriptionFile(forEventsAt:)``) when
        /// the file has no header. Given with a file of another format, it is an error.
        public var evemuDescriptionFile: String?
        /// The screen the recording maps onto, whatever the format, as the
        /// person sees it. `nil` (the default): a Tactile JSON recording's own,
        /// `Screen/standard` for the formats that store none (turned by the
        /// mounting a libinput recording's `LIBINPUT_CALIBRATION_MATRIX` gives).
        public var screen: Screen?
        /// The surface's physical size in millimetres, for a device whose
        /// position axes report no resolution (getevent traces never do, some
        /// evemu devices do not): each such axis gets the resolution that spans
        /// this size (rounded to whole units per millimetre, at least 1). Axes
        /// with a resolution keep it. `nil` (the default) leaves the device as
        /// it is, and the engine estimates its size (see `docs/gestures.md`).
        public var surfaceSizeInMillimetres: Size?
        /// Whether a protocol A device is converted (the default) or kept as recorded.
        public var protocolA: ProtocolA
        /// The name of a made-up device (getevent, reMarkable); by default the
        /// name the trace gives, else the format's own.
        public var deviceName: String?
        /// Which recorded device to take from a `libinput record` file with several (the first by default).
        public var deviceIndex: Int
        /// Which device node to take from a getevent trace that watched several;
        /// by default the first that sends multitouch events.
        public var devicePath: String?
        /// The slots of a made-up device (getevent: 10, reMarkable: 32 unless given; at least 1).
        public var slotCount: Int?
        /// Bounds on a Tactile JSON recording read whole (``RecordingReader/Limits``).
        public var limits: RecordingReader.Limits

        /// Options with the given parts; every one defaults to what suits most files.
        public init(
            format: RecordingFormat? = nil, evemuDescriptionFile: String? = nil, screen: Screen? = nil,
            surfaceSizeInMillimetres: Size? = nil, protocolA: ProtocolA = .convertToProtocolB,
            deviceName: String? = nil, deviceIndex: Int = 0, devicePath: String? = nil, slotCount: Int? = nil,
            limits: RecordingReader.Limits = .default
        ) {
            self.format = format
            self.evemuDescriptionFile = evemuDescriptionFile
            self.screen = screen
            self.surfaceSizeInMillimetres = surfaceSizeInMillimetres
            self.protocolA = protocolA
            self.deviceName = deviceName
            self.deviceIndex = deviceIndex
            self.devicePath = devicePath
            self.slotCount = slotCount
            self.limits = limits
        }

        /// What the formats whose device is made up (getevent, reMarkable) take of these options.
        var traceOptions: Recording.TraceOptions {
            Recording.TraceOptions(deviceName: deviceName, slotCount: slotCount)
        }
    }
}
