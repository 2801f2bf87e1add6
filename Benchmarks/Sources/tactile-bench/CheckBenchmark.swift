// The check group: `tactile check`'s run of a config over one tap, with thousands of bindings against one.
import Tactile
import TactileBenchSupport
import TactileService
import TactileSynthesis

/// How the cost of a check (and of the service, per touch) grows with the
/// config's bindings: one tap on the synthesized touchscreen run through
/// ``ConfigCheck`` (a ``ServiceDevice`` built on the config, its engine, the
/// gate and the actions, as `tactile check --against` runs them) with 2 000
/// and 20 000 tap bindings, each beside the same run with one binding. It
/// was quadratic (20 000 bindings: 8 s); it must grow no faster than the
/// bindings.
@MainActor
enum CheckBenchmark {
    /// The rows: the large configs against one binding, measured in the same run.
    static func rows(quick: Bool) -> [BenchRow] {
        let sizes = quick ? [200, 2_000] : [2_000, 20_000]
        let runs = quick ? 2 : 3
        let events = oneTap()
        _ = seconds(bindings: 1, events: events, runs: 1)   // warm-up: the first check pays one-time costs
        let one = seconds(bindings: 1, events: events, runs: runs)
        let measured = sizes.map { ($0, seconds(bindings: $0, events: events, runs: runs)) }
        let smallest = measured[0]
        return measured.map { count, time in
            // Linear: the extra cost over one binding grows as the extra bindings do. Ten times
            // the recognizers no longer fit the caches, hence the slack; quadratic would be ten times this.
            let growth = (time - one) / max(smallest.1 - one, 1e-9)
            let expected = Double(count - 1) / Double(smallest.0 - 1)
            return BenchRow(
                measure: "check: \(BenchFormat.count(count)) tap bindings, one tap (ServiceDevice: engine, gate, actions)",
                result: "\(BenchFormat.duration(nanoseconds: time * 1e9)), \(BenchFormat.duration(nanoseconds: (time - one) * 1e9 / Double(count - 1)))/binding",
                reference: "1 binding: \(BenchFormat.duration(nanoseconds: one * 1e9))",
                ratio: time / max(one, 1e-9), ratioUnit: "× (bindings ×\(BenchFormat.count(count)))",
                target: "≤ linear", met: count == smallest.0 || growth <= expected * 1.5
            )
        }
    }

    /// The best of `runs` checks of `bindings` tap bindings over `events`, in seconds (the config built outside the timing).
    private static func seconds(bindings count: Int, events: [InputEvent], runs: Int) -> Double {
        let location = SourceLocation(file: "bench.toml", line: 1, column: 1)
        let config = GestureConfig(bindings: (0..<count).map { index in
            Binding(name: "tap-\(index)", recognizer: RecognizerSpec(kind: .tap),
                    actions: index == 0 ? [.ended: [.key(KeyChord(keys: [30], text: "a"))]] : [:], location: location)
        })
        var lines = 0
        let time = BenchClock.best(runs: runs) {
            let check = ConfigCheck(config: config, device: SynthesizedDevices.touchscreen, events: events) { _ in lines += 1 }
            precondition(check.fired == ["tap-0": 1], "the first tap binding fires once")
        }
        precondition(lines > 0)
        return time
    }

    /// One finger tapping the middle of the touchscreen (15 units per mm): land, three still frames, lift.
    private static func oneTap() -> [InputEvent] {
        var events: [InputEvent] = []
        var time = 1.0
        func frame(_ body: [(EventType, UInt16, Int32)]) {
            for (type, code, value) in body { events.append(InputEvent(time: time, type: type, code: code, value: value)) }
            events.append(InputEvent(time: time, type: .syn, code: SynCode.report, value: 0))
            time += 1.0 / 120
        }
        frame([(.abs, AbsCode.mtTrackingID, 1), (.abs, AbsCode.mtPositionX, 2048), (.abs, AbsCode.mtPositionY, 1152),
               (.key, KeyCode.touch, 1), (.abs, AbsCode.x, 2048), (.abs, AbsCode.y, 1152)])
        for _ in 0..<3 { frame([]) }
        frame([(.abs, AbsCode.mtTrackingID, -1), (.key, KeyCode.touch, 0)])
        return events
    }
}
