# A plain X display with no window manager: Xvfb, and two RandR monitors on its one screen. The
# case of an X display nobody manages (no EWMH: no _NET_SUPPORTING_WM_CHECK, no
# _NET_ACTIVE_WINDOW). Sourced by tools/desktop-session (and by xwayland.sh, for x_start_server).
#
# Monitors (xrandr --listmonitors): Left 1280x800+0+0 (Xvfb's one output, "screen") and Right
# 1920x1080+1280+0 (no output), on a 3200x1080 screen. Neither is primary: `xrandr --output screen
# --primary` makes the output primary (xrandr says "screen connected primary"), but RandR marks only
# automatic monitors primary, and xrandr --setmonitor cannot set a monitor's primary flag (the
# RRSetMonitor request can: an xcb client's). XDG_CURRENT_DESKTOP is left unset, as startx with a
# bare ~/.xinitrc leaves it; XDG_SESSION_TYPE is x11.

desktop_missing() {
    ! session_require Xvfb xrandr
}

# Starts the X server COMMAND… as the session's user, with -displayfd (so it picks a free display
# itself), and returns once it accepts connections; sets DISPLAY in the session's environment.
x_start_server() {
    # The sockets' directory, as root makes it at boot (a server of an unprivileged user could not
    # make it root's): other users' servers share it.
    if [ "$(id -u)" -eq 0 ] && [ ! -d /tmp/.X11-unix ]; then
        mkdir -m 1777 /tmp/.X11-unix
    fi
    local file="$SESSION_DIR/run/x-display"
    rm -f "$file"
    # The server writes its display's number to file descriptor 3 once it accepts connections.
    # shellcheck disable=SC2016
    session_spawn sh -c 'file="$1"; shift; exec "$@" -displayfd 3 3>"$file"' sh "$file" "$@"
    local server=$SPAWNED
    # (Or until the server has died: then the file stays empty.)
    session_wait 30 x_server_answered "$file" "$server" || return 1
    local number
    number="$(tr -d '[:space:]' < "$file")"
    [ -n "$number" ] || return 1
    session_setenv DISPLAY ":$number"
    session_running "$server"
}

# Whether the server SERVER wrote its display's number into FILE, or died.
x_server_answered() {
    [ -s "$1" ] || ! session_running "$2"
}

# Runs COMMAND… in the session, quietly, in a subshell (session_exec execs).
x_session_run() {
    (session_exec "$@") >/dev/null 2>&1
}

desktop_start() {
    # -noreset: with no window manager, the server would otherwise reset (and forget its monitors)
    # each time its last client leaves.
    x_start_server Xvfb -screen 0 3200x1080x24 -dpi 96 -nolisten tcp -noreset || return 1
    session_setenv XDG_SESSION_TYPE x11
    x_session_run xrandr --setmonitor Left 1280/339x800/212+0+0 screen || return 1
    x_session_run xrandr --setmonitor Right 1920/508x1080/286+1280+0 none || return 1
    x_session_run xrandr --output screen --primary || return 1
    session_alive
}
