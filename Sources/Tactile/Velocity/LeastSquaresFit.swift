// A weighted least-squares polynomial fit of degree 0 to 2, the velocity trackers' arithmetic.

/// A weighted least-squares polynomial fit of degree 0, 1 or 2 to samples
/// `(time, value)`: the value model is `c0 + c1·t + c2·t²`.
///
/// This is the numerical core of ``VelocityTracker`` and
/// ``ScalarVelocityTracker``: a velocity is the derivative of the fitted
/// polynomial at the newest sample's time.
///
/// The fit solves the normal equations in `Double` after centring the times
/// on their weighted mean and scaling them into −1…1, and centring the values
/// on their weighted mean, so the small system stays well conditioned even
/// for absolute timestamps or large coordinates. It allocates nothing: the
/// samples are read through a closure, twice (once to centre, once to sum)
/// and a third time to measure the residuals.
///
/// Weights multiply the squared residuals (the fit minimises
/// `Σ wᵢ·(yᵢ − p(tᵢ))²`); an unweighted fit uses `1` for every sample.
public struct LeastSquaresFit: Sendable, Hashable {
    /// The highest degree supported (a quadratic).
    public static let maximumDegree = 2

    /// The degree of the fitted polynomial (0, 1 or 2).
    public let degree: Int

    /// How many samples went into the fit (samples with weight 0 count too).
    public let sampleCount: Int

    /// The coefficient of determination R² of the fit, clamped to 0…1:
    /// `1 − SSE / SST` with weighted sums of squares. 1 means the polynomial
    /// passes through every sample; values that do not vary at all also give 1.
    public let rSquared: Double

    /// The weighted mean of the sample times; the local coordinate is
    /// `s = (t − timeCentre) / timeScale`.
    @usableFromInline let timeCentre: Double
    /// Half the spread of the sample times around `timeCentre` (1 when they coincide).
    @usableFromInline let timeScale: Double
    /// The polynomial in the local coordinate `s`, with the weighted mean of
    /// the values already folded into the constant term.
    @usableFromInline let local: SIMD3<Double>

    /// The coefficients `(c0, c1, c2)` of `c0 + c1·t + c2·t²` in the caller's
    /// time coordinate (unused higher coefficients are 0).
    ///
    /// For best precision pass times relative to a nearby origin (the trackers
    /// use the newest sample's time), so that `c1` is the slope there.
    public var coefficients: SIMD3<Double> {
        let inverse = 1 / timeScale
        let b = local[1] * inverse
        let c = local[2] * inverse * inverse
        let m = timeCentre
        return SIMD3(local[0] - b * m + c * m * m, b - 2 * c * m, c)
    }

    /// The fitted value at `time`.
    @inlinable
    public func value(at time: Double) -> Double {
        let s = (time - timeCentre) / timeScale
        return local[0] + s * (local[1] + s * local[2])
    }

    /// The derivative of the fitted polynomial at `time` (value units per time unit).
    @inlinable
    public func derivative(at time: Double) -> Double {
        let s = (time - timeCentre) / timeScale
        return (local[1] + 2 * local[2] * s) / timeScale
    }

