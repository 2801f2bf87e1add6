// Told when an X11 screen's monitors change: RandR's RRScreenChangeNotify and RRNotify events.
import TactileService
import Tactile
import TactileEvdev
import CSessionLibraries
#if canImport(Glibc)
import Glibc
#endif

/// Sleeps until the X server says that its screen changed: the root window
/// selects RandR's `RRScreenChangeNotify` (a size or rotation of the
/// screen) and the CRTC and output changes of `RRNotify` (one monitor
/// turned, plugged, moved), as `xrandr` clients and toolkits are told. An
/// idle server sends nothing.
///
/// ```swift
/// let watch = try X11OutputWatch(display: ":0")
/// while try watch.waitForChange(until: nil, stop: stop) { reread() }
/// ```
final class X11OutputWatch: OutputWatch {
    private let connection: OpaquePointer
    private let display: String
    /// RandR's first event number on this connection.
    private let firstEvent: UInt8

    /// Connects to `display` and selects its RandR events on the root window.
    init(display: String) throws(FocusError) {
        let (connection, screenNumber) = try X11FocusSource.connect(display, randr: true)
        let name = "RANDR"
        guard let root = X11FocusSource.root(connection, screen: screenNumber),
              let version = xcb_randr_query_version_reply(connection, xcb_randr_query_version(connection, 1, 5), nil) else {
            xcb_disconnect(connection)
            throw FocusError("X11 display \(display) has no RandR extension")
        }
        free(version)
        guard let randr = xcb_query_extension_reply(connection, xcb_query_extension(connection, UInt16(name.utf8.count), name), nil) else {
            xcb_disconnect(connection)
            throw FocusError("X11 display \(display) has no RandR extension")
        }
        let present = randr.pointee.present != 0
        self.connection = connection
        self.display = display
        firstEvent = randr.pointee.first_event
        free(randr)
        guard present else { throw FocusError("X11 display \(display) has no RandR extension") }
        let mask = UInt16(XCB_RANDR_NOTIFY_MASK_SCREEN_CHANGE.rawValue | XCB_RANDR_NOTIFY_MASK_CRTC_CHANGE.rawValue
                          | XCB_RANDR_NOTIFY_MASK_OUTPUT_CHANGE.rawValue)
        xcb_randr_select_input(connection, root, mask)
        xcb_flush(connection)
    }

    deinit { xcb_disconnect(connection) }

    func waitForChange(until deadline: Double?, stop: StopSignal) throws(FocusError) -> Bool {
        let descriptor = xcb_get_file_descriptor(connection)
        while true {
            guard xcb_connection_has_error(connection) == 0 else { throw FocusError("X11 display \(display) closed the connection") }
            // The events xcb holds already, before any wait.
            if takeEvents() { return true }
            if stop.isStopRequested || deadline.map({ MonotonicClock.seconds() >= $0 }) == true { return false }
            _ = PollLoop.wait([descriptor], until: deadline, stop: stop)
        }
    }

    /// Takes every event xcb has: whether one was RandR's.
    private func takeEvents() -> Bool {
        var changed = false
        while let event = xcb_poll_for_event(connection) {
            let type = event.pointee.response_type & 0x7f
            if type == firstEvent + UInt8(XCB_RANDR_SCREEN_CHANGE_NOTIFY) || type == firstEvent + UInt8(XCB_RANDR_NOTIFY) { changed = true }
            free(event)
        }
        return changed
    }
}
