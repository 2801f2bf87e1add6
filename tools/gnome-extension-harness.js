// Runs one form of the Tactile focus extension (dist/share/tactile/gnome-shell/43 or 45) under gjs,
// outside GNOME Shell, and checks every Report it sends. tools/check-gnome-extension.sh runs it on a
// copy whose imports it rewrote, on a bus of its own (dbus-run-session):
//   gjs -m tools/gnome-extension-harness.js FORM COPY   FORM 43 or 45, COPY the copy's directory
// Real: Gio, GLib, the session bus, the extension's name watch and calls (to this process, which owns
// io.github.tactile.Service and serves io.github.tactile.Focus1). Stubbed, as they exist only
// inside the Shell: global.display and its windows, Shell.WindowTracker and its apps, and (45) the
// Extension base class. Exit status 1 when a check fails; each is printed.
import Gio from 'gi://Gio';
import GLib from 'gi://GLib';
import System from 'system';

import Shell from './gnome-extension-stubs/Shell.js';
import {Extension} from './gnome-extension-stubs/extension.js';

const [form, copy] = ARGV;
const SERVICE = 'io.github.tactile.Service';
let failures = 0;

function check(ok, what) {
    print(`${ok ? 'ok' : 'FAIL'}: ${form}: ${what}`);
    if (!ok)
        failures++;
}

// A GObject's signals as the extension uses them: connect, disconnect (of a handler connected, else
// GObject warns), and how many handlers are left.
class Signals {
    constructor() {
        this._handlers = new Map();
        this._next = 1;
    }

    connect(signal, callback) {
        this._handlers.set(this._next, {signal, callback});
        return this._next++;
    }

    disconnect(id) {
        if (!this._handlers.delete(id))
            check(false, `disconnect(${id}) names a handler that is connected`);
    }

    emit(signal) {
        for (const handler of [...this._handlers.values()]) {
            if (handler.signal === signal)
                handler.callback(this);
        }
    }

    get connected() {
        return this._handlers.size;
    }
}

// A MetaWindow: its WM class (null until the client sets one), the ids the client gave, and the
// app Shell.WindowTracker gives it (the stub reads window.app).
class Window extends Signals {
    constructor(wmClass, app, gtkID = null, sandboxedID = null) {
        super();
        Object.assign(this, {wmClass, app, gtkID, sandboxedID});
    }

    get_wm_class() {
        return this.wmClass;
    }

    get_gtk_application_id() {
        return this.gtkID;
    }

    get_sandboxed_app_id() {
        return this.sandboxedID;
    }

    change(properties, signal) {
        Object.assign(this, properties);
        this.emit(signal);
    }
}

class Display extends Signals {
    focus_window = null;

    focus(window) {
        this.focus_window = window;
        this.emit('notify::focus-window');
    }
}

// A ShellApp: a real one (of a .desktop file), or the one Shell makes for a window of no known app.
const app = id => ({get_id: () => id, is_window_backed: () => false});
const windowBacked = {get_id: () => 'window:12', is_window_backed: () => true};

// ---- The service's end, on the bus --------------------------------------------------------------

const reports = [], calls = [];
const focusInterface = `<node><interface name="io.github.tactile.Focus1">
  <method name="Report"><arg type="s" name="windowClass" direction="in"/><arg type="s" name="appID" direction="in"/></method>
</interface></node>`;
const harnessInterface = '<node><interface name="io.github.tactile.Harness"><method name="Ping"/></interface></node>';
Gio.DBusExportedObject.wrapJSObject(focusInterface, {
    Report: (windowClass, appID) => reports.push([windowClass, appID]),
}).export(Gio.DBus.session, '/io/github/tactile/Focus');
Gio.DBusExportedObject.wrapJSObject(harnessInterface, {Ping: () => {}}).export(Gio.DBus.session, '/harness');

// Every call the extension makes, as it made it (then made).
const call = Gio.DBusConnection.prototype.call;
Gio.DBusConnection.prototype.call = function (...args) {
    calls.push(args);
    return call.apply(this, args);
};

// Runs the main loop until READY() or SECONDS have passed.
function until(ready, what, seconds = 10) {
    const deadline = GLib.get_monotonic_time() + seconds * 1e6;
    const tick = GLib.timeout_add(GLib.PRIORITY_DEFAULT, 50, () => GLib.SOURCE_CONTINUE);
    while (!ready() && GLib.get_monotonic_time() < deadline)
        GLib.MainContext.default().iteration(true);
    GLib.source_remove(tick);
    if (!ready())
        throw new Error(`no ${what} in ${seconds} s`);
}

// A round trip to this process: a Report sent before it (on the same connection) has arrived after.
function flush() {
    let done = false;
    call.call(Gio.DBus.session, Gio.DBus.session.get_unique_name(), '/harness', 'io.github.tactile.Harness', 'Ping',
        null, null, Gio.DBusCallFlags.NONE, -1, null, () => (done = true));
    until(() => done, 'answer to Ping');
}

// Checks that STEP made exactly the Reports EXPECTED (a list of [windowClass, appID]).
function expect(step, expected) {
    flush();
    const got = reports.splice(0);
    check(JSON.stringify(got) === JSON.stringify(expected),
        `${step}: Report ${expected.map(r => JSON.stringify(r)).join(', ') || 'none'}` +
        (JSON.stringify(got) === JSON.stringify(expected) ? '' : ` (got ${JSON.stringify(got)})`));
}

