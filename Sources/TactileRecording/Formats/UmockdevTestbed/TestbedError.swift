// Why a umockdev testbed could not be written.
/// Why a umockdev testbed could not be written.
public struct TestbedError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong, in words.
    public var description: String

    /// An error with its message.
    public init(_ description: String) { self.description = description }
}

