#!/usr/bin/env bash
# Makes the libinput record fixture of the tests with the real `libinput record`:
#
#   tools/make-libinput-record-fixture.sh [UMOCKDEV_DATA_DIR]
#
# umockdev builds a testbed with a mocked /dev/input/event12 from the Synaptics
# touchpad description of umockdev's own test data (synaptics-touchpad.umockdev
# and .ioctl, LGPL-2.1-or-later; by default from shared/external/umockdev beside
# this repository) and replays into it the events of
# Recordings/evemu/touchpad-two-finger-scroll.evemu (evemu-devices, MIT: a SynPS/2
# Synaptics TouchPad with the same event codes). `libinput record` reads the
# device while the events arrive and is stopped with SIGINT once they are over.
# The YAML it writes becomes
# Tests/TactileRecordingTests/Fixtures/libinput-record-synaptics-two-finger-scroll.yml.
#
# Needs: umockdev (umockdev-run) and libinput-tools (libinput record), e.g.
#   apt-get install -y umockdev libinput-tools
#
# umockdev 0.17 reads the microseconds of an `E: <sec>.<usec>` line as a C
# integer with base detection, so evemu's zero-padded "009829" becomes octal
# (or 0 at an 8 or 9) and the events arrive with wrong timestamps. The events
# file handed to umockdev therefore writes the microseconds without leading
# zeros ("1358916662.9829" for 9829 µs), which umockdev reads as meant. The
# tests check that the recorded timestamps equal the source's.
set -euo pipefail

root="$(cd "$(dirname "$0")/.." && pwd)"
data="${1:-$root/../shared/external/umockdev}"
source="$root/Recordings/evemu/touchpad-two-finger-scroll.evemu"
out="$root/Tests/TactileRecordingTests/Fixtures/libinput-record-synaptics-two-finger-scroll.yml"
node=/dev/input/event12  # the node synaptics-touchpad.umockdev describes

for tool in umockdev-run libinput timeout awk; do
    command -v "$tool" >/dev/null || { echo "$0: $tool not found (apt-get install umockdev libinput-tools)" >&2; exit 1; }
done
for file in "$data/synaptics-touchpad.umockdev" "$data/synaptics-touchpad.ioctl" "$source"; do
    [ -r "$file" ] || { echo "$0: cannot read $file" >&2; exit 1; }
done

work="$(mktemp -d -t tactile-libinput-record.XXXXXX)"
trap 'rm -rf "$work"' EXIT

# The E: lines of the source, microseconds without leading zeros (see above).
awk '/^E:/ { split($2, t, "."); printf "E: %s.%d %s %s %s\n", t[1], t[2] + 0, $3, $4, $5 }' "$source" >"$work/events"
expected=$(wc -l <"$work/events")
# How long the replay takes, in whole seconds, plus a margin for start-up.
seconds=$(awk 'NR == 1 { split($2, t, "."); first = t[1] } END { split($2, t, "."); print t[1] - first + 4 }' "$work/events")

status=0
umockdev-run \
    --device "$data/synaptics-touchpad.umockdev" \
    --ioctl "$node=$data/synaptics-touchpad.ioctl" \
    --evemu-events "$node=$work/events" \
    -- timeout --signal=INT "$seconds" libinput record --output-file "$work/recording.yml" "$node" \
    >"$work/stdout" 2>"$work/stderr" || status=$?
# timeout exits with 124 when it had to stop the recorder, which is the plan.
if [ "$status" -ne 0 ] && [ "$status" -ne 124 ]; then
    echo "$0: libinput record failed with status $status" >&2
    cat "$work/stderr" >&2
    exit 1
fi

recorded=$(grep -cE '^    - \[ *[0-9]+, *[0-9]+, *[0-9]+, *[0-9]+, *-?[0-9]+\]' "$work/recording.yml" || true)
if [ "$recorded" -ne "$expected" ]; then
    echo "$0: recorded $recorded events, expected $expected" >&2
    exit 1
fi
mkdir -p "$(dirname "$out")"
cp "$work/recording.yml" "$out"
echo "Wrote $out ($recorded events)"
