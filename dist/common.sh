# common.sh: what dist/install.sh and dist/uninstall.sh share. Sourced, not run:
# the script sets $script (its name), $dry_run and $root first.

say() {
    printf '%s\n' "$*"
}

die() {
    printf '%s: %s\n' "$script" "$*" >&2
    exit 1
}

# Runs a command, printed first (only printed in a dry run).
run() {
    say "+ $*"
    [ "$dry_run" = 1 ] || "$@"
}

# Runs a command on the system's files: through sudo when system_part chose it.
sudo_run() {
    if [ -n "$sudo" ]; then run "$sudo" "$@"; else run "$@"; fi
}

# Says where the system files go, and sets $sudo: sudo when they go in / itself
# and this is not root. A dry run never runs sudo, and without it only says
# what the real run would need.
system_part() {
    sudo=
    if [ -n "$root" ]; then
        say "== system files (under $root)"
        return 0
    fi
    say "== system files (in /etc)"
    if [ "$(id -u)" != 0 ]; then
        if ! command -v sudo >/dev/null 2>&1; then
            [ "$dry_run" = 1 ] || die "the system files need root: run the system part as root (--system-only), or install sudo"
            say "(not root and no sudo: the real run stops here; run the system part as root, with --system-only)"
            return 0
        fi
        sudo=sudo
        say "(through sudo: it may ask for your password once)"
    fi
}
