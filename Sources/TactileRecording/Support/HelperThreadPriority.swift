// A replay's helper threads give way to the thread that recognizes.
#if canImport(Glibc)
import Glibc
#endif

/// The priority of a replay's helper threads (reading ahead, writing the
/// output), which only have to keep up with the thread that recognizes.
/// Where there are fewer free cores than busy threads, the scheduler
/// shares the cores fairly, and each wake-up of a helper can take the
/// recognizing thread's core for a while. A helper at a lower priority (a
/// higher nice value) still runs whenever a core is free, but gives way to
/// the recognizer.
package enum HelperThreadPriority {
    /// How much nicer than the process a helper runs.
    package static let niceIncrement: Int32 = 10

    /// Lowers the calling thread's priority by ``niceIncrement``. On Linux
    /// the nice value belongs to each thread, and `PRIO_PROCESS` with 0 is
    /// the calling thread (setpriority(2), "Bugs"); lowering one's own
    /// needs no privilege. A failure changes nothing but the speed, so it is ignored.
    package static func lowerCurrentThread() {
        #if os(Linux)
        let which = __priority_which_t(PRIO_PROCESS.rawValue)
        errno = 0
        let current = getpriority(which, 0)
        guard errno == 0 else { return }
        _ = setpriority(which, 0, min(current + niceIncrement, 19))
        #endif
    }
}
