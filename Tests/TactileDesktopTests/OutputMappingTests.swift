import Tactile
@testable import TactileDesktop
@testable import TactileService
import Testing

/// The maths that puts a click on the touchscreen's output when the
/// compositor spans the virtual pointer over its whole layout.
struct OutputMappingTests {
    nonisolated static func close(_ value: (x: Double, y: Double), _ x: Double, _ y: Double) -> Bool {
        abs(value.x - x) < 1e-9 && abs(value.y - y) < 1e-9
    }

    @Test func twoMonitorsSideBySideTheTouchscreenOnTheSecond() throws {
        let layout = [OutputRect(name: "DP-1", x: 0, y: 0, width: 1920, height: 1080),
                      OutputRect(name: "eDP-1", x: 1920, y: 0, width: 1920, height: 1080)]
        let mapping = try #require(OutputMapping(layout: layout, touchscreen: "eDP-1"))
        #expect(Self.close(mapping.place(x: 0, y: 0), 0.5, 0))
        #expect(Self.close(mapping.place(x: 0.5, y: 0.5), 0.75, 0.5))
        #expect(Self.close(mapping.place(x: 1, y: 1), 1, 1))
        // On the first, the left half.
        let first = try #require(OutputMapping(layout: layout, touchscreen: "DP-1"))
        #expect(Self.close(first.place(x: 1, y: 0.25), 0.5, 0.25))
        // Outside the touchscreen: kept on its output.
        #expect(Self.close(mapping.place(x: -0.2, y: 1.7), 0.5, 1))
    }

    @Test func stackedMonitorsOfDifferentSizes() throws {
        // A 2560×1440 monitor above, the 1920×1080 touchscreen centred under it.
        let layout = [OutputRect(name: "DP-1", x: 0, y: 0, width: 2560, height: 1440),
                      OutputRect(name: "eDP-1", x: 320, y: 1440, width: 1920, height: 1080)]
        let mapping = try #require(OutputMapping(layout: layout, touchscreen: "eDP-1"))
        #expect(Self.close(mapping.place(x: 0, y: 0), 320.0 / 2560, 1440.0 / 2520))
        #expect(Self.close(mapping.place(x: 1, y: 1), 2240.0 / 2560, 1))
        #expect(Self.close(mapping.place(x: 0.5, y: 0.5), 0.5, 1980.0 / 2520))
    }

    @Test func outputsAtNegativeCoordinates() throws {
        // The touchscreen left of the origin, a taller monitor raised 200 above it.
        let layout = [OutputRect(name: "eDP-1", x: -1920, y: 0, width: 1920, height: 1080),
                      OutputRect(name: "DP-1", x: 0, y: -200, width: 2560, height: 1440)]
        let mapping = try #require(OutputMapping(layout: layout, touchscreen: "eDP-1"))
        #expect(try #require(OutputMapping.bounds(of: layout)) == OutputRect(name: "", x: -1920, y: -200, width: 4480, height: 1440))
        #expect(Self.close(mapping.place(x: 0, y: 0), 0, 200.0 / 1440))
        #expect(Self.close(mapping.place(x: 0.5, y: 0.5), 960.0 / 4480, 740.0 / 1440))
        #expect(Self.close(mapping.place(x: 1, y: 1), 1920.0 / 4480, 1280.0 / 1440))
    }

    @Test func hiDPIOutputsAreTakenAtTheirLogicalSize() throws {
        // Hyprland's pixels and scales: a 2880×1800 panel at 2 (1440×900), a 4K monitor at 1.5 (2560×1440).
        let laptop = OutputRect(name: "eDP-1", x: 0, y: 0, pixelWidth: 2880, pixelHeight: 1800, scale: 2)
        let monitor = OutputRect(name: "DP-1", x: 1440, y: 0, pixelWidth: 3840, pixelHeight: 2160, scale: 1.5)
        #expect(laptop.width == 1440 && laptop.height == 900)
        #expect(monitor.width == 2560 && monitor.height == 1440)
        let mapping = try #require(OutputMapping(layout: [laptop, monitor], touchscreen: "eDP-1"))
        #expect(Self.close(mapping.place(x: 1, y: 1), 0.36, 0.625))
        #expect(Self.close(mapping.place(x: 0.5, y: 0.5), 0.18, 0.3125))
    }

    @Test func aTurnedOutputSwapsItsSides() {
        let portrait = OutputRect(name: "DSI-1", x: 0, y: 0, pixelWidth: 1920, pixelHeight: 1080, scale: 1, transform: 1)
        #expect(portrait.width == 1080 && portrait.height == 1920)
        let flipped = OutputRect(name: "DSI-1", x: 0, y: 0, pixelWidth: 1920, pixelHeight: 1080, scale: 1, transform: 2)
        #expect(flipped.width == 1920 && flipped.height == 1080)
        let unscaled = OutputRect(name: "X", x: 0, y: 0, pixelWidth: 800, pixelHeight: 600, scale: 0)
        #expect(unscaled.width == 800, "a scale of 0 is taken as 1")
    }

