// The doctor's keyboard layout line: the hook where key resolution through the layout will report; for now it reads the layout.
import Tactile

extension Doctor {
    /// The keyboard layout line.
    ///
    /// The hook for the layout work: once key names are resolved through
    /// the session's layout (libxkbcommon), this is where the doctor says
    /// which layout the chords were resolved against and whether every
    /// chord of the config resolves. For now it only reports the system's
    /// layout (``DoctorLayout/read(_:)``) and never blocks the service.
    func layoutCheck() -> DoctorCheck {
        var details: [String] = []
        if let session = system.environment["XKB_DEFAULT_LAYOUT"], !session.isEmpty {
            details.append("XKB_DEFAULT_LAYOUT=\(TextFormat.visible(session)) in this session (wlroots compositors use it when their config sets none)")
        }
        details.append("the session may set its own (sway's xkb_layout, GNOME's input sources); key chords are sent as key codes")
        guard let layout = DoctorLayout.read(system) else {
            return DoctorCheck(name: "layout", status: .note,
                               summary: "no system keyboard layout found (localectl status, /etc/default/keyboard)", details: details)
        }
        return DoctorCheck(name: "layout", status: .ok,
                           summary: TextFormat.visible(layout.description) + ", from " + layout.source, details: details)
    }
}
