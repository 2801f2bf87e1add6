#!/usr/bin/env bash
# Writes a umockdev testbed for one recording's device with `tactile mock`
# and, as a smoke check, runs `tactile devices` against it under umockdev-run.
#
#   tools/mock-testbed.sh RECORDING [DIR] [--node /dev/input/eventN]
#
# DIR defaults to a new temporary directory; it keeps NAME.umockdev,
# NAME.ioctl and NAME.events, and the printed command line replays the
# recording's events into the mocked node. Needs umockdev (apt install umockdev).
set -euo pipefail

recording="${1:?usage: $0 RECORDING [DIR] [--node /dev/input/eventN]}"
shift
directory=""
if [[ $# -gt 0 && "$1" != --* ]]; then directory="$1"; shift; fi
directory="${directory:-$(mktemp -d -t tactile-testbed.XXXXXX)}"
root="$(cd "$(dirname "$0")/.." && pwd)"
swift="$(command -v swift || echo /opt/swift/usr/bin/swift)"

command -v umockdev-run >/dev/null || { echo "$0: umockdev-run is not on PATH — apt install umockdev" >&2; exit 1; }
"$swift" build --package-path "$root" --product tactile >/dev/null
tactile="$("$swift" build --package-path "$root" --show-bin-path)/tactile"

output="$("$tactile" mock "$recording" "$directory" "$@")"
printf '%s\n' "$output"
# The last line is `umockdev-run … -- tactile devices`: run it with this build.
command_line="$(printf '%s\n' "$output" | tail -n 1)"
prefix="${command_line% -- tactile devices}"
echo
echo "\$ $prefix -- tactile devices"
eval "$prefix -- \"\$tactile\" devices"
