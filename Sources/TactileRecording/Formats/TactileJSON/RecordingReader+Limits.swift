// The bounds on what the Tactile JSON reader accepts (file, header, strings, names, lists, nesting).

extension RecordingReader {
    /// Bounds on what the reader accepts.
    public struct Limits: Hashable, Sendable {
        /// The largest file ``RecordingReader/read(contentsOf:limits:)`` and
        /// ``RecordingReader/read(bytes:file:limits:)`` read whole, in bytes.
        /// Streaming with ``RecordingReader/events(contentsOf:limits:readingAhead:)`` has no size limit.
        public var maximumFileSize: Int
        /// The most bytes before the events array (header, labels and expected actions).
        public var maximumHeaderSize: Int
        /// The most JSON values (numbers, strings, arrays, objects) in the header.
        public var maximumHeaderValues: Int
        /// The longest string in the header, in UTF-8 bytes.
        public var maximumStringLength: Int
        /// The longest key of an object, in UTF-8 bytes.
        public var maximumKeyLength: Int
        /// The longest device, gesture, recognizer or view name, in UTF-8 bytes.
        public var maximumNameLength: Int
        /// The most absolute axes of a device.
        public var maximumAxes: Int
        /// The most labels.
        public var maximumLabels: Int
        /// The most expected actions.
        public var maximumExpectedActions: Int
        /// The deepest nesting of arrays and objects in the header (at most ``deepestNesting``).
        public var maximumDepth: Int

        /// The most ``maximumDepth`` can be: the header is parsed by recursion.
        public static let deepestNesting = 256

        /// Limits with the given bounds; the defaults are those of ``default``.
        public init(
            maximumFileSize: Int = 1 << 30, maximumHeaderSize: Int = 32 << 20, maximumHeaderValues: Int = 2_000_000,
            maximumStringLength: Int = 65_536, maximumKeyLength: Int = 1_024, maximumNameLength: Int = 1_024,
            maximumAxes: Int = 64, maximumLabels: Int = 100_000, maximumExpectedActions: Int = 100_000, maximumDepth: Int = 32
        ) {
            self.maximumFileSize = maximumFileSize
            self.maximumHeaderSize = maximumHeaderSize
            self.maximumHeaderValues = maximumHeaderValues
            self.maximumStringLength = maximumStringLength
            self.maximumKeyLength = maximumKeyLength
            self.maximumNameLength = maximumNameLength
            self.maximumAxes = maximumAxes
            self.maximumLabels = maximumLabels
            self.maximumExpectedActions = maximumExpectedActions
            self.maximumDepth = maximumDepth
        }

        /// 1 GiB files, 32 MiB headers, 64 KiB strings, 1 KiB names, 64 axes,
        /// 100 000 labels and expected actions, nesting 32 deep.
        public static let `default` = Limits()
    }
}
