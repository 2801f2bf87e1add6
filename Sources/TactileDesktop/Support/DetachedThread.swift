// The service's helper threads (focus, outputs, pointer, log): started detached, named, without Foundation.
import Glibc

/// Starts the service's helper threads: each detached (nobody joins it), with
/// a name `top -H` and `/proc/PID/task/*/comm` show, running one closure.
///
/// ```swift
/// DetachedThread.start(name: "tactile.focus") { follow() }   // false: no thread could be made
/// ```
enum DetachedThread {
    /// Runs `body` on a new detached thread named `name` (cut to the 15 bytes
    /// the kernel keeps); false, and `body` never runs, when no thread could be made.
    @discardableResult
    static func start(name: String, _ body: @escaping @Sendable () -> Void) -> Bool {
        let context = Unmanaged.passRetained(Work(name: name, body: body)).toOpaque()
        var thread = pthread_t()
        if pthread_create(&thread, nil, entry, context) != 0 {
            Unmanaged<Work>.fromOpaque(context).release()
            return false
        }
        pthread_detach(thread)
        return true
    }

    /// Where each thread starts: names itself, then runs its work (and lets it go).
    private static let entry: @convention(c) (UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? = { context in
        guard let context else { return nil }
        let work = Unmanaged<Work>.fromOpaque(context).takeRetainedValue()
        nameThread(work.name)
        work.body()
        return nil
    }

    /// Names the calling thread, as `pthread_setname_np` would (which Swift's
    /// Glibc module does not declare): through `/proc/thread-self/comm`.
    private static func nameThread(_ name: String) {
        let descriptor = open("/proc/thread-self/comm", O_WRONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        defer { close(descriptor) }
        let bytes = Array(name.utf8.prefix(15))
        _ = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
    }

    /// What a thread runs, passed through `pthread_create`'s one pointer.
    private final class Work: Sendable {
        let name: String
        let body: @Sendable () -> Void
        init(name: String, body: @escaping @Sendable () -> Void) {
            self.name = name
            self.body = body
        }
    }
}
