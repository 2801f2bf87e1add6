#!/bin/sh
# shellcheck source-path=SCRIPTDIR
# install.sh: installs tactile serve for the current user, to run without root.
#
# User part (no root): the binaries to ~/.local/bin/ (tactile, and tactiled,
# the service alone, which the unit runs), the systemd user unit to
# ~/.config/systemd/user/tactile.service, the default config to
# ~/.config/tactile/gestures.toml only when there is none (a config of yours
# is never overwritten), then enables and starts the unit. The focus helpers,
# through which tactile serve learns the focused app where no other program may
# ask (GNOME and KDE Plasma under Wayland): the KWin script to
# ~/.local/share/tactile/kwin/tactile-focus.js (tactile serve loads it into
# KWin), and, when GNOME Shell is installed, the GNOME Shell extension to
# ~/.local/share/gnome-shell/extensions/tactile-focus@tactile.github.io/, in
# the form for its version (43 and 44, or 45 and later), which you enable.
# System part (through sudo when not root): the udev rules to
# /etc/udev/rules.d/70-tactile.rules, the module list to
# /etc/modules-load.d/tactile-uinput.conf, then modprobe uinput and udevadm.
#
# Staged (--root DIR or DESTDIR=DIR): every file goes under DIR with the same
# layout (DIR$HOME/.local/bin/tactile, DIR/etc/udev/rules.d/…), to look at
# or for an image; nothing runs on this system (no sudo, systemctl, modprobe or
# udevadm), so it works as any user.
#
# Idempotent: a file already as it should be is left alone (and said so).
# Every step is printed; --dry-run prints them and changes nothing.
set -eu

usage() {
    cat <<'USAGE'
usage: dist/install.sh [options]

  --binary FILE   the tactile binary to install, with the tactiled beside it
                  (also $TACTILE_BINARY; default .build/release/tactile, both
                  built with `swift build -c release` when missing)
  --config FILE   the config installed when you have none (default dist/gestures.toml)
  --root DIR      stage every file under DIR instead of / (also $DESTDIR):
                  DIR$HOME/.local/bin/tactile, DIR/etc/udev/rules.d/…;
                  no sudo, systemctl, modprobe or udevadm
  --user-only     only the user's files (no sudo)
  --system-only   only the system files (udev rules, modules-load.d)
  --no-start      do not reload, enable or start the user unit
  --autostart     also install the XDG autostart entry that starts the unit, for
                  sessions without graphical-session.target that run XDG
                  autostart (Xfce, MATE, LXQt; see docs/service.md)
  --default-target also enable the unit for default.target (a drop-in), for
                  sessions with no graphical-session.target and no startup file
  --dry-run       print what would be done, change nothing
  -h, --help      this text
USAGE
}

script=install.sh
dist=$(CDPATH='' cd -- "$(dirname -- "$0")" && pwd)
# shellcheck source=common.sh
. "$dist/common.sh"

repo=$(dirname -- "$dist")

binary=${TACTILE_BINARY:-}
config_source=$dist/gestures.toml
root=${DESTDIR:-}
do_user=1
do_system=1
start=1
dry_run=0
autostart=0
default_target=0

while [ $# -gt 0 ]; do
    case $1 in
        --binary) [ $# -ge 2 ] || die "--binary needs a file"; binary=$2; shift 2 ;;
        --binary=*) binary=${1#--binary=}; shift ;;
        --config) [ $# -ge 2 ] || die "--config needs a file"; config_source=$2; shift 2 ;;
        --config=*) config_source=${1#--config=}; shift ;;
        --root) [ $# -ge 2 ] || die "--root needs a directory"; root=$2; shift 2 ;;
        --root=*) root=${1#--root=}; shift ;;
        --user-only) do_system=0; shift ;;
        --system-only) do_user=0; shift ;;
        --no-start) start=0; shift ;;
        --autostart) autostart=1; shift ;;
        --default-target) default_target=1; shift ;;
        --dry-run) dry_run=1; shift ;;
        -h|--help) usage; exit 0 ;;
        *) usage >&2; die "unknown option: $1" ;;
    esac
done
[ "$do_user" = 1 ] || [ "$do_system" = 1 ] || die "--user-only and --system-only together install nothing"
root=${root%/}
[ "$dry_run" = 1 ] && say "dry run: nothing is changed"



