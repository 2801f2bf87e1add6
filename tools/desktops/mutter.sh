# Mutter (GNOME's compositor, without the Shell) headless on Wayland, with two virtual monitors.
# Sourced by tools/desktop-session.
#
# The session has a bus of its own (dbus-daemon at DIR/run/bus) on which mutter owns
# org.gnome.Mutter.DisplayConfig, so
#   tools/desktop-session exec DIR -- busctl --user call org.gnome.Mutter.DisplayConfig \
#       /org/gnome/Mutter/DisplayConfig org.gnome.Mutter.DisplayConfig GetCurrentState
# answers with the monitors. No Xwayland (--no-x11). MUTTER_MONITORS (default "1280x800 1024x768",
# each WxH or WxH@R) chooses the virtual monitors: side by side from the left, the first primary.
# Debian: mutter (mutter 43 on bookworm) and dbus-daemon; gsettings-desktop-schemas and mutter-common
# come with mutter, gnome-shell-common adds the org.gnome.shell.keybindings schema.

desktop_missing() {
    ! session_require dbus-daemon mutter busctl
}

# Whether mutter answers on the session's bus with its monitors.
mutter_answers() {
    ( session_exec busctl --user call org.gnome.Mutter.DisplayConfig /org/gnome/Mutter/DisplayConfig \
        org.gnome.Mutter.DisplayConfig GetCurrentState ) >/dev/null 2>&1 &&
        [ -S "$SESSION_DIR/run/wayland-0" ]
}

desktop_start() {
    local bus="$SESSION_DIR/run/bus" monitor
    local -a monitors=()

    # The session bus, in the foreground of a process group of its own so that stop ends it (and
    # what it activated, such as dconf-service).
    session_spawn dbus-daemon --session --nofork --nopidfile --address="unix:path=$bus"
    session_wait 5 test -S "$bus" || { echo "desktop-session: dbus-daemon did not start" >&2; return 1; }
    session_setenv DBUS_SESSION_BUS_ADDRESS "unix:path=$bus"
    # Before mutter starts: it reads org.gnome.mutter with the [org.gnome.mutter:GNOME] overrides then.
    session_setenv XDG_CURRENT_DESKTOP GNOME
    session_setenv XDG_SESSION_TYPE wayland

    # A monitors.xml left by ApplyMonitorsConfig method 2 (persistent) in an earlier session in DIR
    # would choose another layout and primary: start from mutter's default every time.
    rm -f "$SESSION_DIR/home/.config/monitors.xml"
    for monitor in ${MUTTER_MONITORS:-1280x800 1024x768}; do monitors+=(--virtual-monitor "$monitor"); done
    session_spawn mutter --headless --wayland --no-x11 --wayland-display=wayland-0 "${monitors[@]}"

    # Usually ready in a quarter of a second; give up at once when mutter or the bus exits.
    session_wait_alive 20 "mutter or its dbus-daemon" mutter_answers || return 1
    session_setenv WAYLAND_DISPLAY wayland-0
}
