// phosh: phoc reads the touchscreen; the rest is wlroots' and GNOME's.
import TactileService

/// phosh (`XDG_CURRENT_DESKTOP=Phosh:GNOME`), whose compositor phoc is
/// asked first: the GNOME it also names runs no GNOME Shell. Its focus
/// and outputs are wlroots' and GNOME's (the next desktops asked).
///
/// ```swift
/// PhoshDesktop().compositor(in: ["XDG_CURRENT_DESKTOP": "Phosh:GNOME"], desktop: .builtIn) { _ in nil }?.kind   // .phoc
/// ```
struct PhoshDesktop: KnownDesktop {
    let name = "phosh"

    func compositor(in session: SessionEnvironment, desktop: DesktopPresetChoice, run: ProgramRunner.Run) -> TouchCompositor? {
        guard session.lowercasedDesktopNames.contains("phosh") else { return nil }
        // `phoc --version` says `Phoc 0.24.0 - Phone compositor`: `phoc 0.24.0`.
        let result = run(["phoc", "--version"])
        let line = result.flatMap { $0.status == 0 ? $0.output.split(separator: "\n").first : nil }
        let number = line?.split(separator: " ").first { $0.first?.isNumber == true }
        return TouchCompositor(kind: .phoc, version: number.map { "phoc \($0)" }, source: "phoc --version")
    }
}
