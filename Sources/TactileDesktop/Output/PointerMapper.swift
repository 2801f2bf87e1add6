// Puts the virtual pointer on the touchscreen's output, the session's way, on a thread of its own.
import TactileService
import Foundation
import Synchronization
import Tactile
import TactileEvdev

/// What mapping the pointer came to: where clicks are placed, and what to say.
struct PointerMappingOutcome: Equatable, Sendable {
    /// Where the touchscreen's output lies on the pointer's range.
    var mapping: OutputMapping
    /// Lines for the service's log, each a note or a problem as it was made.
    var lines: [ServiceLogLine]

    /// The lines' text.
    var log: [String] { lines.map(\.text) }

    /// An outcome placing clicks by `mapping` and saying `lines`.
    init(mapping: OutputMapping, lines: [ServiceLogLine]) {
        self.mapping = mapping
        self.lines = lines
    }

    /// An outcome saying `log`, notes all (what a test expects to be said).
    init(mapping: OutputMapping, log: [String]) {
        self.init(mapping: mapping, lines: log.map(ServiceLogLine.note))
    }

    /// The same clicks and the same words: a line's severity is fixed where it
    /// is made, so it is not compared.
    static func == (lhs: PointerMappingOutcome, rhs: PointerMappingOutcome) -> Bool {
        lhs.mapping == rhs.mapping && lhs.log == rhs.log
    }
}

/// Makes clicks land on the touchscreen's output, once the virtual pointer
/// is made, without the input loop waiting: a thread of its own asks the
/// session, and ``mapping`` is read at each click.
///
/// - **sway**: the pointer is mapped to the output (`SwayPointerMapping`, over the IPC socket);
/// - elsewhere the compositor spans the pointer over its whole layout, so the
///   layout is read and clicks are placed on the output by ``OutputMapping``:
///   **Hyprland** from `j/monitors` on its request socket, **GNOME** from
///   mutter's `DisplayConfig.GetCurrentState` (through `busctl`), **KDE
///   Plasma** from `kscreen-doctor -j`, other **wlroots** compositors (labwc)
///   from `wlr-randr --json`, **X11** from RandR's monitors.
///
/// ```swift
/// if let mapper = PointerMapper.start(environment: environment, pointerName: "Panel pointer (Tactile)",
///                                     configured: config.devices.output) {
///     device.pointerMapping = { mapper.mapping }
/// }
/// ```
package final class PointerMapper: ServiceLogSource, Sendable {
    private let state = Mutex(State())
    /// Signalled when the session has answered (the lines are there to collect).
    private let news: Wakeup?

    private struct State {
        var mapping = OutputMapping.identity
        var log: [ServiceLogLine] = []
        var done = false
    }

    /// Where clicks are placed now (the identity until the session answered).
    public var mapping: OutputMapping { state.withLock { $0.mapping } }
    /// Whether the session has answered (or could not be asked).
    public var isDone: Bool { state.withLock { $0.done } }

    init(news: Wakeup? = nil) { self.news = news }

    /// The lines to log since the last call, each with its severity (a
    /// desktop that cannot be asked, or refuses, is a problem).
    public func collectLines() -> [ServiceLogLine] {
        state.withLock { state in
            defer { state.log = [] }
            return state.log
        }
    }

    func finish(_ outcome: PointerMappingOutcome) {
        state.withLock { $0.mapping = outcome.mapping; $0.log += outcome.lines; $0.done = true }
        news?.signal()
    }

    /// Starts mapping the pointer named `pointerName` in the session of
    /// `environment`, to the output `configured` names or the one the
    /// desktop marks as likely (its built-in display, its primary monitor). Nil when there is no
    /// graphical session to ask (a console, a kiosk without a compositor).
    /// Unless `changesDesktop`, the session is only read, never told
    /// anything: a dry run leaves the compositor's settings as they are.
    /// `news` is signalled when it is done (its lines are there to collect).
    public static func start(environment: [String: String], pointerName: String, configured: String?,
                             changesDesktop: Bool = true, news: Wakeup? = nil) -> PointerMapper? {
        guard let work = route(environment: environment, pointerName: pointerName, configured: configured,
                               changesDesktop: changesDesktop) else { return nil }
        let mapper = PointerMapper(news: news)
        let thread = Thread { mapper.finish(work()) }
        thread.name = "tactile.pointer"
        thread.start()
        return mapper
    }

    /// How the session of `environment` is asked, in this order: sway's
    /// socket, Hyprland's, then by the desktop of a Wayland session (mutter,
    /// KWin, any other wlroots compositor through `wlr-randr`), then an X11
    /// display (RandR), whatever the desktop on it.
    static func route(environment: [String: String], pointerName: String, configured: String?,
                      changesDesktop: Bool = true) -> (@Sendable () -> PointerMappingOutcome)? {
        func value(_ key: String) -> String? { environment[key].flatMap { $0.isEmpty ? nil : $0 } }
        let identity = VirtualDeviceLayout.identity
        if let path = value("SWAYSOCK") {
            return {
                SwayPointerMapping(socketPath: path).map(pointerName: pointerName, vendor: identity.vendor, product: identity.product,
                                                         configured: configured, apply: changesDesktop)
            }
        }
        if let signature = value("HYPRLAND_INSTANCE_SIGNATURE"), !signature.contains("/") {
            let directory = HyprlandFocusSource.directory(signature: signature, runtimeDirectory: value("XDG_RUNTIME_DIR"))
            return { HyprlandPointerMapping(directory: directory).map(configured: configured) }
        }
        let desktop = (value("XDG_CURRENT_DESKTOP") ?? "").uppercased()
        if value("WAYLAND_DISPLAY") != nil {
            if desktop.contains("GNOME") { return { MutterPointerMapping(environment: environment).map(configured: configured) } }
            if desktop.contains("KDE") { return { KScreenPointerMapping(environment: environment).map(configured: configured) } }
            return { WlrRandrPointerMapping(environment: environment).map(configured: configured) }
        }
        if let display = value("DISPLAY") {
            return { X11PointerMapping(display: display).map(configured: configured) }
        }
        return nil
    }
}
