// The session a config is read against, as the running system has it: its keyboard layout and its desktop's own bindings.
import TactileService

extension SessionSettings {
    /// The settings of `session` (``KeyboardLayoutChoice/detect(session:root:readFile:)``,
    /// `DesktopPresetChoice.detect`), with the running
    /// desktop's own bindings read from it (``DesktopBindings``) and the way
    /// its compositor lets a claimed touch end (``ClaimedTouchEndChoice/detect(session:desktop:)``): this runs
    /// the desktop's programs, so it is never called on the input path.
    /// With no `XDG_CURRENT_DESKTOP` there is no desktop to ask (a test, a
    /// check run outside any session): GNOME's remembered defaults apply,
    /// the same on every machine.
    ///
    /// ```swift
    /// let settings = SessionSettings.detect(session: DetectedSession(SessionEnvironment(ProcessInfo.processInfo.environment)))
    /// ```
    public static func detect(session: DetectedSession) -> SessionSettings {
        var desktop = session.preset
        if session.environment.currentDesktop != nil {
            desktop = desktop.readingBindings(session: session)
        } else {
            desktop.bindingsNote = "no \(SessionEnvironment.currentDesktopVariable): no running desktop to ask"
        }
        return SessionSettings(keyboard: .detect(session: session), desktop: desktop,
                               claimedTouchEnd: .detect(session: session, desktop: desktop))
    }
}
