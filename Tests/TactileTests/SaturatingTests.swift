// Conversions of absurd Doubles that clamp instead of trapping.
import Tactile
import Testing

@Suite struct SaturatingTests {
    @Test func int64Clamps() {
        #expect(Int64(saturating: 1e300) == .max)
        #expect(Int64(saturating: -1e300) == .min)
        #expect(Int64(saturating: .infinity) == .max)
        #expect(Int64(saturating: .nan) == 0)
        #expect(Int64(saturating: 9_223_372_036_854_775_807.0) == .max)
        #expect(Int64(saturating: -2.9) == -2)
        #expect(Int(saturating: 12.7) == 12)
    }

    @Test("an event time beyond ±292 000 years is clamped, not a trap")
    func eventTime() {
        let late = InputEvent(time: 1e300, type: .syn, code: 0, value: 0)
        #expect(late.timeInMicroseconds > 9_000_000_000_000_000_000 as Int64)
        #expect(InputEvent(time: .nan, type: .syn, code: 0, value: 0).timeInMicroseconds == 0)
    }
}
