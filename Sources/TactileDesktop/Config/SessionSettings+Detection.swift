// The session a config is read against, as the running system has it: its keyboard layout and its desktop's own bindings.
import TactileService

extension SessionSettings {
    /// The session `environment` describes (``KeyboardLayoutChoice/detect(environment:root:readFile:)``,
    /// `DesktopPresetChoice.detect`), with the running
    /// desktop's own bindings read from it (``DesktopBindings``) and the way
    /// its compositor lets a claimed touch end (``ClaimedTouchEndChoice/detect(environment:desktop:)``): this runs
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
        return SessionSettings(keyboard: .detect(environment: environment), desktop: desktop,
                               claimedTouchEnd: .detect(environment: environment, desktop: desktop))
    }
}
