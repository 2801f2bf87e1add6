// The one registration of the desktops Tactile knows, in the order they are asked.

/// Every desktop Tactile knows, in the one order each route is asked in
/// (``DetectedSession``): the most specific evidence first (phosh before the
/// GNOME it names, sway's and i3's sockets, Hyprland's), the shells of KDE
/// Plasma and GNOME, then any other wlroots compositor, then X11. Adding a
/// desktop is a folder under `Desktops/` with its entry, and a line here.
///
/// ```swift
/// KnownDesktops.all.map(\.name)   // ["phosh", "sway", "i3", "Hyprland", "KDE", "GNOME", "wlroots", "X11"]
/// ```
enum KnownDesktops {
    /// The registration list.
    static let all: [any KnownDesktop] = [
        PhoshDesktop(), SwayDesktop(), I3Desktop(), HyprlandDesktop(), KDEDesktop(), GNOMEDesktop(), WlrootsDesktop(), X11Desktop(),
    ]
}
