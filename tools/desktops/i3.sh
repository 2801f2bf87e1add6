# i3 on Xvfb: a free X display (one 1920x1080 screen), i3 with a minimal config (no bar), its IPC socket
# at DIR/run/i3.sock. Sourced by tools/desktop-session.

desktop_missing() {
    ! session_require Xvfb i3 i3-msg
}

desktop_start() {
    local socket="$SESSION_DIR/run/i3.sock"
    [ "${#socket}" -le 107 ] || { echo "desktop-session: $socket is too long for a socket" >&2; return 1; }
    local config="$SESSION_DIR/home/.config/i3/config"
    mkdir -p "$(dirname "$config")"
    cat > "$config" <<EOF
# i3 config file (v4)
# Written by tools/desktops/i3.sh. The line above keeps i3 from taking it for a v3 config (and adding a bar).
font fixed
ipc-socket $socket
default_border normal
focus_follows_mouse no
workspace_auto_back_and_forth no
EOF
    # A test's own lines (its bindings), put in DIR/extra.conf before the start.
    if [ -f "$SESSION_DIR/extra.conf" ]; then cat "$SESSION_DIR/extra.conf" >> "$config"; fi
    session_x11_directory
    session_setenv XDG_CURRENT_DESKTOP i3
    session_setenv XDG_SESSION_TYPE x11
    session_setenv XDG_SESSION_DESKTOP i3
    # Xvfb picks a free display itself and writes its number to -displayfd once it takes clients.
    local number="$SESSION_DIR/run/xvfb-display"
    rm -f "$number"
    session_spawn sh -c 'exec Xvfb -displayfd 3 -screen 0 1920x1080x24 -nolisten tcp -noreset 3>"$0"' "$number"
    local xvfb=$SPAWNED
    session_wait 10 i3_display_ready "$xvfb" "$number" || return 1
    session_setenv DISPLAY ":$(head -n 1 "$number")"
    session_spawn i3 -c "$config"
    local i3=$SPAWNED
    session_setenv I3SOCK "$socket"
    session_wait 10 i3_answers "$i3" || return 1
}

# Whether Xvfb (process PID) has written its display number to FILE.
i3_display_ready() {
    session_running "$1" || return 2
    grep -q '^[0-9][0-9]*$' "$2" 2>/dev/null
}

# Whether i3 (process PID) answers on its socket.
i3_answers() {
    session_running "$1" || return 2
    [ -S "$SESSION_DIR/run/i3.sock" ] || return 1
    (session_exec i3-msg -t get_version) >/dev/null 2>&1
}
