// The synthesizer's random numbers: xoshiro256** seeded through SplitMix64, the same on every platform.
/// A small, fast, deterministic random number generator: xoshiro256**
/// (Blackman and Vigna, 2018) seeded through SplitMix64.
///
/// The same seed gives the same sequence on every platform and Swift
/// version: the helpers below never go through the standard library's
/// `random(in:using:)`, whose algorithms may change.
public struct SeededRandom: RandomNumberGenerator, Hashable, Sendable {
    private var state: (UInt64, UInt64, UInt64, UInt64)

    /// A generator whose whole sequence is determined by `seed`.
    public init(seed: UInt64) {
        var splitMix = seed
        func next() -> UInt64 {
            splitMix &+= 0x9E37_79B9_7F4A_7C15
            var z = splitMix
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        state = (next(), next(), next(), next())
    }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        let result = rotateLeft(state.1 &* 5, 7) &* 9
        let t = state.1 << 17
        state.2 ^= state.0
        state.3 ^= state.1
        state.1 ^= state.2
        state.0 ^= state.3
        state.2 ^= t
        state.3 = rotateLeft(state.3, 45)
        return result
    }

    /// A uniformly distributed value in `0 ..< 1`, with 53 random bits.
    public mutating func unit() -> Double {
        Double(next() >> 11) * 0x1.0p-53
    }

    /// A uniformly distributed value in `range`.
    public mutating func uniform(_ range: ClosedRange<Double>) -> Double {
        range.lowerBound + (range.upperBound - range.lowerBound) * unit()
    }

    /// A uniformly distributed integer in `range`, without modulo bias.
    public mutating func integer(in range: ClosedRange<Int>) -> Int {
        let span = UInt64(bitPattern: Int64(range.upperBound) &- Int64(range.lowerBound)) &+ 1
        guard span != 0 else { return Int(truncatingIfNeeded: next()) }
        let threshold = (0 &- span) % span
        while true {
            let bits = next()
            if bits >= threshold {
                return Int(truncatingIfNeeded: Int64(range.lowerBound) &+ Int64(bitPattern: bits % span))
            }
        }
    }

    /// `true` with probability `probability`.
    public mutating func chance(_ probability: Double) -> Bool {
        unit() < probability
    }

    /// `-1` or `+1`, equally likely.
    public mutating func sign() -> Double {
        chance(0.5) ? 1 : -1
    }

    /// A standard normal deviate (mean 0, standard deviation 1), by the Box–Muller transform.
    public mutating func gaussian() -> Double {
        let u1 = 1 - unit()  // in (0, 1]: the logarithm stays finite
        let u2 = unit()
        return (-2 * Trig.log(u1)).squareRoot() * Trig.cos(2 * Double.pi * u2)
    }

    /// A normal deviate with standard deviation `sigma`, limited to `±limit`.
    public mutating func gaussian(sigma: Double, limit: Double) -> Double {
        min(max(gaussian() * sigma, -limit), limit)
    }

    /// The elements of `array` in a uniformly random order (Fisher–Yates).
    public mutating func shuffled<T>(_ array: [T]) -> [T] {
        var result = array
        guard result.count > 1 else { return result }
        for index in stride(from: result.count - 1, to: 0, by: -1) {
            let other = integer(in: 0...index)
            result.swapAt(index, other)
        }
        return result
    }

    /// The index of the weight chosen, each with probability proportional to its weight.
    public mutating func choose(weights: [Double]) -> Int {
        let total = weights.reduce(0) { $0 + max(0, $1) }
        guard total > 0 else { return 0 }
        var remaining = unit() * total
        for (index, weight) in weights.enumerated() where weight > 0 {
            remaining -= weight
            if remaining < 0 { return index }
        }
        return max(0, weights.count - 1)
    }

    /// Whether both generators are at the same point of the same sequence.
    public static func == (lhs: SeededRandom, rhs: SeededRandom) -> Bool {
        lhs.state == rhs.state
    }

    /// Hashes the generator's state.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(state.0)
        hasher.combine(state.1)
        hasher.combine(state.2)
        hasher.combine(state.3)
    }

    private func rotateLeft(_ value: UInt64, _ count: UInt64) -> UInt64 {
        (value << count) | (value >> (64 - count))
    }
}
