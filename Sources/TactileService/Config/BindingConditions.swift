// When a binding applies: which apps have the focus, which devices it is on.
import Tactile

/// When a binding applies (`app`, `not-app`, `device`, `device-kind` in a
/// `[[gesture]]`). A binding whose device conditions exclude a device is not
/// built on it at all; one whose app conditions exclude the focused app
/// neither acts nor takes touches, and its touches stay the app's.
///
/// ```toml
/// [[gesture]]
/// recognizer = "swipe"
/// fingers = 3
/// direction = "left"
/// app = ["firefox", "chromium"]     # the focused window's app id or class, any case
/// device-kind = "touchscreen"
/// ended = { key = "alt+Right" }
/// ```
public struct BindingConditions: Hashable, Sendable {
    /// Only while one of these apps has the focus (its Wayland app id or X11 class); empty: any.
    public var apps: [String] = []
    /// Never while one of these apps has the focus.
    public var excludedApps: [String] = []
    /// Only on devices whose name contains one of these, any case; empty: any.
    public var devices: [String] = []
    /// Only on devices of these kinds; empty: any.
    public var deviceKinds: Set<DeviceKind> = []

    /// No condition: always.
    public init() {}

    /// Whether the binding depends on the focused app.
    public var dependsOnFocus: Bool { !apps.isEmpty || !excludedApps.isEmpty }

    /// Whether the binding is built on `device`.
    public func admits(device: DeviceDescription) -> Bool {
        if !deviceKinds.isEmpty, !deviceKinds.contains(device.kind) { return false }
        if devices.isEmpty { return true }
        let name = device.name.lowercased()
        return devices.contains { PlainText.contains($0.lowercased(), in: name) }
    }

    /// Whether the binding acts while `focused` has the focus (nil: not known,
    /// which only a binding without app conditions accepts, or one with only
    /// `not-app`: an app that cannot be named cannot be excluded).
    public func admits(focused: FocusedApp?) -> Bool {
        guard dependsOnFocus else { return true }
        guard let focused else { return apps.isEmpty }
        if excludedApps.contains(where: focused.matches) { return false }
        return apps.isEmpty || apps.contains(where: focused.matches)
    }
}

/// The window that has the keyboard focus, as the session names its app.
///
/// ```swift
/// let app = FocusedApp(appID: "org.mozilla.firefox", windowClass: nil)
/// app.matches("org.mozilla.firefox")   // true
/// ```
public struct FocusedApp: Hashable, Sendable, CustomStringConvertible {
    /// The Wayland app id (`xdg_toplevel.app_id`), when the session gives one.
    public var appID: String?
    /// The X11 `WM_CLASS` class (and on Hyprland its `class`), when there is one.
    public var windowClass: String?

    /// An app known by either name.
    public init(appID: String?, windowClass: String?) {
        self.appID = appID
        self.windowClass = windowClass
    }

    /// Whether `name` is its app id or its class, ignoring case.
    public func matches(_ name: String) -> Bool {
        let name = name.lowercased()
        return appID?.lowercased() == name || windowClass?.lowercased() == name
    }

    /// `firefox`, or `app id org.gnome.Nautilus, class Nautilus`.
    public var description: String {
        switch (appID, windowClass) {
        case let (id?, cls?) where id != cls: "app id \(id), class \(cls)"
        case let (id?, _): id
        case let (nil, cls?): cls
        case (nil, nil): "an unnamed window"
        }
    }
}
