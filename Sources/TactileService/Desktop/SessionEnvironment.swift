// The session's environment, read in one place: which desktop it names, its displays and its compositors' sockets.

/// The environment of a desktop session, as Tactile reads it: the one type
/// that names the session's variables (`XDG_CURRENT_DESKTOP`,
/// `XDG_SESSION_TYPE`, `WAYLAND_DISPLAY`, `DISPLAY`, `SWAYSOCK`, `I3SOCK`,
/// `HYPRLAND_INSTANCE_SIGNATURE`, `XDG_RUNTIME_DIR`, `DBUS_SESSION_BUS_ADDRESS`,
/// `XKB_DEFAULT_*`).
/// Everything that works out the running desktop takes this value, not
/// the dictionary; the dictionary stays in ``variables`` for the programs
/// the desktop is asked through. An empty value counts as unset.
///
/// ```swift
/// let session: SessionEnvironment = ["XDG_CURRENT_DESKTOP": "ubuntu:GNOME", "WAYLAND_DISPLAY": "wayland-0",
///                                    "XDG_RUNTIME_DIR": "/run/user/1000"]
/// session.desktopNames        // ["ubuntu", "GNOME"]
/// session.waylandSocketPath   // "/run/user/1000/wayland-0"
/// ```
public struct SessionEnvironment: Hashable, Sendable, ExpressibleByDictionaryLiteral {
    /// Every variable, for the programs run in the session.
    public var variables: [String: String]

    /// The session `variables` describe.
    public init(_ variables: [String: String]) { self.variables = variables }

