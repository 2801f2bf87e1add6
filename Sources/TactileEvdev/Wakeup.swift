// A wake-up any thread may send to a thread asleep in poll(2): an eventfd, the project's one.
import CLibevdev
import Tactile
#if canImport(Glibc)
import Glibc
#endif

/// Wakes a thread asleep in `poll(2)` from any thread: an `eventfd` that
/// ``signal()`` makes readable and ``drain()`` makes quiet again. A loop
/// puts ``descriptor`` in its wait, and when it is readable drains it and
/// then collects what the signalling threads queued (in that order, so
/// news queued after the drain wakes the next wait). Signals sent while
/// nobody waits add up to one wake-up. ``StopSignal`` is one that
/// is never drained.
///
/// ```swift
/// let news = Wakeup()
/// Thread.detachNewThread { queue.append(result); news.signal() }
/// var ready = pollfd(fd: news.descriptor, events: Int16(POLLIN), revents: 0)
/// _ = poll(&ready, 1, -1)   // asleep until the signal
/// news.drain()
/// for item in queue.take() { use(item) }
/// ```
package final class Wakeup: Sendable {
    /// Readable once signalled, until drained (`-1` when `eventfd` failed:
    /// a waiter must then look on its own now and then).
    package let descriptor: Int32

    /// A wake-up not signalled yet.
    package init() {
        descriptor = tactile_wake_eventfd()
    }

    deinit {
        if descriptor >= 0 { close(descriptor) }
    }

    /// Whether signals wake a wait (the `eventfd` exists).
    package var wakesWaits: Bool { descriptor >= 0 }

    /// Makes ``descriptor`` readable (safe from any thread, never blocks).
    package func signal() {
        guard descriptor >= 0 else { return }
        var one: UInt64 = 1
        _ = write(descriptor, &one, MemoryLayout<UInt64>.size)
    }

    /// Makes ``descriptor`` quiet again (never blocks: the `eventfd` is non-blocking).
    package func drain() {
        guard descriptor >= 0 else { return }
        var count: UInt64 = 0
        _ = read(descriptor, &count, MemoryLayout<UInt64>.size)
    }

    /// Sleeps until ``signal()`` or until `milliseconds` pass (`-1`: no limit);
    /// returns whether it was signalled (it is not drained: a stop stays raised).
    /// Without an `eventfd`, it sleeps `milliseconds` (at most 100 ms when unlimited).
    @discardableResult
    package func wait(milliseconds: Int32) -> Bool {
        let now = MonotonicClock.seconds()
        var deadline = milliseconds < 0 ? nil : now + Double(milliseconds) / 1000
        if descriptor < 0, deadline == nil { deadline = now + 0.1 }
        guard case .success(let ready) = PollLoop.wait([descriptor], until: deadline, stop: nil) else { return false }
        return descriptor >= 0 && ready.first.map { $0 != 0 } == true
    }
}
