// tactile serve and its config on disk: one another user could write is refused, a half-written one never applied, a linked one followed.
import Foundation
import Tactile
import TactileService
import TactileTestSupport
import Testing

extension ServeTestbedTests {
    /// `count` long presses, `apart` seconds between a lift and the next landing: configs change between them.
    static func longPresses(_ count: Int, apart: Double) -> PanelStream {
        var stream = PanelStream(unitsPerMillimetre: 16, time: 0.5)
        for index in 0..<count {
            if index > 0 { stream.time += apart }
            stream.frame(land: [0: (100 + 10 * Double(index), 80)])
            stream.wait(0.9, slot: 0)
            stream.frame(lift: [0])
        }
        return stream
    }

    /// The config with the long press typing ctrl+c instead of a right click.
    static var copyKeyConfig: String {
        config.replacingOccurrences(of: "began = { click = \"right\" }", with: "began = { key = \"ctrl+c\" }")
    }

    /// The right clicks and the ctrl+c chords that were sent.
    static func clicksAndCopies(_ served: Served) -> (clicks: Int, copies: Int) {
        let clicks = served.devices.filter { $0.name.hasSuffix("pointer (Tactile)") }
            .flatMap { $0.inputEvents.filter { $0.type == .key && $0.code == KeyCode.buttonRight && $0.value == 1 } }
        let copies = served.devices.filter { $0.name == "Tactile keyboard" }
            .flatMap { $0.inputEvents.filter { $0.type == .key && $0.code == 46 && $0.value == 1 } }
        return (clicks.count, copies.count)
    }

    @Test func aConfigReplacedByOneOthersCanWriteIsRefusedAndTheLastGoodOneStaysUntilItIsFixed() throws {
        // Presses at about 0.5, 3.4 and 6.3 s; the config is replaced at 2 s by one writable by
        // group and others (refused), and fixed as the log says at 5 s.
        let stream = Self.longPresses(3, apart: 2)
        let script = """
            sleep 2; printf '%s\\n' '\(Self.copyKeyConfig)' > @CONFIG@.new && chmod 666 @CONFIG@.new && mv @CONFIG@.new @CONFIG@; \
            sleep 3; chmod go-w @CONFIG@
            """
        let served = try serve(stream.events, config: Self.config, during: script)
        let log = served.output.standardError
        #expect(served.output.status == 0, "\(log)")
        let refusal = try #require(log.split(separator: "\n").first { $0.contains("error: refused:") }, "\(log)")
        #expect(refusal.contains("gestures.toml is writable by its group and others (mode 0666)"), "\(log)")
        #expect(refusal.contains("to fix it, run: chmod go-w /") && refusal.hasSuffix("/gestures.toml"), "\(log)")
        #expect(log.components(separatedBy: "config reloaded").count == 2, "\(log)")
        // The first two presses under the first config (the refused one never ran), the third under the fixed one.
        let sent = Self.clicksAndCopies(served)
        #expect(sent.clicks == 2 && sent.copies == 1, "\(sent)\n\(log)")
    }
}
