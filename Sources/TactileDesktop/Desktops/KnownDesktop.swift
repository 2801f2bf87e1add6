// What a desktop Tactile knows offers: how it is recognised, and its focus, outputs, pointer, compositor, layout, bindings and startup.
import Tactile
import TactileService

/// A desktop Tactile knows, as one entry of ``KnownDesktops/all``: each
/// says, for a session's `SessionEnvironment`, whether it answers each
/// route (the focused app, the outputs, the pointer's mapping, the
/// compositor a claimed touch ends in, the keyboard layout, the bindings)
/// and how. Every route goes to the first entry of the list that answers
/// it (``DetectedSession``): the list's order is the one precedence, and
/// where a desktop answers one route on other evidence than another (sway's
/// compositor by its name, its focus by its socket), the entry says so.
/// A route an entry does not offer answers nil (the defaults below).
///
/// ```swift
/// struct LabwcDesktop: KnownDesktop {
///     let name = "labwc"
///     var preset: DesktopPreset? { .wlroots }
///     var startupRoutes: [SessionRoute] { [SessionRoute(desktop: "labwc", startupFile: "~/.config/labwc/autostart")] }
/// }
/// ```
protocol KnownDesktop: Sendable {
    /// How the log and the doctor call it (`sway`, `GNOME`).
    var name: String { get }
    /// The preset of desktop actions that is its own (nil: none is, phosh's
    /// session takes GNOME's): its bindings are read through this entry.
    var preset: DesktopPreset? { get }
    /// How `tactile serve` follows the focused app in `session`: the route's name and its source.
    func focus(in session: SessionEnvironment) -> FocusRoute?
    /// How its outputs are read and followed in `session`.
    func outputs(in session: SessionEnvironment) -> OutputFollower.Route?
    /// How it maps the virtual pointer to an output itself (only sway does), in `session`.
    func pointerMapping(in session: SessionEnvironment, pointer: PointerRequest) -> (@Sendable () -> PointerMappingOutcome)?
    /// The compositor that reads the touchscreen in `session`, its version
    /// asked of it through `run` (or taken from `desktop`'s bindings when read).
    func compositor(in session: SessionEnvironment, desktop: DesktopPresetChoice, run: ProgramRunner.Run) -> TouchCompositor?
    /// Whether its own keyboard layout (``keyboardLayout(in:readFile:)``) comes before
    /// `XKB_DEFAULT_LAYOUT` (sway's config decides what its keyboards type) or after it.
    var layoutBeforeEnvironment: Bool { get }
    /// The keyboard layout it is set to in `session`, read by `readFile`.
    func keyboardLayout(in session: SessionEnvironment, readFile: (String) -> String?) -> KeyboardLayoutChoice?
    /// What it binds, read from the running desktop (nil: it has no way to tell, its defaults are remembered).
    func bindings(in session: SessionEnvironment) -> Result<DesktopBindings, DesktopBindings.Unread>?
    /// How its kinds of session start `tactile.service` (`docs/service.md`).
    var startupRoutes: [SessionRoute] { get }
}

/// A focus route: how the log names it, and the source that follows it.
struct FocusRoute {
    /// `sway IPC at /run/user/1000/sway-ipc.sock`.
    var name: String
    /// What follows the focus.
    var source: any FocusTracker.Source
}

/// The virtual pointer a desktop is asked to map: its name, the output the
/// config names, and whether the desktop may be told (a dry run only reads).
struct PointerRequest: Sendable {
    var name: String
    var configured: String?
    var changesDesktop: Bool
}

extension KnownDesktop {
    func focus(in session: SessionEnvironment) -> FocusRoute? { nil }
    func outputs(in session: SessionEnvironment) -> OutputFollower.Route? { nil }
    func pointerMapping(in session: SessionEnvironment, pointer: PointerRequest) -> (@Sendable () -> PointerMappingOutcome)? { nil }
    func compositor(in session: SessionEnvironment, desktop: DesktopPresetChoice, run: ProgramRunner.Run) -> TouchCompositor? { nil }
    var layoutBeforeEnvironment: Bool { false }
    func keyboardLayout(in session: SessionEnvironment, readFile: (String) -> String?) -> KeyboardLayoutChoice? { nil }
    var preset: DesktopPreset? { nil }
    func bindings(in session: SessionEnvironment) -> Result<DesktopBindings, DesktopBindings.Unread>? { nil }
    var startupRoutes: [SessionRoute] { [] }

    /// The outputs of a Wayland session read by `read`, followed through `wl_output` when the session has a socket.
    func waylandOutputs(in session: SessionEnvironment, name: String,
                        read: @escaping @Sendable () throws(FocusError) -> DesktopLayout) -> OutputFollower.Route {
        var watch: (@Sendable () throws(FocusError) -> any OutputWatch)?
        if let path = session.waylandSocketPath {
            watch = { () throws(FocusError) -> any OutputWatch in try WaylandOutputWatch(socketPath: path) }
        }
        return OutputFollower.Route(name: name, read: read, watch: watch)
    }

    /// ``waylandOutputs(in:name:read:)`` of a Wayland session whose
    /// `XDG_CURRENT_DESKTOP` says `desktop` (in any case, anywhere in it); nil in any other.
    func waylandOutputs(in session: SessionEnvironment, saying desktop: String, name: String,
                        read: @escaping @Sendable () throws(FocusError) -> DesktopLayout) -> OutputFollower.Route? {
        guard session.waylandDisplay != nil, PlainText.contains(desktop, in: (session.currentDesktop ?? "").uppercased()) else { return nil }
        return waylandOutputs(in: session, name: name, read: read)
    }
}
