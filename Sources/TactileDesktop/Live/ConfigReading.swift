// Reading a config off the input loop: one read at a time on a queue of its own, the result taken when it is there.
import TactileService
import TactileEvdev
import Dispatch
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// Reads and checks the service's config on a queue of its own, so that
/// the input loop never waits on a disk (a home directory on a stalled
/// network file system) nor on parsing a large file: the loop
/// ``start(configPath:environment:)``s a read and ``take()``s its outcome on
/// a later turn: the one its `news` wakes when the outcome is there.
///
/// ```swift
/// let reading = ConfigReading(news: news)
/// reading.start(configPath: nil, environment: environment)
/// // … later turns of the loop:
/// if let outcome = reading.take() { apply(outcome) }
/// ```
final class ConfigReading: Sendable {
    /// What a read found.
    enum Outcome: Sendable {
        /// No config is there now (`path`: the one that was looked for, when named).
        case missing
        /// The file changed while it was read: what was read may be half of it.
        case changedWhileRead
        /// The file at `path`, loaded (a config, or the diagnostics that refuse it).
        case loaded(path: String, result: ConfigLoadResult)
    }

    private struct State {
        var reading = false
        var outcome: Outcome?
    }

    private let state = Mutex(State())
    private let queue = DispatchQueue(label: "tactile.config")
    /// Signalled when a read's outcome is there to take.
    private let news: Wakeup?

    /// A reading that signals `news` when each read is done.
    init(news: Wakeup? = nil) {
        self.news = news
    }

    /// Whether a read is under way (its outcome not taken yet).
    var isReading: Bool { state.withLock { $0.reading } }

    /// Starts reading the config named (`configPath`), or the first of the
    /// search paths in `environment` there now, against `session`. Does nothing while a read is
    /// under way (its outcome is still to come).
    func start(configPath: String?, environment: [String: String], session: DetectedSession) {
        let started = state.withLock { state -> Bool in
            guard !state.reading else { return false }
            state.reading = true
            state.outcome = nil
            return true
        }
        guard started else { return }
        queue.async {
            let outcome = Self.read(configPath: configPath, environment: environment, session: session)
            self.state.withLock { $0.outcome = outcome }
            self.news?.signal()
        }
    }

    /// The outcome of the read under way, once it is there (then the next read may start).
    func take() -> Outcome? {
        state.withLock { state in
            guard let outcome = state.outcome else { return nil }
            state.outcome = nil
            state.reading = false
            return outcome
        }
    }

    private static func read(configPath: String?, environment: [String: String], session: DetectedSession) -> Outcome {
        let exists: (String) -> Bool = { access($0, F_OK) == 0 }
        guard let path = configPath ?? ConfigLoader.locate(environment: environment, fileExists: exists), exists(path) else {
            return .missing
        }
        let before = FileSnapshot(of: path)
        let result = ConfigLoader.load(path: path, session: SessionSettings.detect(session: session))
        guard before != nil, FileSnapshot(of: path) == before else { return .changedWhileRead }
        return .loaded(path: path, result: result)
    }
}
