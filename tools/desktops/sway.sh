# sway headless: two 1920x1080 outputs side by side (HEADLESS-1 at 0,0, HEADLESS-2 at 1920,0), the
# pixman renderer, no input devices, the keyboard layout de in its config, Xwayland when a client asks.
# Sourced by tools/desktop-session.

desktop_missing() {
    ! session_require sway swaymsg
}

desktop_start() {
    local config="$SESSION_DIR/home/.config/sway/config"
    mkdir -p "$(dirname "$config")"
    cat > "$config" <<'EOF'
# Written by tools/desktops/sway.sh.
input type:keyboard xkb_layout de
output HEADLESS-1 mode 1920x1080 position 0 0 scale 1
output HEADLESS-2 mode 1920x1080 position 1920 0 scale 1
focus_follows_mouse no
default_border normal
EOF
    # A test's own lines (its bindings), put in DIR/extra.conf before the start.
    if [ -f "$SESSION_DIR/extra.conf" ]; then cat "$SESSION_DIR/extra.conf" >> "$config"; fi
    # sway takes SWAYSOCK as its socket's path only when nothing is there yet (a socket's path has at most 107 bytes).
    local socket="$SESSION_DIR/run/sway.sock"
    [ "${#socket}" -le 107 ] || { echo "desktop-session: $socket is too long for a socket" >&2; return 1; }
    rm -f "$socket" "$SESSION_DIR/run"/wayland-*
    session_x11_directory
    session_setenv SWAYSOCK "$socket"
    session_setenv I3SOCK "$socket"
    session_setenv XDG_CURRENT_DESKTOP sway
    session_setenv XDG_SESSION_TYPE wayland
    session_setenv XDG_SESSION_DESKTOP sway
    # Two outputs from the start (no create_output race), no libinput, no seat: the headless backend alone.
    session_setenv WLR_BACKENDS headless
    session_setenv WLR_HEADLESS_OUTPUTS 2
    session_setenv WLR_LIBINPUT_NO_DEVICES 1
    session_setenv WLR_RENDERER pixman
    # SWAY_DEBUG=1 when starting: sway logs at debug level (every command and what it did with it).
    local -a debug=()
    [ -n "${SWAY_DEBUG:-}" ] && debug=(--debug)
    session_spawn sway "${debug[@]}" --config "$config"
    local sway=$SPAWNED
    session_wait 10 sway_answers "$sway" || return 1
    local wayland
    wayland="$(cd "$SESSION_DIR/run" && ls wayland-* 2>/dev/null | grep -v '\.lock$' | head -n 1)"
    [ -n "$wayland" ] || { echo "desktop-session: sway made no Wayland socket" >&2; return 1; }
    session_setenv WAYLAND_DISPLAY "$wayland"
    # The X display of sway's Xwayland (started when the first X client connects), as its children see it.
    local display="$SESSION_DIR/run/sway-display"
    sway_msg exec "echo \"\$DISPLAY\" > '$display'" >/dev/null || return 1
    session_wait 5 test -s "$display" || return 1
    if [ -n "$(cat "$display")" ]; then session_setenv DISPLAY "$(cat "$display")"; fi
    rm -f "$display"
    # Everything but the compositor's own variables is for the session's clients.
    session_unsetenv WLR_BACKENDS
    session_unsetenv WLR_HEADLESS_OUTPUTS
    session_unsetenv WLR_LIBINPUT_NO_DEVICES
    session_unsetenv WLR_RENDERER
}

# Runs swaymsg ARGUMENT… against the session's sway, as its user.
sway_msg() {
    (session_exec swaymsg "$@")
}

# Whether sway (process PID) answers on its socket with both outputs active.
sway_answers() {
    session_running "$1" || return 2
    [ -S "$SESSION_DIR/run/sway.sock" ] || return 1
    [ "$(sway_msg -t get_outputs -r 2>/dev/null | grep -o '"name": *"HEADLESS-[0-9]*"' | wc -l)" -eq 2 ]
}
