// One DRM connector: connection, EDID, modes and the screen they give.
import Tactile

/// One DRM connector of the kernel (`/sys/class/drm/card0-eDP-1`): whether
/// a display is connected, its EDID and its modes, and the `Screen` they
/// give.
///
/// ```swift
/// let panel = DisplayConnector(name: "card0-eDP-1", status: "connected", enabled: "enabled",
///                              edidBytes: edid, modes: ["1920x1080"])
/// panel.isInternalPanel    // true
/// panel.screen             // 1920 × 1080 pt at 5.58 pt/mm (344 mm wide)
/// ```
public struct DisplayConnector: Hashable, Sendable {
    /// The sysfs name, `card<N>-<type>-<index>`.
    public var name: String
    /// The connector type from the name: `eDP`, `LVDS`, `DSI`, `DP`, `HDMI-A`, `VGA`…
    public var connectorType: String
    /// Whether `status` says `connected`.
    public var isConnected: Bool
    /// Whether `enabled` says `enabled` (a mode is set on it); `nil` when the file is missing.
    public var isEnabled: Bool?
    /// The parsed EDID, when the connector has a valid one.
    public var edid: EDID?
    /// Why the EDID could not be read, when it was there but invalid.
    public var edidProblem: String?
    /// The modes the kernel lists (`1920x1080`, `1280x720i`…), preferred first.
    public var modes: [String]

    /// A connector from the contents of its sysfs files (`status`, `enabled`,
    /// `edid`, `modes`); missing files are `nil` or empty.
    public init(name: String, status: String?, enabled: String?, edidBytes: [UInt8], modes: [String]) {
        self.name = name
        connectorType = Self.connectorType(of: name)
        isConnected = status?.trimmingNewlines == "connected"
        isEnabled = enabled.map { $0.trimmingNewlines == "enabled" }
        self.modes = modes.map(\.trimmingNewlines).filter { !$0.isEmpty }
        if edidBytes.isEmpty {
            edid = nil
            edidProblem = nil
        } else {
            do throws(EDIDError) {
                edid = try EDID(bytes: edidBytes)
                edidProblem = nil
            } catch {
                edid = nil
                edidProblem = error.description
            }
        }
    }

    /// `eDP` of `card0-eDP-1`, `HDMI-A` of `card1-HDMI-A-2`.
    static func connectorType(of name: String) -> String {
        var parts = name.split(separator: "-").map(String.init)
        if parts.first?.hasPrefix("card") == true { parts.removeFirst() }
        if parts.count > 1, let last = parts.last, Int(last) != nil { parts.removeLast() }
        return parts.joined(separator: "-")
    }

    /// The connector types of built-in panels: embedded DisplayPort, LVDS, MIPI DSI.
    public static let internalTypes: Set<String> = ["eDP", "LVDS", "DSI"]

    /// Whether this is a built-in panel (a laptop's or tablet's own screen).
    public var isInternalPanel: Bool { Self.internalTypes.contains(connectorType) }

    /// The preferred mode in pixels: the first of ``modes`` (the kernel lists
    /// the preferred one first), else the EDID's preferred timing.
    public var preferredPixels: (width: Int, height: Int)? {
        if let first = modes.first {
            let parts = first.split(separator: "x", maxSplits: 1)
            if parts.count == 2, let width = Int(parts[0]), let height = Int(parts[1].prefix { $0.isASCII && $0.isNumber }),
               width > 0, height > 0 {
                return (width, height)
            }
        }
        if let timing = edid?.preferredTiming, timing.horizontalPixels > 0, timing.verticalPixels > 0 {
            return (timing.horizontalPixels, timing.verticalPixels * (timing.isInterlaced ? 2 : 1))
        }
        return nil
    }

    /// The physical size of the image in millimetres, from the EDID.
    public var physicalSize: Size? { edid?.physicalSize }

    /// The screen of the preferred mode: one point per pixel, and as many
    /// points per millimetre as the mode has pixels across the EDID's width.
    /// `nil` without a mode or a physical size.
    public var screen: Screen? {
        guard let pixels = preferredPixels, let size = physicalSize, size.width > 0 else { return nil }
        return Screen(bounds: Rect(x: 0, y: 0, width: Double(pixels.width), height: Double(pixels.height)),
                      pointsPerMillimetre: Double(pixels.width) / size.width)
    }
}

extension String {
    /// Without trailing line feeds, carriage returns and NULs (sysfs values end with one).
    fileprivate var trimmingNewlines: String {
        var text = Substring(self)
        while let last = text.last, last == "\n" || last == "\r" || last == "\r\n" || last == "\0" || last == " " { text = text.dropLast() }
        return String(text)
    }
}
