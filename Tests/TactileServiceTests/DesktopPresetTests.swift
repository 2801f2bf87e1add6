import Foundation
import Tactile
import TactileService
import TactileTestSupport
import Testing

/// Desktop actions are done each desktop's way: its default shortcut, or its
/// documented D-Bus or IPC call; the preset comes from XDG_CURRENT_DESKTOP or the config.
@Suite struct DesktopPresetTests {
    static func session(_ preset: DesktopPreset) -> SessionSettings {
        SessionSettings(keyboard: .builtIn, desktop: DesktopPresetChoice(preset: preset, source: "test"))
    }

    @Test func thePresetComesFromXDGCurrentDesktop() {
        let cases: [(String, DesktopPreset)] = [
            ("GNOME", .gnome), ("ubuntu:GNOME", .gnome), ("KDE", .kde), ("sway", .sway), ("i3", .i3), ("Hyprland", .hyprland),
            ("labwc:wlroots", .wlroots), ("wayfire", .wlroots), ("XFCE", .x11), ("X-Cinnamon", .x11), ("MATE", .x11),
        ]
        for (desktop, preset) in cases {
            #expect(DesktopPresetChoice.detect(environment: ["XDG_CURRENT_DESKTOP": desktop]).preset == preset, "\(desktop)")
        }
        let unknown = DesktopPresetChoice.detect(environment: ["XDG_CURRENT_DESKTOP": "Enlightenment"])
        #expect(unknown.preset == DesktopPreset.none)
        #expect(unknown.source == "XDG_CURRENT_DESKTOP=Enlightenment, a desktop without a preset")
        // Unset (a user manager that was not given the session's environment): GNOME's, as before presets.
        #expect(DesktopPresetChoice.detect(environment: [:]).preset == .gnome)
    }

    @Test func eachPresetUsesItsDesktopsDocumentedDefaults() {
        // GNOME: gsettings defaults; quick settings are Super+S (Super+A is the app grid).
        #expect(DesktopPreset.gnome.route(for: .quickSettings)?.kind == .key("super+s"))
        #expect(DesktopPreset.gnome.route(for: .appGrid)?.kind == .key("super+a"))
        #expect(DesktopPreset.gnome.route(for: .notifications)?.kind == .key("super+v"))
        #expect(DesktopPreset.gnome.route(for: .nextWorkspace)?.kind == .key("super+Page_Down"))
        #expect(DesktopPreset.gnome.route(for: .showDesktop) == nil)
        // KDE: KWin's shortcuts invoked by name over D-Bus, whatever they are bound to.
        guard case .command(let overview)? = DesktopPreset.kde.route(for: .overview)?.kind else {
            Issue.record("KDE's overview is no D-Bus call")
            return
        }
        #expect(overview.first == "dbus-send")
        #expect(overview.suffix(2) == ["org.kde.kglobalaccel.Component.invokeShortcut", "string:Overview"])
        #expect(DesktopPreset.kde.route(for: .quickSettings) == nil)
        // sway and i3: their IPC commands; Hyprland: its dispatcher.
        #expect(DesktopPreset.sway.route(for: .nextWorkspace)?.kind == .command(["swaymsg", "workspace", "next_on_output"]))
        #expect(DesktopPreset.i3.route(for: .previousWorkspace)?.kind == .command(["i3-msg", "workspace", "prev_on_output"]))
        #expect(DesktopPreset.hyprland.route(for: .nextWorkspace)?.kind == .command(["hyprctl", "dispatch", "workspace", "e+1"]))
        #expect(DesktopPreset.sway.route(for: .overview) == nil)
        // X11 window managers: Ctrl+Alt+arrows.
        #expect(DesktopPreset.x11.route(for: .nextWorkspace)?.kind == .key("ctrl+alt+Right"))
        // Every chord of every preset is one the loader reads, with what it documents beside it.
        for preset in DesktopPreset.allCases {
            for action in DesktopAction.allCases {
                guard let route = preset.route(for: action) else { continue }
                #expect(!route.documented.isEmpty)
                let phase = action == .moveWindow ? "recognizer = \"long-press\"\nbegan" : "recognizer = \"tap\"\nended"
                let text = "[desktop]\npreset = \"\(preset.rawValue)\"\n[[gesture]]\n\(phase) = { desktop = \"\(action.rawValue)\" }\n"
                let result = ConfigLoader.parse(text, file: "t.toml")
                #expect(result.diagnostics.isEmpty, "\(preset) \(action): \(result.diagnostics)")
            }
        }
    }

