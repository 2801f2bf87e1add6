# An X11 desktop with an EWMH window manager: a rootful Xwayland (Debian 12: 22.1) in headless phoc,
# and openbox managing it. Sourced by tools/desktop-session.
#
# The X screen is the bounding box of phoc's two outputs (1280x800 at 0,0 and 1920x1080 at 1280,0:
# 3200x1080), and RandR shows them as the outputs XWAYLAND0 and XWAYLAND1, each an automatic
# monitor (xrandr --listmonitors); the one at 0,0 is made primary. Only the X display is the
# session's (DISPLAY, no WAYLAND_DISPLAY): an X11 session. XDG_CURRENT_DESKTOP is "openbox"
# (Debian's openbox.desktop has no DesktopNames, so a display manager sets none; GDM sets
# XDG_SESSION_DESKTOP=openbox).

here_xwayland="$(dirname "${BASH_SOURCE[0]}")"
# shellcheck source=phoc.sh
. "$here_xwayland/phoc.sh"
# shellcheck source=xvfb.sh
. "$here_xwayland/xvfb.sh"

desktop_missing() {
    ! session_require phoc dbus-daemon Xwayland openbox xrandr xhost
}

desktop_start() {
    phoc_start_bus || return 1
    # phoc's socket out of the session's XDG_RUNTIME_DIR: there, a Wayland client would find it as
    # wayland-0 even with no WAYLAND_DISPLAY, and this is an X11 session.
    phoc_start_compositor "$SESSION_DIR/run/phoc" || return 1
    # -noreset: the server keeps its state between the moment it answers and openbox's arrival.
    x_start_server env WAYLAND_DISPLAY="$PHOC_WAYLAND_SOCKET" Xwayland -noreset -nolisten tcp || return 1
    session_setenv XDG_SESSION_TYPE x11
    session_setenv XDG_CURRENT_DESKTOP openbox
    # openbox runs its --startup command once it manages the screen (EWMH's properties are set).
    local ready="$SESSION_DIR/run/openbox-ready"
    rm -f "$ready"
    session_spawn openbox --sm-disable --startup "touch $ready"
    session_wait 20 test -e "$ready" || return 1
    # The monitor at 0,0 (phoc's HEADLESS-1) is the primary one.
    local first
    first="$( (session_exec xrandr --listmonitors) 2>/dev/null | sed -n 's/^ *[0-9]*: [+*]*\([^ ]*\) [0-9]*\/[0-9]*x[0-9]*\/[0-9]*+0+0 .*/\1/p' | head -n 1)"
    [ -n "$first" ] || return 1
    x_session_run xrandr --output "$first" --primary || return 1
    # Xwayland admits only its own user's local clients; tests run as root ask the display too.
    if [ "$(id -u)" -eq 0 ] && [ "$SESSION_USER" != root ]; then
        x_session_run xhost +si:localuser:root >/dev/null || return 1
    fi
    session_alive
}
