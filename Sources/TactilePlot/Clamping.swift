// Clamping a number into a range, for coordinates kept inside the picture.

extension Double {
    /// The value within `low...high`.
    func clamped(_ low: Double, _ high: Double) -> Double {
        Swift.min(Swift.max(self, low), high)
    }
}
