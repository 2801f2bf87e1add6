#!/usr/bin/python3
"""The other ends of the Tactile focus extension for tools/check-gnome-focus.sh, which runs the
first two inside a tools/desktop-session session (as its user, on its bus and display):

    gnome-focus.py receive           own io.github.tactile.Service on the session bus, serve
                                     io.github.tactile.Focus1 (the contract tactile serve implements)
                                     and print "TIME owner", then "TIME Report CLASS APPID" for each
                                     Report (TIME in seconds since the epoch, the two as JSON strings)
    gnome-focus.py window APPID FILE a GTK 4 window that comes up named tactile-probe and, once FILE
                                     exists, sets its Wayland app id to APPID
                                     (xdg_toplevel.set_app_id), as clients that name themselves late do
    gnome-focus.py delays LOG OUT    for each Report of OUT (the output of both, interleaved), the
                                     time since the event before it: a focus change in LOG (the
                                     session's log, with MUTTER_DEBUG=focus: "HH:MM:SS.mmm: FOCUS:
                                     * Focus --> W3", UTC), the receiver's start, a late app id,
                                     "TIME enable" (gnome-extensions enable)

Debian ships no client that sets its app id late, hence the window (python3-gi, gir1.2-gtk-4.0)."""
import json
import os
import re
import sys
import time

import gi

INTERFACE = """<node><interface name="io.github.tactile.Focus1">
  <method name="Report"><arg type="s" name="windowClass" direction="in"/><arg type="s" name="appID" direction="in"/></method>
</interface></node>"""


def say(line):
    print(f"{time.time():.6f} {line}", flush=True)


def receive():
    from gi.repository import Gio, GLib
    interface = Gio.DBusNodeInfo.new_for_xml(INTERFACE).interfaces[0]

    def called(connection, sender, path, name, method, parameters, invocation):
        window_class, app_id = parameters.unpack()
        say(f"Report {json.dumps(window_class)} {json.dumps(app_id)}")
        invocation.return_value(None)

    def bus_acquired(connection, name):
        connection.register_object("/io/github/tactile/Focus", interface, called, None, None)

    def lost(connection, name):
        sys.exit(f"gnome-focus.py: {name} lost, or the bus is gone")

    # Queued when another owns it still (one just killed, whose end the bus has not seen yet).
    Gio.bus_own_name(Gio.BusType.SESSION, "io.github.tactile.Service", Gio.BusNameOwnerFlags.NONE,
                     bus_acquired, lambda connection, name: say("owner"), lost)
    GLib.MainLoop().run()


def window(app_id, trigger):
    gi.require_version("Gtk", "4.0")
    gi.require_version("GdkWayland", "4.0")
    # GdkWayland imported: the surface is then a GdkWayland.WaylandToplevel, with set_application_id.
    from gi.repository import GdkWayland, GLib, Gtk  # noqa: F401
    GLib.set_prgname("tactile-probe")
    loop = GLib.MainLoop()
    toplevel = Gtk.Window(title="tactile-probe")
    toplevel.connect("close-request", lambda *_: loop.quit())

    # A file, not a signal: a test runner's children may inherit signals blocked.
    def poll():
        if not os.path.exists(trigger):
            return GLib.SOURCE_CONTINUE
        say(f"set_app_id {app_id}")
        toplevel.get_surface().set_application_id(app_id)
        return GLib.SOURCE_REMOVE

    GLib.timeout_add(20, poll)
    toplevel.present()
    loop.run()


def delays(log, out):
    # Times of day, in seconds: the log says them to the millisecond (UTC), OUT's lines to the microsecond.
    events = []
    for line in open(log, errors="replace"):
        match = re.search(r"(\d\d):(\d\d):(\d\d\.\d{3}): FOCUS: \* Focus --> (\S+)", line)
        if match:
            events.append((int(match[1]) * 3600 + int(match[2]) * 60 + float(match[3]), f"the focus went to {match[4]}"))
    for line in open(out):
        when, kind, rest = (line.rstrip("\n").split(" ", 2) + ["", ""])[:3]
        if not re.fullmatch(r"\d+\.\d+", when):
            continue  # (a line of a program's own)
        day = float(when) % 86400
        if kind == "owner":
            events.append((day, "the receiver owned the name"))
        elif kind == "enable":
            events.append((day, "gnome-extensions enable started"))
        elif kind == "set_app_id":
            events.append((day, f"the window set its app id to {rest}"))
        elif kind == "Report":
            # (0.5 ms either way: the log's times are cut to the millisecond)
            before = sorted(event for event in events if event[0] <= day + 0.0005)
            print(f"  Report {rest}: " + (f"{(day - before[-1][0]) * 1000:.1f} ms after {before[-1][1]}" if before else "no event before it"))


if __name__ == "__main__":
    command = sys.argv[1:2]
    if command == ["receive"] and len(sys.argv) == 2:
        receive()
    elif command == ["window"] and len(sys.argv) == 4:
        window(sys.argv[2], sys.argv[3])
    elif command == ["delays"] and len(sys.argv) == 4:
        delays(sys.argv[2], sys.argv[3])
    else:
        sys.exit(__doc__)
