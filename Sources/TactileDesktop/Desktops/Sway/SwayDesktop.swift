// sway: its IPC socket answers the focus, the outputs, the pointer's mapping, the layout and the bindings.
import TactileService

/// sway, found by its IPC socket (`SWAYSOCK`), its compositor also by its
/// name in `XDG_CURRENT_DESKTOP` (outside an X11 session).
///
/// ```swift
/// SwayDesktop().focus(in: ["SWAYSOCK": "/run/user/1000/sway-ipc.sock"])?.name   // "sway IPC at /run/user/1000/sway-ipc.sock"
/// ```
struct SwayDesktop: KnownDesktop {
    let name = "sway"
    var preset: DesktopPreset? { .sway }

    func focus(in session: SessionEnvironment) -> FocusRoute? {
        session.swaySocket.map { FocusRoute(name: "sway IPC at \($0)", source: SwayFocusSource(socketPath: $0)) }
    }

    func outputs(in session: SessionEnvironment) -> OutputFollower.Route? {
        session.swaySocket.map { path in
            waylandOutputs(in: session, name: "sway's IPC") { () throws(FocusError) in try SwayPointerMapping(socketPath: path).read() }
        }
    }

    func pointerMapping(in session: SessionEnvironment, pointer: PointerRequest) -> (@Sendable () -> PointerMappingOutcome)? {
        guard let path = session.swaySocket else { return nil }
        let identity = VirtualDeviceLayout.identity
        return {
            SwayPointerMapping(socketPath: path).map(pointerName: pointer.name, vendor: identity.vendor, product: identity.product,
                                                     configured: pointer.configured, apply: pointer.changesDesktop)
        }
    }

    func compositor(in session: SessionEnvironment, desktop: DesktopPresetChoice, run: ProgramRunner.Run) -> TouchCompositor? {
        guard session.lowercasedDesktopNames.contains("sway") || session.swaySocket != nil && !session.isX11 else { return nil }
        let known = desktop.preset == preset ? desktop.bindings?.version : nil
        return TouchCompositor(kind: .sway, version: known ?? Self.version(socketPath: session.swaySocket), source: "sway's IPC")
    }

    /// The running sway's version over its IPC (`GET_VERSION`): `sway 1.7`.
    static func version(socketPath: String?) -> String? {
        guard let socketPath else { return nil }
        do throws(FocusError) {
            return try TilingBindings.version(over: UnixStream(path: socketPath)).map { "sway \($0)" }
        } catch {
            return nil
        }
    }

    /// sway's config decides what its keyboards type, whatever `XKB_DEFAULT_LAYOUT` says.
    var layoutBeforeEnvironment: Bool { true }

    func keyboardLayout(in session: SessionEnvironment, readFile: (String) -> String?) -> KeyboardLayoutChoice? {
        session.swaySocket.flatMap { KeyboardLayoutChoice.sway(socketPath: $0) }
    }

    func bindings(in session: SessionEnvironment) -> Result<DesktopBindings, DesktopBindings.Unread>? {
        TilingBindings(preset: .sway, socketPath: session.swaySocket, variable: SessionEnvironment.swaySocketVariable).read()
    }

    var startupRoutes: [SessionRoute] {
        [SessionRoute(desktop: "sway", startupFile: "~/.config/sway/config",
                      startupLine: "exec " + SessionRoute.starting(importing: SessionEnvironment.Imports.sway),
                      otherStartupFiles: ["~/.config/sway/config.d/"])]
    }
}
