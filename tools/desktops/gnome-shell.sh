# GNOME Shell 43 (Debian 12: 43.9 on mutter 43.8) headless on Wayland, one 1280x800 virtual
# monitor, no Xwayland. Sourced by tools/desktop-session.
#
# The session has a bus of its own (dbus-daemon at DIR/run/bus) on which gnome-shell owns
# org.gnome.Shell, so
#   tools/desktop-session exec DIR -- busctl --user get-property org.gnome.Shell /org/gnome/Shell \
#       org.gnome.Shell ShellVersion
# answers "43.9", and org.gnome.Shell.Extensions, org.gnome.Mutter.DisplayConfig. Wayland clients
# (wev, foot, GTK 4's) come up focused. GNOME_SHELL_EXTENSIONS (directories, space-separated, each
# with a metadata.json) are copied to DIR/home/.local/share/gnome-shell/extensions/UUID and enabled
# (org.gnome.shell enabled-extensions) before the start; the session answers once each reports the
# state ENABLED. Their shell-version must name 43: the version check is on. MUTTER_DEBUG (mutter's
# debug topics, such as focus: "FOCUS: * Focus --> W1" lines in DIR/log) is passed on when set.
#
# What the Shell needs that a headless session lacks, and how it is given here:
# - A system bus: without one it throws at start (LayoutManager) and exits. A dbus-daemon of the
#   session's own (DIR/system-bus.conf, socket DIR/run/system-bus, DBUS_SYSTEM_BUS_ADDRESS) with
#   nothing activatable: accountsservice, polkit, upower, NetworkManager, GeoClue, logind are
#   missing, which it logs and lives with.
# - Not to take logind's path: where /run/systemd/seats exists (its test for systemd) it asks
#   logind, over that bus, for its session and the lock and sleep signals. It runs in a mount
#   namespace of its own in which a tmpfs hides /run/systemd, and takes itself for a session of no
#   logind (lib.sh's session_spawn_unshared: unshare --mount as root, a user namespace as a user).
#   Without the namespace it starts on this machine (a Firecracker VM with /run/systemd/seats and no
#   logind) as well, but stopping it (SIGTERM) mostly ended in a SIGSEGV in libmutter-clutter (3
#   runs of 4); in the namespace it never did.
# - No network. Its extension update check posts to extensions.gnome.org when a user's extension is
#   installed and the Extensions app (gnome-shell-extension-prefs) or Extension Manager is; neither
#   is here, but in the namespace an empty resolv.conf is bound over /etc/resolv.conf all the same:
#   glibc asks 127.0.0.1 then, and such a check fails at once without asking anything outside the
#   machine.
# - Its settings: dconf, started by the session bus (dconf-service writes DIR/home/.config/dconf/user),
#   written with gsettings before the start. welcome-dialog-last-shown-version is set so that no
#   welcome dialog (a modal one) opens. The Shell starts in the overview, where a new window does
#   not get the focus: once started it is asked to leave it (org.gnome.Shell's OverviewActive).
# Tried: gnome-shell --headless started as mutter.sh starts mutter (no system bus: it exits).
# Debian: gnome-shell (gnome-shell-common, mutter-common, gsettings-desktop-schemas, dconf-service and
# libglib2.0-bin's gsettings come with it), dbus-daemon, busctl (systemd), unshare, setpriv and mount
# (util-linux, mount).

desktop_missing() {
    local missing=1
    session_require dbus-daemon gnome-shell busctl gsettings unshare setpriv mount || missing=0
    if [ "$(id -u)" -ne 0 ] && ! unshare --map-current-user --mount true 2>/dev/null; then
        echo "desktop-session: no user namespace for a user here (gnome-shell needs a mount namespace; run as root)" >&2
        missing=0
    fi
    return "$missing"
}

# Runs busctl --user ARGUMENT… on the session's bus, as its user, never starting a service.
gnome_shell_busctl() {
    (session_exec busctl --user --auto-start=no "$@")
}

# The uuid in DIR/metadata.json.
gnome_shell_uuid() {
    sed -n 's/^ *"uuid": *"\([^"]*\)".*/\1/p' "$1/metadata.json"
}

# Whether gnome-shell (process PID) answers on the session's bus, listens on its socket, has
# enabled every extension asked for (GetExtensionInfo's state 1, ENABLED; 3 is ERROR, 4
# OUT_OF_DATE), has finished starting and shows no overview. It starts in the overview, where a new
# window is not focused: once started (its "GNOME Shell started at" line, logged when the startup
# animation ends: before, the animation may show the overview again), it is asked to leave it.
gnome_shell_answers() {
    session_running "$1" || return 2
    [ -S "$SESSION_DIR/run/wayland-0" ] || return 1
    gnome_shell_busctl get-property org.gnome.Shell /org/gnome/Shell org.gnome.Shell ShellVersion >/dev/null 2>&1 || return 1
    local directory info overview
    for directory in ${GNOME_SHELL_EXTENSIONS:-}; do
        info="$(gnome_shell_busctl call org.gnome.Shell /org/gnome/Shell org.gnome.Shell.Extensions \
            GetExtensionInfo s "$(gnome_shell_uuid "$directory")" 2>/dev/null)" || return 1
        [[ "$info" == *'"state" d 1 '* ]] || return 1
    done
    grep -q 'GNOME Shell started at' "$SESSION_DIR/log" || return 1
    overview="$(gnome_shell_busctl get-property org.gnome.Shell /org/gnome/Shell org.gnome.Shell OverviewActive 2>/dev/null)" || return 1
    [ "$overview" = "b false" ] && return 0
    gnome_shell_busctl set-property org.gnome.Shell /org/gnome/Shell org.gnome.Shell OverviewActive b false >/dev/null 2>&1
    return 1
}

