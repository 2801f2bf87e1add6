// An evdev device opened through libevdev: its description and its events, with SYN_DROPPED recovery.
import CLibevdev
import Dispatch
import Tactile
#if canImport(Glibc)
import Glibc
#endif

/// An evdev device opened through libevdev: its description, and its events
/// read with `SYN_DROPPED` recovery.
///
/// Reading is non-blocking underneath: ``nextEvent()`` returns at once, and
/// `poll(timeout:)` (or ``fileDescriptor`` in your own poll loop) waits for
/// more. ``readEvents(idleTimeout:_:)`` combines both into a read loop.
///
/// When the kernel's buffer overflowed, the stream continues with
/// `SYN_DROPPED`, a synthetic `SYN_REPORT` (so that `TouchAssembler` closes
/// the discarded frame and cancels the touches in flight), then one frame that
/// holds libevdev's full resynchronised state (every slot, the position axes,
/// the touch and tool keys) closed by `SYN_REPORT`, which restores every
/// finger still down. Event times use `CLOCK_MONOTONIC` when the kernel
/// accepts it (see ``usesMonotonicClock``).
///
/// ## Protocol A
/// A device that speaks multitouch protocol A (`SYN_MT_REPORT`, no slots:
/// `DeviceDescription/usesProtocolA`) is read through a
/// `ProtocolAConverter`, as libinput reads it through mtdev: ``nextEvent()``
/// hands out protocol B, a whole frame at a time when its `SYN_REPORT`
/// arrives, and ``description`` is the protocol-B device that stream belongs
/// to (10 slots). ``kernelDescription`` keeps what the kernel announces.
///
/// ## Going away
/// When the device is unplugged (or its driver unbound), the kernel makes
/// `poll` report `POLLHUP`/`POLLERR` and `read` fail with `ENODEV`:
/// `poll(timeout:)` then returns ``PollResult/hangup`` and ``nextEvent()``
/// ``ReadResult/endOfStream``. A descriptor that hangs up without `ENODEV`
/// (end of file, as a umockdev testbed's node does when unplugged) is a
/// hang-up too, whether a wait or a read meets it first. As a fallback for
/// nodes that never hang up (a umockdev testbed's device removed without
/// closing its node), `poll(timeout:)` also reports a hang-up when, while
/// no event arrives, the node's path no longer exists or names another file
/// than the one opened (checked at most every ``nodeCheckInterval`` seconds).
///
/// The device is not thread-safe: use it from one thread or task.
///
/// ```swift
/// let device = try EvdevDevice(path: "/dev/input/event5", options: .init(requireTouch: true))
/// print(device.description.name, device.description.kind)
/// while case .event(let event) = try device.nextEvent() { pipeline.process(event) }
/// ```
public final class EvdevDevice {
    /// How to open a device.
    public struct OpenOptions: Sendable, Hashable {
        /// Fail with ``EvdevError/noTouchCapability(path:name:)`` unless the
        /// device reports touch positions (a touchpad or touchscreen).
        public var requireTouch: Bool
        /// Take an exclusive grab (`EVIOCGRAB`), so that no other program sees
        /// the events while the device is open. Released by ``ungrab()`` or when
        /// the device is deallocated.
        public var grab: Bool

        /// Options; by default neither touch is required nor the device grabbed.
        public init(requireTouch: Bool = false, grab: Bool = false) {
            self.requireTouch = requireTouch
            self.grab = grab
        }
    }

    /// What ``nextEvent()`` found.
    public enum ReadResult: Sendable, Hashable {
        /// The next event.
        case event(InputEvent)
        /// Nothing to read now: wait with `EvdevDevice.poll(timeout:)` and try again.
        case wouldBlock
        /// The device is gone (`ENODEV`): every event before was delivered, none follow.
        case endOfStream
    }

    /// What `poll(timeout:)` saw.
    public enum PollResult: Sendable, Hashable {
        /// Events are waiting.
        case readable
        /// Nothing arrived within the timeout.
        case timeout
        /// The device hung up or reported an error, or its node was removed:
        /// read what is left, then stop.
        case hangup
    }

