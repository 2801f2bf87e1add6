#!/usr/bin/env bash
# make-deb.sh (make deb): builds the Debian package of tactile,
# .build/deb/tactile_<version>_<arch>.deb, from a staged tree.
#
# The binaries are the release builds of the tactile product and of tactiled,
# the service alone, which the user unit runs from /usr/libexec/tactile/
# (.build/release, the ones make install and make demo use): Package.swift links it with the Swift
# runtime and Foundation inside (-static-stdlib), so the package needs no
# Swift toolchain, only libc6, libevdev2 and the other libraries
# dpkg-shlibdeps finds, and with -z now (all symbols bound at load time, as
# Debian's hardening asks). Only --disable-local-rpath (no $ORIGIN run path
# in a packaged binary) is added here, which changes the link alone: after
# make install the package costs a relink, not a second build. The same
# build, run through swift-argument-parser's generate-manual plugin, gives
# the manual pages (one per command, from their help).
#
# What goes where, and the maintainer scripts: dist/deb/ (control,
# changelog, copyright, postinst, postrm, triggers) and docs/service.md
# ("Debian package"). The version, the maintainer and the date (SOURCE_DATE_EPOCH, for
# a reproducible package) come from dist/deb/changelog, whose version must
# be what `tactile --version` says. tools/check-deb.sh checks the result.
#
# Environment: SWIFT (the swift driver), DEB_DIR (the output directory,
# default .build/deb), DEB_SCRATCH (the build's scratch path, default .build).
set -euo pipefail
cd "$(dirname "$0")/.."
umask 022
swift="${SWIFT:-$(command -v swift || echo /opt/swift/usr/bin/swift)}"
out="${DEB_DIR:-.build/deb}"
scratch="${DEB_SCRATCH:-.build}"
fail() { echo "make-deb: $*" >&2; exit 1; }

for tool in dpkg-deb dpkg-shlibdeps dpkg-parsechangelog gzip strip objdump; do
    command -v "$tool" >/dev/null 2>&1 || fail "$tool is missing (apt-get install dpkg-dev binutils)"
done

# ---- What the changelog says ---------------------------------------------------

changelog=dist/deb/changelog
version=$(dpkg-parsechangelog -l "$changelog" -S Version)
maintainer=$(dpkg-parsechangelog -l "$changelog" -S Maintainer)
export SOURCE_DATE_EPOCH="${SOURCE_DATE_EPOCH:-$(dpkg-parsechangelog -l "$changelog" -S Timestamp)}"
architecture=$(dpkg --print-architecture)
package=tactile_${version}_${architecture}.deb

# ---- Build: the static binary and, from it, the manual pages ------------------

echo "make-deb: building tactile in release mode ($scratch; the first time: 5 to 8 minutes, a relink after make install)"
manuals=$scratch/plugins/GenerateManual/outputs/tactile
rm -rf "$manuals"   # the plugin adds pages and removes none: a renamed command's old page would stay
"$swift" package --scratch-path "$scratch" --disable-local-rpath \
    plugin generate-manual --multi-page --date "$(date -u -d "@$SOURCE_DATE_EPOCH" +%F)"
"$swift" build -c release --scratch-path "$scratch" --disable-local-rpath --product tactiled
binary=$scratch/release/tactile
service_binary=$scratch/release/tactiled
[ -x "$binary" ] || fail "the build left no $binary"
[ -x "$service_binary" ] || fail "the build left no $service_binary"
[ -f "$manuals/tactile.1" ] || fail "the generate-manual plugin left no $manuals/tactile.1"

built_version=$("$binary" --version)
[ "${version%-*}" = "$built_version" ] ||
    fail "dist/deb/changelog is at $version but tactile --version says $built_version: add a changelog entry for $built_version"
for file in "$binary" "$service_binary"; do
    if objdump -p "$file" | grep -E 'NEEDED +lib(swift|Foundation|dispatch|BlocksRuntime|_Foundation)' >&2; then
        fail "$file still needs the Swift runtime (the lines above): Package.swift must link it with -static-stdlib"
    fi
done

# ---- The staged tree ----------------------------------------------------------

mkdir -p "$out"
out=$(cd "$out" && pwd)
root=$out/root
rm -rf "$root" "$out"/tactile_*.deb
install -d "$root/DEBIAN" "$root/usr/bin" "$root/usr/libexec/tactile" "$root/usr/share/man/man1" "$root/usr/share/doc/tactile" \
    "$root/usr/lib/systemd/user" "$root/usr/lib/udev/rules.d" "$root/usr/lib/modules-load.d" "$root/etc/tactile" \
    "$root/usr/share/bash-completion/completions" "$root/usr/share/zsh/vendor-completions" \
    "$root/usr/share/fish/vendor_completions.d"

