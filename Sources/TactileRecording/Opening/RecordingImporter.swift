// The importer: recording text or bytes already in memory, in a format the caller names, as a Recording.
import Tactile

/// Parses recording text or bytes already in memory, in a format named by
/// the caller, into a ``Recording``: Tactile JSON, evemu, `libinput record`
/// YAML, Android `getevent` text and reMarkable records (see ``RecordingFormat``).
///
/// To open a file, use ``Recording/init(contentsOf:options:)`` or
/// ``Recording/open(_:options:)``, which detect the format, read Tactile JSON
/// with its warnings, and take every option a format may need.
///
/// Each importer converts a protocol A device to protocol B
/// (``Recording/convertingProtocolA()``), Tactile JSON included. Tactile JSON
/// keeps its own screen, labels and golden log, and so do evemu and
/// `libinput record` text that ``RecordingExporter`` wrote (in comment
/// lines); ``Options/screen`` is the screen of files that store none.
///
/// ```swift
/// let recording = try RecordingImporter.parse(trace, file: "galaxy.txt", as: .getevent,
///                                             options: .init(deviceName: "Samsung Galaxy S (getevent)"))
/// ```
public enum RecordingImporter {
    /// What the formats without everything a ``Recording`` needs are completed with.
    ///
    /// The options of ``Recording/OpenOptions`` that text in memory can use,
    /// but for ``screen``: here the screen of files that store none (a
    /// Tactile JSON recording keeps its own, and so does evemu or libinput
    /// record text with a `# Tactile-Screen:` line), where the open options'
    /// replaces every file's.
    public struct Options: Hashable, Sendable {
        /// The name of a synthesized device (getevent, reMarkable); each format has a default.
        public var deviceName: String?
        /// Which recorded device to take from a `libinput record` file with several.
        public var deviceIndex: Int
        /// Which device node to take from a getevent trace that watched several.
        public var devicePath: String?
        /// Slots of a synthesized device (getevent: 10, reMarkable: 32 unless given).
        public var slotCount: Int?
        /// The screen the recording maps onto, for files that store none
        /// (Tactile JSON keeps its own, and evemu or libinput record text
        /// with a `# Tactile-Screen:` line): the panel's own display, turned
        /// by the mounting the file gives (a libinput recording's
        /// `LIBINPUT_CALIBRATION_MATRIX`), as ``SurfaceTransform/screen(turning:)`` turns it.
        public var screen: Screen

        /// Options with the given parts; every one defaults to what suits most text.
        public init(deviceName: String? = nil, deviceIndex: Int = 0, devicePath: String? = nil, slotCount: Int? = nil, screen: Screen = .standard) {
            self.deviceName = deviceName
            self.deviceIndex = deviceIndex
            self.devicePath = devicePath
            self.slotCount = slotCount
            self.screen = screen
        }
    }

    /// Parses `bytes` in `format`; `file` names them in errors. Tactile JSON
    /// is read by ``RecordingReader`` (its warnings dropped) and keeps its screen;
    /// evemu and libinput record keep the screen, labels and golden log their
    /// comment lines give (see ``RecordingExporter``); a file without a screen
    /// gets ``Options/screen``. Reads as
    /// ``Recording/open(_:options:)`` does, through the same readers.
    public static func parse(bytes: [UInt8], file: String = "<bytes>", as format: RecordingFormat, options: Options = Options()) throws(RecordingError) -> Recording {
        let openOptions = Recording.OpenOptions(
            format: format, deviceName: options.deviceName, deviceIndex: options.deviceIndex, devicePath: options.devicePath, slotCount: options.slotCount)
        let opened = try Recording.read(.bytes(bytes, file: file), as: format, options: openOptions)
        var recording = opened.recording.convertingProtocolA()
        if !opened.recordsScreen { recording.screen = recording.transform.screen(turning: options.screen) }
        return recording
    }

    /// Parses `text` in `format`; `file` names it in errors.
    public static func parse(_ text: String, file: String = "<text>", as format: RecordingFormat, options: Options = Options()) throws(RecordingError) -> Recording {
        try parse(bytes: Array(text.utf8), file: file, as: format, options: options)
    }
}