// Owns the service's name, as tactile serve does at its start; returns the id to release it with.
function startService() {
    let owned = false;
    const id = Gio.bus_own_name_on_connection(Gio.DBus.session, SERVICE, Gio.BusNameOwnerFlags.NONE,
        () => (owned = true), null);
    until(() => owned, `ownership of ${SERVICE}`);
    return id;
}

// Until the extension's watch has seen COUNT Reports (they come after the name's owner changed).
function awaitReports(count, step) {
    try {
        until(() => reports.length >= count, `Report after ${step}`);
    } catch (e) {
        check(false, e.message);
    }
}

// ---- The extension -------------------------------------------------------------------------------

globalThis.global = {display: new Display()};
const display = global.display;
const metadata = JSON.parse(new TextDecoder().decode(GLib.file_get_contents(`${copy}/metadata.json`)[1]));
let extension;
if (form === '45') {
    const module = await import(`file://${copy}/extension.js`);
    extension = new module.default(metadata);
    check(extension instanceof Extension && extension.metadata === metadata, 'the default export is an Extension, made with the metadata');
} else {
    // The legacy importer, as GNOME Shell 43 loads it: imports.gi is the stubs' (the copy reads it
    // from tactileHarnessGi), the module's functions are its properties.
    globalThis.tactileHarnessGi = {Gio, GLib, Shell};
    imports.searchPath.unshift(copy);
    const module = imports.extension;
    check(typeof module.init === 'function', 'init() is a function of the module');
    extension = module.init(metadata);
}
check(typeof extension.enable === 'function' && typeof extension.disable === 'function', 'the object has enable() and disable()');
check(display.connected === 0, 'nothing is connected before enable()');

const editor = new Window('org.example.Editor', app('org.example.Editor.desktop'));
const gtk = new Window('gtk-demo', windowBacked, 'org.example.Gtk');
const flatpak = new Window('flatpak-app', windowBacked, null, 'org.example.Flatpak');
const unknown = new Window(null, null);
const late = new Window(null, windowBacked);

display.focus(editor);
extension.enable();
expect('enable() with no service', []);
let service = startService();
awaitReports(1, 'the service started');
expect('the service started after enable()', [['org.example.Editor', 'org.example.Editor']]);
const report = calls.find(args => args[3] === 'Report') ?? [];
check(report[0] === SERVICE && report[1] === '/io/github/tactile/Focus' && report[2] === 'io.github.tactile.Focus1' &&
    report[4]?.get_type_string() === '(ss)' && report[5] === null, 'Report(ss) goes to the contract\'s name, object and interface, no reply type');
check(report[6] === Gio.DBusCallFlags.NO_AUTO_START && report[9] === null,
    'Report is called with NO_AUTO_START and no callback (no reply asked for: fire and forget)');

display.focus(gtk);
expect('focus on a window of no known app with a GTK application id', [['gtk-demo', 'org.example.Gtk']]);
editor.change({wmClass: 'org.example.Renamed'}, 'notify::wm-class');
check(editor.connected === 0, 'no handler left on the window that lost the focus');
expect('a change of a window without the focus', []);
display.focus(flatpak);
expect('focus on a sandboxed window', [['flatpak-app', 'org.example.Flatpak']]);
display.focus(unknown);
expect('focus on a window with no WM class and no app', [['', '']]);
display.focus(late);
expect('focus on a Wayland window with no app id yet', [['', '']]);
late.change({wmClass: 'org.example.Late', app: app('org.example.Late.desktop')}, 'notify::wm-class');
expect('its app id (WM class) set once focused', [['org.example.Late', 'org.example.Late']]);
late.emit('notify::wm-class');
expect('its WM class notified again, unchanged', []);
gtk.gtkID = null;
display.focus(gtk);
expect('focus on a window of no known app and no ids', [['gtk-demo', '']]);
gtk.change({gtkID: 'org.example.GtkLate'}, 'notify::gtk-application-id');
expect('its GTK application id set once focused', [['gtk-demo', 'org.example.GtkLate']]);
display.focus(null);
expect('no window has the focus', [['', '']]);

Gio.bus_unown_name(service);
display.focus(editor);
expect('focus changed while the service is gone', []);
service = startService();
awaitReports(1, 'the service restarted');
expect('the service restarted', [['org.example.Renamed', 'org.example.Editor']]);

extension.disable();
check(display.connected === 0 && [editor, gtk, flatpak, unknown, late].every(w => w.connected === 0),
    'disable() disconnects every handler');
display.focus(late);
late.emit('notify::wm-class');
Gio.bus_unown_name(service);
service = startService();
expect('focus changes and a service restart after disable()', []);

// The Shell disables and enables again (the lock screen does it, and gnome-extensions).
extension.enable();
awaitReports(1, 'enable() again with the service there');
expect('enable() again with the service there', [['org.example.Late', 'org.example.Late']]);
display.focus(editor);
expect('focus change after enable() again', [['org.example.Renamed', 'org.example.Editor']]);
extension.disable();
check(display.connected === 0 && editor.connected === 0, 'disable() again disconnects every handler');
Gio.bus_unown_name(service);

print(`${form}: ${failures === 0 ? 'every check passed' : `${failures} check(s) failed`}`);
System.exit(failures === 0 ? 0 : 1);