# The binaries, stripped as dh_strip strips an executable (the .swift5_* metadata sections stay).
# tactiled is not a command for people to type (tactile serve is; it takes the same options):
# in /usr/libexec, it needs no manual page of its own.
strip --remove-section=.comment --remove-section=.note -o "$root/usr/bin/tactile" "$binary"
strip --remove-section=.comment --remove-section=.note -o "$root/usr/libexec/tactile/tactiled" "$service_binary"
chmod 0755 "$root/usr/bin/tactile" "$root/usr/libexec/tactile/tactiled"
[ "$("$root/usr/bin/tactile" --version)" = "$built_version" ] || fail "the stripped binary does not run"
[ "$("$root/usr/libexec/tactile/tactiled" --version)" = "$built_version" ] || fail "the stripped tactiled does not run"

# The plugin names a subcommand's page tactile.serve.1 (NAME "tactile serve"),
# which no whatis entry matches and `man tactile serve` does not find. Each is
# installed as tactile-serve.1 with tactile-serve as a second name (so that
# man-db's `man tactile serve` finds it), the references to it renamed, and
# blank lines, which mdoc warns about, made paragraph breaks.
for page in "$manuals"/*.1; do
    name=$(basename "$page" .1)
    debian_name=${name//./-}
    words=${name//./ }
    sed -e "s/^\.Dt ${name^^} 1\$/.Dt ${debian_name^^} 1/" \
        -e 's/^\.Xr tactile\.\([a-z0-9.-]*\) 1/.Xr tactile-\1 1/' \
        -e 's/^\(\.Xr tactile-[a-z0-9-]*\)\.\([a-z0-9.-]*\) 1/\1-\2 1/' \
        -e 's/^$/.Pp/' \
        "$page" >"$out/page.1"
    if [ "$name" != "$debian_name" ]; then
        grep -qx ".Nm \"$words\"" "$out/page.1" || fail "$page has no .Nm \"$words\" line to add $debian_name to"
        sed -i -e "0,/^\.Nm \"$words\"\$/ s//.Nm \"$words\" ,\n.Nm $debian_name/" "$out/page.1"
    fi
    gzip -9n <"$out/page.1" >"$root/usr/share/man/man1/$debian_name.1.gz"
done
rm -f "$out/page.1"

# (bash-completion sources its files: no #! line)
"$binary" --generate-completion-script bash | sed '1{/^#!/d}' >"$root/usr/share/bash-completion/completions/tactile"
"$binary" --generate-completion-script zsh >"$root/usr/share/zsh/vendor-completions/_tactile"
"$binary" --generate-completion-script fish >"$root/usr/share/fish/vendor_completions.d/tactile.fish"

# dist/'s files, with what they say about install.sh's places made true of the package's.
sed -e 's|^ExecStart=%h/\.local/bin/tactiled$|ExecStart=/usr/libexec/tactile/tactiled|' \
    -e 's|^# Installed by dist/install.sh to ~/.config/systemd/user/tactile.service.$|# Installed by the tactile package; enable it with: systemctl --user enable --now tactile|' \
    -e 's|^# The binary is %h/.local/bin/tactiled (%h is your home directory). To run it$|# The binary is /usr/libexec/tactile/tactiled. To run it|' \
    -e 's|^# from elsewhere, or with options, do not edit this file (install.sh would$|# from elsewhere, or with options, do not edit this file (the package would|' \
    -e 's|^# It needs the udev rules of dist/70-tactile.rules (access to the touch$|# It needs the udev rules of 70-tactile.rules (access to the touch|' \
    -e 's|^# (dist/tactile-uinput.conf).$|# (/usr/lib/modules-load.d/tactile-uinput.conf).|' \
    dist/tactile.service >"$root/usr/lib/systemd/user/tactile.service"
sed -e 's|^# without root. Installed to /etc/udev/rules.d/ by dist/install.sh.$|# without root. Installed to /usr/lib/udev/rules.d/ by the tactile package.|' \
    dist/70-tactile.rules >"$root/usr/lib/udev/rules.d/70-tactile.rules"
sed -e 's|^# virtual devices. Installed to /etc/modules-load.d/ by dist/install.sh.$|# virtual devices. Installed to /usr/lib/modules-load.d/ by the tactile package.|' \
    dist/tactile-uinput.conf >"$root/usr/lib/modules-load.d/tactile-uinput.conf"
for file in systemd/user/tactile.service udev/rules.d/70-tactile.rules modules-load.d/tactile-uinput.conf; do
    if grep -nE 'install\.sh|\.local/bin|%h/|dist/' "$root/usr/lib/$file" >&2; then
        fail "dist/$(basename "$file") changed: the lines above still name install.sh's places (update the sed lines of tools/make-deb.sh)"
    fi
done
grep -qx 'ExecStart=/usr/libexec/tactile/tactiled' "$root/usr/lib/systemd/user/tactile.service" ||
    fail "the packaged unit does not run /usr/libexec/tactile/tactiled"

# The focus helpers, as dist/install.sh installs them for one user: both forms of the GNOME Shell
# extension (postinst links the one the installed gnome-shell loads into
# /usr/share/gnome-shell/extensions, and again when GNOME changes: dist/deb/triggers) and the KWin script.
for form in 43 45; do
    install -D -m 0644 -t "$root/usr/share/tactile/gnome-shell/$form" \
        "dist/share/tactile/gnome-shell/$form/metadata.json" "dist/share/tactile/gnome-shell/$form/extension.js"
done
install -D -m 0644 dist/share/tactile/kwin/tactile-focus.js "$root/usr/share/tactile/kwin/tactile-focus.js"

install -m 0644 dist/gestures.toml "$root/etc/tactile/gestures.toml"
install -m 0644 dist/deb/copyright "$root/usr/share/doc/tactile/copyright"
install -D -m 0644 dist/deb/lintian-overrides "$root/usr/share/lintian/overrides/tactile"
gzip -9n <"$changelog" >"$root/usr/share/doc/tactile/changelog.Debian.gz"

# ---- DEBIAN/ --------------------------------------------------------------------

install -m 0755 dist/deb/postinst dist/deb/postrm "$root/DEBIAN/"
install -m 0644 dist/deb/triggers "$root/DEBIAN/"
(cd "$root" && find etc -type f -printf '/%p\n' | sort) >"$root/DEBIAN/conffiles"

# Depends: what dpkg-shlibdeps finds the binaries need, from a minimal debian/ of its own, and the
# session's libraries, which both load only when first called (Sources/CSessionLibraries), so that
# dpkg-shlibdeps does not see them: sd-bus (the bus, GNOME and KDE's focus) and libxcb with RandR (X11).
shlibs=$out/shlibdeps
rm -rf "$shlibs"
mkdir -p "$shlibs/debian"
printf 'Source: tactile\n\nPackage: tactile\nArchitecture: any\n' >"$shlibs/debian/control"
depends=$(cd "$shlibs" && dpkg-shlibdeps -O -e"$root/usr/bin/tactile" -e"$root/usr/libexec/tactile/tactiled" 2>"$out/shlibdeps.log") ||
    { cat "$out/shlibdeps.log" >&2; fail "dpkg-shlibdeps failed"; }
depends=${depends#shlibs:Depends=}
[ -n "$depends" ] || fail "dpkg-shlibdeps found no dependency"
depends="$depends, libsystemd0, libxcb1, libxcb-randr0"
rm -rf "$shlibs"

installed_size=$(du -sk --apparent-size --exclude=DEBIAN "$root" | cut -f1)
sed -e "s|@VERSION@|$version|" -e "s|@ARCHITECTURE@|$architecture|" -e "s|@MAINTAINER@|$maintainer|" \
    -e "s|@INSTALLED_SIZE@|$installed_size|" -e "s|@DEPENDS@|$depends|" dist/deb/control >"$root/DEBIAN/control"
if grep -n '@[A-Z_]*@' "$root/DEBIAN/control" >&2; then fail "DEBIAN/control keeps a placeholder (above)"; fi

(cd "$root" && find . -path ./DEBIAN -prune -o -type f -printf '%P\0' | sort -z | xargs -0 md5sum) >"$root/DEBIAN/md5sums"
chmod 0644 "$root/DEBIAN/control" "$root/DEBIAN/conffiles" "$root/DEBIAN/md5sums"

# Every file dated SOURCE_DATE_EPOCH, so the same sources give the same package.
find "$root" -exec touch --no-dereference --date="@$SOURCE_DATE_EPOCH" {} +

dpkg-deb --root-owner-group -Zxz --build "$root" "$out/$package" >/dev/null
echo "make-deb: $out/$package ($(du -k "$out/$package" | cut -f1) KiB; installed $installed_size KiB; Depends: $depends)"
