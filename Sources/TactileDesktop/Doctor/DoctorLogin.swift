// The login session the doctor runs in, as logind sees it: its seat, whether it is active, whether it is remote.
import TactileService

/// The login session the doctor runs in (`loginctl show-session
/// $XDG_SESSION_ID`): the udev rules' `uaccess` gives devices to the user
/// of the *active* session *at a seat*, so an ssh session or one switched
/// away gets none.
///
/// ```swift
/// let login = DoctorLogin(id: "3", seat: "seat0", isActive: true, isRemote: false, type: "wayland")
/// login.getsSeatDevices   // true
/// ```
package struct DoctorLogin: Hashable, Sendable {
    /// The session's id (`XDG_SESSION_ID`).
    public var id: String
    /// Its seat, empty when it has none.
    public var seat: String
    /// Whether it is the seat's active (foreground) session.
    public var isActive: Bool
    /// Whether it is remote (ssh).
    public var isRemote: Bool
    /// `wayland`, `x11`, `tty`…
    public var type: String

    /// Whether logind gives this session the seat's devices (`uaccess`).
    public var getsSeatDevices: Bool { !seat.isEmpty && isActive && !isRemote }

    /// Why the session gets no seat devices, in words; nil when it does.
    var whyNoSeatDevices: String? {
        if isRemote { return "this session (\(id)) is remote" }
        if seat.isEmpty { return "this session (\(id)) is on no seat" }
        if !isActive { return "this session (\(id)) is not the active one on \(seat)" }
        return nil
    }

    /// The session `XDG_SESSION_ID` names, from `loginctl`; nil without
    /// either, or when logind does not answer.
    static func query(_ system: DoctorSystem) -> DoctorLogin? {
        guard let id = system.environment["XDG_SESSION_ID"], !id.isEmpty,
              let result = system.run(["loginctl", "--no-pager", "show-session", id, "--property=Seat", "--property=Active",
                                       "--property=Remote", "--property=Type"]),
              result.status == 0 else { return nil }
        let values = DoctorText.properties(result.output)
        guard values["Active"] != nil else { return nil }
        return DoctorLogin(id: id, seat: values["Seat"] ?? "", isActive: values["Active"] == "yes", isRemote: values["Remote"] == "yes",
                           type: values["Type"] ?? "")
    }
}
