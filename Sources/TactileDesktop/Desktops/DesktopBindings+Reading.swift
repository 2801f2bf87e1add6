// Asking the running desktop what it binds, through the known desktop whose preset it is.
import TactileService

extension DesktopBindings {
    /// Reads what the desktop of `preset` binds, in `session`, through the
    /// known desktop whose preset it is; why not
    /// when this desktop cannot be asked (it is not running here, or has no
    /// way to tell: Hyprland, labwc, X11 desktops), and the remembered defaults apply.
    ///
    /// ```swift
    /// let bindings = try DesktopBindings.read(.sway, session: session).get()
    /// ```
    public static func read(_ preset: DesktopPreset, session: DetectedSession) -> Result<DesktopBindings, Unread> {
        if let read = session.desktops.first(where: { $0.preset == preset })?.bindings(in: session.environment) { return read }
        return .failure(Unread(preset == .none ? "no desktop actions" : "\(preset.rawValue)'s bindings are not read: its defaults are remembered"))
    }

    /// Why a desktop's bindings were not read.
    public struct Unread: Error, Hashable, Sendable, CustomStringConvertible {
        /// What went wrong.
        public var description: String
        init(_ description: String) { self.description = description }
    }
}

extension DesktopPresetChoice {
    /// This choice with the running desktop's bindings read from `session`
    /// (``DesktopBindings/read(_:session:)``), or a note of why not.
    ///
    /// ```swift
    /// let choice = session.preset.readingBindings(session: session)
    /// ```
    public func readingBindings(session: DetectedSession) -> DesktopPresetChoice {
        var choice = self
        switch DesktopBindings.read(preset, session: session) {
        case .success(let bindings): choice.bindings = bindings
        case .failure(let note): choice.bindingsNote = note.description
        }
        return choice
    }
}
