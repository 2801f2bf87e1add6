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

extension ServeTestbedTests {
    /// ``config`` with three more gestures, or four (`more`): a count a partial read would get wrong.
    static func biggerConfig(_ more: Int) -> String {
        let extra = [
            "[[gesture]]\nname = \"three\"\nrecognizer = \"tap\"\nfingers = 3\nended = { key = \"ctrl+t\" }\n",
            "[[gesture]]\nname = \"four\"\nrecognizer = \"tap\"\nfingers = 4\nended = { key = \"ctrl+w\" }\n",
            "[[gesture]]\nname = \"up\"\nrecognizer = \"swipe\"\nfingers = 3\ndirection = \"up\"\nended = { key = \"super\" }\n",
            "[[gesture]]\nname = \"down\"\nrecognizer = \"swipe\"\nfingers = 3\ndirection = \"down\"\nended = { key = \"super+d\" }\n",
        ]
        return config + "\n\n" + extra.prefix(more).joined(separator: "\n")
    }

    /// `text` cut into `count` pieces of about equal length (mid-line, as a slow writer leaves it).
    static func pieces(_ text: String, _ count: Int) -> [String] {
        let characters = Array(text)
        let size = (characters.count + count - 1) / count
        return stride(from: 0, to: characters.count, by: size).map { String(characters[$0..<min($0 + size, characters.count)]) }
    }

    /// `printf '%s' 'piece'` (the pieces hold no single quote).
    static func printf(_ piece: String) -> String { "printf '%s' '\(piece)'" }

    /// The gesture counts of the log's `config reloaded` lines (`(4 gestures)`).
    static func reloadedCounts(_ log: String) -> [String] {
        log.split(separator: "\n").filter { $0.contains("config reloaded") }.compactMap { line in
            guard let open = line.range(of: " ("), let close = line[open.upperBound...].firstIndex(of: ")") else { return nil }
            return String(line[line.index(after: open.lowerBound)...close])
        }
    }

    @Test func aConfigRewrittenInPlaceInPiecesIsAppliedOnlyWhole() throws {
        let four = Self.biggerConfig(2), five = Self.biggerConfig(3)
        #expect(ConfigLoader.parse(four, file: "four").config?.bindings.count == 4)
        #expect(ConfigLoader.parse(five, file: "five").config?.bindings.count == 5)
        // Written slowly through one descriptor (`{ …; sleep; … } > config`: the file is
        // truncated, then grows for a second), then again as separate appends 40 ms apart (each
        // one closed after writing, a prefix of the config each time).
        let slow = Self.pieces(four, 4).map(Self.printf).joined(separator: "; sleep 0.3; ")
        let appends = Self.pieces(five, 4).enumerated().map { index, piece in Self.printf(piece) + (index == 0 ? " > @CONFIG@" : " >> @CONFIG@") }
        let script = "sleep 1.5; { \(slow); } > @CONFIG@; sleep 1; " + appends.joined(separator: "; sleep 0.04; ")
        let served = try serve(Self.longPresses(2, apart: 4).events, config: Self.config, during: script)
        let log = served.output.standardError
        #expect(served.output.status == 0, "\(log)")
        // Each reload read the whole file: never a partial count, never a refusal of half a line.
        #expect(Self.reloadedCounts(log) == ["(4 gestures)", "(5 gestures)"], "\(log)")
        #expect(!log.contains("refused"), "\(log)")
    }

    /// Appended in three chunks 0.2 s, then 0.4 s apart, each closed after
    /// writing: every chunk is a prefix that parses (0, then 2 gestures), and
    /// none of them may be applied; the reload says what it changed.
    @Test func aSlowWriterIsWaitedForAndTheReloadSaysWhatChanged() throws {
        let five = Self.biggerConfig(3)
        let lines = five.split(separator: "\n", omittingEmptySubsequences: false)
        // Cut before the first gesture and before the third.
        let starts = lines.indices.filter { lines[$0] == "[[gesture]]" }
        let cut = starts.first ?? 1, secondCut = starts.dropFirst(2).first ?? lines.count / 2
        let chunks = [lines[..<cut], lines[cut..<secondCut], lines[secondCut...]].map { $0.joined(separator: "\n") + "\n" }
        #expect(ConfigLoader.parse(chunks[0], file: "first").config?.bindings.count == 0)
        #expect(ConfigLoader.parse(chunks[0] + chunks[1], file: "second").config?.bindings.count == 2)
        let script = "sleep 1.5; " + Self.printf(chunks[0]) + " > @CONFIG@; sleep 0.2; " + Self.printf(chunks[1]) + " >> @CONFIG@; sleep 0.4; "
            + Self.printf(chunks[2]) + " >> @CONFIG@"
        let served = try serve(Self.longPresses(2, apart: 3).events, config: Self.config, during: script)
        let log = served.output.standardError
        #expect(served.output.status == 0, "\(log)")
        #expect(Self.reloadedCounts(log) == ["(5 gestures)"], "\(log)")
        let reloaded = try #require(log.split(separator: "\n").first { $0.contains("config reloaded") }, "\(log)")
        #expect(reloaded.hasSuffix("(5 gestures): 3 gestures added (three, four, up)"), "\(log)")
    }

    @Test func aConfigCopiedInPlaceIsAppliedOnlyOnceTheCopyIsDone() throws {
        let four = Self.biggerConfig(2)
        // Removed, then copied from a slow source: `cp` creates the file, then writes it for a second.
        let slow = Self.pieces(four, 4).map(Self.printf).joined(separator: "; sleep 0.3; ")
        let script = "sleep 1.5; rm @CONFIG@; sleep 0.5; { \(slow); } | cp /dev/stdin @CONFIG@"
        let served = try serve(Self.longPresses(2, apart: 3).events, config: Self.config, during: script)
        let log = served.output.standardError
        #expect(served.output.status == 0, "\(log)")
        #expect(log.contains("gestures.toml was removed: keeping the config in use"), "\(log)")
        #expect(Self.reloadedCounts(log) == ["(4 gestures)"], "\(log)")
        #expect(!log.contains("refused"), "\(log)")
    }

    @Test func aLinkedConfigReloadsWhenTheFileItNamesIsEdited() throws {
        // gestures.toml -> dotfiles/gestures.toml; the file in dotfiles/ is rewritten in place.
        let script = "sleep 2; printf '%s\\n' '\(Self.copyKeyConfig)' > @TARGET@"
        let served = try serve(Self.longPresses(2, apart: 3).events, config: Self.config, during: script, linkedConfig: true)
        let log = served.output.standardError
        #expect(served.output.status == 0, "\(log)")
        #expect(Self.reloadedCounts(log) == ["(2 gestures)"], "\(log)")
        let sent = Self.clicksAndCopies(served)
        #expect(sent.clicks == 1 && sent.copies == 1, "\(sent)\n\(log)")
    }
}
