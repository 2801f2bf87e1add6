// What a config is read against: the session's keyboard layout and desktop.

/// What a config's keys and desktop actions are resolved against: the
/// session's keyboard layout and its desktop, and how its compositor lets
/// a claimed touch end. A config's `[keyboard]`, `[desktop]` and `[devices]`
/// `claimed-touch-end` override each.
///
/// ```swift
/// let session = SessionSettings.detect(session: DetectedSession(SessionEnvironment(ProcessInfo.processInfo.environment)))
/// let result = ConfigLoader.load(path: path, session: session)
/// ```
public struct SessionSettings: Hashable, Sendable {
    /// The layout key chords are typed on.
    public var keyboard: KeyboardLayoutChoice
    /// The desktop whose defaults desktop actions use.
    public var desktop: DesktopPresetChoice
    /// How claimed touches end for the apps, from what the session's compositor does with libinput's touch cancel.
    public var claimedTouchEnd: ClaimedTouchEndChoice

    /// A session of this layout and desktop, whose claimed touches end as `claimedTouchEnd` says.
    public init(keyboard: KeyboardLayoutChoice, desktop: DesktopPresetChoice, claimedTouchEnd: ClaimedTouchEndChoice = .builtIn) {
        self.keyboard = keyboard
        self.desktop = desktop
        self.claimedTouchEnd = claimedTouchEnd
    }

    /// A US layout and GNOME's defaults: what a config read outside any
    /// session gets, so that a test or a check reads the same everywhere.
    public static let builtIn = SessionSettings(keyboard: .builtIn, desktop: .builtIn)
}
