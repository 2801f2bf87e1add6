// What a config is read against: the session's keyboard layout and desktop.

/// What a config's keys and desktop actions are resolved against: the
/// session's keyboard layout and its desktop. A config's `[keyboard]` and
/// `[desktop]` tables override either.
///
/// ```swift
/// let session = SessionSettings.detect(environment: ProcessInfo.processInfo.environment)
/// let result = ConfigLoader.load(path: path, session: session)
/// ```
public struct SessionSettings: Hashable, Sendable {
    /// The layout key chords are typed on.
    public var keyboard: KeyboardLayoutChoice
    /// The desktop whose defaults desktop actions use.
    public var desktop: DesktopPresetChoice

    /// A session of this layout and desktop.
    public init(keyboard: KeyboardLayoutChoice, desktop: DesktopPresetChoice) {
        self.keyboard = keyboard
        self.desktop = desktop
    }

    /// A US layout and GNOME's defaults: what a config read outside any
    /// session gets, so that a test or a check reads the same everywhere.
    public static let builtIn = SessionSettings(keyboard: .builtIn, desktop: .builtIn)

    /// The session `environment` describes (``KeyboardLayoutChoice/detect(environment:root:readFile:)``,
    /// ``DesktopPresetChoice/detect(environment:)``), with the running
    /// desktop's own bindings read from it (``DesktopBindings``): this runs
    /// the desktop's programs, so it is never called on the input path.
    /// With no `XDG_CURRENT_DESKTOP` there is no desktop to ask (a test, a
    /// check run outside any session): GNOME's remembered defaults apply,
    /// the same on every machine.
    public static func detect(environment: [String: String]) -> SessionSettings {
        var desktop = DesktopPresetChoice.detect(environment: environment)
        if let named = environment["XDG_CURRENT_DESKTOP"], !named.isEmpty {
            desktop = desktop.readingBindings(environment: environment)
        } else {
            desktop.bindingsNote = "no XDG_CURRENT_DESKTOP: no running desktop to ask"
        }
        return SessionSettings(keyboard: .detect(environment: environment), desktop: desktop)
    }
}
