// How the touch copy ends, for the app, a touch the service claims after passing it on: cancelled, or lifted once at rest.

/// How the copy of a touchscreen ends, for the app behind, a touch the
/// service claims after the app has seen it.
///
/// libinput turns a slot that becomes `MT_TOOL_PALM` into a touch cancel,
/// and a compositor that forwards it sends the app `wl_touch.cancel`: the
/// app drops the touch and does nothing with it. Only sway from 1.9 and
/// KWin do; sway 1.7 and 1.8, phoc, mutter and Hyprland drop the cancel
/// (the app would keep the finger down for ever), and X.Org ends it as a
/// plain touch end. There the touch is **lifted** instead, the least harmful
/// end every compositor forwards: it stays where the app last saw it until it has
/// rested there 200 ms (a long press has already), then lifts, so no toolkit
/// reads a fling from it. `docs/service.md` ("When the compositor drops the
/// cancel") argues it kind by kind.
///
/// ```swift
/// // What `[devices] claimed-touch-end = "lift"` sets:
/// var config = ConfigLoader.defaultConfig
/// config.claimedTouchEnd = .configured(.lift, file: "gestures.toml")
/// ```
public enum ClaimedTouchEnd: String, Hashable, Sendable, CaseIterable {
    /// A touch cancel: the slot turns palm, then is released (libinput's `TOUCH_CANCEL`).
    case cancel
    /// A release where the app saw the finger last, once it has rested there.
    case lift
}
