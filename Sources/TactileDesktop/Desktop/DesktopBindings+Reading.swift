// Asking the running desktop what it binds: GNOME's gsettings, KWin's kglobalaccel, sway's and i3's config.
import TactileService

extension DesktopBindings {
    /// Reads what the desktop of `preset` binds, in the session of
    /// `environment`; why not when this desktop cannot be asked (it is not
    /// running here, or has no way to tell: Hyprland, labwc, X11 desktops),
    /// and the remembered defaults apply.
    public static func read(_ preset: DesktopPreset, environment: [String: String]) -> Result<DesktopBindings, Unread> {
        switch preset {
        case .gnome: GnomeBindings(environment: environment).read()
        case .kde: KWinBindings(environment: environment).read()
        case .sway, .i3: TilingBindings(preset: preset, environment: environment).read()
        case .hyprland, .wlroots, .x11: .failure(Unread("\(preset.rawValue)'s bindings are not read: its defaults are remembered"))
        case .none: .failure(Unread("no desktop actions"))
        }
    }

    /// Why a desktop's bindings were not read.
    public struct Unread: Error, Hashable, Sendable, CustomStringConvertible {
        /// What went wrong.
        public var description: String
        init(_ description: String) { self.description = description }
    }
}

extension DesktopPresetChoice {
    /// This choice with the running desktop's bindings read from the session
    /// of `environment` (``DesktopBindings/read(_:environment:)``), or a note of why not.
    public func readingBindings(environment: [String: String]) -> DesktopPresetChoice {
        var choice = self
        switch DesktopBindings.read(preset, environment: environment) {
        case .success(let bindings): choice.bindings = bindings
        case .failure(let note): choice.bindingsNote = note.description
        }
        return choice
    }
}