    /// Fits a polynomial of `degree` to `count` samples read through `sample`
    /// (called with indices `0..<count`, several times, in any order).
    ///
    /// Returns `nil` when `degree` is outside 0…``maximumDegree``, when there
    /// are fewer than `degree + 1` samples, when a time, value or weight is
    /// not finite or a weight is negative, when the weights sum to zero, or
    /// when the samples cannot determine the polynomial (fewer than
    /// `degree + 1` distinct times carry weight). A caller that wants a fit
    /// anyway can retry with a lower degree.
    public init?(
        degree: Int,
        count: Int,
        sample: (Int) -> (time: Double, value: Double, weight: Double)
    ) {
        guard (0...Self.maximumDegree).contains(degree), count > degree else { return nil }

        // Pass 1: weighted means of time and value.
        var weightSum = 0.0, timeSum = 0.0, valueSum = 0.0
        for index in 0..<count {
            let (t, y, w) = sample(index)
            guard t.isFinite, y.isFinite, w.isFinite, w >= 0 else { return nil }
            weightSum += w
            timeSum += w * t
            valueSum += w * y
        }
        guard weightSum > 0 else { return nil }
        let timeMean = timeSum / weightSum
        let valueMean = valueSum / weightSum

        // The time scale maps the weighted samples into −1…1.
        var spread = 0.0, valueDeviation = 0.0
        for index in 0..<count {
            let (t, y, w) = sample(index)
            guard w > 0 else { continue }
            spread = max(spread, abs(t - timeMean))
            valueDeviation = max(valueDeviation, abs(y - valueMean))
        }
        if spread == 0 && degree > 0 { return nil }
        let scale = spread > 0 ? spread : 1

        // Pass 2: the normal equations A·x = b in the local coordinate.
        // moments[k] = Σ w·s^k for k = 0…4, rhs[k] = Σ w·v·s^k for k = 0…2.
        var moments = SIMD8<Double>()
        var rhs = SIMD3<Double>()
        var totalSquares = 0.0
        for index in 0..<count {
            let (t, y, w) = sample(index)
            let s = (t - timeMean) / scale
            let v = y - valueMean
            let s2 = s * s
            moments += w * SIMD8(1, s, s2, s2 * s, s2 * s2, 0, 0, 0)
            rhs += w * v * SIMD3(1, s, s2)
            totalSquares += w * v * v
        }
        guard let solution = Self.solveNormalEquations(moments: moments, rhs: rhs, degree: degree) else {
            return nil
        }

        // Pass 3: residuals for R².
        var errorSquares = 0.0
        for index in 0..<count {
            let (t, y, w) = sample(index)
            let s = (t - timeMean) / scale
            let residual = (y - valueMean) - (solution[0] + s * (solution[1] + s * solution[2]))
            errorSquares += w * residual * residual
        }
        // Values that differ only by rounding are constant: a perfect fit.
        let noise = 1e-12 * max(abs(valueMean), valueDeviation)
        let rSquared: Double
        if totalSquares <= weightSum * noise * noise {
            rSquared = 1
        } else {
            rSquared = min(1, max(0, 1 - errorSquares / totalSquares))
        }

        self.degree = degree
        self.sampleCount = count
        self.rSquared = rSquared
        self.timeCentre = timeMean
        self.timeScale = scale
        self.local = SIMD3(solution[0] + valueMean, solution[1], solution[2])
    }

    /// Fits a polynomial of `degree` to parallel arrays of times, values and
    /// optional weights (all 1 when `nil`). The arrays must have the same
    /// length; otherwise the result is `nil`. See
    /// ``init(degree:count:sample:)`` for the other cases that give `nil`.
    public init?(degree: Int, times: [Double], values: [Double], weights: [Double]? = nil) {
        guard times.count == values.count, weights.map({ $0.count == times.count }) ?? true else {
            return nil
        }
        self.init(degree: degree, count: times.count) { index in
            (times[index], values[index], weights?[index] ?? 1)
        }
    }

    /// The slopes at time 0 of the fits of degree `degree` to `count`
    /// samples of two values (`a`, and `b` when `axes` is 2) at the same
    /// times, all of weight 1: a velocity tracker's axes. The same
    /// arithmetic, bit for bit, as the fits of
    /// ``init(degree:count:sample:)`` (less their R²) and their
    /// ``derivative(at:)`` at 0, with what the two share (the time sums,
    /// the time scale, the moments) done once. The times must be monotonic,
    /// so the farthest from their mean is at an end. `nil` when either fit
    /// would be.
    static func slopesAtZero(
        degree: Int, count: Int, axes: Int,
        sample: (Int) -> (time: Double, a: Double, b: Double)
    ) -> SIMD2<Double>? {
        guard (0...Self.maximumDegree).contains(degree), count > degree else { return nil }
        var timeSum = 0.0, aSum = 0.0, bSum = 0.0
        for index in 0..<count {
            let (t, a, b) = sample(index)
            guard t.isFinite, a.isFinite, b.isFinite else { return nil }
            timeSum += t
            aSum += a
            bSum += b
        }
        let weightSum = Double(count)
        let timeMean = timeSum / weightSum
        let aMean = aSum / weightSum, bMean = bSum / weightSum
        let spread = max(abs(sample(0).time - timeMean), abs(sample(count - 1).time - timeMean))
        if spread == 0 && degree > 0 { return nil }
        let scale = spread > 0 ? spread : 1

        var moments = SIMD8<Double>()
        var rhsA = SIMD3<Double>(), rhsB = SIMD3<Double>()
        for index in 0..<count {
            let (t, a, b) = sample(index)
            let s = (t - timeMean) / scale
            let s2 = s * s
            moments += SIMD8(1, s, s2, s2 * s, s2 * s2, 0, 0, 0)
            let powers = SIMD3(1, s, s2)
            rhsA += (a - aMean) * powers
            rhsB += (b - bMean) * powers
        }
        let atZero = (0 - timeMean) / scale
        guard let solutionA = solveNormalEquations(moments: moments, rhs: rhsA, degree: degree) else { return nil }
        let slopeA = (solutionA[1] + 2 * solutionA[2] * atZero) / scale
        guard axes > 1 else { return SIMD2(slopeA, 0) }
        guard let solutionB = solveNormalEquations(moments: moments, rhs: rhsB, degree: degree) else { return nil }
        return SIMD2(slopeA, (solutionB[1] + 2 * solutionB[2] * atZero) / scale)
    }

