// `tactile check --plot`: the service's run over a recording drawn — its zones, a row per binding, the fingers it held and took.
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Tactile
import TactileRecording
@testable import TactileDesktop
import TactileService
import TactileTestSupport
import Testing

@Suite(.enabled(if: TestSupport.product("tactile") != nil, "the tactile executable is not built"))
struct CheckPlotCommandTests {
    func tactile(_ arguments: [String]) throws -> TestSupport.Output {
        try TestSupport.run(try #require(TestSupport.product("tactile")), arguments, timeout: 120)
    }

    func attribute(_ element: XMLElement, _ name: String) -> String {
        SVGStructure.attribute(element, name) ?? ""
    }

    /// The golden scenario (a drag, a long press, an edge swipe, an edge tap, a three-finger swipe, a pinch) as a recording in `directory`.
    func scenario(in directory: String) throws -> String {
        let path = directory + "/scenario.json"
        try RecordingWriter.write(Recording(device: servicePanel, events: PanelStream.serviceScenario().events), to: path)
        return path
    }

    @Test func theDefaultConfigIsDrawnWithItsHoldsAndClaims() throws {
        try TemporaryDirectory.with(prefix: "tactile-check-plot") { directory in
            let recording = try scenario(in: directory), output = directory + "/check.svg"
            let config = Repository.path("dist/gestures.toml")
            let plain = try tactile(["check", config, "--against", recording])
            let run = try tactile(["check", config, "--against", recording, "--plot", output])
            #expect(run.status == 0, "\(run.standardError)")
            // The usual lines, then where the picture went.
            #expect(run.lines.dropLast() == plain.lines[...], "--plot only adds its line")
            #expect(run.lines.last?.hasPrefix(output + ": ") == true, "\(run.standardOutput)")
            var status = stat()
            #expect(lstat(output, &status) == 0 && status.st_mode & 0o7777 == 0o600, "written as recordings are, 0600")
            let svg = try SVGStructure(try String(contentsOfFile: output, encoding: .utf8))
            #expect(svg.pointsOutside().isEmpty, "\(svg.pointsOutside().prefix(3))")
            // The config's zones on the surface, its bindings' rows in config order.
            let parsed = try #require(ConfigLoader.load(path: config).config)
            #expect(svg.elements(class: "zone", in: svg.element(id: "zones")).map { attribute($0, "data-zone") } == parsed.zones.map(\.name))
            #expect(svg.elements(class: "recognizer").map { attribute($0, "data-name") } == parsed.bindings.map(\.name))
            // What the lines say the service did with fingers is on their lanes.
            let claims = plain.lines.filter { $0.contains(" from the app") }.count
            let releases = plain.lines.filter { $0.contains(" goes on to the app") }.count
            #expect(claims > 0 && releases == 1)
            let lanes = try #require(svg.element(id: "touch-lanes"))
            #expect(svg.elements(class: "mark claimed", in: lanes).count >= claims)
            #expect(svg.elements(class: "mark released", in: lanes).count == releases)
            #expect(svg.elements(class: "band held", in: lanes).count == 2, "the edge swipe and the edge tap were held")
            #expect(svg.titles.contains { $0.contains("taken by back (held in left-edge: the app never saw it)") }, "\(svg.titles)")
            #expect(svg.titles.contains { $0.contains("ms in right-edge, then went on to the app") })
            #expect(svg.titles.contains { $0.contains("back → key alt+Left") })
            #expect(svg.texts.contains { $0.hasPrefix("Checked against ") && $0.contains("gestures.toml") })
            #expect(svg.texts.contains("Gesture service"))
        }
    }

    @Test func aPlotIsOfOneRecording() throws {
        let config = Repository.path("dist/gestures.toml")
        let first = Repository.path("Recordings/touchscreen-atmel-fast-taps.json")
        let second = Repository.path("Recordings/touchscreen-egalax-tap.json")
        let run = try tactile(["check", config, "--against", first, second, "--plot", "/tmp/never-written.svg"])
        #expect(run.status == 64)
        #expect(run.standardError.contains("--plot draws one recording: give exactly one after --against (2 given)."), "\(run.standardError)")
        #expect(!FileManager.default.fileExists(atPath: "/tmp/never-written.svg"))
    }

    @Test func anExistingPlotIsRefusedBeforeTheCheck() throws {
        try TemporaryDirectory.with(prefix: "tactile-check-plot") { directory in
            let output = directory + "/check.svg"
            try "keep".write(toFile: output, atomically: true, encoding: .utf8)
            let arguments = ["check", Repository.path("dist/gestures.toml"), "--against",
                             Repository.path("Recordings/touchscreen-egalax-tap.json"), "--plot", output]
            let refused = try tactile(arguments)
            #expect(refused.status == 1)
            #expect(refused.standardError.contains("check.svg: a file is already there; pass --force to overwrite it"))
            #expect(!refused.standardOutput.contains("touchscreen-egalax-tap.json: "), "refused before the recording is checked")
            #expect(try tactile(arguments + ["--force"]).status == 0)
            #expect(try String(contentsOfFile: output, encoding: .utf8).hasPrefix("<?xml"))
        }
    }

    @Test(.enabled(if: HeadlessChromium.isAvailable, Comment(rawValue: HeadlessChromium.skipReason)))
    func chromiumRendersTheCheck() throws {
        try TemporaryDirectory.with(prefix: "tactile-check-plot") { directory in
            let recording = try scenario(in: directory), output = directory + "/check.svg", png = directory + "/check.png"
            let run = try tactile(["check", Repository.path("dist/gestures.toml"), "--against", recording, "--plot", output])
            #expect(run.status == 0, "\(run.standardError)")
            let svg = try SVGStructure(try String(contentsOfFile: output, encoding: .utf8))
            try HeadlessChromium.screenshot(of: output, width: Int(svg.width), height: Int(svg.height), to: png)
            // The hatching of held fingers (its stripes' colour), the zones' outline colour and the first finger's.
            let stats = try HeadlessChromium.statistics(of: png, colours: ["#b8860b", "#4e79a7"])
            #expect(stats.distinct > 50 && stats.nonWhite > 0.05, "\(stats)")
            #expect((stats.colours["#b8860b"] ?? 0) > 50, "\(stats)")
            #expect((stats.colours["#4e79a7"] ?? 0) > 100, "\(stats)")
        }
    }
}
