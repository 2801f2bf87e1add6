// The doctor's claimed-touch line: how a touch the service takes after the app saw it ends on this desktop.
import TactileService
import Tactile

extension Doctor {
    /// The claimed-touch line: the compositor found running, its version as
    /// it says it, and whether a claimed touch is cancelled or lifted there
    /// (``ClaimedTouchEndChoice``); the config's `claimed-touch-end`
    /// overrides. A config that asks for a cancel the compositor drops is a
    /// problem: the apps would keep those fingers down.
    func claimedTouchCheck(configured: ClaimedTouchEnd?, configPath: String?) -> DoctorCheck {
        let name = "claimed touches"
        let found = detected.compositor(desktop: session.desktop, run: system.run)
        let detected = ClaimedTouchEndChoice.decide(found)
        guard let configured, let path = configPath else {
            return DoctorCheck(name: name, status: .ok, summary: TextFormat.visible(detected.description))
        }
        let choice = ClaimedTouchEndChoice.configured(configured, file: path)
        if configured == .cancel, detected.end == .lift, case .success(let compositor)? = found, compositor.forwardsCancel == false {
            return DoctorCheck(name: name, status: .problem, summary: TextFormat.visible(choice.description),
                               details: [TextFormat.visible("the compositor: " + detected.reason)],
                               fix: "remove claimed-touch-end from \(TextFormat.visible(path)) (or set it to \"auto\"): the apps keep a cancelled finger down here")
        }
        return DoctorCheck(name: name, status: .ok, summary: TextFormat.visible(choice.description),
                           details: [TextFormat.visible("without it: " + detected.description)])
    }
}
