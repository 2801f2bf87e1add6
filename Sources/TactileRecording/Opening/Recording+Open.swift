// The one entry point that opens a recording file in any format: Recording(contentsOf:) and Recording.open.
import Tactile

extension Recording {
    /// Reads the recording at `path`, in any format Tactile knows: its own
    /// JSON, evemu (whole, or events with their `.desc`), `libinput record`
    /// YAML, Android `getevent -lt` text or a reMarkable record, detected from
    /// the content (``RecordingFormat/detect(contentsOf:)``).
    ///
    /// What a Tactile JSON reader warns about is dropped; ``open(_:options:)``
    /// gives it, with the format. See that method for what each format becomes.
    ///
    /// ```swift
    /// import Tactile
    /// import TactileRecording
    ///
    /// let recording = try Recording(contentsOf: "Recordings/touchscreen-galaxys-two-finger-drag.json")
    /// let window = Window(screen: recording.screen)
    /// let pan = PanGestureRecognizer()
    /// pan.addAction { print($0.state, $0.translation(in: window)) }
    /// window.addGestureRecognizer(pan)
    /// let pipeline = InputPipeline(for: recording, window: window)
    /// pipeline.process(recording.events)
    /// ```
    ///
    /// - Throws: a ``RecordingError`` naming the file, and the line (and for
    ///   JSON the column and path) where reading stopped, with what was
    ///   expected and what was found.
    public init(contentsOf path: String, options: OpenOptions = OpenOptions()) throws(RecordingError) {
        self = try Recording.open(path, options: options).recording
    }

    /// Reads the recording at `path` in any format Tactile knows, with the
    /// format it was in and what its reader warned about: the one way to open
    /// a recording file.
    ///
    /// - Tactile JSON is read whole by ``RecordingReader`` (strictly, with
    ///   counted ``RecordingWarning``s), keeping its screen, labels and golden log.
    /// - evemu: the device (from the header, else from
    ///   ``OpenOptions/evemuDescriptionFile`` or the `.desc` beside an events-only
    ///   file), the axis values the header gives, and the events.
    /// - `libinput record`: device ``OpenOptions/deviceIndex`` and its events.
    /// - evemu and `libinput record` written by ``RecordingExporter`` (or
    ///   `tactile convert`) also give back the screen, creation time, labels
    ///   and golden log, from their `# Tactile-…` comment lines.
    /// - getevent and reMarkable: the events as protocol B, on a device made up
    ///   from what they use (``OpenOptions/deviceName``, ``OpenOptions/slotCount``).
    ///
    /// Timestamps are kept as recorded. Then, for every format: a protocol A
    /// device is converted to protocol B unless ``OpenOptions/protocolA`` says to
    /// keep it; ``OpenOptions/screen`` replaces the screen (files without one
    /// get `Screen/standard`); ``OpenOptions/surfaceSizeInMillimetres`` gives
    /// position axes without resolution one.
    ///
    /// ```swift
    /// let opened = try Recording.open("N-Trig MultiTouch.events",
    ///                                 options: .init(evemuDescriptionFile: "N-Trig MultiTouch.desc"))
    /// for warning in opened.warnings { print(warning) }
    /// print("\(opened.format), \(opened.recording.device.slotCount) slots")  // evemu, 10 slots (from protocol A)
    /// ```
    ///
    /// Tactile JSON can also be played while it is read, in constant memory:
    /// ``RecordingReader/events(contentsOf:limits:readingAhead:)``.
    ///
    /// - Throws: a ``RecordingError`` naming the file, and the line (and for
    ///   JSON the column and path) where reading stopped, with what was
    ///   expected and what was found; ``RecordingError/Problem/unknownFormat``
    ///   when the format cannot be told, or an evemu description is given with
    ///   a file of another format.
    public static func open(_ path: String, options: OpenOptions = OpenOptions()) throws(RecordingError) -> Opened {
        if let size = options.surfaceSizeInMillimetres, !(size.width.isFinite && size.height.isFinite && size.width > 0 && size.height > 0) {
            throw RecordingError(
                file: path, line: nil, problem: .invalidValue,
                message: "expected a surface size above 0 mm in both directions, found \(size.width) × \(size.height) mm")
        }
        var opened: Opened
        if ReadableFile.isStream(path) {
            // `-`, a pipe or a FIFO can be read once: whole, then told by its content.
            let name = ReadableFile.displayName(path)
            let bytes = try RecordingFile.bytes(at: path)
            var format = RecordingFormat.evemu
            if let asked = options.format {
                format = asked
            } else if options.evemuDescriptionFile == nil {
                format = try RecordingFormat.detect(bytes: bytes, path: name)
            }
            opened = try read(.bytes(bytes, file: name), as: format, options: options)
        } else {
            let format = try format(of: path, options: options)
            opened = try read(.file(path), as: format, options: options)
        }
        if options.protocolA == .convertToProtocolB {
            opened.recording = opened.recording.convertingProtocolA()
        }
        if let screen = options.screen {
            opened.recording.screen = screen
        }
        if let size = options.surfaceSizeInMillimetres {
            opened.recording.device = opened.recording.device.resolvingSurface(toMillimetres: size)
        }
        return opened
    }

    /// The format to read `path` as: the one asked for, else the detected one.
    /// With an evemu description, the file must be evemu (an events-only
    /// file says nothing else, so content that names no format is taken as evemu).
    private static func format(of path: String, options: OpenOptions) throws(RecordingError) -> RecordingFormat {
        if let format = options.format, options.evemuDescriptionFile == nil { return format }
        guard let description = options.evemuDescriptionFile else { return try RecordingFormat.detect(contentsOf: path) }
        var format = RecordingFormat.evemu
        if let asked = options.format {
            format = asked
        } else if let sniffed = RecordingFormat.sniff(try RecordingFile.prefix(at: path, count: RecordingFormat.sniffLength + 1)) {
            format = sniffed
        }
        guard format == .evemu else {
            throw RecordingError(
                file: path, line: nil, problem: .unknownFormat,
                message: "expected evemu events to go with the device description \(TextFormat.visible(description)), found \(format)")
        }
        return format
    }
}
