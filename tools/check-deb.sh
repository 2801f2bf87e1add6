#!/usr/bin/env bash
# check-deb.sh: the Debian package, end to end (CI runs it). Builds it
# (tools/make-deb.sh), runs lintian on it (any error or warning fails; the
# info and pedantic tags are printed), installs it with dpkg -i, runs
# /usr/bin/tactile and tactiled and checks that every file landed (the manual page found
# and readable by man, the user unit, the udev rules, the modules-load.d file,
# the conffile, read by tactile check for a user without a config, the
# completions, both forms of the GNOME Shell extension and the KWin script;
# the link postinst makes to the form the installed gnome-shell loads, or none
# where there is no gnome-shell, and made again by the trigger on
# /usr/bin/gnome-shell), then removes it with dpkg -r (the conffile
# stays; the link goes), purges it with dpkg -P and checks that nothing of it
# is left.
#
# Needs root, or sudo, for dpkg -i/-r/-P; refuses to run where tactile is
# installed already (it would remove it). Run from anywhere.
set -euo pipefail
cd "$(dirname "$0")/.."
start=$(date +%s.%N)
fail() { echo "check-deb: $*" >&2; exit 1; }
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
for tool in lintian man dpkg-deb; do
    command -v "$tool" >/dev/null 2>&1 || fail "$tool is missing (apt-get install lintian man-db dpkg-dev)"
done
if dpkg-query -W -f='${Status}' tactile 2>/dev/null | grep -q 'installed\|config-files'; then
    fail "a tactile package is installed here already: this check would remove it (dpkg -P tactile first)"
fi

tools/make-deb.sh
out="${DEB_DIR:-.build/deb}"
debs=("$out"/tactile_*.deb)
if [ "${#debs[@]}" != 1 ] || [ ! -f "${debs[0]}" ]; then fail "expected one package in $out, found: ${debs[*]}"; fi
deb=${debs[0]}
version=$(dpkg-deb -f "$deb" Version)

# ---- lintian ----------------------------------------------------------------------

echo "check-deb: lintian $deb"
lintian_output=$(lintian --display-info --pedantic --show-overrides --tag-display-limit 0 "$deb" 2>&1) || true
[ -z "$lintian_output" ] || printf '%s\n' "$lintian_output"
if grep -E '^[EW]: ' <<<"$lintian_output" >/dev/null; then
    fail "lintian reports errors or warnings (E: and W: lines above)"
fi
tags=$(grep -cE '^[IPX]: ' <<<"$lintian_output" || true)
overridden=$(grep -cE '^O: ' <<<"$lintian_output" || true)

# ---- install ------------------------------------------------------------------------

installed=0
cleanup() { if [ "$installed" = 1 ]; then $SUDO dpkg -P tactile >/dev/null 2>&1 || true; fi; }
trap cleanup EXIT
$SUDO dpkg -i "$deb"
installed=1
listing=$(dpkg -L tactile)
files=$(while read -r path; do [ -d "$path" ] || echo "$path"; done <<<"$listing")

[ "$(/usr/bin/tactile --version)" = "${version%-*}" ] || fail "/usr/bin/tactile --version does not say ${version%-*}"
[ "$(/usr/libexec/tactile/tactiled --version)" = "${version%-*}" ] || fail "/usr/libexec/tactile/tactiled --version does not say ${version%-*}"
for binary in /usr/bin/tactile /usr/libexec/tactile/tactiled; do
    if ldd "$binary" | grep -E 'libswift|libFoundation|/opt/swift|not found' >&2; then
        fail "$binary needs libraries outside the package's Depends (above)"
    fi
done
# The session's libraries, loaded on first use, are in Depends though dpkg-shlibdeps cannot see them.
for library in libsystemd0 libxcb1 libxcb-randr0; do
    dpkg-query -W -f='${Depends}' tactile | grep -qw "$library" || fail "Depends does not name $library (tactiled loads it)"
