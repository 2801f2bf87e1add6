// Tactile focus: tells tactile serve which app has the focus (the focused window's WM class and
// app id), for gestures per app on GNOME under Wayland, where no other program may ask.
// Two forms of the same code: GNOME Shell 43 and 44 load this one (imports.gi, init()); 45 and
// later load only ES modules (../45/extension.js). Only the imports and the export differ.
'use strict';

const {Gio, GLib, Shell} = imports.gi;

class TactileFocus {
    enable() {
        this._window = null;
        this._windowSignals = [];
        this._sent = null;
        this._focusSignal = global.display.connect('notify::focus-window', () => this._focusChanged());
        // At once when the service is already there, then each time it starts (again).
        this._watch = Gio.bus_watch_name(Gio.BusType.SESSION, 'io.github.tactile.Service',
            Gio.BusNameWatcherFlags.NONE, () => this._report(), null);
        this._follow(global.display.focus_window);
    }

    disable() {
        Gio.bus_unwatch_name(this._watch);
        global.display.disconnect(this._focusSignal);
        this._follow(null);
    }

    _focusChanged() {
        this._follow(global.display.focus_window);
        this._report();
    }

    // A Wayland client may set its app id (its WM class) once focused: the focused window's changes count.
    _follow(window) {
        this._windowSignals.forEach(id => this._window.disconnect(id));
        this._window = window;
        this._windowSignals = !window ? [] : ['notify::wm-class', 'notify::gtk-application-id']
            .map(signal => window.connect(signal, () => this._report(true)));
    }

    // Report(windowClass, appID); both empty when no window has the focus. IF_CHANGED: only when
    // not what was sent last (mutter notifies wm-class again unchanged). Fire and forget: no callback,
    // so no reply is asked for, and the bus starts nothing.
    _report(ifChanged = false) {
        const window = global.display.focus_window;
        const focus = [window?.get_wm_class() ?? '', window ? appID(window) : ''];
        if (ifChanged && focus.join('\n') === this._sent)
            return;
        this._sent = focus.join('\n');
        Gio.DBus.session.call('io.github.tactile.Service', '/io/github/tactile/Focus', 'io.github.tactile.Focus1',
            'Report', new GLib.Variant('(ss)', focus), null, Gio.DBusCallFlags.NO_AUTO_START, -1, null, null);
    }
}

// The id of the window's app without .desktop; for a window of no known app (Shell makes it a
// window-backed one, "window:12"), the id the client gave, or none.
function appID(window) {
    const app = Shell.WindowTracker.get_default().get_window_app(window);
    if (app && !app.is_window_backed())
        return app.get_id().replace(/\.desktop$/, '');
    return window.get_gtk_application_id() || window.get_sandboxed_app_id() || '';
}

function init() {
    return new TactileFocus();
}
