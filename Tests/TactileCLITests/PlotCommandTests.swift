// `tactile plot`: every bundled recording drawn as a valid SVG, what it refuses, and the picture as headless Chromium renders it.
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Tactile
import TactileRecording
import TactileTestSupport
import Testing

@Suite(.enabled(if: TestSupport.product("tactile") != nil, "the tactile executable is not built"))
struct PlotCommandTests {
    /// Every recording of `Recordings/`: the JSON corpus and synthetic files, and the evemu originals.
    static let bundled: [String] = {
        guard let walker = FileManager.default.enumerator(atPath: Repository.recordings) else { return [] }
        var found: [String] = []
        while let relative = walker.nextObject() as? String {
            // velocity/ holds reference data for the velocity tracker, not recordings.
            if relative.hasPrefix("velocity") { continue }
            if relative.hasSuffix(".json") || relative.hasSuffix(".evemu") { found.append(relative) }
        }
        return found.sorted()
    }()

    func tactile(_ arguments: [String]) throws -> TestSupport.Output {
        try TestSupport.run(try #require(TestSupport.product("tactile")), arguments, timeout: 120)
    }

    func attribute(_ element: XMLElement, _ name: String) -> String {
        SVGStructure.attribute(element, name) ?? ""
    }

    @Test func theRecordingsDrawnAreEveryKindTheCorpusHas() {
        // The golden corpus (real and synthetic JSON) and the evemu originals.
        #expect(Set(Repository.goldenRecordings).isSubset(of: Set(Self.bundled)))
        #expect(Self.bundled.contains { $0.hasPrefix("evemu/") } && Self.bundled.contains { $0.hasPrefix("synthetic/") })
    }

    @Test(arguments: bundled)
    func everyBundledRecordingIsDrawn(_ relative: String) throws {
        let recording = Repository.path("Recordings/" + relative)
        try TemporaryDirectory.with(prefix: "tactile-plot") { directory in
            let output = directory + "/plot.svg"
            let run = try tactile(["plot", recording, "-o", output])
            #expect(run.status == 0, "\(run.standardError)")
            #expect(run.standardOutput.hasPrefix(output + ": "), "\(run.standardOutput)")
            #expect(FileSafetyTests.mode(output) == 0o600)
            let svg = try SVGStructure(try String(contentsOfFile: output, encoding: .utf8))
            #expect(svg.pointsOutside().isEmpty, "\(svg.pointsOutside().prefix(3))")
            // What `tactile replay --trace` says happened is what is drawn: its touches, its recognizers.
            let replay = try tactile(["replay", "--trace", recording])
            #expect(replay.status == 0)
            let touches = Set(replay.lines.filter { !$0.hasPrefix("trace ") }.compactMap { line -> String? in
                guard let range = line.range(of: "  touch #") else { return nil }
                return String(line[range.upperBound...].prefix { $0.isNumber })
            })
            let paths = svg.elements(class: "touch").filter { $0.name == "path" }
            #expect(Set(paths.map { attribute($0, "data-touch") }) == touches)
            let recognizers = Set(replay.lines.filter { $0.hasPrefix("trace ") && $0.contains("@window  ") }.compactMap { line -> String? in
                line.split(separator: " ").first { $0.hasSuffix("@window") }.map { String($0.dropLast("@window".count)) }
            })
            let rows = Set(svg.elements(class: "recognizer").map { attribute($0, "data-name") })
            #expect(recognizers.isSubset(of: rows), "\(recognizers.subtracting(rows))")
            #expect(!touches.isEmpty && !rows.isEmpty)
            for id in ["surface-outline", "touch-paths", "touch-lanes", "recognizer-rows", "legend", "time-label"] {
                #expect(svg.element(id: id) != nil, "no \(id)")
            }
        }
    }

    @Test func timeCountsFromTheRecordingsFirstEventAsCheckSays() throws {
        // The first event comes a second before the first frame ends.
        let events = [
            InputEvent(time: 5.0, type: .abs, code: AbsCode.mtSlot, value: 0),
            InputEvent(time: 6.0, type: .abs, code: AbsCode.mtTrackingID, value: 1),
            InputEvent(time: 6.0, type: .abs, code: AbsCode.mtPositionX, value: 500),
            InputEvent(time: 6.0, type: .abs, code: AbsCode.mtPositionY, value: 500),
            InputEvent(time: 6.0, type: .key, code: KeyCode.touch, value: 1),
            InputEvent(time: 6.0, type: .syn, code: SynCode.report, value: 0),
            InputEvent(time: 6.1, type: .abs, code: AbsCode.mtTrackingID, value: -1),
            InputEvent(time: 6.1, type: .key, code: KeyCode.touch, value: 0),
            InputEvent(time: 6.1, type: .syn, code: SynCode.report, value: 0),
        ]
        try TemporaryDirectory.with(prefix: "tactile-plot") { directory in
            let recording = directory + "/late.json"
            try RecordingWriter.write(Recording(device: TestDevices.panel, screen: TestDevices.panelScreen, events: events), to: recording)
            let plot = try tactile(["plot", recording, "-o", directory + "/plot.svg"])
            let check = try tactile(["check", Repository.path("dist/gestures.toml"), "--against", recording, "--plot", directory + "/check.svg"])
            #expect(plot.status == 0 && check.status == 0, "\(plot.standardError) \(check.standardError)")
            for file in ["plot.svg", "check.svg"] {
                let svg = try SVGStructure(try String(contentsOfFile: directory + "/" + file, encoding: .utf8))
                #expect(svg.titles.contains { $0.hasPrefix("touch #1, slot 0: 1.000 s to 1.100 s") }, "\(file): \(svg.titles)")
            }
        }
    }

    @Test func anExistingFileIsReplacedOnlyWithForce() throws {
        let recording = Repository.path("Recordings/touchscreen-egalax-tap.json")
        try TemporaryDirectory.with(prefix: "tactile-plot") { directory in
            let output = directory + "/plot.svg"
            try "keep me".write(toFile: output, atomically: true, encoding: .utf8)
            let refused = try tactile(["plot", recording, "-o", output])
            #expect(refused.status == 1)
            #expect(refused.standardError.contains("plot.svg: a file is already there; pass --force to overwrite it"), "\(refused.standardError)")
            #expect(try String(contentsOfFile: output, encoding: .utf8) == "keep me")
            let forced = try tactile(["plot", recording, "-o", output, "--force"])
            #expect(forced.status == 0, "\(forced.standardError)")
            #expect(try String(contentsOfFile: output, encoding: .utf8).hasPrefix("<?xml"))
        }
    }

    @Test func whatCannotBeReadOrWrittenIsNamed() throws {
        try TemporaryDirectory.with(prefix: "tactile-plot") { directory in
            let missing = try tactile(["plot", directory + "/no-such.json", "-o", directory + "/out.svg"])
            #expect(missing.status == 1)
            #expect(missing.standardError.hasPrefix("tactile: error: ") && missing.standardError.contains("no-such.json"), "\(missing.standardError)")
            let notARecording = try tactile(["plot", Repository.path("Recordings/velocity/velocity_tracker_cases.json"), "-o", directory + "/out.svg"])
            #expect(notARecording.status == 1)
            #expect(notARecording.standardError.contains("velocity_tracker_cases.json:"), "\(notARecording.standardError)")
            let recording = Repository.path("Recordings/touchscreen-egalax-tap.json")
            let nowhere = try tactile(["plot", recording, "-o", directory + "/no-such-directory/out.svg"])
            #expect(nowhere.status == 1)
            #expect(nowhere.standardError.hasPrefix("tactile: error: ") && nowhere.standardError.contains("no-such-directory/out.svg"),
                    "\(nowhere.standardError)")
            #expect(!FileManager.default.fileExists(atPath: directory + "/out.svg"))
            let noOutput = try tactile(["plot", recording])
            #expect(noOutput.status == 64, "the output is required")
        }
    }

