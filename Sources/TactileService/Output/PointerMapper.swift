// Puts the virtual pointer on the touchscreen's output, the session's way, on a thread of its own.
import Foundation
import Synchronization
import Tactile

/// What mapping the pointer came to: where clicks are placed, and what to say.
struct PointerMappingOutcome: Equatable, Sendable {
    /// Where the touchscreen's output lies on the pointer's range.
    var mapping: OutputMapping
    /// Lines for the service's log.
    var log: [String]
}

/// Makes clicks land on the touchscreen's output, once the virtual pointer
/// is made, without the input loop waiting: a thread of its own asks the
/// session, and ``mapping`` is read at each click.
///
/// - **sway**: the pointer is mapped to the output (`SwayPointerMapping`, over the IPC socket);
/// - **Hyprland**: the monitors (`j/monitors` on its request socket) give the
///   layout, and clicks are placed on the output by ``OutputMapping``;
/// - **GNOME, KDE Plasma, X11**: nothing a client may ask; ``hint(environment:pointerName:output:)`` says what
///   to set once (the service logs it when several outputs may be there).
///
/// ```swift
/// if let mapper = PointerMapper.start(environment: environment, pointerName: "Panel pointer (Tactile)",
///                                     configured: config.devices.output) {
///     device.pointerMapping = { mapper.mapping }
/// }
/// ```
public final class PointerMapper: Sendable {
    private let state = Mutex(State())

    private struct State {
        var mapping = OutputMapping.identity
        var log: [String] = []
        var done = false
    }

    /// Where clicks are placed now (the identity until the session answered).
    public var mapping: OutputMapping { state.withLock { $0.mapping } }
    /// Whether the session has answered (or could not be asked).
    public var isDone: Bool { state.withLock { $0.done } }

    init() {}

    /// The lines to log since the last call.
    public func collect() -> [String] {
        state.withLock { state in
            defer { state.log = [] }
            return state.log
        }
    }

    func finish(_ outcome: PointerMappingOutcome) {
        state.withLock { $0.mapping = outcome.mapping; $0.log += outcome.log; $0.done = true }
    }

    /// Starts mapping the pointer named `pointerName` in the session of
    /// `environment` (sway or Hyprland), to the output `configured` names or
    /// the compositor's only or first. Nil when the session offers no IPC.
    public static func start(environment: [String: String], pointerName: String, configured: String?) -> PointerMapper? {
        let identity = VirtualDeviceLayout.identity
        let work: @Sendable () -> PointerMappingOutcome
        if let path = environment["SWAYSOCK"], !path.isEmpty {
            work = {
                SwayPointerMapping(socketPath: path).map(pointerName: pointerName, vendor: identity.vendor,
                                                         product: identity.product, configured: configured)
            }
        } else if let signature = environment["HYPRLAND_INSTANCE_SIGNATURE"], !signature.isEmpty, !signature.contains("/") {
            let runtime = environment["XDG_RUNTIME_DIR"].flatMap { $0.isEmpty ? nil : $0 }
            let directory = HyprlandFocusSource.directory(signature: signature, runtimeDirectory: runtime)
            work = { HyprlandPointerMapping(directory: directory).map(configured: configured) }
        } else {
            return nil
        }
        let mapper = PointerMapper()
        let thread = Thread { mapper.finish(work()) }
        thread.name = "tactile.pointer"
        thread.start()
        return mapper
    }

    /// What to set once on a desktop the service cannot ask, for the pointer
    /// named `pointerName` (nil on sway and Hyprland, which are asked).
    ///
    /// ```swift
    /// PointerMapper.hint(environment: ["XDG_CURRENT_DESKTOP": "KDE"], pointerName: "Panel pointer (Tactile)", output: "eDP-1")
    /// // "…~/.config/kcminputrc: [Libinput][29793][1][Panel pointer (Tactile)] OutputName=eDP-1…"
    /// ```
    public static func hint(environment: [String: String], pointerName: String, output: String?) -> String? {
        let identity = VirtualDeviceLayout.identity
        if environment["SWAYSOCK"]?.isEmpty == false || environment["HYPRLAND_INSTANCE_SIGNATURE"]?.isEmpty == false { return nil }
        let desktop = (environment["XDG_CURRENT_DESKTOP"] ?? "").uppercased()
        let connector = output ?? "OUTPUT"
        let lead = "with several monitors, clicks land where the touchscreen's monitor is only if the pointer "
            + "\(ConfigReader.quoted(pointerName)) is mapped to it: "
        if desktop.contains("GNOME") {
            let path = String(format: "/org/gnome/desktop/peripherals/touchscreens/%04x:%04x/", identity.vendor, identity.product)
            return lead + "gsettings set org.gnome.desktop.peripherals.touchscreen:\(path) output "
                + "\"['VENDOR', 'PRODUCT', 'SERIAL']\" (the monitor's EDID ids, as gnome-control-center's Displays or "
                + "`gdbus call --session --dest org.gnome.Mutter.DisplayConfig --object-path /org/gnome/Mutter/DisplayConfig "
                + "--method org.gnome.Mutter.DisplayConfig.GetCurrentState` list them)"
        }
        if desktop.contains("KDE") {
            return lead + "in ~/.config/kcminputrc, [Libinput][\(identity.vendor)][\(identity.product)][\(pointerName)] "
                + "OutputName=\(connector), then log out and in"
        }
        if environment["DISPLAY"]?.isEmpty == false {
            return lead + "xinput map-to-output \(SwayPointerMapping.quoted(pointerName)) \(connector) (xrandr --listmonitors names the outputs)"
        }
        return nil
    }
}