    /// Why ``readEvents(idleTimeout:_:)`` returned.
    public enum ReadLoopEnd: Sendable, Hashable {
        /// The handler returned `false`.
        case stopped
        /// No event arrived for the idle timeout.
        case timedOut
        /// The device went away; everything before was delivered.
        case deviceGone
    }

    /// The device node, such as `/dev/input/event5`.
    public let path: String
    /// The device the events of ``nextEvent()`` belong to: what libevdev
    /// reports, or for a protocol-A device the protocol-B device it is
    /// converted to (`DeviceDescription/convertedToProtocolB(slotCount:)`).
    public let description: DeviceDescription
    /// What the kernel announces, as libevdev reports it (the same as
    /// ``description`` unless the device speaks protocol A).
    public let kernelDescription: DeviceDescription
    /// The values of the device's axes when it was opened, for the stream
    /// ``nextEvent()`` gives: the current slot (`ABS_MT_SLOT`, which the first
    /// events apply to until the kernel names another) and the single-touch
    /// axes. Per-slot values are left out (see `AxisValues`), and so is the
    /// slot of a protocol-A device, whose converted stream names every slot.
    /// Give them to the `InputPipeline` and to a recording, so that a
    /// replay starts where the device was.
    public let axisValues: AxisValues
    /// The file descriptor, for your own `poll`/`epoll` loop. Valid while the
    /// device lives; do not read from or close it.
    public let fileDescriptor: Int32
    /// Whether event times come from `CLOCK_MONOTONIC` (the kernel accepted
    /// `EVIOCSCLOCKID`); otherwise they use the kernel's default clock.
    public let usesMonotonicClock: Bool
    /// The node's udev properties, read when it was opened (its calibration
    /// matrix among them: ``udevCalibration``).
    public let udevProperties: UdevProperties
    /// Whether this process holds an exclusive grab on the device.
    public private(set) var isGrabbed: Bool
    /// How many times the kernel reported `SYN_DROPPED` so far.
    public internal(set) var droppedCount = 0

    let handle: OpaquePointer
    /// Events produced by a resync, delivered before anything read after them.
    var pending: [InputEvent] = []
    var pendingIndex = 0
    /// Turns a protocol-A device's events into protocol B; `nil` for other devices.
    var converter: ProtocolAConverter?
    /// Protocol-B events of the last converted frame not handed out yet.
    var converted: [InputEvent] = []
    var convertedIndex = 0
    var isGone = false
    /// What `stat` said of ``path`` once opened: its device, inode and device number.
    let nodeIdentity: NodeIdentity?
    /// Set once the node was seen removed or replaced; `poll(timeout:)` then reports a hang-up.
    var nodeRemoved = false
    /// `CLOCK_MONOTONIC` seconds of the last node check.
    var lastNodeCheck = -Double.infinity

    /// Reads the node, whole events only, each byte once (``EventReader``).
    var reader: EventReader

    /// The serial queue (a thread of its own) the async `poll(timeout:)` waits on.
    lazy var pollQueue = DispatchQueue(label: "tactile.evdev.poll." + path)

    /// How often, at most, `poll(timeout:)` checks while idle that the node
    /// still exists and names the device opened (see ``EvdevDevice``).
    public static let nodeCheckInterval = 0.25

    /// Opens `path` read-only and non-blocking and reads its description.
    public convenience init(path: String) throws(EvdevError) {
        try self.init(path: path, options: OpenOptions())
    }