changed=0
# put SOURCE DESTINATION MODE RUNNER: installs a file unless it is already there, identical.
put() {
    if [ -f "$2" ] && cmp -s "$1" "$2"; then
        say "unchanged: $2"
        return 0
    fi
    changed=1
    "$4" mkdir -p "$(dirname -- "$2")"
    "$4" install -m "$3" "$1" "$2"
}

# ---- User part ---------------------------------------------------------------

install_user() {
    [ -n "${HOME:-}" ] || die "HOME is not set"
    if [ -z "$root" ] && [ "$(id -u)" = 0 ] && [ -n "${SUDO_USER:-}" ]; then
        die "run as yourself, not through sudo (it asks for sudo for the system files), or give --system-only"
    fi
    # Staged, the user's files keep their place below the root: $root$HOME/….
    home=$root$HOME
    config_home=$root${XDG_CONFIG_HOME:-$HOME/.config}
    if [ -n "$root" ]; then
        say "== user files (for $(id -un), under $home)"
    else
        say "== user files (for $(id -un), in $HOME)"
    fi

    if [ -z "$binary" ]; then
        binary=$repo/.build/release/tactile
        for product in tactile tactiled; do
            if [ ! -x "$repo/.build/release/$product" ]; then
                say "no $repo/.build/release/$product: building it"
                run swift build -c release --product "$product" --package-path "$repo"
            fi
        done
    fi
    # The service alone, which the unit runs, is the tactiled beside tactile.
    service_binary=$(dirname -- "$binary")/tactiled
    for pair in "$binary:tactile" "$service_binary:tactiled"; do
        file=${pair%:*} name=${pair##*:}
        if [ ! -f "$file" ]; then
            [ "$dry_run" = 1 ] || die "no binary: $file"
            say "+ install -m 0755 $file $home/.local/bin/$name (once built)"
        else
            put "$file" "$home/.local/bin/$name" 0755 run
        fi
    done

    put "$dist/tactile.service" "$config_home/systemd/user/tactile.service" 0644 run

    user_config=$config_home/tactile/gestures.toml
    if [ -e "$user_config" ]; then
        say "kept: $user_config (yours; never overwritten)"
    elif [ -f "$config_source" ]; then
        put "$config_source" "$user_config" 0644 run
    else
        say "no default config at $config_source: none installed (tactile serve uses its built-in default)"
    fi

    if [ -n "$root" ]; then
        say "not started (files under $root, not this system's): no systemctl"
    elif [ "$start" = 0 ]; then
        say "not started (--no-start); to start: systemctl --user daemon-reload && systemctl --user enable --now tactile.service"
    elif ! command -v systemctl >/dev/null 2>&1; then
        say "no systemctl: start it yourself with $HOME/.local/bin/tactiled"
    elif [ "$dry_run" = 0 ] && ! systemctl --user show-environment >/dev/null 2>&1; then
        say "no systemd user session to talk to (logged in graphically?): later, run"
        say "  systemctl --user daemon-reload && systemctl --user enable --now tactile.service"
    else
        run systemctl --user daemon-reload
        if [ "$changed" = 1 ] && [ "$dry_run" = 0 ] && systemctl --user is-active --quiet tactile.service; then
            run systemctl --user restart tactile.service
        fi
        run systemctl --user enable --now tactile.service
    fi
}

# ---- The focus helpers -------------------------------------------------------

extension_uuid=tactile-focus@tactile.github.io

# Sets extension_form to the form of the GNOME Shell extension for the
# gnome-shell on PATH, 43 (GNOME 43 and 44) or 45 (45 and later), and
# shell_major to its major version; extension_form is empty, said why, when
# there is no gnome-shell or it is older than 43.
gnome_shell_form() {
    extension_form=
    shell_major=
    if ! command -v gnome-shell >/dev/null 2>&1; then
        say "no gnome-shell here: the GNOME Shell extension is not installed (run install.sh again where GNOME Shell is)"
        return 0
    fi
    shell_version=$(gnome-shell --version 2>/dev/null) || shell_version=
    shell_major=${shell_version##* }
    shell_major=${shell_major%%.*}
    case $shell_major in
        ''|*[!0-9]*) say "gnome-shell --version says \"$shell_version\": the GNOME Shell extension is not installed" ;;
        *) if [ "$shell_major" -ge 45 ]; then extension_form=45
           elif [ "$shell_major" -ge 43 ]; then extension_form=43
           else say "GNOME Shell $shell_major is older than the GNOME Shell extension (43 and later): not installed"
           fi ;;
    esac
}

