// The display touches map onto, read from the kernel's DRM connectors.
import Tactile
#if canImport(Glibc)
import Glibc
#endif

/// The display touches map onto, read from the kernel's DRM connectors
/// (`<sysfs>/class/drm/card*-*/`: `status`, `enabled`, `edid`, `modes`), so
/// that millimetres on a touchscreen without resolution, and the window the
/// live demo and `record` use, are the real display's.
///
/// The display chosen (``choose(from:)``): among the connected connectors
/// whose EDID gives a physical size and that have a mode, those in use (a
/// mode set: `enabled`) before those that are not (a closed lid), and among
/// them a built-in panel (eDP, LVDS, DSI) first — the screen a laptop's or
/// tablet's touchscreen covers and its touchpad sits below — then the first
/// by name (an external touchscreen on a desktop is its only display). Without DRM, without a connected
/// display or without a usable EDID, ``detect(sysfsRoot:)`` falls back to
/// `Screen/standard` (1920 × 1080 pt at 96 dpi) and says why in one line.
///
/// ```swift
/// let detected = DisplayDiscovery.detect()
/// let window = Window(screen: detected.screen)
/// if let note = detected.note { print(note) }   // "no display found: /sys/class/drm does not exist; …"
/// ```
public enum DisplayDiscovery {
    /// Where sysfs is mounted.
    public static let defaultSysfsRoot = "/sys"

    /// What ``detect(sysfsRoot:)`` found.
    public struct Detection: Hashable, Sendable {
        /// The screen to use: the chosen display's, or `Screen/standard`.
        public var screen: Screen
        /// The connector it came from; `nil` for the fallback.
        public var display: DisplayConnector?
        /// Why the fallback was used (one line), `nil` when a display was found.
        public var note: String?
        /// Every connector found.
        public var connectors: [DisplayConnector]

        /// One line for people: the display and its screen, or the note.
        public var summary: String {
            guard let display else { return note ?? "" }
            let size = display.physicalSize.map { " (\(Self.format($0.width)) × \(Self.format($0.height)) mm)" } ?? ""
            return "\(display.name)\(size): \(Self.format(screen.bounds.width))×\(Self.format(screen.bounds.height)) pt at "
                + "\(Self.format(screen.pointsPerMillimetre * 25.4)) dpi"
        }

        private static func format(_ value: Double) -> String { FixedDecimal.format(value, places: 0) }
    }

    /// The connectors under `sysfsRoot/class/drm` (`card0-eDP-1`…; not the
    /// cards themselves), sorted by name; empty when there is no DRM.
    public static func connectors(sysfsRoot: String = defaultSysfsRoot) -> [DisplayConnector] {
        let directory = drmDirectory(sysfsRoot)
        return entries(of: directory).filter { $0.hasPrefix("card") && $0.contains("-") }.sorted().map { name in
            let base = directory + "/" + name + "/"
            return DisplayConnector(
                name: name,
                status: SysfsFile.text(base + "status"),
                enabled: SysfsFile.text(base + "enabled"),
                edidBytes: SysfsFile.bytes(base + "edid") ?? [],
                modes: SysfsFile.text(base + "modes").map { $0.split(separator: "\n").map(String.init) } ?? []
            )
        }
    }

    /// The display to use among `connectors` (see ``DisplayDiscovery``), if any is usable.
    public static func choose(from connectors: [DisplayConnector]) -> DisplayConnector? {
        let usable = connectors.filter { $0.isConnected && $0.screen != nil }
        func rank(_ connector: DisplayConnector) -> Int {
            (connector.isEnabled == false ? 2 : 0) + (connector.isInternalPanel ? 0 : 1)
        }
        return usable.enumerated().min { (rank($0.element), $0.offset) < (rank($1.element), $1.offset) }?.element
    }

    /// The screen of the display touches map onto, or the fallback with a note.
    public static func detect(sysfsRoot: String = defaultSysfsRoot) -> Detection {
        let found = connectors(sysfsRoot: sysfsRoot)
        if let display = choose(from: found), let screen = display.screen {
            return Detection(screen: screen, display: display, note: nil, connectors: found)
        }
        let fallback = "1920×1080 pt at 96 dpi"
        let reason: String
        let connected = found.filter(\.isConnected)
        if found.isEmpty {
            reason = access(drmDirectory(sysfsRoot), F_OK) == 0
                ? "no display connectors in \(drmDirectory(sysfsRoot))"
                : "\(drmDirectory(sysfsRoot)) does not exist (no DRM)"
        } else if connected.isEmpty {
            reason = "no connected display among \(found.map(\.name).joined(separator: ", "))"
        } else if let broken = connected.first(where: { $0.edidProblem != nil }), let problem = broken.edidProblem {
            reason = "the EDID of \(broken.name) is unusable: \(problem)"
        } else if let blank = connected.first(where: { $0.edid == nil }) {
            reason = "\(blank.name) has no EDID"
        } else if let sizeless = connected.first(where: { $0.physicalSize == nil }) {
            reason = "the EDID of \(sizeless.name) gives no physical size"
        } else {
            reason = "no mode for \(connected.map(\.name).joined(separator: ", "))"
        }
        return Detection(screen: .standard, display: nil, note: "no display found: \(reason); using \(fallback)", connectors: found)
    }

    static func drmDirectory(_ sysfsRoot: String) -> String {
        (sysfsRoot.hasSuffix("/") ? String(sysfsRoot.dropLast()) : sysfsRoot) + "/class/drm"
    }

    /// The names in `directory` (not `.` and `..`); empty when it cannot be read.
    private static func entries(of directory: String) -> [String] {
        guard let stream = opendir(directory) else { return [] }
        defer { closedir(stream) }
        var names: [String] = []
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != ".", name != ".." { names.append(name) }
        }
        return names
    }
}
