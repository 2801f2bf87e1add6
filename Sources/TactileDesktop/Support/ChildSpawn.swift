// What every child the service starts gets: no standard input, every signal at its default and none blocked.
import TactileService
#if canImport(Glibc)
import Glibc
#endif

/// The `posix_spawn` set-up shared by the service's children (a binding's
/// command, a program `tactile doctor` asks): standard input from
/// `/dev/null`, every signal at its default and none blocked. The service
/// ignores the signals it stops on (they reach it as events) and `SIGPIPE`;
/// a child inheriting that would not end at `SIGTERM`.
enum ChildSpawn {
    /// Calls `body` with file actions (standard input from `/dev/null`,
    /// for `body` to add to) and those attributes, destroyed after.
    static func withSetUp<T>(_ body: (inout posix_spawn_file_actions_t, inout posix_spawnattr_t) -> T) -> T {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var defaults = sigset_t(), mask = sigset_t()
        sigfillset(&defaults)
        sigemptyset(&mask)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setsigmask(&attributes, &mask)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
        return body(&actions, &attributes)
    }
}