install_focus_helpers() {
    data_home=$root${XDG_DATA_HOME:-$HOME/.local/share}
    put "$dist/share/tactile/kwin/tactile-focus.js" "$data_home/tactile/kwin/tactile-focus.js" 0644 run
    gnome_shell_form
    [ -n "$extension_form" ] || return 0
    extension=$data_home/gnome-shell/extensions/$extension_uuid
    if [ "$extension_form" = 43 ]; then
        say "GNOME Shell $shell_major: the GNOME Shell extension in its form for GNOME 43 and 44"
    else
        say "GNOME Shell $shell_major: the GNOME Shell extension in its form for GNOME 45 and later"
    fi
    for file in metadata.json extension.js; do
        put "$dist/share/tactile/gnome-shell/$extension_form/$file" "$extension/$file" 0644 run
    done
    if [ "$shell_major" -gt 48 ]; then
        say "note: the extension names GNOME 45 to 48: GNOME Shell $shell_major may call it out of date and not load it"
    fi
    say "to enable it: gnome-extensions enable $extension_uuid"
    say "  (GNOME Shell sees an extension installed while it runs only once you log out and in again)"
}

# ---- System part -------------------------------------------------------------

install_system() {
    system_part
    put "$dist/70-tactile.rules" "$root/etc/udev/rules.d/70-tactile.rules" 0644 sudo_run
    put "$dist/tactile-uinput.conf" "$root/etc/modules-load.d/tactile-uinput.conf" 0644 sudo_run

    if [ -n "$root" ]; then
        say "skipped (files under $root, not this system's): modprobe uinput; udevadm control --reload && udevadm trigger"
        return 0
    fi
    if command -v modprobe >/dev/null 2>&1; then
        sudo_run modprobe uinput
    else
        say "no modprobe: load uinput yourself (or reboot: modules-load.d loads it)"
    fi
    if command -v udevadm >/dev/null 2>&1; then
        sudo_run udevadm control --reload
        sudo_run udevadm trigger --subsystem-match=input --subsystem-match=misc
        say "the rules apply to the active session now; if tactile serve still cannot open a device, log out and in"
    else
        say "no udevadm: the rules apply after a reboot"
    fi
}

# ---- Sessions without graphical-session.target ----------------------------------

# The unit is wanted by graphical-session.target, which GNOME and KDE start and
# sway, i3, Hyprland and labwc do not: there something else must start it.
install_routes() {
    # Staged (DESTDIR or --root), below the root like the user's other files, and nothing asked of systemctl.
    config_home=$root${XDG_CONFIG_HOME:-$HOME/.config}
    if [ "$autostart" = 1 ]; then
        put "$dist/tactile-autostart.desktop" "$config_home/autostart/tactile.desktop" 0644 run
    fi
    can_ask=0
    if [ -z "$root" ] && [ "$start" = 1 ] && command -v systemctl >/dev/null 2>&1 && { [ "$dry_run" = 1 ] || systemctl --user show-environment >/dev/null 2>&1; }; then
        can_ask=1
    fi
    if [ "$default_target" = 1 ]; then
        put "$dist/tactile-default-target.conf" "$config_home/systemd/user/tactile.service.d/default-target.conf" 0644 run
        if [ "$can_ask" = 1 ]; then
            run systemctl --user daemon-reload
            run systemctl --user reenable tactile.service
        else
            say "to enable it for default.target: systemctl --user daemon-reload && systemctl --user reenable tactile.service"
        fi
    elif [ "$autostart" = 0 ] && [ "$can_ask" = 1 ] && [ "$dry_run" = 0 ] && ! systemctl --user is-active --quiet graphical-session.target; then
        say "note: this session has not started graphical-session.target (sway, i3, Hyprland and labwc never do),"
        say "  so the unit will not start by itself at your next login here: tactile doctor names the line to add"
        say "  for this session (docs/service.md, Sessions without graphical-session.target), or see --autostart"
    fi
}

# System first: the user unit starts better with access already granted.
if [ "$do_system" = 1 ]; then install_system; fi
if [ "$do_user" = 1 ]; then install_user; install_routes; install_focus_helpers; fi
say "done"
