// Round tick values for an axis: steps of 1, 2 or 5 times a power of ten.

/// Tick values for an axis from 0 to a length: about `count` of them, at
/// steps of 1, 2 or 5 times a power of ten.
///
/// ```swift
/// PlotTicks(length: 103.4, count: 8).values   // [0, 20, 40, 60, 80, 100]
/// ```
struct PlotTicks {
    let step: Double
    let values: [Double]

    init(length: Double, count: Int) {
        let length = length.isFinite && length > 0 ? length : 1
        let rough = length / Double(max(1, count))
        let power = Self.power(of: rough)
        let step = [1.0, 2, 5, 10].map { $0 * power }.first { $0 >= rough } ?? 10 * power
        self.step = step
        let last = Int((length / step + 1e-9).rounded(.down))
        values = (0...max(0, last)).map { Double($0) * step }
    }

    /// Decimals that show every tick apart (a step of 0.05 needs 2).
    var places: Int {
        var places = 0
        var step = self.step
        while step < 1 - 1e-9, places < 6 {
            step *= 10
            places += 1
        }
        return places
    }

    /// The power of ten at or below `value` (1 for 3.2, 0.01 for 0.07).
    private static func power(of value: Double) -> Double {
        guard value > 0, value.isFinite else { return 1 }
        var power = 1.0
        while power * 10 <= value { power *= 10 }
        while power > value { power /= 10 }
        return power
    }
}
