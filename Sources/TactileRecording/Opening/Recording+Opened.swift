// What Recording.open gives: the recording, the format it was in and what its reader warned about.
extension Recording {
    /// A recording read by ``Recording/open(_:options:)``, with the format it
    /// was in and what its reader warned about.
    ///
    /// ```swift
    /// let opened = try Recording.open("session.json")
    /// for warning in opened.warnings { print(warning) }  // session.json:812: warning: …
    /// print("\(opened.format): \(opened.recording.events.count) events")
    /// ```
    public struct Opened: Hashable, Sendable {
        /// The recording.
        public var recording: Recording
        /// The format the file was read as.
        public var format: RecordingFormat
        /// Oddities the reader accepted, counted (see ``RecordingWarning``).
        /// Only Tactile JSON has any: the other formats' readers either
        /// accept a line or report it as an error.
        public var warnings: [RecordingWarning]
        /// Whether the file gave the screen (Tactile JSON always does; evemu
        /// and libinput record in a `# Tactile-Screen:` comment line).
        var recordsScreen = false

        /// An opened recording with the given parts.
        public init(recording: Recording, format: RecordingFormat, warnings: [RecordingWarning] = []) {
            self.recording = recording
            self.format = format
            self.warnings = warnings
        }

        init(recording: Recording, format: RecordingFormat, warnings: [RecordingWarning] = [], recordsScreen: Bool) {
            self.init(recording: recording, format: format, warnings: warnings)
            self.recordsScreen = recordsScreen
        }
    }
}
