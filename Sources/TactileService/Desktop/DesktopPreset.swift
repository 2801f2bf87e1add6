// The desktops Tactile knows, and which one a session runs (XDG_CURRENT_DESKTOP).
import Tactile

/// A desktop whose defaults Tactile knows: how each ``DesktopAction`` is done
/// there, checked against the desktop's documented default shortcuts and
/// calls (`docs/gestures-toml.md` cites each).
///
/// Picked from `XDG_CURRENT_DESKTOP`, or named in the config:
///
/// ```toml
/// [desktop]
/// preset = "kde"    # auto (the default), gnome, kde, sway, i3, hyprland, wlroots, x11, none
/// ```
///
/// ```swift
/// DesktopPreset.detect(currentDesktop: "ubuntu:GNOME")   // .gnome
/// DesktopPreset.detect(currentDesktop: "labwc:wlroots")  // .wlroots
/// ```
public enum DesktopPreset: String, Hashable, Sendable, CaseIterable {
    /// GNOME Shell 45 and later.
    case gnome
    /// KDE Plasma 6 (KWin), through its documented D-Bus calls.
    case kde
    /// sway, through `swaymsg`.
    case sway
    /// i3, through `i3-msg`.
    case i3
    /// Hyprland, through `hyprctl`.
    case hyprland
    /// Other wlroots compositors (labwc, Wayfire, river): no shared IPC, few default keys.
    case wlroots
    /// An X11 desktop with the common EWMH window manager keys (Xfce's xfwm4, MATE, Cinnamon).
    case x11
    /// No desktop actions: for a desktop Tactile does not know.
    case none

    /// The preset of a session whose `XDG_CURRENT_DESKTOP` is `currentDesktop`
    /// (a colon-separated list, most specific first), if Tactile knows one.
    public static func detect(currentDesktop: String) -> DesktopPreset? {
        for name in currentDesktop.split(separator: ":") {
            switch name.lowercased() {
            case "gnome", "gnome-classic", "gnome-flashback": return .gnome
            case "kde", "plasma": return .kde
            case "sway", "swayfx": return .sway
            case "i3": return .i3
            case "hyprland": return .hyprland
            case "labwc", "wayfire", "river", "wlroots", "dwl", "cage": return .wlroots
            case "xfce", "mate", "x-cinnamon", "cinnamon", "lxde", "openbox": return .x11
            default: continue
            }
        }
        return nil
    }
}

/// The preset in use, and why.
///
/// ```swift
/// let choice = DesktopPresetChoice.detect(environment: ["XDG_CURRENT_DESKTOP": "KDE"])
/// choice.preset   // .kde
/// choice.source   // "XDG_CURRENT_DESKTOP=KDE"
/// ```
public struct DesktopPresetChoice: Hashable, Sendable {
    /// The preset.
    public var preset: DesktopPreset
    /// Why it was chosen: the environment, the config, or the built-in default.
    public var source: String
    /// What the running desktop binds, when it could be read (else the
    /// preset's remembered defaults apply): ``DesktopBindings``.
    public var bindings: DesktopBindings?
    /// Why the running desktop's bindings were not read, when they were not.
    public var bindingsNote: String?

    /// `preset`, chosen because of `source`, with the `bindings` read from the running desktop.
    public init(preset: DesktopPreset, source: String, bindings: DesktopBindings? = nil, bindingsNote: String? = nil) {
        self.preset = preset
        self.source = source
        self.bindings = bindings
        self.bindingsNote = bindingsNote
    }

    /// Where its routes come from: `bindings read from gsettings, GNOME Shell 43.9`,
    /// or `remembered defaults (why)`.
    public var routesSource: String {
        if let bindings { return "bindings read from \(bindings.description)" }
        return "remembered defaults" + (bindingsNote.map { " (\($0))" } ?? "")
    }

    /// GNOME's, which the built-in config was first written for: what a
    /// config read outside any session (a test, `check` on another machine) gets.
    public static let builtIn = DesktopPresetChoice(preset: .gnome, source: "the built-in default")

    /// The preset of the session `environment` describes (`XDG_CURRENT_DESKTOP`);
    /// ``DesktopPreset/none`` when it names no desktop Tactile knows. Unset
    /// (a user manager the session did not give its environment to), GNOME's,
    /// as the built-in config always did: set `[desktop] preset` where that is wrong.
    public static func detect(environment: SessionEnvironment) -> DesktopPresetChoice {
        let variable = SessionEnvironment.currentDesktopVariable
        guard let desktop = environment.currentDesktop else {
            return DesktopPresetChoice(preset: .gnome, source: "\(variable) unset, so GNOME's")
        }
        let shown = TextFormat.visible(desktop)
        guard let preset = DesktopPreset.detect(currentDesktop: desktop) else {
            return DesktopPresetChoice(preset: .none, source: "\(variable)=\(shown), a desktop without a preset")
        }
        return DesktopPresetChoice(preset: preset, source: "\(variable)=\(shown)")
    }
}
