// A named number a recognizer reports with each action.

/// A named number a recognizer reports with each action (`scale`, `velocity`,
/// `translation.x`…), in the order the recognizer lists them.
public struct ActionValue: Hashable, Sendable {
    public var name: String
    public var value: Double

    public init(_ name: String, _ value: Double) {
        self.name = name
        self.value = value
    }
}