    @Test func theDefaultConfigFollowsTheDesktop() throws {
        func ended(_ name: String, _ preset: DesktopPreset) -> [ServiceAction]? {
            ConfigLoader.defaultConfig(session: Self.session(preset)).bindings.first { $0.name == name }?.actions[.ended]
        }
        #expect(ended("quick settings", .gnome) == [.key(KeyChord(keys: [125, 31], text: "super+s"))])
        #expect(ended("next workspace", .gnome) == [.key(KeyChord(keys: [125, 109], text: "super+Page_Down"))])
        #expect(ended("next workspace", .sway) == [.command(["swaymsg", "workspace", "next_on_output"])])
        // Gestures a desktop has no way to do are left out, and their zones hold nothing.
        let sway = ConfigLoader.parse(ConfigLoader.defaultText, file: "<default>", session: Self.session(.sway))
        let names = try #require(sway.config).bindings.map(\.name)
        #expect(names == ["right click", "back", "next workspace", "previous workspace", "zoom"])
        #expect(sway.diagnostics.map(\.description).contains {
            $0.contains("gesture \"quick settings\" is left out: sway (preset from test; remembered defaults) has no way to do \"quick-settings\"")
        })
        #expect(sway.diagnostics.allSatisfy { $0.severity == .warning })
    }

    @Test func aLeftOutGesturesZoneHoldsNoTouch() throws {
        // On sway the top edge has no gesture left: a touch landing there goes straight to the app.
        let config = try #require(ConfigLoader.parse(ConfigLoader.defaultText, file: "<default>", session: Self.session(.sway)).config)
        var stream = PanelStream()
        stream.stroke(slot: 0, from: (200, 1), to: (200, 60), frames: 12)
        let run = try ServiceRun(config: config, events: stream.events)
        #expect(!run.reports.contains { $0.contains("held") }, "\(run.reports)")
        let gnome = try ServiceRun(config: ConfigLoader.defaultConfig, events: stream.events)
        #expect(gnome.reports.contains { $0.contains("quick settings") }, "\(gnome.reports)")
    }

    @Test func theConfigMayNameThePreset() throws {
        let text = "[desktop]\npreset = \"kde\"\n[[gesture]]\nrecognizer = \"swipe\"\nfingers = 3\ndirection = \"left\"\nended = { desktop = \"next-workspace\" }\n"
        let config = try #require(ConfigLoader.parse(text, file: "t.toml", session: Self.session(.gnome)).config)
        #expect(config.desktop == DesktopPresetChoice(preset: .kde, source: "[desktop] in t.toml"))
        guard case .command(let arguments)? = config.bindings.first?.actions[.ended]?.first else {
            Issue.record("no command")
            return
        }
        #expect(arguments.last == "string:Switch One Desktop to the Right")
        // auto is the session's.
        let auto = ConfigLoader.parse("[desktop]\npreset = \"auto\"\n", file: "t.toml", session: Self.session(.sway)).config
        #expect(auto?.desktop.preset == .sway)
        // Misspelt presets and actions are errors, with the closest name.
        let errors = ConfigLoader.parse("[desktop]\npreset = \"kdee\"\n[[gesture]]\nrecognizer = \"tap\"\nended = { desktop = \"overveiw\" }\n",
                                        file: "t.toml").diagnostics.map(\.description)
        #expect(errors.contains { $0.contains("unknown desktop preset \"kdee\"") && $0.contains("did you mean \"kde\"") }, "\(errors)")
        #expect(errors.contains { $0.contains("unknown desktop action \"overveiw\"") && $0.contains("did you mean \"overview\"") }, "\(errors)")
    }

    @Test func checkSaysWhichPresetApplied() throws {
        let tactile = try #require(TestSupport.product("tactile"))
        let kde = try TestSupport.run(tactile, ["check", Repository.path("dist/gestures.toml")], overriding: ["XDG_CURRENT_DESKTOP": "KDE"])
        #expect(kde.status == 0, "\(kde.standardError)")
        #expect(kde.standardOutput.contains("desktop actions done as on kde (from XDG_CURRENT_DESKTOP=KDE)"), "\(kde.standardOutput)")
        #expect(kde.standardOutput.contains("overview: swipe on bottom-edge (fingers 1, direction up); ended: run dbus-send"))
        #expect(kde.standardOutput.contains("gesture \"quick settings\" is left out: kde"))
    }

    @Test func moveWindowHoldsTheDesktopsModifierAndTheButtonForTheWholeGesture() throws {
        let text = "[[gesture]]\nname = \"move\"\nrecognizer = \"long-press\"\nfingers = 1\nbegan = { desktop = \"move-window\" }\n"
        let config = try #require(ConfigLoader.parse(text, file: "t.toml", session: Self.session(.gnome)).config)
        #expect(config.bindings.first?.actions[.began] == [.drag(DragAction(button: .left, modifiers: KeyChord(keys: [125], text: "super")))])
        // Held still past the long press, then dragged 40 mm, then lifted.
        var stream = PanelStream()
        stream.frame(land: [0: (50, 50)])
        stream.wait(0.7, slot: 0)
        for step in 1...10 { stream.frame(move: [0: (50 + Double(step) * 4, 50)]) }
        stream.frame(lift: [0])
        let run = try ServiceRun(config: config, events: stream.events)
        let keyboard = try #require(run.outputs.keyboard), pointer = try #require(run.outputs.pointer)
        let keys = run.events(of: keyboard).filter { $0.type == .key }.map { "\($0.code):\($0.value)" }
        #expect(keys == ["125:1", "125:0"], "Super held for the whole drag")
        let buttons = run.events(of: pointer).filter { $0.type == .key }.map { "\($0.code):\($0.value)" }
        #expect(buttons == ["\(KeyCode.buttonLeft):1", "\(KeyCode.buttonLeft):0"])
        let xs = run.events(of: pointer).filter { $0.type == .abs && $0.code == AbsCode.x }.map(\.value)
        #expect((xs.first ?? 0) < (xs.last ?? 0), "the pointer follows the finger: \(xs)")
        #expect(run.reports.contains { $0.contains("move → super+left drag") }, "\(run.reports)")
        // Only in began: a discrete gesture's end would hold the button forever.
        let refused = ConfigLoader.parse("[[gesture]]\nrecognizer = \"long-press\"\nended = { desktop = \"move-window\" }\n", file: "t.toml")
        #expect(refused.diagnostics.contains { $0.message.contains("goes in a continuous gesture's \"began\"") })
        // Each desktop its own modifier.
        #expect(DesktopPreset.i3.route(for: .moveWindow)?.kind == .drag("alt"))
        #expect(DesktopPreset.hyprland.route(for: .moveWindow)?.kind == .drag("super"))
    }
}