done
env -i PATH=/usr/bin:/bin /usr/bin/tactile --help | grep -q 'USAGE: tactile' || fail "tactile --help prints no usage"

for path in /usr/bin/tactile /usr/libexec/tactile/tactiled /usr/share/man/man1/tactile.1.gz /usr/lib/systemd/user/tactile.service \
    /usr/lib/udev/rules.d/70-tactile.rules /usr/lib/modules-load.d/tactile-uinput.conf /etc/tactile/gestures.toml \
    /usr/share/bash-completion/completions/tactile /usr/share/zsh/vendor-completions/_tactile \
    /usr/share/fish/vendor_completions.d/tactile.fish /usr/share/doc/tactile/copyright /usr/share/doc/tactile/changelog.Debian.gz \
    /usr/share/tactile/gnome-shell/43/metadata.json /usr/share/tactile/gnome-shell/43/extension.js \
    /usr/share/tactile/gnome-shell/45/metadata.json /usr/share/tactile/gnome-shell/45/extension.js \
    /usr/share/tactile/kwin/tactile-focus.js; do
    [ -s "$path" ] || fail "the package did not install $path"
    grep -qxF "$path" <<<"$listing" || fail "dpkg -L tactile does not list $path"
done
[ "$(man -w tactile)" = /usr/share/man/man1/tactile.1.gz ] || fail "man -w tactile does not find the packaged page"
[ "$(man -w tactile serve)" = /usr/share/man/man1/tactile-serve.1.gz ] || fail "man tactile serve does not find tactile-serve.1.gz"
man_text=$(MANWIDTH=80 man -l /usr/share/man/man1/tactile.1.gz 2>&1 | sed 's/.\x08//g')
if ! grep -q 'SYNOPSIS' <<<"$man_text" || ! grep -q 'tactile' <<<"$man_text"; then
    fail "man -l cannot render tactile.1.gz: $man_text"
fi
# (lintian has read every page with groff's warnings on: groff-message is a warning)
pages=$(grep -c '^/usr/share/man/man1/.*\.1\.gz$' <<<"$listing")
while read -r page; do
    man -l "$page" >/dev/null 2>&1 || fail "man -l cannot read $page"
done < <(grep '^/usr/share/man/man1/.*\.1\.gz$' <<<"$listing")
grep -qx 'ExecStart=/usr/libexec/tactile/tactiled' /usr/lib/systemd/user/tactile.service ||
    fail "the installed unit does not run /usr/libexec/tactile/tactiled"
[ "$(dpkg-query -W -f='${Conffiles}' tactile | awk 'NF { print $1 }')" = /etc/tactile/gestures.toml ] ||
    fail "/etc/tactile/gestures.toml is not the package's conffile"
cmp -s /etc/tactile/gestures.toml dist/gestures.toml || fail "/etc/tactile/gestures.toml is not dist/gestures.toml"
grep -q 'serve' /usr/share/bash-completion/completions/tactile || fail "the bash completions name no subcommand"
# A user without a config of their own gets the package's: tactile check reads the config serve would use.
home=$(mktemp -d)
check_output=$(env -i HOME="$home" PATH=/usr/bin:/bin /usr/bin/tactile check 2>&1) || fail "tactile check failed: $check_output"
rm -rf "$home"
grep -q '^/etc/tactile/gestures.toml: ok' <<<"$check_output" || fail "tactile check did not read /etc/tactile/gestures.toml: $check_output"
if command -v systemd-analyze >/dev/null 2>&1; then
    runtime=$(mktemp -d)
    verify=$(env -i HOME="$runtime" XDG_RUNTIME_DIR="$runtime" PATH=/usr/bin:/bin \
        systemd-analyze --user verify /usr/lib/systemd/user/tactile.service 2>&1) || fail "systemd-analyze --user verify: $verify"
    rm -rf "$runtime"
    [ -z "$verify" ] || fail "systemd-analyze --user verify says: $verify"
