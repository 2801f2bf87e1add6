// libevdev's own messages: formatted, escaped and handed to the program's log instead of going raw to standard error.
import CLibevdev
import Synchronization
import Tactile
#if canImport(Glibc)
import Glibc
#endif

/// Where libevdev's own messages go.
///
/// libevdev writes what it finds wrong with a device (a doubled tracking id,
/// a slot out of range) to standard error with the device's name in it, as
/// the device gives it: a name holding `ESC ]0;…` would retitle the
/// terminal. Every device ``EvdevDevice`` opens, and every libevdev context
/// without a device (uinput), logs through here instead: each message is
/// formatted, made one line with `TextFormat.visible` (so `\x1b]0;…`, never
/// the byte), prefixed `libevdev: ` and handed to the process-wide
/// ``setHandler(_:)``. By default that writes the line to standard error; a program
/// with a log of its own routes it there (`tactile serve` into its log
/// queue, so that a message never waits for the terminal).
///
/// The handler is called on the thread that reads the device, in the middle
/// of a read: it must return quickly and must not read devices itself.
///
/// A device that floods libevdev's log (broken firmware releasing a slot
/// again and again) cannot fill the program's: each kind of message (its
/// format) gives at most one line a second (`LogRateLimit`). What was held
/// back is counted, and said with the next line of its kind, or when the
/// device is closed (``sayHeldBack()``).
///
/// ```swift
/// EvdevLog.setHandler { line in log.enqueue("tactile serve: " + line) }
/// // tactile serve: libevdev: BUG: Device "Evil\x1b]0;pwned\x07" received a double tracking ID -1 in slot 0.
/// ```
public enum EvdevLog {
    /// Where each message goes, as one escaped line without a line break.
    public typealias Handler = @Sendable (String) -> Void

    /// Sets where libevdev's messages go; `nil`: back to standard error.
    public static func setHandler(_ handler: Handler?) {
        installGlobal()
        storage.set(handler)
    }

    /// The line a libevdev message becomes: `libevdev: ` and the message, escaped, without its final line break.
    ///
    /// ```swift
    /// EvdevLog.line(for: "BUG: Device \"A\u{1b}]0;x\u{7}\" received a double tracking ID -1 in slot 0.\n")
    /// // libevdev: BUG: Device "A\x1b]0;x\x07" received a double tracking ID -1 in slot 0.
    /// ```
    public static func line(for message: String) -> String {
        var text = Substring(message)
        while let last = text.last, last == "\n" || last == "\r" { text = text.dropLast() }
        return "libevdev: " + TextFormat.visible(text)
    }

    /// Routes the messages of `handle` (before `libevdev_set_fd`, so that those of reading the device come too).
    static func install(on handle: OpaquePointer) {
        installGlobal()
        // The C callbacks are closure literals here, not stored in variables: a variable of libevdev's
        // function type (it takes a va_list) crashes the symbol graph extractor of Swift 6.3 (make docs).
        libevdev_set_device_log_function(handle, { _, _, _, _, _, _, format, arguments in
            EvdevLog.deliver(format: format, arguments: arguments)
        }, LIBEVDEV_LOG_INFO, nil)
    }

    /// Routes the messages of libevdev contexts without a device handler (uinput devices, for one), once.
    private static func installGlobal() {
        _ = globalInstalled
    }

    private static let globalInstalled: Void = {
        libevdev_set_log_function({ _, _, _, _, _, format, arguments in
            EvdevLog.deliver(format: format, arguments: arguments)
        }, nil)
    }()

    fileprivate static func deliver(format: UnsafePointer<CChar>?, arguments: CVaListPointer?) {
        guard let format, let arguments else { return }
        // Judged by its kind first: a flood's held-back messages are never formatted.
        let admitted = limit.withLock { $0.admit(kind: String(cString: format), now: MonotonicClock.seconds()) }
        guard admitted.writes else { return }
        let message = withUnsafeTemporaryAllocation(of: CChar.self, capacity: 1024) { buffer -> String in
            guard let base = buffer.baseAddress else { return "" }
            let count = vsnprintf(base, buffer.count, format, arguments)
            guard count >= 0 else { return "" }
            let length = min(Int(count), buffer.count - 1)
            return String(decoding: UnsafeRawBufferPointer(start: base, count: length), as: UTF8.self)
                + (Int(count) > length ? "…" : "")
        }
        guard !message.isEmpty else { return }
        var text = line(for: message)
        if admitted.heldBack > 0 { text += " (\(admitted.heldBack) more like it held back)" }
        write(text)
    }

    /// Says how many messages of each kind were held back since its last
    /// line (``EvdevDevice`` calls it as it closes), and forgets them.
    ///
    /// ```swift
    /// EvdevLog.sayHeldBack()
    /// // libevdev: 299 more messages like "BUG: Device \"%s\" received a double tracking ID %d in slot %d." held back
    /// ```
    public static func sayHeldBack() {
        let held = limit.withLock { $0.drain() }
        for (kind, count) in held {
            let format = kind.hasSuffix("\n") ? String(kind.dropLast()) : kind
            write(line(for: "\(count) more message\(count == 1 ? "" : "s") like \"\(format)\" held back"))
        }
    }

    private static let limit = Mutex(LogRateLimit())

    private static func write(_ line: String) {
        if let handler = storage.get() {
            handler(line)
        } else {
            let bytes = Array((line + "\n").utf8)
            _ = bytes.withUnsafeBytes { Glibc.write(STDERR_FILENO, $0.baseAddress, $0.count) }
        }
    }

    private static let storage = HandlerStorage()

    /// The handler, behind a lock: set from the main thread, read from whichever thread reads a device.
    private final class HandlerStorage: Sendable {
        private let handler = Mutex<Handler?>(nil)

        func set(_ new: Handler?) { handler.withLock { $0 = new } }

        func get() -> Handler? { handler.withLock { $0 } }
    }
}

