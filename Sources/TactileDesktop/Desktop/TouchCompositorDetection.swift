// Finding the compositor that reads the touchscreen and asking it its version: sway's IPC, phoc, GNOME Shell, KWin, hyprctl.
import Foundation
import TactileService

extension TouchCompositor {
    /// The compositor of the session `environment` describes, its version
    /// asked of it (`desktop`'s bindings already hold it when they were
    /// read): `.failure` names a session whose compositor is none of
    /// `TouchCompositor.Kind`, nil means no session at all. This runs the desktop's
    /// programs, so it is never called on the input path.
    ///
    /// ```swift
    /// TouchCompositor.detect(environment: ["XDG_CURRENT_DESKTOP": "sway", "SWAYSOCK": path], desktop: choice)
    /// // .success(TouchCompositor(kind: .sway, version: "sway 1.7", source: "sway's IPC"))
    /// ```
    public static func detect(environment: [String: String], desktop: DesktopPresetChoice) -> Result<TouchCompositor, Unknown>? {
        detect(environment: environment, desktop: desktop, run: ProgramRunner.session(environment))
    }

    /// ``detect(environment:desktop:)`` with the desktop's programs run by `run` (the doctor's system).
    static func detect(environment: [String: String], desktop: DesktopPresetChoice, run: ProgramRunner.Run) -> Result<TouchCompositor, Unknown>? {
        let names = (environment["XDG_CURRENT_DESKTOP"] ?? "").split(separator: ":").map { $0.lowercased() }
        func has(_ variable: String) -> Bool { !(environment[variable] ?? "").isEmpty }
        let wayland = has("WAYLAND_DISPLAY"), x11 = environment["XDG_SESSION_TYPE"] == "x11" || (!wayland && has("DISPLAY"))
        let known = desktop.bindings?.version
        if names.contains("phosh") { return .success(phoc(run: run)) }
        if names.contains("sway") || has("SWAYSOCK") && !x11 {
            let version = desktop.preset == .sway ? known : nil
            return .success(TouchCompositor(kind: .sway, version: version ?? swayVersion(environment: environment), source: "sway's IPC"))
        }
        if names.contains("hyprland") || has("HYPRLAND_INSTANCE_SIGNATURE") { return .success(hyprland(run: run)) }
        if x11 || names.contains("i3") {
            return .success(TouchCompositor(kind: .xorg, version: nil, source: "X.Org's libinput driver"))
        }
        if names.contains(where: { $0.hasPrefix("gnome") }) {
            if let version = (desktop.preset == .gnome ? known : nil) ?? GnomeBindings.version(run: run) {
                return .success(TouchCompositor(kind: .mutter, version: version, source: "gnome-shell --version"))
            }
            // mutter alone (a GNOME session's compositor without its shell, as in a test): its own word.
            let line = run(["mutter", "--version"]).flatMap { $0.status == 0 ? $0.output.split(separator: "\n").first : nil }
            return .success(TouchCompositor(kind: .mutter, version: line.map(String.init), source: "mutter --version"))
        }
        if names.contains("kde") {
            let version = desktop.preset == .kde ? known : nil
            return .success(TouchCompositor(kind: .kwin, version: version ?? KWinBindings.version(run: run),
                                            source: "KWin's support information"))
        }
        guard !names.isEmpty || wayland else { return nil }
        let session = names.isEmpty ? "a Wayland session (WAYLAND_DISPLAY) naming no desktop" : "XDG_CURRENT_DESKTOP=\(environment["XDG_CURRENT_DESKTOP"] ?? "")"
        return .failure(Unknown(session: session))
    }

    /// A session whose compositor is not one whose touch cancel is known.
    ///
    /// ```swift
    /// if case .failure(let unknown)? = TouchCompositor.detect(environment: environment, desktop: desktop) {
    ///     print(unknown.session)   // "XDG_CURRENT_DESKTOP=labwc:wlroots"
    /// }
    /// ```
    public struct Unknown: Error, Hashable, Sendable {
        /// How the session names itself.
        public var session: String
    }

    /// The running sway's version over its IPC (`GET_VERSION`): `sway 1.7`.
    static func swayVersion(environment: [String: String]) -> String? {
        guard let path = environment["SWAYSOCK"], !path.isEmpty else { return nil }
        do throws(FocusError) {
            return try TilingBindings.version(over: UnixStream(path: path)).map { "sway \($0)" }
        } catch {
            return nil
        }
    }

    /// phoc as `phoc --version` says it (`Phoc 0.24.0 - Phone compositor`): `phoc 0.24.0`.
    static func phoc(run: ProgramRunner.Run) -> TouchCompositor {
        let result = run(["phoc", "--version"])
        let line = result.flatMap { $0.status == 0 ? $0.output.split(separator: "\n").first : nil }
        let number = line?.split(separator: " ").first { $0.first?.isNumber == true }
        return TouchCompositor(kind: .phoc, version: number.map { "phoc \($0)" }, source: "phoc --version")
    }

    /// Hyprland as `hyprctl version -j` says it (its `tag`, `v0.41.2`): `Hyprland 0.41.2`.
    static func hyprland(run: ProgramRunner.Run) -> TouchCompositor {
        let result = run(["hyprctl", "version", "-j"])
        let answer = result.flatMap { $0.status == 0 ? try? JSONSerialization.jsonObject(with: Data($0.output.utf8)) as? [String: Any] : nil }
        let tag = (answer?["tag"] as? String).map { $0.hasPrefix("v") ? String($0.dropFirst()) : $0 }
        return TouchCompositor(kind: .hyprland, version: tag.map { "Hyprland \($0)" }, source: "hyprctl version")
    }
}

extension ClaimedTouchEndChoice {
    /// How claimed touches end in the session `environment` describes
    /// (``TouchCompositor/detect(environment:desktop:)``): outside any
    /// session, `ClaimedTouchEndChoice.builtIn`.
    ///
    /// ```swift
    /// let environment = ProcessInfo.processInfo.environment
    /// let choice = ClaimedTouchEndChoice.detect(environment: environment, desktop: .detect(environment: environment))
    /// print("a claimed touch is", choice)   // "lifted once at rest: sway 1.7 (from sway's IPC) drops the cancel (…)"
    /// ```
    public static func detect(environment: [String: String], desktop: DesktopPresetChoice) -> ClaimedTouchEndChoice {
        decide(TouchCompositor.detect(environment: environment, desktop: desktop))
    }

    /// The way for what detection found.
    static func decide(_ found: Result<TouchCompositor, TouchCompositor.Unknown>?) -> ClaimedTouchEndChoice {
        switch found {
        case .success(let compositor)?: .for(compositor)
        case .failure(let unknown)?: .unknown(unknown.session)
        case nil: .builtIn
        }
    }
}
