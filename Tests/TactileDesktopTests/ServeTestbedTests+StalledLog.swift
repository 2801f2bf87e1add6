// tactile serve with its log on a pipe nobody reads: touches keep passing through, and a SIGTERM is obeyed at once.
import Foundation
import Tactile
import TactileService
import TactileTestSupport
import Testing

extension ServeTestbedTests {
    /// How long serve's standard error is a full pipe nobody reads.
    static let stall = 12.0

    /// One finger dragged across the panel for `seconds` (a frame every 10 ms).
    static func longDrag(seconds: Double) -> PanelStream {
        var stream = PanelStream(unitsPerMillimetre: 16, time: 0.5)
        stream.stroke(slot: 0, from: (20, 20), to: (220, 140), frames: Int(seconds * 100))
        return stream
    }

    /// Three rounds of a 2 s drag and a long press (a right click, and its lines in the log): 10 s of frames.
    static func dragsAndLongPresses() -> PanelStream {
        var stream = PanelStream(unitsPerMillimetre: 16, time: 0.5)
        for round in 0..<3 {
            let y = 40 + 30 * Double(round)
            stream.stroke(slot: 0, from: (40, y), to: (200, y + 20), frames: 200)
            stream.time += 0.2
            stream.frame(land: [0: (128, y)])
            stream.wait(0.9, slot: 0)
            stream.frame(lift: [0])
            stream.time += 0.2
        }
        return stream
    }

    /// The figures (µs) of a `--stats` line such as `pass-through (read to write): 1002 frames: p50 80 µs, p99 310 µs, max 900 µs`.
    static func percentiles(_ log: String, of measure: String) -> (frames: Int, p50: Int, p99: Int, maximum: Int)? {
        guard let line = log.split(separator: "\n").first(where: { $0.contains(measure) }) else { return nil }
        func number(after marker: String) -> Int? {
            guard let range = line.range(of: marker) else { return nil }
            return Int(line[range.upperBound...].prefix { $0.isNumber })
        }
        guard let frames = number(after: "): "), let p50 = number(after: "p50 "), let p99 = number(after: "p99 "),
              let maximum = number(after: "max ") else { return nil }
        return (frames, p50, p99, maximum)
    }

    /// Seconds between the SIGTERM and serve's exit, as the testbed helper says it.
    static func exitDelay(_ log: String) -> Double? {
        guard let line = log.split(separator: "\n").first(where: { $0.contains("after the SIGTERM") }),
              let range = line.range(of: " exited ") else { return nil }
        return Double(line[range.upperBound...].prefix { $0.isNumber || $0 == "." })
    }

    @Test func aLogNobodyReadsNeverHoldsUpTheTouchesPassingThrough() throws {
        let stream = Self.dragsAndLongPresses()
        // Standard error is full and unread for 12 s, while the 10 s of frames play; the device
        // goes away after that, and serve says its figures once the pipe is read again.
        let served = try serve(stream.events, config: Self.config, testbed: ["--stderr-stall", String(Self.stall)],
                               unplugAfter: Self.stall + 2)
        let log = served.output.standardError
        #expect(served.output.status == 0, "\(log)")
        let copy = try #require(served.devices.first { $0.name == Self.panel.name })
        // The drags went through (the long-pressed touches were taken), as they came: the writes
        // spread over the 10 s, all of them during the stall (a service waiting for its log would
        // have sent nothing until 12 s).
        let expected = frames(of: stream.events).count
        #expect(frames(of: copy.inputEvents).count >= 600)
        let first = try #require(copy.times.first), last = try #require(copy.times.last)
        #expect(last < Self.stall - 0.5, "the last frame was written \(last) s after the start")
        #expect(last - first > 9, "the frames were written over \(last - first) s")
        // The long presses' right clicks were sent meanwhile, though each logs its lines.
        let pointer = try #require(served.devices.first { $0.name.hasSuffix("pointer (Tactile)") })
        #expect(pointer.inputEvents.filter { $0.type == .key }.count == 6)
        #expect(log.components(separatedBy: "menu").count - 1 >= 3, "\(log)")
        // What serve measured, once its log could be read: every frame, none of which waited for
        // the log. A wait for it would show as the stall's seconds (12 s); a bound of 2 s tells
        // the two apart, and no load of the machine reaches it (the figures themselves, about
        // 0.3 ms for the service's own share on an idle machine, are the benchmarks' to give:
        // make bench, the serve group). The whole read to write adds the testbed's emulated
        // uinput, a Python round trip that the machine's load stretches.
        let passThrough = try #require(Self.percentiles(log, of: "pass-through (read to write)"), "\(log)")
        let own = try #require(Self.percentiles(log, of: "without the writes"), "\(log)")
        #expect(passThrough.frames == expected)
        #expect(own.maximum < 2_000_000, "without the writes: p50 \(own.p50) µs, p99 \(own.p99) µs, max \(own.maximum) µs")
        #expect(passThrough.maximum < 2_000_000, "pass-through: p50 \(passThrough.p50) µs, p99 \(passThrough.p99) µs, max \(passThrough.maximum) µs")
        // The lines said during the stall were kept and came out in order.
        let taken = try #require(log.range(of: "/dev/input/event5: taken (grabbed"))
        let gone = try #require(log.range(of: "/dev/input/event5: gone"))
        #expect(taken.upperBound < gone.lowerBound)
    }

    @Test func aSigtermWhileTheLogIsNotReadIsObeyedAtOnce() throws {
        let stream = Self.longDrag(seconds: 6)
        // The SIGTERM comes 3 s in, the finger still down, with the log stalled until long after.
        let served = try serve(stream.events, config: Self.config,
                               testbed: ["--stderr-stall", String(Self.stall), "--terminate-after", "3"])
        let log = served.output.standardError
        #expect(served.output.status == 0, "\(log)")
        let delay = try #require(Self.exitDelay(log), "\(log)")
        #expect(delay < 1, "serve exited \(delay) s after the SIGTERM")
        // Frames went through until then; the finger down was cancelled for the app (its release in the
        // frame before the last, which sets the slot back to a finger); every virtual device is gone.
        let copy = try #require(served.devices.first { $0.name == Self.panel.name })
        let forwarded = frames(of: copy.inputEvents)
        #expect(forwarded.count > 100)
        #expect(forwarded.dropLast().last?.contains { $0.code == AbsCode.mtTrackingID && $0.value == -1 } == true)
        #expect(served.devices.count >= 2 && served.devices.allSatisfy { $0.destroyed })
    }
}
