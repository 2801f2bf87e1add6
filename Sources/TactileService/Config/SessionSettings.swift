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
}