    /// Opens `path` read-only and non-blocking, reads its description, sets
    /// the event clock to `CLOCK_MONOTONIC` and applies `options`.
    ///
    /// - Throws: ``EvdevError/notFound(path:)``, ``EvdevError/permissionDenied(path:)``,
    ///   ``EvdevError/notAnEvdevNode(path:)`` (also for anything but an input
    ///   character device, which is never opened), ``EvdevError/unsupportedDevice(path:problem:)``
    ///   (more slots than Linux allows), ``EvdevError/noTouchCapability(path:name:)``
    ///   (with `requireTouch`), ``EvdevError/busy(path:)`` (with `grab`, when another
    ///   program holds a grab), or ``EvdevError/system(path:operation:errno:)``.
    public init(path: String, options: OpenOptions) throws(EvdevError) {
        // Only an input node is opened: opening another device (a watchdog,
        // a tape drive) can have side effects, and a FIFO would block.
        switch tactile_evdev_is_input_node(path) {
        case 1: break
        case 0: throw .notAnEvdevNode(path: path)
        default: throw EvdevError(errno: errno, path: path, operation: "stat")
        }
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { throw EvdevError(errno: errno, path: path, operation: "open") }
        var slotMinimum: Int32 = 0, slotMaximum: Int32 = 0
        switch tactile_evdev_slot_range(fd, &slotMinimum, &slotMaximum) {
        case -1:
            let code = errno
            close(fd)
            throw EvdevError(errno: code, path: path, operation: "EVIOCGABS")
        case 1:
            if let problem = AbsoluteAxis(code: AbsCode.mtSlot, minimum: slotMinimum, maximum: slotMaximum).limitProblem {
                close(fd)
                throw .unsupportedDevice(path: path, problem: problem)
            }
        default: break
        }
        guard let handle = libevdev_new() else {
            close(fd)
            throw EvdevError(errno: ENOMEM, path: path, operation: "libevdev_new")
        }
        // libevdev's messages (which quote the device's name) go through the program's log, escaped.
        EvdevLog.install(on: handle)
        let rc = libevdev_set_fd(handle, fd)
        guard rc == 0 else {
            libevdev_free(handle)
            close(fd)
            throw EvdevError(errno: -rc, path: path, operation: "libevdev_set_fd")
        }
        let description = Self.describe(handle)
        if options.requireTouch, description.kind == .other {
            libevdev_free(handle)
            close(fd)
            throw .noTouchCapability(path: path, name: description.name)
        }
        if options.grab, tactile_evdev_grab(fd, 1) != 0 {
            let code = errno
            libevdev_free(handle)
            close(fd)
            throw Self.grabError(errno: code, path: path)
        }
        self.reader = EventReader(source: fd)
        self.path = path
        self.fileDescriptor = fd
        self.handle = handle
        self.kernelDescription = description
        self.axisValues = Self.axisValues(handle, description)
        if description.usesProtocolA {
            self.description = description.convertedToProtocolB()
            self.converter = ProtocolAConverter(configuration: .device)
        } else {
            self.description = description
        }
        self.isGrabbed = options.grab
        self.usesMonotonicClock = libevdev_set_clock_id(handle, CLOCK_MONOTONIC) == 0
        self.nodeIdentity = try? NodeIdentity.of(path).get()
        self.udevProperties = UdevProperties(node: path)
    }

    deinit {
        ungrab()
        libevdev_free(handle)
        close(fileDescriptor)
        // A flood's count is said once its device is gone, if no later line of its kind said it.
        EvdevLog.sayHeldBack()
    }

    // MARK: Grab

    /// Takes an exclusive grab (`EVIOCGRAB`): other programs, the desktop
    /// included, stop receiving the device's events until ``ungrab()``.
    ///
    /// - Throws: ``EvdevError/busy(path:)`` when another program holds a grab.
    public func grab() throws(EvdevError) {
        guard !isGrabbed else { return }
        guard tactile_evdev_grab(fileDescriptor, 1) == 0 else {
            throw Self.grabError(errno: errno, path: path)
        }
        isGrabbed = true
    }

    /// `EBUSY` means another program holds the grab; anything else is reported as it is.
    private static func grabError(errno code: Int32, path: String) -> EvdevError {
        switch code {
        case EBUSY: return .busy(path: path)
        case ENODEV: return .deviceGone(path: path)
        default: return .system(path: path, operation: "EVIOCGRAB", errno: code)
        }
    }

    /// Releases the exclusive grab, if held. Safe to call any number of times;
    /// also done when the device is deallocated.
    public func ungrab() {
        guard isGrabbed else { return }
        _ = tactile_evdev_grab(fileDescriptor, 0)
        isGrabbed = false
    }
}