fi
for file in gnome-shell/43/metadata.json gnome-shell/43/extension.js gnome-shell/45/metadata.json gnome-shell/45/extension.js kwin/tactile-focus.js; do
    cmp -s "/usr/share/tactile/$file" "dist/share/tactile/$file" || fail "/usr/share/tactile/$file is not dist/share/tactile/$file"
done
# The extension's link: to the form for the gnome-shell installed here (43 and 44: 43; 45 and later: 45), or none.
link=/usr/share/gnome-shell/extensions/tactile-focus@tactile.github.io
shell_status=$(dpkg-query -W -f='${db:Status-Abbrev}|${Version}' gnome-shell 2>/dev/null) || shell_status=
form=
if [[ "$shell_status" == ii* ]]; then
    shell_major=${shell_status#*|}
    shell_major=${shell_major#*:}
    shell_major=${shell_major%%[!0-9]*}
    if [ "$shell_major" -ge 45 ]; then form=45; elif [ "$shell_major" -ge 43 ]; then form=43; fi
fi
extension_link_is_right() {
    if [ -n "$form" ]; then
        [ "$(readlink "$link")" = "/usr/share/tactile/gnome-shell/$form" ] && [ -f "$link/metadata.json" ]
    else
        [ ! -e "$link" ] && [ ! -L "$link" ]
    fi
}
extension_link_is_right || fail "after dpkg -i, $link is not ${form:+a link to /usr/share/tactile/gnome-shell/$form}${form:-absent} (gnome-shell: ${shell_status:-not installed})"
# A GNOME Shell installed, upgraded or removed later: dpkg runs postinst again (dist/deb/triggers).
$SUDO rm -f "$link"
$SUDO dpkg-trigger --no-await /usr/bin/gnome-shell
$SUDO dpkg --triggers-only tactile
extension_link_is_right || fail "the trigger on /usr/bin/gnome-shell did not make $link again"
if [ -n "$form" ]; then
    echo "check-deb: the GNOME Shell extension: $link links to its form $form, and the trigger made it again"
else
    echo "check-deb: the GNOME Shell extension: no link (no gnome-shell 43 or later here), none after the trigger either"
fi
echo "check-deb: installed: tactile $version, $(wc -l <<<"$listing") paths ($(wc -l <<<"$files") files, $pages manual pages)"

# ---- remove, then purge -------------------------------------------------------------

$SUDO dpkg -r tactile
[ "$(dpkg-query -W -f='${Status}' tactile)" = "deinstall ok config-files" ] || fail "after dpkg -r, tactile is not in config-files state"
while read -r path; do
    [ "$path" = /etc/tactile/gestures.toml ] && continue
    [ ! -e "$path" ] || fail "dpkg -r left $path"
done <<<"$files"
[ -f /etc/tactile/gestures.toml ] || fail "dpkg -r removed the conffile (only a purge may)"
if [ -e "$link" ] || [ -L "$link" ]; then fail "dpkg -r left $link"; fi

$SUDO dpkg -P tactile
installed=0
if dpkg -L tactile >/dev/null 2>&1; then fail "dpkg -L tactile still lists files after the purge"; fi
if dpkg-query -W tactile >/dev/null 2>&1; then fail "dpkg still knows tactile after the purge"; fi
while read -r path; do
    [ ! -e "$path" ] || fail "dpkg -P left $path"
done <<<"$files"
for directory in /etc/tactile /usr/share/doc/tactile; do
    [ ! -e "$directory" ] || fail "dpkg -P left $directory"
done

seconds=$(echo "$(date +%s.%N) - $start" | bc)
printf 'check-deb: %s (%s KiB) passed lintian (%s info/pedantic tags, %s overridden), installed, ran, was removed and purged without a trace (%.0f s)\n' \
    "$deb" "$(du -k "$deb" | cut -f1)" "$tags" "$overridden" "$seconds"
