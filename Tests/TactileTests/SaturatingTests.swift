// Conversions of absurd Doubles that clamp instead of trapping.
import Tactile
import TactileTestSupport
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

    @Test("an event built with seconds whose microseconds overflow clamps its time, and so does a shift past the end")
    func eventSeconds() {
        let late = InputEvent(seconds: 167_723_946_690_313, microseconds: 800_000, type: .syn, code: 0, value: 0)
        #expect(late.timeInMicroseconds == .max)
        #expect(InputEvent(seconds: -.max, microseconds: 0, type: .syn, code: 0, value: 0).timeInMicroseconds == .min)
        #expect(InputEvent(seconds: Int64.max / 1_000_000, microseconds: 999_999, type: .syn, code: 0, value: 0).timeInMicroseconds == .max)
        let edge = InputEvent(seconds: 9_223_372_036_853, microseconds: 0, type: .syn, code: 0, value: 0)
        #expect(edge.timeInMicroseconds == 9_223_372_036_853_000_000)
        #expect(edge.shifted(byMicroseconds: .max).timeInMicroseconds == Int64.max / 1_000_000 * 1_000_000 + Int64.max % 1_000_000)
        #expect(edge.shifted(byMicroseconds: -1).seconds == 9_223_372_036_852)
    }

    @Test("the engine takes an event whose time overflows without a trap (a fuzzer found it trapping the touch assembler)")
    func assemblerTakesOverflowingTime() {
        var assembler = TouchAssembler(device: TestDevices.touchpad)
        _ = assembler.process(InputEvent(seconds: 1, microseconds: 0, type: .syn, code: SynCode.report, value: 0))
        let frame = assembler.process(InputEvent(seconds: 167_723_946_690_313, microseconds: 0, type: .syn, code: SynCode.report, value: 0))
        #expect(frame != nil)
    }
}
