#!/bin/sh
# shellcheck source-path=SCRIPTDIR
# uninstall.sh: undoes dist/install.sh. Stops and disables the user unit,
# removes the binary, the unit, the focus helpers (the KWin script and the GNOME
# Shell extension), and (through sudo when not root) the udev rules and the
# modules-load.d file. Your config
# (~/.config/tactile/gestures.toml) stays unless --purge. With --root DIR (or
# DESTDIR=DIR) it removes what install.sh staged under DIR (DIR$HOME/…,
# DIR/etc/…) and runs nothing on this system (no sudo, systemctl or udevadm).
#
# Idempotent: what is already gone is said so. The uinput module is not
# unloaded (other programs may use it); it is not loaded at the next boot.
set -eu

usage() {
    cat <<'USAGE'
usage: dist/uninstall.sh [options]

  --root DIR      remove what install.sh staged under DIR (also $DESTDIR):
                  DIR$HOME/.local/bin/tactile, DIR/etc/udev/rules.d/…;
                  no sudo, systemctl or udevadm
  --user-only     only the user's files (no sudo)
  --system-only   only the system files
  --no-stop       do not stop or disable the user unit (--no-start is the same)
  --purge         remove your config too (~/.config/tactile/gestures.toml)
  --dry-run       print what would be done, change nothing
  -h, --help      this text
USAGE
}

script=uninstall.sh
dist=$(CDPATH='' cd -- "$(dirname -- "$0")" && pwd)
# shellcheck source=common.sh
. "$dist/common.sh"

root=${DESTDIR:-}
do_user=1
do_system=1
stop=1
purge=0
dry_run=0

while [ $# -gt 0 ]; do
    case $1 in
        --root) [ $# -ge 2 ] || die "--root needs a directory"; root=$2; shift 2 ;;
        --root=*) root=${1#--root=}; shift ;;
        --user-only) do_system=0; shift ;;
        --system-only) do_user=0; shift ;;
        --no-stop|--no-start) stop=0; shift ;;
        --purge) purge=1; shift ;;
        --dry-run) dry_run=1; shift ;;
        -h|--help) usage; exit 0 ;;
        *) usage >&2; die "unknown option: $1" ;;
    esac
done
[ "$do_user" = 1 ] || [ "$do_system" = 1 ] || die "--user-only and --system-only together remove nothing"
root=${root%/}
[ "$dry_run" = 1 ] && say "dry run: nothing is changed"



# remove FILE RUNNER
remove() {
    if [ -e "$1" ] || [ -L "$1" ]; then
        "$2" rm -f "$1"
    else
        say "already gone: $1"
    fi
}

# Removes a directory the installer may have made, if nothing else is in it.
remove_if_empty() {
    if [ -d "$1" ] && [ -z "$(ls -A "$1")" ]; then
        run rmdir "$1"
    fi
}

uninstall_user() {
    [ -n "${HOME:-}" ] || die "HOME is not set"
    if [ -z "$root" ] && [ "$(id -u)" = 0 ] && [ -n "${SUDO_USER:-}" ]; then
        die "run as yourself, not through sudo (it asks for sudo for the system files), or give --system-only"
    fi
    # Staged, the user's files are below the root: $root$HOME/….
    home=$root$HOME
    config_home=$root${XDG_CONFIG_HOME:-$HOME/.config}
    unit=$config_home/systemd/user/tactile.service
    if [ -n "$root" ]; then
        say "== user files (for $(id -un), under $home)"
    else
        say "== user files (for $(id -un), in $HOME)"
    fi
    if [ -n "$root" ]; then
        say "not stopped (files under $root, not this system's): no systemctl"
    elif [ "$stop" = 0 ]; then
        say "not stopped (--no-stop); to stop: systemctl --user disable --now tactile.service"
    elif ! command -v systemctl >/dev/null 2>&1; then
        say "no systemctl: nothing to stop"
    elif [ "$dry_run" = 0 ] && ! systemctl --user show-environment >/dev/null 2>&1; then
        say "no systemd user session to talk to: not stopped (run systemctl --user disable --now tactile.service later)"
    elif [ -e "$unit" ]; then
        run systemctl --user disable --now tactile.service
    fi
    remove "$unit" run
    if [ -z "$root" ] && [ "$stop" = 1 ] && command -v systemctl >/dev/null 2>&1 && { [ "$dry_run" = 1 ] || systemctl --user show-environment >/dev/null 2>&1; }; then
        run systemctl --user daemon-reload
    fi
    remove "$home/.local/bin/tactile" run
    remove "$home/.local/bin/tactiled" run
    if [ "$purge" = 1 ]; then
        remove "$config_home/tactile/gestures.toml" run
        remove_if_empty "$config_home/tactile"
    elif [ -e "$config_home/tactile/gestures.toml" ]; then
        say "kept: $config_home/tactile/gestures.toml (yours; --purge removes it)"
    fi
}

uninstall_system() {
    system_part
    rules=$root/etc/udev/rules.d/70-tactile.rules
    had_rules=0
    if [ -e "$rules" ]; then had_rules=1; fi
    remove "$rules" sudo_run
    remove "$root/etc/modules-load.d/tactile-uinput.conf" sudo_run
    if [ -n "$root" ]; then
        say "skipped (files under $root, not this system's): udevadm control --reload && udevadm trigger"
    elif [ "$had_rules" = 1 ] && command -v udevadm >/dev/null 2>&1; then
        sudo_run udevadm control --reload
        sudo_run udevadm trigger --subsystem-match=input --subsystem-match=misc
    fi
}

# What install.sh --autostart and --default-target put in place (the unit is disabled by then).
uninstall_routes() {
    config_home=$root${XDG_CONFIG_HOME:-$HOME/.config}
    for file in "$config_home/autostart/tactile.desktop" "$config_home/systemd/user/tactile.service.d/default-target.conf"; do
        if [ -e "$file" ] || [ -L "$file" ]; then run rm -f "$file"; fi
    done
    remove_if_empty "$config_home/systemd/user/tactile.service.d"
}

# What install.sh put in place for tactile serve to learn the focused app.
uninstall_focus_helpers() {
    data_home=$root${XDG_DATA_HOME:-$HOME/.local/share}
    remove "$data_home/tactile/kwin/tactile-focus.js" run
    remove_if_empty "$data_home/tactile/kwin"
    remove_if_empty "$data_home/tactile"
    extension=$data_home/gnome-shell/extensions/tactile-focus@tactile.github.io
    [ -d "$extension" ] || return 0
    for file in metadata.json extension.js; do remove "$extension/$file" run; done
    remove_if_empty "$extension"
    say "GNOME Shell keeps the extension it loaded until you log out"
}

# User first: the service stops before it loses its devices.
if [ "$do_user" = 1 ]; then uninstall_user; uninstall_routes; uninstall_focus_helpers; fi
if [ "$do_system" = 1 ]; then uninstall_system; fi
say "done"
