#!/usr/bin/env bash
# The release build of tactile is still up to date: CI runs this after make
# test, which builds debug products only, with the release build made before it
# (tools/check-install.sh). A user who ran make demo, then make test, then
# `swift run -c release tactile …` must not wait for a rebuild. Fails, naming
# what was compiled, when building the tactile product in release mode compiles
# anything. Run from anywhere.
set -euo pipefail
cd "$(dirname "$0")/.."
swift="${SWIFT:-$(command -v swift || echo /opt/swift/usr/bin/swift)}"

[ -x .build/release/tactile ] || { echo "check-release-current: no release build to check (run make install or make demo first)" >&2; exit 1; }
start=$(date +%s.%N)
output="$("$swift" build -c release --product tactile 2>&1 && "$swift" build -c release --product tactiled 2>&1)"
seconds=$(echo "$(date +%s.%N) - $start" | bc)
if grep -E '(Compiling|Linking) ' <<<"$output" >&2; then
    echo "check-release-current: the release build of tactile was not up to date (the lines above, ${seconds} s)" >&2
    exit 1
fi
printf 'check-release-current: the release build of tactile was up to date (%.1f s, nothing compiled)\n' "$seconds"
