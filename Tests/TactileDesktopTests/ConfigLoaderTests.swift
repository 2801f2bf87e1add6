// The config loader on valid configs: the default config, every section, search paths, files.
import Foundation
import Tactile
@testable import TactileDesktop
@testable import TactileService
import TactileTestSupport
import Testing

@Suite struct ConfigLoaderTests {
    @Test func defaultConfigLoadsWithoutDiagnostics() throws {
        let result = ConfigLoader.parse(ConfigLoader.defaultText, file: "<default>")
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        let config = try #require(result.config)
        #expect(config == ConfigLoader.defaultConfig)
        #expect(config.devices == DeviceSelection(kinds: [.touchscreen], grab: true))
        #expect(config.emergency == EmergencyGesture(fingers: 5, duration: 3))
        #expect(config.zones.map(\.name) == ["left-edge", "right-edge", "top-edge", "bottom-edge"])
        #expect(config.zones.allSatisfy { $0.holdsTouches })
        let byName = Dictionary(uniqueKeysWithValues: config.bindings.map { ($0.name, $0) })
        let click = try #require(byName["right click"])
        #expect(click.recognizer.kind == .pressAndHold && click.zone == nil)
        #expect(click.actions[.ended] == [.click(.right)])
        let back = try #require(byName["back"])
        #expect(back.zone == "left-edge")
        #expect(back.actions[.ended] == [.key(KeyChord(keys: [56, 105], text: "alt+Left"))])
        #expect(byName["overview"]?.actions[.ended] == [.key(KeyChord(keys: [125], text: "super"))])
        #expect(byName["next workspace"]?.actions[.ended] == [.key(KeyChord(keys: [125, 109], text: "super+Page_Down"))])
        let zoom = try #require(byName["zoom"])
        #expect(zoom.claimsTouches)
        #expect(zoom.step == StepAction(measure: .scale, every: 0.3, increase: [.key(KeyChord(keys: [29, 42, 13], text: "ctrl+plus"))],
                                        decrease: [.key(KeyChord(keys: [29, 12], text: "ctrl+minus"))]))
        #expect(config.bindings.count == 9)
    }

    @Test func distFileIsTheDefaultText() throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: Repository.path("dist/gestures.toml")))
        #expect(String(decoding: data, as: UTF8.self) == ConfigLoader.defaultText)
    }

    @Test func everySection() throws {
        let result = ConfigLoader.parse("""
            [devices]
            kinds = ["touchscreen", "touchpad"]
            names = ["Wacom"]
            exclude = "pen"
            grab = false
            [emergency]
            fingers = 0
            duration = "1500ms"
            [zones.tl]
            corner = "top-left"
            size = "12mm"
            [zones.strip]
            rect = ["10%", 0, "80%", "8mm"]
            [zones.band]
            edge = "bottom"
            depth = 0.05
            hold = false
            [[gesture]]
            recognizer = "pan"
            zone = "strip"
            minimum-fingers = 2
            maximum-fingers = 3
            changed = { scroll = "traditional", notch = "5mm" }
            [[gesture]]
            recognizer = "pan"
            zone = "strip"
            claim = false
            recognized = [{ command = ["notify-send", "hi"] }, { key = "ctrl + shift + t" }]
            [gesture.step]
            measure = "vertical"
            every = "20mm"
            increase = { key = "volumeup" }
            [[gesture]]
            name = "pan@strip"
            recognizer = "rotation"
            minimum-rotation = "10deg"
            step = { every = 15, decrease = { click = "middle" } }
            """, file: "g.toml")
        // Turning the way out off is allowed, and said.
        #expect(result.diagnostics.map(\.description) == [
            "g.toml:7:11: warning: \"fingers = 0\" turns the emergency gesture off: nothing on the screen stops the service then, "
                + "only SIGTERM (systemctl --user stop tactile)",
        ])
        let config = try #require(result.config)
        #expect(config.devices == DeviceSelection(kinds: [.touchscreen, .touchpad], names: ["Wacom"], excludedNames: ["pen"], grab: false))
        #expect(config.emergency == EmergencyGesture(fingers: 0, duration: 1.5))
        #expect(config.zones.map(\.shape) == [.corner(.topLeft, size: .millimetres(12)),
                                              .rect(x: .fraction(0.1), y: .fraction(0), width: .fraction(0.8), height: .millimetres(8)),
                                              .edge(.bottom, depth: .fraction(0.05))])
        #expect(config.zones.map(\.holdsTouches) == [true, false, false])
        #expect(config.zones[0].location == SourceLocation(file: "g.toml", line: 9, column: 1))
        #expect(config.bindings.map(\.name) == ["pan@strip-2", "pan@strip-3", "pan@strip"])
        #expect(config.bindings[0].actions[.changed] == [.scroll(ScrollAction(natural: false, millimetresPerNotch: 5))])
        #expect(config.bindings[0].recognizer.parameters.map(\.name) == ["minimum-fingers", "maximum-fingers"])
        #expect(config.bindings[1].actions[.ended] == [.command(["notify-send", "hi"]), .key(KeyChord(keys: [29, 42, 20], text: "ctrl + shift + t"))])
        #expect(!config.bindings[1].claimsTouches)
        #expect(config.bindings[1].step?.measure == .vertical && config.bindings[1].step?.every == 20)
        #expect(config.bindings[2].step == StepAction(measure: .rotation, every: 15, increase: [], decrease: [.click(.middle)]))
        #expect(config.bindings[2].recognizer.parameters == [Parameter(name: "minimum-rotation", value: .degrees(10),
                                                                        location: SourceLocation(file: "g.toml", line: 36, column: 1))])
    }

    @Test func unknownKeysInABindingAreErrorsAsEverywhere() throws {
        let result = ConfigLoader.parse("[devices]\ngrabb = true\n[[gesture]]\nrecognizer = \"tap\"\ntaps = 2\nfingres = 2\ndirection = \"left\"\n",
                                        file: "g.toml")
        #expect(result.config == nil, "a misspelt key in a binding would leave it recognizing something else")
        #expect(result.diagnostics.map(\.description) == [
            "g.toml:2:1: error: unknown key \"grabb\" in [devices] (did you mean \"grab\"?)",
            "g.toml:6:1: error: unknown key \"fingres\" in [[gesture]] (did you mean \"fingers\"?)",
            "g.toml:7:1: error: \"direction\" is not a parameter of tap (it takes fingers, taps, maximum-press-duration, allowable-movement, "
                + "maximum-tap-interval, maximum-tap-distance, allowable-movement-at-lift, minimum-tap-interval)",
        ])
    }

    @Test func searchPaths() {
        #expect(ConfigLoader.searchPaths(environment: ["XDG_CONFIG_HOME": "/x/cfg/", "HOME": "/home/a"])
                == ["/x/cfg/tactile/gestures.toml", "/etc/tactile/gestures.toml"])
        #expect(ConfigLoader.searchPaths(environment: ["XDG_CONFIG_HOME": "", "HOME": "/home/a"])
                == ["/home/a/.config/tactile/gestures.toml", "/etc/tactile/gestures.toml"])
        #expect(ConfigLoader.searchPaths(environment: ["XDG_CONFIG_HOME": "rel", "HOME": "/home/a"]).first == "/home/a/.config/tactile/gestures.toml")
        #expect(ConfigLoader.searchPaths(environment: [:]) == ["/etc/tactile/gestures.toml"])
        #expect(ConfigLoader.locate(environment: ["HOME": "/h"]) { $0.hasPrefix("/etc") } == "/etc/tactile/gestures.toml")
        #expect(ConfigLoader.locate(environment: ["HOME": "/h"]) { _ in true } == "/h/.config/tactile/gestures.toml")
        #expect(ConfigLoader.locate(environment: ["HOME": "/h"]) { _ in false } == nil)
    }

    @Test func loadReadsAFileAndRefusesOthers() throws {
        try TemporaryDirectory.with(prefix: "tactile-config-tests") { directory in
        let path = directory + "/gestures.toml"
        try Data("[devices]\ngrab = false\n".utf8).write(to: URL(fileURLWithPath: path))
        #expect(ConfigLoader.load(path: path).config?.devices.grab == false)
        let missing = ConfigLoader.load(path: directory + "/none.toml")
        #expect(missing.config == nil)
        #expect(missing.diagnostics.map(\.description) == ["\(directory)/none.toml:1:1: error: cannot read the config: No such file or directory"])
        #expect(ConfigLoader.load(path: directory).diagnostics.first?.message == "cannot read the config: it is a directory, not a regular file")
        #expect(ConfigLoader.load(path: "/dev/null").diagnostics.first?.message == "cannot read the config: it is a character device, not a regular file")
        let big = directory + "/big.toml"
        try Data(repeating: UInt8(ascii: "#"), count: ConfigLoader.maximumFileSize + 1).write(to: URL(fileURLWithPath: big))
        #expect(ConfigLoader.load(path: big).diagnostics.first?.message.hasPrefix("the config is 1048577 bytes") == true)
        let binary = directory + "/binary.toml"
        try Data([0x61, 0x20, 0x3D, 0x20, 0x31, 0x0A, 0x62, 0xFF]).write(to: URL(fileURLWithPath: binary))
        #expect(ConfigLoader.load(path: binary).diagnostics.map(\.description)
                == ["\(binary):2:2: error: the config is not UTF-8 text (byte 0xFF at offset 7)"])
    }
    }

    @Test func randomConfigsNeverCrash() {
        var random = SplitMix(seed: 42)
        let fragments = ["[[gesture]]\n", "recognizer = \"pan\"\n", "recognizer = \"tap\"\n", "[zones.a]\n", "edge = \"left\"\n", "zone = \"a\"\n",
                         "began = { key = \"ctrl+a\" }\n", "changed = { scroll = \"natural\" }\n", "[gesture.step]\n", "every = ",
                         "\"3mm\"", "-1", "1e308", "nan", "[devices]\n", "kinds = [", "]", "\"\u{1B}[31m\"", "{", "}", "rect = [0, 0, 1, 1]\n",
                         "fingers = ", "9223372036854775807", "\n", "=", "step = {}\n", "name = \"x\"\n", "direction = [\"up\", \"down\"]\n"]
        for _ in 0..<300 {
            let text = (0..<Int(random.next() % 20)).map { _ in random.pick(fragments) }.joined()
            let result = ConfigLoader.parse(text, file: "f.toml")
            #expect((result.config == nil) == result.diagnostics.contains { $0.severity == .error })
            #expect(!result.diagnostics.contains { $0.description.unicodeScalars.contains("\u{1B}") })
        }
    }
}

