// What a gesture may ask of the desktop by name (`{ desktop = "overview" }`), whatever the desktop.

/// A desktop action a binding names (`ended = { desktop = "overview" }`),
/// done the way the session's desktop does it: the ``DesktopPreset`` in use
/// turns it into that desktop's default shortcut, or into its documented
/// D-Bus or IPC call where it has one.
///
/// ```swift
/// DesktopPreset.gnome.route(for: .quickSettings)?.description   // "key super+s"
/// DesktopPreset.sway.route(for: .nextWorkspace)?.description    // "run swaymsg workspace next_on_output"
/// ```
public enum DesktopAction: String, Hashable, Sendable, CaseIterable {
    /// The window overview (GNOME's Activities, KDE's Overview).
    case overview
    /// The applications: GNOME's app grid, a launcher elsewhere.
    case appGrid = "app-grid"
    /// The quick settings panel (GNOME).
    case quickSettings = "quick-settings"
    /// The notification list.
    case notifications
    /// The next workspace (to the right, or below where they are stacked).
    case nextWorkspace = "next-workspace"
    /// The previous workspace.
    case previousWorkspace = "previous-workspace"
    /// Every window out of the way.
    case showDesktop = "show-desktop"
    /// The window under the finger moved with it, by the desktop's
    /// modifier-drag: put it in a continuous gesture's `began` (a long press
    /// held, then dragged); the button is held until the gesture ends.
    case moveWindow = "move-window"
}
