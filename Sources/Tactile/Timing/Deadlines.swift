// The earliest of two deadlines that may not be set: what every part with timers answers for its next one.

extension Double {
    /// The earlier of `a` and `b`, either of which may be `nil` (no deadline);
    /// no array is made, as parts asked for their next deadline on every event need.
    ///
    /// ```swift
    /// Double.earliest(nil, 2.5)   // 2.5
    /// Double.earliest(3, 2.5)     // 2.5
    /// ```
    package static func earliest(_ a: Double?, _ b: Double?) -> Double? {
        guard let a else { return b }
        guard let b else { return a }
        return Swift.min(a, b)
    }
}
