// Which way claimed touches end on the running desktop: the compositor that reads the touchscreen, its version, and whether it forwards libinput's touch cancel.

/// The program that turns the touch copy's events into the apps' touches,
/// as found running, with its version as it says it.
///
/// ```swift
/// let sway = TouchCompositor(kind: .sway, version: "sway 1.7", source: "sway's IPC")
/// sway.forwardsCancel   // false: wlroots forwards a touch cancel from 0.17 (sway 1.9)
/// ```
public struct TouchCompositor: Hashable, Sendable {
    /// The compositors the desktop presets name, and the X server.
    public enum Kind: String, Hashable, Sendable, CaseIterable {
        case sway, phoc, mutter, kwin, hyprland
        /// X.Org with its libinput driver (i3, Xfce, X11 sessions of GNOME and Plasma).
        case xorg
    }

    /// Which compositor.
    public var kind: Kind
    /// Its version as it says it (`sway 1.7`, `GNOME Shell 43.9`, `KWin 5.27.5`), nil when it could not be read.
    public var version: String?
    /// Where the version was read (`sway's IPC`, `phoc --version`).
    public var source: String

    /// A compositor found running.
    public init(kind: Kind, version: String?, source: String) {
        self.kind = kind
        self.version = version
        self.source = source
    }

    /// The first release of each compositor that sends the apps
    /// `wl_touch.cancel` for libinput's touch cancel (nil: none does), and
    /// what shows it. `docs/service.md` has the table with its sources.
    static let firstForwarding: [Kind: (release: [Int]?, note: String)] = [
        .sway: ([1, 9], "sway passes libinput's touch cancel on from 1.9"),
        .phoc: (nil, "no phoc release through 0.48 listens for wlroots' touch cancel"),
        .mutter: (nil, "mutter 43 to 49 pass a touch cancel from libinput on to no client"),
        .kwin: ([0], "KWin 5.27 and 6 send wl_touch.cancel for it"),
        .hyprland: (nil, "Hyprland through 0.56 ignores a touch cancel from libinput"),
        .xorg: (nil, "X.Org's libinput driver ends a cancelled touch as a plain touch end, at once"),
    ]

    /// The version's numbers (`KWin 5.27.5` → [5, 27, 5]), nil when it has none.
    public var release: [Int]? {
        guard let version else { return nil }
        let start = version.firstIndex(where: \.isNumber)
        guard let start else { return nil }
        let numbers = version[start...].prefix { $0.isNumber || $0 == "." }.split(separator: ".").compactMap { Int($0) }
        return numbers.isEmpty ? nil : numbers
    }

    /// Whether this compositor sends the apps libinput's touch cancel; nil
    /// when that depends on a version that could not be read.
    public var forwardsCancel: Bool? {
        guard let entry = Self.firstForwarding[kind] else { return nil }
        guard let first = entry.release else { return false }
        if first == [0] { return true }
        guard let release else { return nil }
        return release.lexicographicallyPrecedes(first) == false
    }
}

/// How claimed touches end (``ClaimedTouchEnd``) on the running desktop,
/// and why: what the compositor that reads the touchscreen does with
/// libinput's touch cancel, or the config's `claimed-touch-end`.
///
/// ```swift
/// let choice = ClaimedTouchEndChoice.for(TouchCompositor(kind: .sway, version: "sway 1.7", source: "sway's IPC"))
/// choice.end           // .lift
/// choice.description   // "lifted once at rest: sway 1.7 (sway's IPC) drops the cancel (wlroots forwards …)"
/// ```
public struct ClaimedTouchEndChoice: Hashable, Sendable, CustomStringConvertible {
    /// The way.
    public var end: ClaimedTouchEnd
    /// Why this way, in a sentence.
    public var reason: String

    /// As a config sets it (`claimed-touch-end` in `[devices]` of `file`).
    ///
    /// ```swift
    /// ClaimedTouchEndChoice.configured(.lift, file: "gestures.toml").reason
    /// // "claimed-touch-end = \"lift\" in [devices] of gestures.toml"
    /// ```
    public static func configured(_ end: ClaimedTouchEnd, file: String) -> ClaimedTouchEndChoice {
        ClaimedTouchEndChoice(end: end, reason: "claimed-touch-end = \"\(end.rawValue)\" in [devices] of \(file)")
    }

    /// Outside any session (a test, a check with no desktop): cancelled, as libinput reports it.
    public static let builtIn = ClaimedTouchEndChoice(end: .cancel, reason: "no session to ask: cancelled, as libinput reports it")

    /// The way for `compositor`: cancelled where it forwards the cancel,
    /// else lifted (also when its version could not be read: a lift ends
    /// the touch on every compositor).
    public static func `for`(_ compositor: TouchCompositor) -> ClaimedTouchEndChoice {
        let forwards = compositor.forwardsCancel
        let name = compositor.version.map { "\($0) (from \(compositor.source))" }
            ?? (forwards == nil ? "\(compositor.kind.rawValue) (its version not read from \(compositor.source))" : compositor.kind.rawValue)
        let note = TouchCompositor.firstForwarding[compositor.kind]?.note ?? ""
        switch forwards {
        case true?: return ClaimedTouchEndChoice(end: .cancel, reason: "\(name) forwards the cancel (\(note))")
        case false?: return ClaimedTouchEndChoice(end: .lift, reason: "\(name) drops the cancel (\(note))")
        case nil: return ClaimedTouchEndChoice(end: .lift, reason: "\(name): whether it forwards the cancel is not known (\(note)), and a lift ends the touch everywhere")
        }
    }

    /// In a session whose compositor is not one of ``TouchCompositor/Kind``: lifted, which every compositor forwards.
    ///
    /// ```swift
    /// ClaimedTouchEndChoice.unknown("XDG_CURRENT_DESKTOP=labwc:wlroots").end   // .lift
    /// ```
    public static func unknown(_ session: String) -> ClaimedTouchEndChoice {
        ClaimedTouchEndChoice(end: .lift, reason: "\(session): its compositor is not one whose touch cancel is known, and a lift ends the touch everywhere"
                              + " (claimed-touch-end = \"cancel\" in [devices] if it forwards libinput's cancel)")
    }

    /// What `check` and `doctor` print: the way, then why.
    public var description: String {
        (end == .cancel ? "cancelled" : "lifted once at rest") + ": " + reason
    }
}
