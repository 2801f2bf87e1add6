// The session detected once: which known desktop answers each route, in the registration's one order.
import TactileService

/// The desktop session, detected once from its `SessionEnvironment` (at
/// the service's start, in the doctor) and handed to everything that
/// needs it: each route (the focused app, the outputs, the pointer's
/// mapping, the compositor and so the way a claimed touch ends, the
/// keyboard layout, the bindings, the startup route) is answered by the
/// first desktop Tactile knows (`KnownDesktops.all`, in its order) that
/// offers it in this session.
///
/// ```swift
/// let session = DetectedSession(SessionEnvironment(ProcessInfo.processInfo.environment))
/// session.preset.preset     // .sway
/// session.focusRoute?.name  // "sway IPC at /run/user/1000/sway-ipc.sock"
/// ```
public struct DetectedSession: Sendable {
    /// The environment it was detected from.
    public let environment: SessionEnvironment
    /// The desktops asked, in order.
    let desktops: [any KnownDesktop]

    /// The session `environment` describes.
    public init(_ environment: SessionEnvironment) {
        self.init(environment, desktops: KnownDesktops.all)
    }

    init(_ environment: SessionEnvironment, desktops: [any KnownDesktop]) {
        self.environment = environment
        self.desktops = desktops
    }

    /// The first desktop's answer, in the registration's order.
    func first<Answer>(_ answer: (any KnownDesktop) -> Answer?) -> Answer? {
        for desktop in desktops {
            if let found = answer(desktop) { return found }
        }
        return nil
    }

    /// The preset of desktop actions the session names (`DesktopPresetChoice.detect(environment:)`).
    public var preset: DesktopPresetChoice { .detect(environment: environment) }

    /// Which known desktop the session runs: the one whose preset it names.
    var desktop: (any KnownDesktop)? { desktops.first { $0.preset == preset.preset } }

    /// How the focused app is followed here.
    var focusRoute: FocusRoute? { first { $0.focus(in: environment) } }

    /// How the outputs are read and followed here.
    var outputsRoute: OutputFollower.Route? { first { $0.outputs(in: environment) } }

    /// How the desktop maps the virtual pointer itself, when it does.
    func pointerMapping(_ pointer: PointerRequest) -> (@Sendable () -> PointerMappingOutcome)? {
        first { $0.pointerMapping(in: environment, pointer: pointer) }
    }

    /// The compositor, its version asked through `run`; `.failure` names a
    /// session whose compositor no desktop knows, nil means no session at all.
    func compositor(desktop: DesktopPresetChoice, run: ProgramRunner.Run) -> Result<TouchCompositor, TouchCompositor.Unknown>? {
        if let found = first({ $0.compositor(in: environment, desktop: desktop, run: run) }) { return .success(found) }
        guard environment.desktopNames.isEmpty else {
            return .failure(.init(session: "\(SessionEnvironment.currentDesktopVariable)=\(environment.currentDesktop ?? "")"))
        }
        return environment.waylandDisplay == nil ? nil : .failure(.init(session: "a Wayland session (WAYLAND_DISPLAY) naming no desktop"))
    }

    /// The startup routes of every known desktop (``SessionRoute/all``).
    static var startupRoutes: [SessionRoute] { KnownDesktops.all.flatMap(\.startupRoutes) }
}
