// Puts the virtual pointer on the touchscreen's output, the session's way, on a thread of its own.
import Glibc
import Synchronization
import Tactile
import TactileEvdev
import TactileService

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

/// Maps the virtual pointer to the touchscreen's output under sway, once
/// it is made, without the input loop waiting: a thread of its own asks
/// sway (`SwayPointerMapping`, over the IPC socket), and ``mapping`` is read
/// at each click (the identity once sway maps the pointer; the maths over
/// the layout if sway refuses).
///
/// Elsewhere the compositor spans the pointer over its whole layout and
/// offers no way to map it: clicks are placed on the output by
/// ``OutputMapping`` over the layout an ``OutputFollower`` keeps
/// (**Hyprland** from `j/monitors` on its request socket, **GNOME** from
/// mutter's `DisplayConfig.GetCurrentState`, **KDE Plasma** from
/// `kscreen-doctor -j`, other **wlroots** compositors from `wlr-randr`,
/// **X11** from RandR's monitors), read again when the desktop changes it.
///
/// ```swift
/// if let mapper = PointerMapper.start(session: session, pointerName: "Panel pointer (Tactile)",
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

    /// Starts mapping the pointer named `pointerName` to the output
    /// `configured` names (or the only or first one), when `session`'s
    /// desktop maps it itself (sway). Nil elsewhere: there the clicks
    /// are placed over the layout. Unless `changesDesktop`, sway is only
    /// read, never told anything: a dry run leaves its settings as they are.
    /// `news` is signalled when it is done (its lines are there to collect).
    public static func start(session: DetectedSession, pointerName: String, configured: String?,
                             changesDesktop: Bool = true, news: Wakeup? = nil) -> PointerMapper? {
        let request = PointerRequest(name: pointerName, configured: configured, changesDesktop: changesDesktop)
        guard let work = session.pointerMapping(request) else { return nil }
        let mapper = PointerMapper(news: news)
        return DetachedThread.start(name: "tactile.pointer") { mapper.finish(work()) } ? mapper : nil
    }
}
