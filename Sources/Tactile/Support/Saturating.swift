// Conversions from Double to integers that clamp instead of trapping, for values computed from input.

extension Int64 {
    /// `value` rounded toward zero, clamped to the range of `Int64`; NaN gives 0.
    ///
    /// `Int64(1e300)` traps; `Int64(saturating: 1e300)` is `Int64.max`.
    package init(saturating value: Double) {
        if value.isNaN {
            self = 0
        } else if value >= 9_223_372_036_854_775_807.0 {
            self = .max
        } else if value <= -9_223_372_036_854_775_808.0 {
            self = .min
        } else {
            self = Int64(value)
        }
    }
}

extension Int {
    /// `value` rounded toward zero, clamped to the range of `Int`; NaN gives 0.
    package init(saturating value: Double) {
        self = Int(Int64(saturating: value))
    }
}
