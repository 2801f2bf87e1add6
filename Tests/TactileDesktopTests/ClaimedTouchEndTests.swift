// Which way a claimed touch ends on each desktop: the compositor found, its version read, and the config's word.
@testable import TactileDesktop
@testable import TactileService
import Testing

@Suite struct ClaimedTouchEndTests {
    /// Detection in `environment`, the desktop's programs answering as `answers` says (by program name).
    static func detect(_ environment: [String: String], answers: [String: String] = [:]) -> ClaimedTouchEndChoice {
        let desktop = DesktopPresetChoice.detect(environment: SessionEnvironment(environment))
        let found = DetectedSession(SessionEnvironment(environment)).compositor(desktop: desktop) { arguments in
            answers[arguments[0]].map { DoctorCommandResult(status: 0, output: $0) }
        }
        return ClaimedTouchEndChoice.decide(found)
    }

    @Test func swayForwardsTheCancelFromOneNine() {
        let old = ClaimedTouchEndChoice.for(TouchCompositor(kind: .sway, version: "sway 1.7", source: "sway's IPC"))
        #expect(old.end == .lift)
        #expect(old.description == "lifted once at rest: sway 1.7 (from sway's IPC) drops the cancel (sway passes libinput's touch cancel on from 1.9)")
        for version in ["sway 1.9", "sway 1.10.1", "sway 1.9-rc1"] {
            #expect(ClaimedTouchEndChoice.for(TouchCompositor(kind: .sway, version: version, source: "IPC")).end == .cancel, "\(version)")
        }
        // A version that cannot be read: the lift, which ends the touch everywhere.
        let unread = ClaimedTouchEndChoice.for(TouchCompositor(kind: .sway, version: nil, source: "sway's IPC"))
        #expect(unread.end == .lift)
        #expect(unread.reason.contains("its version not read from sway's IPC"))
    }

    @Test func eachDesktopOfThePresetsHasItsWay() {
        let phosh = Self.detect(["XDG_CURRENT_DESKTOP": "Phosh:GNOME", "WAYLAND_DISPLAY": "wayland-0"],
                                answers: ["phoc": "Phoc 0.24.0 - Phone compositor\n"])
        #expect(phosh.end == .lift)
        #expect(phosh.reason.hasPrefix("phoc 0.24.0 (from phoc --version) drops the cancel"))
        let gnome = Self.detect(["XDG_CURRENT_DESKTOP": "GNOME", "WAYLAND_DISPLAY": "wayland-0"],
                                answers: ["gnome-shell": "GNOME Shell 43.9\n"])
        #expect(gnome.end == .lift)
        #expect(gnome.reason.hasPrefix("GNOME Shell 43.9 (from gnome-shell --version) drops the cancel"))
        let support = #"{"type":"s","data":["KWin version: 5.27.5\nQt Version: 5.15.8\n"]}"#
        let plasma = Self.detect(["XDG_CURRENT_DESKTOP": "KDE", "WAYLAND_DISPLAY": "wayland-0"], answers: ["busctl": support])
        #expect(plasma.end == .cancel)
        #expect(plasma.reason.hasPrefix("KWin 5.27.5 (from KWin's support information) forwards the cancel"))
        let hyprland = Self.detect(["XDG_CURRENT_DESKTOP": "Hyprland", "WAYLAND_DISPLAY": "wayland-1"],
                                   answers: ["hyprctl": #"{"branch": "", "tag": "v0.41.2", "flags": []}"#])
        #expect(hyprland.end == .lift)
        #expect(hyprland.reason.hasPrefix("Hyprland 0.41.2 (from hyprctl version) drops the cancel"))
        // Plasma on X11, i3: X.Org's driver ends the touch at once, as a plain end.
        for environment in [["XDG_CURRENT_DESKTOP": "KDE", "XDG_SESSION_TYPE": "x11", "DISPLAY": ":0"],
                            ["XDG_CURRENT_DESKTOP": "i3", "DISPLAY": ":0"]] {
            let choice = Self.detect(environment)
            #expect(choice.end == .lift && choice.reason.hasPrefix("xorg drops the cancel"), "\(choice)")
        }
    }

    @Test func anUnknownSessionLiftsAndNoSessionCancels() {
        let labwc = Self.detect(["XDG_CURRENT_DESKTOP": "labwc:wlroots", "WAYLAND_DISPLAY": "wayland-0"])
        #expect(labwc.end == .lift)
        #expect(labwc.reason.hasPrefix("XDG_CURRENT_DESKTOP=labwc:wlroots: its compositor is not one whose touch cancel is known"))
        #expect(Self.detect(["HOME": "/home/ada"]) == .builtIn)
    }

    @Test func theConfigSaysOtherwise() throws {
        let session = SessionSettings(keyboard: .builtIn, desktop: .builtIn,
                                      claimedTouchEnd: ClaimedTouchEndChoice(end: .lift, reason: "sway 1.7 drops the cancel"))
        let lifted = ConfigLoader.parse("", file: "g.toml", session: session)
        #expect(lifted.config?.claimedTouchEnd.end == .lift)
        let forced = ConfigLoader.parse("[devices]\nclaimed-touch-end = \"cancel\"\n", file: "g.toml", session: session)
        #expect(forced.config?.claimedTouchEnd == .configured(.cancel, file: "g.toml"))
        #expect(ConfigLoader.parse("[devices]\nclaimed-touch-end = \"auto\"\n", file: "g.toml", session: session).config?.claimedTouchEnd.end == .lift)
        let wrong = ConfigLoader.parse("[devices]\nclaimed-touch-end = \"lfit\"\n", file: "g.toml", session: session)
        #expect(wrong.config == nil)
        #expect(wrong.diagnostics.map(\.description) == [
            "g.toml:2:21: error: unknown claimed-touch-end \"lfit\" (auto, cancel, lift) (did you mean \"lift\"?)",
        ])
    }
}