desktop_start() {
    local bus="$SESSION_DIR/run/bus" system_bus="$SESSION_DIR/run/system-bus"
    local extensions="$SESSION_DIR/home/.local/share/gnome-shell/extensions" directory uuid enabled=""

    for directory in ${GNOME_SHELL_EXTENSIONS:-}; do
        uuid="$(gnome_shell_uuid "$directory")"
        [ -n "$uuid" ] || { echo "desktop-session: $directory/metadata.json has no uuid" >&2; return 1; }
        rm -rf "${extensions:?}/$uuid"
        mkdir -p "$extensions"
        cp -R "$directory" "$extensions/$uuid"
        enabled="$enabled${enabled:+, }'$uuid'"
    done
    [ "$(id -u)" -eq 0 ] && chown -R "$SESSION_USER:" "$SESSION_DIR/home"

    # The system bus: the policy of Debian's session bus (anyone owns, sends and receives anything),
    # as only the session uses it. (Without the eavesdrop rule nothing may receive.)
    cat > "$SESSION_DIR/system-bus.conf" <<EOF
<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-BUS Bus Configuration 1.0//EN"
 "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<!-- Written by tools/desktops/gnome-shell.sh: the session's system bus. -->
<busconfig>
  <type>system</type>
  <listen>unix:path=$system_bus</listen>
  <auth>EXTERNAL</auth>
  <policy context="default">
    <allow send_destination="*" eavesdrop="true"/>
    <allow eavesdrop="true"/>
    <allow own="*"/>
  </policy>
</busconfig>
EOF
    : > "$SESSION_DIR/resolv.conf"
    # What runs in gnome-shell's namespace before it (see the header).
    cat > "$SESSION_DIR/namespace.sh" <<'EOF'
# Written by tools/desktops/gnome-shell.sh; run by sh in gnome-shell's mount namespace, before it.
set -e
mount -t tmpfs -o mode=755 tmpfs /run/systemd
# DIR/resolv.conf ($0 is this file, DIR/namespace.sh), empty. Bound through a symbolic link to its
# target, which may be below /run/systemd: after the tmpfs.
if [ -e /etc/resolv.conf ]; then mount --bind "${0%/*}/resolv.conf" /etc/resolv.conf; fi
EOF
    # (gnome-shell-disable-extensions: left by a session in DIR less than a minute old; the Shell logs
    # that it cannot make it.)
    rm -f "$bus" "$system_bus" "$SESSION_DIR/run"/wayland-* "$SESSION_DIR/run/gnome-shell-disable-extensions"

    # Both buses, in the foreground of process groups of their own so that stop ends them (and what
    # they activated: dconf-service, the at-spi bus).
    session_spawn dbus-daemon --config-file="$SESSION_DIR/system-bus.conf" --nofork --nopidfile --nosyslog
    session_spawn dbus-daemon --session --nofork --nopidfile --nosyslog --address="unix:path=$bus"
    session_wait 5 test -S "$bus" -a -S "$system_bus" || { echo "desktop-session: a dbus-daemon did not start" >&2; return 1; }
    session_setenv DBUS_SESSION_BUS_ADDRESS "unix:path=$bus"
    session_setenv DBUS_SYSTEM_BUS_ADDRESS "unix:path=$system_bus"
    session_setenv XDG_CURRENT_DESKTOP GNOME
    session_setenv XDG_SESSION_DESKTOP gnome
    session_setenv XDG_SESSION_TYPE wayland
    if [ -n "${MUTTER_DEBUG:-}" ]; then session_setenv MUTTER_DEBUG "$MUTTER_DEBUG"; fi

    (session_exec gsettings set org.gnome.shell welcome-dialog-last-shown-version "'$(gnome-shell --version | awk '{ print $3 }')'") || return 1
    (session_exec gsettings set org.gnome.shell enabled-extensions "[$enabled]") || return 1

    session_spawn_unshared "$SESSION_DIR/namespace.sh" \
        gnome-shell --headless --wayland --no-x11 --virtual-monitor 1280x800 --wayland-display=wayland-0
    local pid=$SPAWNED

    # Usually ready in 2 to 4 s on 2 cores; give up at once when gnome-shell or a bus exits.
    session_wait_alive 60 "gnome-shell or a dbus-daemon" gnome_shell_answers "$pid" || return 1
    session_setenv WAYLAND_DISPLAY wayland-0
}
