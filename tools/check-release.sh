#!/usr/bin/env bash
# The release side of CI, in a copy of the tree: make install and make
# uninstall into a temporary PREFIX (this builds the release tactile, the one
# release build), the release build still current after that, and the Debian
# package (a relink of the same build), clean under lintian, installed, run,
# removed and purged without a trace.
#
# The copy (.build/ci-release: the files git tracks and the new ones it does
# not ignore, as they are in the working tree) has a .build of its own, so this
# runs beside make test without either SwiftPM build waiting on the other's
# lock. .ci/run starts it at nice 19 once the debug build is done; it prints
# how long each check took, last.
#
# The Debian package's check installs into the system (/etc/tactile, /usr),
# which the tests must not see: a service test that starts with no config
# would read the package's /etc/tactile/gestures.toml. With --system-after
# FILE it waits for FILE (which .ci/run makes when make test is over) before
# that check; the release build and make install's check (a temporary PREFIX)
# run beside the tests.
#
#   tools/check-release.sh [--system-after FILE]
set -euo pipefail
cd "$(dirname "$0")/.."
system_after=""
if [ "${1:-}" = --system-after ]; then
    system_after="${2:?--system-after needs a file}"
elif [ $# -gt 0 ]; then
    echo "usage: tools/check-release.sh [--system-after FILE]" >&2
    exit 2
fi

copy="$(pwd)/.build/ci-release"
rm -rf "$copy"
mkdir -p "$copy"
git ls-files -z --cached --others --exclude-standard | while IFS= read -r -d '' file; do
    [ -e "$file" ] && printf '%s\0' "$file"
done | tar --null -T - -cf - | tar -xf - -C "$copy"

cd "$copy"
steps=()
for check in tools/check-install.sh tools/check-release-current.sh tools/check-deb.sh; do
    if [ "$check" = tools/check-deb.sh ] && [ -n "$system_after" ]; then
        echo "==== waiting for the tests to end before installing into the system ($system_after)"
        while [ ! -e "$system_after" ]; do sleep 1; done
    fi
    begin=$(date +%s)
    echo "==== $check (in $copy)"
    "$check"
    steps+=("$(printf '%5d s  %s' $(( $(date +%s) - begin )) "$check")")
done
echo "==== release side"
printf '%s\n' "${steps[@]}"
