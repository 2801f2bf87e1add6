# KWin (Plasma 5.27 on bookworm) headless on Wayland: kwin_wayland --virtual with two 1280x800
# outputs side by side (Virtual-0 at 0,0 with priority 1, Virtual-1 at 1280,0), four virtual
# desktops in one row, no lock screen, and no Xwayland unless KWIN_XWAYLAND=1. Sourced by
# tools/desktop-session.
#
# The session has a bus of its own (dbus-daemon at DIR/run/bus) on which kwin_wayland owns
# org.kde.KWin and org.kde.kglobalaccel (5.27 runs kglobalaccel inside KWin on Wayland), so
#   tools/desktop-session exec DIR -- kscreen-doctor -j
#   tools/desktop-session exec DIR -- busctl --user call org.kde.kglobalaccel /component/kwin \
#       org.kde.kglobalaccel.Component invokeShortcut s "Switch One Desktop to the Right"
# work. QT_QPA_PLATFORM=wayland is in the session's environment: kscreen-doctor's KWayland backend
# (in process, no kscreen_backend_launcher) needs Qt's wayland platform plugin.
# KWIN_DESKTOPS (default 4) sets the number of virtual desktops when DIR/home has no kwinrc yet;
# a kglobalshortcutsrc put in DIR/home/.config before start is what kglobalaccel loads.
# KWIN_XWAYLAND=1 starts KWin's rootless Xwayland too (--xwayland; Debian's xwayland): KWin picks
# the display itself and tells only the programs it starts, so it starts one that writes DISPLAY
# and XAUTHORITY down, and the session's environment takes them (X11 apps then run in it).
# Debian: kwin-wayland, libkf5screen-bin (kscreen-doctor), qtwayland5 (the wayland platform
# plugin), dbus-daemon; qml-module-org-kde-kirigami2 and milou for the Overview, Present Windows
# (windowview) and Desktop Grid effects to show (they fail to load their QML without them).

desktop_missing() {
    local missing=1
    session_require dbus-daemon kwin_wayland kscreen-doctor busctl || missing=0
    if ! compgen -G '/usr/lib/*/qt5/plugins/platforms/libqwayland-generic.so' >/dev/null; then
        echo "desktop-session: Qt's wayland platform plugin (qtwayland5) is not installed" >&2
        missing=0
    fi
    return "$missing"
}

# How to run kwin_wayland, one word a line. Debian gives the binary the file capability
# cap_sys_resource; where that is not in the bounding set (containers, microVMs) execve refuses it
# (EPERM) for every user, so there it runs through the dynamic loader, which ignores file
# capabilities. KWin then sees the loader as its executable and refuses its own Qt platform plugin
# unless KWIN_FORCE_OWN_QPA is set.
kwin_command() {
    local kwin loader
    kwin="$(command -v kwin_wayland)"
    # env exits 126 when it cannot execute the program; kwin_wayland --version runs and exits.
    local status=0
    env -i "$kwin" --version >/dev/null 2>&1 || status=$?
    if [ "$status" -ne 126 ]; then
        echo "$kwin"
        return
    fi
    # awk reads all of ldd's output: an early exit would kill ldd with SIGPIPE, which pipefail and
    # errexit (desktop-session's) turn into a failure now and then.
    loader="$(ldd "$kwin" 2>/dev/null | awk '$1 ~ /^\/.*ld-linux/ && !found { print $1; found = 1 }')" || true
    [ -x "$loader" ] || { echo "desktop-session: cannot run $kwin, and found no loader for it" >&2; return 1; }
    printf '%s\n' env KWIN_FORCE_OWN_QPA=1 "$loader" "$kwin"
}

# Runs busctl --user ARGUMENT… on the session's bus, as its user, never starting a service.
kwin_busctl() {
    (session_exec busctl --user --auto-start=no "$@")
}

