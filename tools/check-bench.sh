#!/usr/bin/env bash
# The benchmark table's smoke check (make test runs it after the tests):
# builds tactile-bench (debug, beside make test's build) and runs `tactile-bench --quick
# --json`, a short run of every measurement. Times are not checked (a debug
# build on a shared CI machine measures nothing meaningful); every row must
# be there with a result, a same-run reference and a finite positive ratio,
# and an unknown group must be refused with a clear message. The live latency
# row needs umockdev-run; without it, it must say so. The serve row (tactile
# serve --stats on a testbed with an emulated /dev/uinput) needs the testbed
# helper, tools/umockdev-testbed.py (umockdev-wrapper and the UMockdev Python
# bindings); without it, it must say why. So must the serve cost rows (tactile
# serve's wake-ups, CPU, own work per frame above the floor, bytes read,
# memory and start-up beside lisgd's, with the floor programs of
# Benchmarks/Floor beside both, a few seconds in --quick); their ratio is
# absent where lisgd's figure is 0, and without lisgd their reference says
# why. Run from anywhere.
set -euo pipefail
cd "$(dirname "$0")/.."
swift="${SWIFT:-$(command -v swift || echo /opt/swift/usr/bin/swift)}"

# The tests' build has both tactile-bench and the tactile product the serve row runs beside it.
"$swift" build --product tactile-bench
"$swift" build --product tactile
testbed=0
if command -v umockdev-wrapper >/dev/null 2>&1 && tools/umockdev-testbed.py --check >/dev/null 2>&1; then
    testbed=1
fi
bench="$("$swift" build --show-bin-path)/tactile-bench"

out="$(mktemp)" err="$(mktemp)"
trap 'rm -f "$out" "$err"' EXIT

if ! "$bench" --quick --json >"$out" 2>"$err"; then
    echo "check-bench: tactile-bench --quick --json failed:" >&2
    cat "$err" "$out" >&2
    exit 1
fi
umockdev=0
command -v umockdev-run >/dev/null 2>&1 && umockdev=1
python3 - "$out" "$umockdev" "$testbed" <<'EOF'
import json, math, sys

rows = [json.loads(line) for line in open(sys.argv[1]) if line.strip()]
umockdev = sys.argv[2] == "1"
testbed = sys.argv[3] == "1"
problems = []

def expect(condition, message):
    if not condition:
        problems.append(message)

def count(prefix):
    return sum(1 for row in rows if row["measure"].startswith(prefix))

expect(count("recording load") == 2, f"{count('recording load')} recording load rows, expected 2")
expect(count("pipeline") == 2, f"{count('pipeline')} pipeline rows, expected 2")
expect(count("scaling: ") == 7, f"{count('scaling: ')} scaling rows, expected 7 (1, 2, 5, 10 touches and 1, 10, 100 views)")
expect(count("check: ") == 2, f"{count('check: ')} check rows, expected 2 (a small and a large config, each against one binding)")
expect(count("memory") == 1, f"{count('memory')} memory rows, expected 1")
expect(count("live latency") == 1, f"{count('live latency')} live latency rows, expected 1")
expect(count("serve pass-through") == 1, f"{count('serve pass-through')} serve pass-through rows, expected 1")
# With the testbed, the emulated uinput's write alone follows (no target: it is the testbed's cost).
writes = count("serve: the emulated uinput")
expect(writes == (1 if testbed else 0), f"{writes} rows of the emulated uinput's write alone, expected {1 if testbed else 0}")
# And the service's own share: read to write less the writes (the 1 ms budget without the emulator's round trips).
own = count("serve: read to write less the writes")
expect(own == (1 if testbed else 0), f"{own} rows of serve's own share, expected {1 if testbed else 0}")
# serve's cost beside lisgd: seven rows with the testbed (lisgd's side says why when lisgd cannot run), one saying why without.
cost = [row for row in rows if row["measure"].startswith("serve cost: ")]
expect(len(cost) == (7 if testbed else 1), f"{len(cost)} serve cost rows, expected {7 if testbed else 1}")
for row in cost:
    name = row["measure"]
    if not testbed:
        expect(row["result"].startswith("not measured: "), f"{name}: the testbed helper cannot run here, and the row does not say why")
        continue
    expect(row["result"] != "" and not row["result"].startswith("not measured"), f"{name}: no result: {row['result']!r}")
    expect(row["reference"].startswith(("lisgd: ", "lisgd not measured: ")), f"{name}: the reference is not lisgd: {row['reference']!r}")
    ratio = row.get("ratio")  # none when lisgd's figure is 0 (lisgd idle wakes up never)
    expect(ratio is None or (math.isfinite(ratio) and ratio > 0), f"{name}: ratio {ratio!r}")
    if not name.startswith("serve cost: CPU idle"):
        expect("met" in row, f"{name} names no target")
    # The floors (Benchmarks/Floor/serve-floor.c, built with the toolchain's clang) run beside both.
    if name.startswith("serve cost: CPU touching"):
        expect("floors: read only " in row["reference"] and "read + copy " in row["reference"], f"{name}: no floors: {row['reference']!r}")
for row in rows:
    name = row["measure"]
    if name.startswith("serve cost: "):
        continue
    if not umockdev and name.startswith("live latency"):
        expect("umockdev-run is not installed" in row["result"], f"{name}: says nothing of umockdev-run")
        continue
    if name.startswith("serve pass-through"):
        if not testbed:
            expect(row["result"].startswith("not measured: ") and "umockdev" in row["result"],
                   f"{name}: the testbed helper cannot run here, and the row does not say why: {row['result']!r}")
            continue
        expect(not row["result"].startswith("not measured"), f"{name}: not measured though the testbed helper can run: {row['result']!r}")
        expect(row["reference"].startswith("recognition alone"), f"{name}: the reference is not recognition alone")
    ratio = row.get("ratio")
    expect(isinstance(ratio, (int, float)) and math.isfinite(ratio) and ratio > 0, f"{name}: ratio {ratio!r}")
    expect(row["result"] != "" and row["reference"] not in ("", "–"), f"{name}: no result or no reference")
    if not name.startswith(("recording load, streaming", "serve: the emulated uinput")):
        expect("met" in row, f"{name} names no target")
# The load row compares the same events both ways (the bench fails otherwise).
whole = [row for row in rows if row["measure"].startswith("recording load, whole")]
expect(bool(whole) and whole[0]["reference"].startswith("JSONDecoder"), "the whole-file load row's reference is not JSONDecoder")

for problem in problems:
    print(f"check-bench: {problem}", file=sys.stderr)
sys.exit(1 if problems else 0)
EOF

if "$bench" --only speed >"$out" 2>"$err"; then
    echo "check-bench: tactile-bench --only speed succeeded; an unknown group must be refused" >&2
    exit 1
fi
if ! grep -q "unknown group speed" "$err"; then
    echo "check-bench: tactile-bench --only speed did not name the unknown group:" >&2
    cat "$err" >&2
    exit 1
fi
echo "check-bench: every row has a result, a reference and a ratio; an unknown group is refused"