    /// The session of these variables.
    public init(dictionaryLiteral elements: (String, String)...) {
        self.init(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }

    /// The variable that names the session's desktops, most specific first.
    public static let currentDesktopVariable = "XDG_CURRENT_DESKTOP"

    private func value(_ name: String) -> String? { variables[name].flatMap { $0.isEmpty ? nil : $0 } }

    /// `XDG_CURRENT_DESKTOP` as set (`ubuntu:GNOME`), nil when unset or empty.
    public var currentDesktop: String? { value(Self.currentDesktopVariable) }
    /// `XDG_CURRENT_DESKTOP`'s names, as written (`["ubuntu", "GNOME"]`).
    public var desktopNames: [String] { (currentDesktop ?? "").split(separator: ":").map(String.init) }
    /// ``desktopNames``, lowercased: what desktops are matched against.
    public var lowercasedDesktopNames: [String] { desktopNames.map { $0.lowercased() } }
    /// The raw text of `XDG_CURRENT_DESKTOP`, then `XDG_SESSION_DESKTOP` and
    /// `DESKTOP_SESSION`: every name the session gives its desktop.
    public var sessionDesktopTexts: [String] {
        [Self.currentDesktopVariable, "XDG_SESSION_DESKTOP", "DESKTOP_SESSION"].map { variables[$0] ?? "" }
    }

    /// `XDG_SESSION_TYPE` (`wayland`, `x11`, `tty`).
    public var sessionType: String? { value("XDG_SESSION_TYPE") }
    /// `WAYLAND_DISPLAY` (`wayland-0`, or a path).
    public var waylandDisplay: String? { value("WAYLAND_DISPLAY") }
    /// `DISPLAY`, the X11 display (`:0`).
    public var x11Display: String? { value("DISPLAY") }
    /// Whether `WAYLAND_DISPLAY` or `DISPLAY` is in the environment at all, even empty.
    public var mentionsDisplay: Bool { variables["WAYLAND_DISPLAY"] != nil || variables["DISPLAY"] != nil }
    /// An X11 session: `XDG_SESSION_TYPE=x11`, or a `DISPLAY` without `WAYLAND_DISPLAY`.
    public var isX11: Bool { sessionType == "x11" || (waylandDisplay == nil && x11Display != nil) }
    /// `XDG_RUNTIME_DIR`.
    public var runtimeDirectory: String? { value("XDG_RUNTIME_DIR") }
    /// The session bus's address: `DBUS_SESSION_BUS_ADDRESS`, else
    /// `$XDG_RUNTIME_DIR/bus` (where systemd's user bus listens), else nil.
    public var sessionBusAddress: String? {
        if let address = value("DBUS_SESSION_BUS_ADDRESS") { return address }
        if let runtime = runtimeDirectory, runtime.hasPrefix("/") { return "unix:path=\(runtime)/bus" }
        return nil
    }
    /// The Wayland display's socket: `WAYLAND_DISPLAY` when a path, else that
    /// name in `XDG_RUNTIME_DIR`; nil without one.
    public var waylandSocketPath: String? {
        guard let display = waylandDisplay else { return nil }
        if display.hasPrefix("/") { return display }
        return runtimeDirectory.map { $0 + "/" + display }
    }

    /// The variable that names sway's IPC socket.
    public static let swaySocketVariable = "SWAYSOCK"
    /// The variable that names i3's IPC socket.
    public static let i3SocketVariable = "I3SOCK"
    /// sway's IPC socket (`SWAYSOCK`).
    public var swaySocket: String? { value(Self.swaySocketVariable) }
    /// i3's IPC socket (`I3SOCK`).
    public var i3Socket: String? { value(Self.i3SocketVariable) }
    /// Hyprland's instance (`HYPRLAND_INSTANCE_SIGNATURE`), as set.
    public var hyprlandSignature: String? { value("HYPRLAND_INSTANCE_SIGNATURE") }

    /// The layout `XKB_DEFAULT_LAYOUT` names (with `XKB_DEFAULT_VARIANT`,
    /// `_MODEL`, `_OPTIONS`): what wlroots compositors build their keymap
    /// from when their config names none.
    public var defaultKeyboardLayout: KeyboardLayout? {
        guard let layout = value("XKB_DEFAULT_LAYOUT") else { return nil }
        return KeyboardLayout(layout: layout, variant: variables["XKB_DEFAULT_VARIANT"] ?? "",
                              model: variables["XKB_DEFAULT_MODEL"] ?? "", options: variables["XKB_DEFAULT_OPTIONS"] ?? "")
    }
    /// Where ``defaultKeyboardLayout`` comes from, as the log names it.
    public static let defaultKeyboardLayoutVariable = "XKB_DEFAULT_LAYOUT"

    /// The variables a session's startup line imports into the user
    /// manager, so that the service and the commands it runs reach the
    /// compositor: what each kind of session needs.
    public enum Imports {
        /// A Wayland compositor's (labwc, wlroots).
        public static let wayland = ["WAYLAND_DISPLAY", SessionEnvironment.currentDesktopVariable]
        /// sway's.
        public static let sway = ["WAYLAND_DISPLAY", "SWAYSOCK", SessionEnvironment.currentDesktopVariable]
        /// i3's.
        public static let i3 = ["DISPLAY", "XAUTHORITY", "I3SOCK", SessionEnvironment.currentDesktopVariable]
        /// Hyprland's.
        public static let hyprland = ["WAYLAND_DISPLAY", "HYPRLAND_INSTANCE_SIGNATURE", SessionEnvironment.currentDesktopVariable]
        /// A plain X11 session's.
        public static let x11 = ["DISPLAY", "XAUTHORITY", SessionEnvironment.currentDesktopVariable]
        /// Any session's, when its kind is not known.
        public static let any = ["WAYLAND_DISPLAY", "DISPLAY", SessionEnvironment.currentDesktopVariable]
    }

    /// What a session must offer for the focused app to be known, as the log and the doctor say it.
    public static let focusRoutesText = "SWAYSOCK, I3SOCK, HYPRLAND_INSTANCE_SIGNATURE, KDE or GNOME on Wayland in XDG_CURRENT_DESKTOP"
    /// What a graphical session has, as the doctor says it.
    public static let graphicalText = "WAYLAND_DISPLAY, DISPLAY or XDG_CURRENT_DESKTOP"
}
