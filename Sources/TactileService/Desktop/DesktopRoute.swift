// How a preset does each desktop action: a default shortcut, or a documented D-Bus or IPC call.

/// How a desktop does one ``DesktopAction``: the key chord of its default
/// shortcut, or a program that makes its documented D-Bus or IPC call
/// (preferred where there is one: it works whatever the user rebound).
public struct DesktopRoute: Hashable, Sendable, CustomStringConvertible {
    /// What is sent.
    public enum Kind: Hashable, Sendable {
        /// A key chord, typed on the session's layout (`"super+s"`).
        case key(String)
        /// A program and its arguments, run without a shell.
        case command([String])
        /// A left-button drag with these keys held (`"super"`), from the gesture's start to its end.
        case drag(String)
    }

    /// What is sent.
    public var kind: Kind
    /// What the desktop documents for it: the shortcut's setting and default, or the call.
    public var documented: String

    /// `key super+s`, `run swaymsg workspace next_on_output`.
    public var description: String {
        switch kind {
        case .key(let chord): "key \(chord)"
        case .command(let arguments): "run " + arguments.joined(separator: " ")
        case .drag(let modifiers): "\(modifiers)+left drag"
        }
    }

    package static func key(_ chord: String, _ documented: String) -> DesktopRoute { DesktopRoute(kind: .key(chord), documented: documented) }
    static func command(_ arguments: [String], _ documented: String) -> DesktopRoute { DesktopRoute(kind: .command(arguments), documented: documented) }
    package static func drag(_ modifiers: String, _ documented: String) -> DesktopRoute { DesktopRoute(kind: .drag(modifiers), documented: documented) }
}

extension DesktopPreset {
    /// How this desktop does `action`, or nil when it has no default way
    /// (sway has no overview; KDE binds no key to its notifications).
    public func route(for action: DesktopAction) -> DesktopRoute? {
        switch self {
        case .gnome: gnome(action)
        case .kde: kde(action)
        case .sway: tiling(action, message: "swaymsg", launcher: .key("super+d", "sway's default config: bindsym $mod+d exec $menu ($mod = Mod4)"),
                           move: .drag("super", "sway's default config: floating_modifier $mod normal"))
        case .i3: tiling(action, message: "i3-msg", launcher: .key("alt+d", "i3's default config: bindsym Mod1+d exec dmenu_run"),
                         move: .drag("alt", "i3's default config: floating_modifier Mod1"))
        case .hyprland: hyprland(action)
        case .wlroots:
            switch action {
            case .showDesktop: .key("super+d", "labwc 0.20's default keybind W-d: ToggleShowDesktop")
            case .moveWindow: .drag("alt", "labwc's default mousebind: A-Left drag, Move")
            default: nil
            }
        case .x11: x11(action)
        case .none: nil
        }
    }

    private func gnome(_ action: DesktopAction) -> DesktopRoute? {
        switch action {
        case .overview: .key("super", "org.gnome.mutter overlay-key = 'Super_L'")
        case .appGrid: .key("super+a", "org.gnome.shell.keybindings toggle-application-view = ['<Super>a']")
        case .quickSettings: .key("super+s", "org.gnome.shell.keybindings toggle-quick-settings = ['<Super>s']")
        case .notifications: .key("super+v", "org.gnome.shell.keybindings toggle-message-tray = ['<Super>v', '<Super>m']")
        case .nextWorkspace: .key("super+Page_Down", "org.gnome.desktop.wm.keybindings switch-to-workspace-right = ['<Super>Page_Down', …]")
        case .previousWorkspace: .key("super+Page_Up", "org.gnome.desktop.wm.keybindings switch-to-workspace-left = ['<Super>Page_Up', …]")
        case .showDesktop: nil  // show-desktop = [] by default
        case .moveWindow: .drag("super", "org.gnome.desktop.wm.preferences mouse-button-modifier = '<Super>'")
        }
    }

    /// KWin's shortcuts, invoked by name through kglobalaccel's documented D-Bus interface.
    private func kde(_ action: DesktopAction) -> DesktopRoute? {
        func kwin(_ name: String, _ chord: String) -> DesktopRoute {
            .command(["dbus-send", "--session", "--type=method_call", "--dest=org.kde.kglobalaccel", "/component/kwin",
                      "org.kde.kglobalaccel.Component.invokeShortcut", "string:\(name)"],
                     "KWin shortcut \"\(name)\" (default \(chord)), through org.kde.kglobalaccel.Component.invokeShortcut")
        }
        switch action {
        case .overview: return kwin("Overview", "Meta+W")
        case .appGrid:
            return .command(["dbus-send", "--session", "--type=method_call", "--dest=org.kde.plasmashell", "/PlasmaShell",
                             "org.kde.PlasmaShell.activateLauncherMenu"],
                            "org.kde.PlasmaShell.activateLauncherMenu, what KWin's Meta tap calls (kwinrc [ModifierOnlyShortcuts] Meta)")
        case .quickSettings, .notifications: return nil
        case .nextWorkspace: return kwin("Switch One Desktop to the Right", "Ctrl+Meta+Right")
        case .previousWorkspace: return kwin("Switch One Desktop to the Left", "Ctrl+Meta+Left")
        case .showDesktop: return kwin("Show Desktop", "Meta+D")
        case .moveWindow: return .drag("super", "KWin's window actions: modifier key Meta, left button moves (kwinrc [MouseBindings] CommandAllKey, Plasma 6)")
        }
    }

    /// sway and i3 share their IPC commands.
    private func tiling(_ action: DesktopAction, message: String, launcher: DesktopRoute, move: DesktopRoute) -> DesktopRoute? {
        switch action {
        case .appGrid: launcher
        case .moveWindow: move
        case .nextWorkspace: .command([message, "workspace", "next_on_output"], "\(message) workspace next_on_output (IPC command)")
        case .previousWorkspace: .command([message, "workspace", "prev_on_output"], "\(message) workspace prev_on_output (IPC command)")
        case .overview, .quickSettings, .notifications, .showDesktop: nil
        }
    }

    private func hyprland(_ action: DesktopAction) -> DesktopRoute? {
        switch action {
        case .appGrid: .key("super+r", "Hyprland's example config: bind = $mainMod, R, exec, $menu")
        case .nextWorkspace: .command(["hyprctl", "dispatch", "workspace", "e+1"], "hyprctl dispatch workspace e+1 (dispatcher)")
        case .previousWorkspace: .command(["hyprctl", "dispatch", "workspace", "e-1"], "hyprctl dispatch workspace e-1 (dispatcher)")
        case .moveWindow: .drag("super", "Hyprland's example config: bindm = $mainMod, mouse:272, movewindow")
        case .overview, .quickSettings, .notifications, .showDesktop: nil
        }
    }

    private func x11(_ action: DesktopAction) -> DesktopRoute? {
        switch action {
        case .appGrid: .key("alt+F1", "xfce4-keyboard-shortcuts: <Alt>F1 xfce4-popup-applicationsmenu")
        case .nextWorkspace: .key("ctrl+alt+Right", "xfwm4: <Primary><Alt>Right right_workspace_key")
        case .previousWorkspace: .key("ctrl+alt+Left", "xfwm4: <Primary><Alt>Left left_workspace_key")
        case .showDesktop: .key("ctrl+alt+d", "xfwm4: <Primary><Alt>d show_desktop_key")
        case .moveWindow: .drag("alt", "xfwm4: easy_click = Alt (Alt and the left button move a window)")
        case .overview, .quickSettings, .notifications: nil
        }
    }
}