    /// Gaussian elimination with partial pivoting on the (degree + 1)² system
    /// whose matrix is the Hankel matrix of `moments`. Returns `nil` when a
    /// pivot vanishes relative to the total weight (a singular system).
    private static func solveNormalEquations(
        moments: SIMD8<Double>, rhs: SIMD3<Double>, degree: Int
    ) -> SIMD3<Double>? {
        let n = degree + 1
        // The augmented rows [A | b], held in registers, not on the heap.
        var rows = AugmentedRows(
            SIMD4(moments[0], moments[1], moments[2], rhs[0]),
            SIMD4(moments[1], moments[2], moments[3], rhs[1]),
            SIMD4(moments[2], moments[3], moments[4], rhs[2])
        )
        // |s| ≤ 1, so every entry is at most the total weight moments[0].
        let tolerance = 1e-12 * moments[0]
        if n == 3 { return solveQuadratic(&rows, tolerance: tolerance) }

        for column in 0..<n {
            var pivotRow = column
            var candidate = column + 1
            while candidate < n {
                if abs(rows[candidate][column]) > abs(rows[pivotRow][column]) { pivotRow = candidate }
                candidate += 1
            }
            guard abs(rows[pivotRow][column]) > tolerance else { return nil }
            if pivotRow != column { rows.swapAt(pivotRow, column) }
            let pivot = rows[column]
            var other = column + 1
            while other < n {
                rows[other] -= (rows[other][column] / pivot[column]) * pivot
                other += 1
            }
        }
        var solution = SIMD3<Double>()
        for i in stride(from: n - 1, through: 0, by: -1) {
            let current = rows[i]
            var sum = current[3]
            var j = i + 1
            while j < n {
                sum -= current[j] * solution[j]
                j += 1
            }
            solution[i] = sum / current[i]
        }
        return solution
    }
}

extension LeastSquaresFit {
    /// ``solveNormalEquations(moments:rhs:degree:)`` for degree 2 (every
    /// velocity fit), written out: the same pivots, the same operations in
    /// the same order, so the same bits, without the loops' indexing.
    fileprivate static func solveQuadratic(_ rows: inout AugmentedRows, tolerance: Double) -> SIMD3<Double>? {
        // Column 0: the row with the largest first entry leads.
        var lead = 0
        if abs(rows.r1[0]) > abs(rows.r0[0]) { lead = 1 }
        if abs(rows.r2[0]) > abs(rows[lead][0]) { lead = 2 }
        guard abs(rows[lead][0]) > tolerance else { return nil }
        if lead != 0 { rows.swapAt(lead, 0) }
        let first = rows.r0
        rows.r1 -= (rows.r1[0] / first[0]) * first
        rows.r2 -= (rows.r2[0] / first[0]) * first
        // Column 1.
        if abs(rows.r2[1]) > abs(rows.r1[1]) { rows.swapAt(2, 1) }
        guard abs(rows.r1[1]) > tolerance else { return nil }
        let second = rows.r1
        rows.r2 -= (rows.r2[1] / second[1]) * second
        // Column 2.
        guard abs(rows.r2[2]) > tolerance else { return nil }
        // Back substitution.
        var solution = SIMD3<Double>()
        solution[2] = rows.r2[3] / rows.r2[2]
        solution[1] = (rows.r1[3] - rows.r1[2] * solution[2]) / rows.r1[1]
        var sum = rows.r0[3]
        sum -= rows.r0[1] * solution[1]
        sum -= rows.r0[2] * solution[2]
        solution[0] = sum / rows.r0[0]
        return solution
    }
}

/// Three rows of an augmented 3×3 system, stored inline.
private struct AugmentedRows {
    var r0, r1, r2: SIMD4<Double>

    init(_ r0: SIMD4<Double>, _ r1: SIMD4<Double>, _ r2: SIMD4<Double>) {
        self.r0 = r0
        self.r1 = r1
        self.r2 = r2
    }

    subscript(index: Int) -> SIMD4<Double> {
        get {
            switch index {
            case 0: r0
            case 1: r1
            default: r2
            }
        }
        set {
            switch index {
            case 0: r0 = newValue
            case 1: r1 = newValue
            default: r2 = newValue
            }
        }
    }

    mutating func swapAt(_ i: Int, _ j: Int) {
        let saved = self[i]
        self[i] = self[j]
        self[j] = saved
    }
}