    @Test func oneOutputAnUnknownOneAndEmptyOnes() throws {
        let only = [OutputRect(name: "eDP-1", x: 100, y: 50, width: 1920, height: 1080)]
        #expect(try #require(OutputMapping(layout: only, touchscreen: "eDP-1")).isIdentity)
        #expect(OutputMapping(layout: only, touchscreen: "HDMI-A-1") == nil)
        #expect(OutputMapping(layout: [], touchscreen: "eDP-1") == nil)
        // A disabled output (no area) is not part of the layout.
        let withOff = only + [OutputRect(name: "DP-2", x: 5000, y: 0, width: 0, height: 0)]
        #expect(try #require(OutputMapping(layout: withOff, touchscreen: "eDP-1")).isIdentity)
        #expect(OutputMapping(layout: withOff, touchscreen: "DP-2") == nil)
        #expect(Self.close(OutputMapping.identity.place(x: .nan, y: 0.3), 0, 0.3))
    }

    @Test func theClickIsSentWhereTheMappingPlacesIt() throws {
        let x = AbsoluteAxis(code: AbsCode.x, minimum: 0, maximum: 4095), y = AbsoluteAxis(code: AbsCode.y, minimum: 0, maximum: 4095)
        let screen = Screen(width: 1920, height: 1080)
        var synthesizer = ActionSynthesizer(xAxis: x, yAxis: y, screen: screen)
        func position(_ events: [InputEvent]) -> [Int32] { events.filter { $0.type == .abs }.map(\.value) }
        let middle = Point(x: 960, y: 540)
        #expect(position(synthesizer.click(.right, at: middle, time: 0)) == [2048, 2048])
        let layout = [OutputRect(name: "DP-1", x: 0, y: 0, width: 1920, height: 1080),
                      OutputRect(name: "eDP-1", x: 1920, y: 0, width: 1920, height: 1080)]
        synthesizer.mapping = try #require(OutputMapping(layout: layout, touchscreen: "eDP-1"))
        #expect(position(synthesizer.click(.right, at: middle, time: 0)) == [3071, 2048])
        #expect(position(synthesizer.click(.right, at: Point(x: 0, y: 1080), time: 0)) == [2048, 4095])
        // A drag's moves and presses are placed the same way.
        #expect(position(synthesizer.move(to: middle, time: 0)) == [3071, 2048])
        #expect(position(synthesizer.press(.left, down: true, at: Point(x: 1920, y: 0), time: 0)) == [4095, 0])
    }

    @Test func theOutputIsTheConfigsElseTheOnlyElseTheFirst() {
        let two = [OutputRect(name: "DP-1", x: 0, y: 0, width: 1920, height: 1080),
                   OutputRect(name: "eDP-1", x: 1920, y: 0, width: 1920, height: 1080)]
        #expect(OutputChoice(outputs: two, configured: "eDP-1", compositor: "sway") == OutputChoice(target: "eDP-1"))
        let guessed = OutputChoice(outputs: two, configured: nil, compositor: "sway")
        #expect(guessed.target == "DP-1")
        #expect(guessed.log == ["2 outputs (DP-1, eDP-1) and no output under [devices]: clicks land on DP-1, sway's first; "
                                + "if the touchscreen is on another, set output = \"NAME\" under [devices]"])
        let wrong = OutputChoice(outputs: two, configured: "HDMI-A-1", compositor: "sway")
        #expect(wrong.target == "DP-1")
        #expect(wrong.log.first?.hasPrefix("output \"HDMI-A-1\" under [devices] is not one of sway's outputs (DP-1, eDP-1)") == true)
        #expect(OutputChoice(outputs: Array(two.prefix(1)), configured: nil, compositor: "sway") == OutputChoice(target: nil))
        #expect(OutputChoice(outputs: Array(two.prefix(1)), configured: "DP-1", compositor: "sway") == OutputChoice(target: nil))
        #expect(OutputChoice(outputs: [], configured: nil, compositor: "sway").target == nil)
    }

    @Test func theConfigNamesTheTouchscreensOutput() throws {
        let result = ConfigLoader.parse("[devices]\noutput = \"eDP-1\"\n", file: "g.toml")
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        #expect(try #require(result.config).devices.output == "eDP-1")
        let blank = ConfigLoader.parse("[devices]\noutput = \"eDP 1\"\n", file: "g.toml")
        #expect(blank.diagnostics.map(\.description) == [
            #"g.toml:2:10: error: "output" must name one output as the compositor does ("eDP-1", "HDMI-A-1"), found "eDP 1""#])
    }
}