# Whether kwin_wayland (process PID) listens on its socket, owns org.kde.kglobalaccel with its
# shortcuts registered (Overview comes last, with the effects) and shows both outputs to kscreen.
kwin_answers() {
    session_running "$1" || return 2
    [ -S "$SESSION_DIR/run/wayland-0" ] || return 1
    local names outputs
    names="$(kwin_busctl call org.kde.kglobalaccel /component/kwin org.kde.kglobalaccel.Component shortcutNames 2>/dev/null)" || return 1
    [[ "$names" == *'"Overview"'* ]] || return 1
    outputs="$( (session_exec kscreen-doctor -j) 2>/dev/null)" || return 1
    [ "$(grep -c '"name": "Virtual-' <<< "$outputs")" -eq 2 ]
}

desktop_start() {
    local bus="$SESSION_DIR/run/bus" config="$SESSION_DIR/home/.config"
    local -a kwin=()
    mapfile -t kwin < <(kwin_command) && [ "${#kwin[@]}" -gt 0 ] || return 1

    mkdir -p "$config"
    if [ ! -f "$config/kwinrc" ]; then
        printf '[Desktops]\nNumber=%s\nRows=1\n' "${KWIN_DESKTOPS:-4}" > "$config/kwinrc"
    fi
    [ "$(id -u)" -eq 0 ] && chown -R "$SESSION_USER:" "$SESSION_DIR/home"

    # Everything the bus's activated services and kwin's children see, before either starts. The
    # bus must not start kglobalaccel5 (org.kde.kglobalaccel is activatable) before kwin takes the
    # name: nothing asks for it until kwin answers.
    session_setenv DBUS_SESSION_BUS_ADDRESS "unix:path=$bus"
    session_setenv WAYLAND_DISPLAY wayland-0
    session_setenv XDG_CURRENT_DESKTOP KDE
    session_setenv XDG_SESSION_DESKTOP KDE
    session_setenv XDG_SESSION_TYPE wayland
    session_setenv KDE_SESSION_VERSION 5
    session_setenv KDE_FULL_SESSION true
    session_setenv QT_QPA_PLATFORM wayland

    # The session bus, in the foreground of a process group of its own so that stop ends it (and
    # what it activated).
    session_spawn dbus-daemon --session --nofork --nopidfile --address="unix:path=$bus"
    session_wait 5 test -S "$bus" || { echo "desktop-session: dbus-daemon did not start" >&2; return 1; }

    local -a xwayland=()
    if [ "${KWIN_XWAYLAND:-0}" = 1 ]; then
        session_x11_directory
        # A file, not sh -c: KWin would read -c as an option of its own. Expanded in KWin's child.
        cat > "$SESSION_DIR/run/xwayland-env.sh" <<'SCRIPT'
#!/bin/sh
printf 'DISPLAY=%s\nXAUTHORITY=%s\n' "$DISPLAY" "$XAUTHORITY" > "$XDG_RUNTIME_DIR/xwayland.env.new"
mv "$XDG_RUNTIME_DIR/xwayland.env.new" "$XDG_RUNTIME_DIR/xwayland.env"
SCRIPT
        chmod 755 "$SESSION_DIR/run/xwayland-env.sh"
        [ "$(id -u)" -eq 0 ] && chown "$SESSION_USER:" "$SESSION_DIR/run/xwayland-env.sh"
        xwayland=(--xwayland "$SESSION_DIR/run/xwayland-env.sh")
    fi
    # How KWin is run here, for a test that starts another (a KWin that restarts): one line for sh's eval.
    printf '%q ' "${kwin[@]}" > "$SESSION_DIR/kwin-command"
    session_spawn "${kwin[@]}" --virtual --width 1280 --height 800 --output-count 2 \
        --socket wayland-0 --no-lockscreen "${xwayland[@]}"
    local pid=$SPAWNED

    # Usually ready in about a second; give up at once when kwin or the bus exits.
    session_wait_alive 30 "kwin_wayland or its dbus-daemon" kwin_answers "$pid" || return 1
    if [ "${#xwayland[@]}" -gt 0 ]; then
        session_wait_alive 30 "kwin_wayland's Xwayland" test -s "$SESSION_DIR/run/xwayland.env" || return 1
        local name value
        while IFS='=' read -r name value; do
            if [ -n "$value" ]; then session_setenv "$name" "$value"; fi
        done < "$SESSION_DIR/run/xwayland.env"
    fi
}