    @Test func theHelpSaysWhatIsDrawn() throws {
        let help = try tactile(["plot", "--help"])
        #expect(help.status == 0)
        #expect(help.standardOutput.contains("-o, --output <file.svg>"))
        #expect(help.standardOutput.contains("SVG") && help.standardOutput.contains("--plot"))
        #expect(try tactile(["--help"]).standardOutput.contains("plot"))
    }

    @Test(.enabled(if: HeadlessChromium.isAvailable, Comment(rawValue: HeadlessChromium.skipReason)))
    func chromiumRendersThePicture() throws {
        let recording = Repository.path("Recordings/synthetic/touchpad-showcase.json")
        try TemporaryDirectory.with(prefix: "tactile-plot") { directory in
            let output = directory + "/plot.svg", png = directory + "/plot.png"
            let run = try tactile(["plot", recording, "-o", output])
            #expect(run.status == 0, "\(run.standardError)")
            let svg = try SVGStructure(try String(contentsOfFile: output, encoding: .utf8))
            try HeadlessChromium.screenshot(of: output, width: Int(svg.width), height: Int(svg.height), to: png)
            // The first finger's colour, the in-progress band's and the failure marks' are on screen, among many colours.
            let stats = try HeadlessChromium.statistics(of: png, colours: ["#4e79a7", "#8fbbe0", "#d73027"])
            #expect(stats.width == Int(svg.width) && stats.height == Int(svg.height))
            #expect(stats.distinct > 50, "\(stats)")
            #expect(stats.nonWhite > 0.05, "\(stats)")
            #expect((stats.colours["#4e79a7"] ?? 0) > 200, "the paths and lanes of slot 0: \(stats)")
            #expect((stats.colours["#8fbbe0"] ?? 0) > 200, "the bands of gestures in progress: \(stats)")
            #expect((stats.colours["#d73027"] ?? 0) > 20, "the failure marks: \(stats)")
        }
    }
}
