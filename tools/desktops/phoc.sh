# phoc (Debian 12: 0.24, wlroots 0.15), headless with two outputs: a wlroots compositor of no IPC of
# sway's kind, whose outputs only wlr-randr (wlr-output-management) reads. Sourced by
# tools/desktop-session (and by xwayland.sh, which hosts its X server in it).
#
# Outputs: HEADLESS-1 1280x800 at 0,0 and HEADLESS-2 1920x1080 at 1280,0, both scale 1 and
# transform normal (change them with `wlr-randr --output HEADLESS-2 --scale 2 --transform 90`).
# phoc.ini's `rotate = 90` shows as "Transform: 270" in wlr-randr: phoc turns the other way.
#
# XDG_CURRENT_DESKTOP is "wlroots", which Tactile takes for a wlroots compositor of no IPC. phoc's
# real session (phosh-session, Debian's phosh.desktop: DesktopNames=Phosh;GNOME;) has
# "Phosh:GNOME" instead. A session bus runs too (phosh's session has one; phoc reads its settings
# through GSettings, sm.puri.phoc, with dconf).

desktop_missing() {
    ! session_require phoc dbus-daemon
}

# Starts a session bus in the session (DBUS_SESSION_BUS_ADDRESS, unix:path=DIR/run/bus).
phoc_start_bus() {
    local bus="$SESSION_DIR/run/bus"
    rm -f "$bus"   # a stale one, from a session killed before
    session_spawn dbus-daemon --session --nofork --nopidfile --nosyslog --address="unix:path=$bus"
    session_wait 10 test -S "$bus" || return 1
    session_setenv DBUS_SESSION_BUS_ADDRESS "unix:path=$bus"
}

# Starts phoc headless with two outputs, its socket in RUNTIME_DIR (the session's XDG_RUNTIME_DIR
# when not given); sets PHOC_WAYLAND_DISPLAY to the socket's name and PHOC_WAYLAND_SOCKET to its
# path (not in the session's environment: the caller says whether the session is a Wayland one).
phoc_start_compositor() {
    local runtime="${1:-$SESSION_DIR/run}"
    if [ ! -d "$runtime" ]; then
        mkdir -m 700 "$runtime"
        if [ "$(id -u)" -eq 0 ]; then chown "$SESSION_USER:" "$runtime"; fi
    fi
    cat > "$SESSION_DIR/phoc.ini" <<'EOF'
[core]
xwayland = false

[output:HEADLESS-1]
mode = 1280x800
x = 0
y = 0
scale = 1

[output:HEADLESS-2]
mode = 1920x1080
x = 1280
y = 0
scale = 1
EOF
    # Without a GPU wlroots picks its pixman renderer itself (after saying drmGetDevices2 failed);
    # WLR_RENDERER=pixman says so, and makes that certain.
    session_spawn env XDG_RUNTIME_DIR="$runtime" WLR_BACKENDS=headless WLR_LIBINPUT_NO_DEVICES=1 \
        WLR_HEADLESS_OUTPUTS=2 WLR_RENDERER=pixman phoc --config "$SESSION_DIR/phoc.ini"
    local phoc=$SPAWNED
    # Until it says "Running compositor on wayland display 'wayland-0'" (the runtime directory is
    # the session's own, so wayland-0), or dies.
    session_wait 20 phoc_answered "$phoc" || return 1
    PHOC_WAYLAND_DISPLAY="$(sed -n "s/^Running compositor on wayland display '\(.*\)'.*/\1/p" "$SESSION_DIR/log" | tail -n 1)"
    [ -n "$PHOC_WAYLAND_DISPLAY" ] || return 1
    PHOC_WAYLAND_SOCKET="$runtime/$PHOC_WAYLAND_DISPLAY"
    session_wait 10 test -S "$PHOC_WAYLAND_SOCKET" || return 1
    session_running "$phoc"
}

desktop_start() {
    phoc_start_bus || return 1
    phoc_start_compositor || return 1
    session_setenv WAYLAND_DISPLAY "$PHOC_WAYLAND_DISPLAY"
    session_setenv XDG_SESSION_TYPE wayland
    session_setenv XDG_CURRENT_DESKTOP wlroots
    # Answers once wlr-randr lists both outputs (when wlr-randr is here).
    if command -v wlr-randr >/dev/null 2>&1; then
        session_wait 10 phoc_two_outputs || return 1
    fi
    session_alive
}

# Whether phoc PID said which display it runs, or died.
phoc_answered() {
    grep -q "^Running compositor on wayland display" "$SESSION_DIR/log" || ! session_running "$1"
}

phoc_two_outputs() {
    [ "$( (session_exec wlr-randr) 2>/dev/null | grep -c '^HEADLESS-')" -eq 2 ]
}