@Suite struct ConfigScaleTests {
    /// Judged by a ratio measured in the same run, which a busy machine does
    /// not change much, not by a wall-clock bound, which it does (14.8 s for
    /// 5,000 gestures beside two builds, against a bound of 10).
    @Test func largeDocumentsParseInLinearTime() {
        func document(_ count: Int) -> String {
            (0..<count).map { _ in "[[gesture]]\nrecognizer = \"tap\"\nfingres = 2\n" }.joined()
        }
        func fastest(_ count: Int) -> Duration {
            let text = document(count)
            return SameRunTiming.fastest {
                let result = ConfigLoader.parse(text, file: "big.toml")
                #expect(result.config == nil)
                #expect(result.errors.count == count)
            }
        }
        let small = fastest(100), large = fastest(1_000)
        // About 10 when linear; 100 for a cost quadratic in the gestures.
        #expect(large / small < 35, "1,000 gestures took \(large), 100 took \(small)")
        let example = ConfigLoader.parse("[zones.left-edge]\nedge = \"left\"\n[[gesture]]\nname = \"back\"\nrecognizer = \"swipe\"\nzone = \"left-edge\"\n"
                                         + "direction = \"right\"\nended = { key = \"alt+Left\" }\n[[gesture]]\nrecognizer = \"pan\"\nfingers = 2\n"
                                         + "changed = { scroll = \"natural\", notch = \"8mm\" }\n", file: "doc.toml")
        #expect(example.diagnostics.isEmpty && example.config?.bindings.map(\.name) == ["back", "pan@screen"])
    }
}
