// The compositor that reads the touchscreen, as the detected session's desktops find it, and so how a claimed touch ends.
import TactileService

extension TouchCompositor {
    /// The compositor of `session` (``DetectedSession``: the first known
    /// desktop whose compositor runs there), its version asked of it
    /// (`desktop`'s bindings already hold it when they were read):
    /// `.failure` names a session whose compositor is none of
    /// `TouchCompositor.Kind`, nil means no session at all. This runs the desktop's
    /// programs, so it is never called on the input path.
    ///
    /// ```swift
    /// TouchCompositor.detect(session: DetectedSession(["XDG_CURRENT_DESKTOP": "sway", "SWAYSOCK": path]), desktop: choice)
    /// // .success(TouchCompositor(kind: .sway, version: "sway 1.7", source: "sway's IPC"))
    /// ```
    public static func detect(session: DetectedSession, desktop: DesktopPresetChoice) -> Result<TouchCompositor, Unknown>? {
        session.compositor(desktop: desktop, run: ProgramRunner.session(session.environment.variables))
    }

    /// A session whose compositor is not one whose touch cancel is known.
    ///
    /// ```swift
    /// if case .failure(let unknown)? = TouchCompositor.detect(session: session, desktop: desktop) {
    ///     print(unknown.session)   // "XDG_CURRENT_DESKTOP=labwc:wlroots"
    /// }
    /// ```
    public struct Unknown: Error, Hashable, Sendable {
        /// How the session names itself.
        public var session: String
    }
}

extension ClaimedTouchEndChoice {
    /// How claimed touches end in `session`
    /// (``TouchCompositor/detect(session:desktop:)``): outside any
    /// session, `ClaimedTouchEndChoice.builtIn`.
    ///
    /// ```swift
    /// let session = DetectedSession(SessionEnvironment(ProcessInfo.processInfo.environment))
    /// let choice = ClaimedTouchEndChoice.detect(session: session, desktop: session.preset)
    /// print("a claimed touch is", choice)   // "lifted once at rest: sway 1.7 (from sway's IPC) drops the cancel (…)"
    /// ```
    public static func detect(session: DetectedSession, desktop: DesktopPresetChoice) -> ClaimedTouchEndChoice {
        decide(TouchCompositor.detect(session: session, desktop: desktop))
    }

    /// The way for what detection found.
    static func decide(_ found: Result<TouchCompositor, TouchCompositor.Unknown>?) -> ClaimedTouchEndChoice {
        switch found {
        case .success(let compositor)?: .for(compositor)
        case .failure(let unknown)?: .unknown(unknown.session)
        case nil: .builtIn
        }
    }
}
