// Hyprland: its sockets answer the focus and the outputs; hyprctl its version.
import Glibc
import TactileService

/// Hyprland, found by its instance (`HYPRLAND_INSTANCE_SIGNATURE`, whose
/// sockets are in `XDG_RUNTIME_DIR/hypr`), its compositor also by its name.
///
/// ```swift
/// HyprlandDesktop().focus(in: ["HYPRLAND_INSTANCE_SIGNATURE": "abc", "XDG_RUNTIME_DIR": "/run/user/1000"])?.name
/// // "Hyprland's sockets in /run/user/1000/hypr/abc"
/// ```
struct HyprlandDesktop: KnownDesktop {
    let name = "Hyprland"
    var preset: DesktopPreset? { .hyprland }

    /// The directory of its sockets, for a signature that names no other directory.
    func directory(in session: SessionEnvironment) -> String? {
        guard let signature = session.hyprlandSignature, !signature.contains("/") else { return nil }
        return HyprlandFocusSource.directory(signature: signature, runtimeDirectory: session.runtimeDirectory)
    }

    func focus(in session: SessionEnvironment) -> FocusRoute? {
        directory(in: session).map { FocusRoute(name: "Hyprland's sockets in \($0)", source: HyprlandFocusSource(directory: $0)) }
    }

    func outputs(in session: SessionEnvironment) -> OutputFollower.Route? {
        directory(in: session).map { directory in
            waylandOutputs(in: session, name: "Hyprland's socket") { () throws(FocusError) in
                try HyprlandPointerMapping(directory: directory).read()
            }
        }
    }

    func compositor(in session: SessionEnvironment, desktop: DesktopPresetChoice, run: ProgramRunner.Run) -> TouchCompositor? {
        guard session.lowercasedDesktopNames.contains("hyprland") || session.hyprlandSignature != nil else { return nil }
        return Self.compositor(run: run)
    }

    /// Hyprland as `hyprctl version -j` says it (its `tag`, `v0.41.2`): `Hyprland 0.41.2`.
    static func compositor(run: ProgramRunner.Run) -> TouchCompositor {
        let result = run(["hyprctl", "version", "-j"])
        let answer = result.flatMap { $0.status == 0 ? JSONValue.parse($0.output) : nil }
        let tag = answer?["tag"]?.string.map { $0.hasPrefix("v") ? String($0.dropFirst()) : $0 }
        return TouchCompositor(kind: .hyprland, version: tag.map { "Hyprland \($0)" }, source: "hyprctl version")
    }

    var startupRoutes: [SessionRoute] {
        [SessionRoute(desktop: "Hyprland", startupFile: "~/.config/hypr/hyprland.conf",
                      startupLine: "exec-once = " + SessionRoute.starting(importing: SessionEnvironment.Imports.hyprland),
                      otherStartupFiles: ["~/.config/hypr/"])]
    }
}
