// Why a umockdev testbed could not be written.
/// Why a umockdev testbed could not be written.
public struct TestbedError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong, in words.
    public var description: String
    /// The path that is taken, when the error is a refusal to write over
    /// something there (overwriting was not asked for).
    public var takenPath: String?

    /// An error with its message (and the taken path of a refusal to overwrite).
    public init(_ description: String, takenPath: String? = nil) {
        self.description = description
        self.takenPath = takenPath
    }
}

