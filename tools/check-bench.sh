#!/usr/bin/env bash
# The benchmark table's smoke check (make test runs it after the tests):
# builds tactile-bench (Benchmarks/, debug) and runs `tactile-bench --quick
# --json`, a short run of every measurement. Times are not checked (a debug
# build on a shared CI machine measures nothing meaningful); every row must
# be there with a result, a same-run reference and a finite positive ratio,
# and an unknown group must be refused with a clear message. The live latency
# row needs umockdev-run; without it, it must say so. Run from anywhere.
set -euo pipefail
cd "$(dirname "$0")/.."
swift="${SWIFT:-$(command -v swift || echo /opt/swift/usr/bin/swift)}"

"$swift" build --package-path Benchmarks --product tactile-bench
bench="$("$swift" build --package-path Benchmarks --show-bin-path)/tactile-bench"

out="$(mktemp)" err="$(mktemp)"
trap 'rm -f "$out" "$err"' EXIT

if ! "$bench" --quick --json >"$out" 2>"$err"; then
    echo "check-bench: tactile-bench --quick --json failed:" >&2
    cat "$err" "$out" >&2
    exit 1
fi
umockdev=0
command -v umockdev-run >/dev/null 2>&1 && umockdev=1
python3 - "$out" "$umockdev" <<'EOF'
import json, math, sys

rows = [json.loads(line) for line in open(sys.argv[1]) if line.strip()]
umockdev = sys.argv[2] == "1"
problems = []

def expect(condition, message):
    if not condition:
        problems.append(message)

def count(prefix):
    return sum(1 for row in rows if row["measure"].startswith(prefix))

expect(count("recording load") == 2, f"{count('recording load')} recording load rows, expected 2")
expect(count("pipeline") == 2, f"{count('pipeline')} pipeline rows, expected 2")
expect(count("scaling: ") == 7, f"{count('scaling: ')} scaling rows, expected 7 (1, 2, 5, 10 touches and 1, 10, 100 views)")
expect(count("memory") == 1, f"{count('memory')} memory rows, expected 1")
expect(count("live latency") == 1, f"{count('live latency')} live latency rows, expected 1")
for row in rows:
    name = row["measure"]
    if not umockdev and name.startswith("live latency"):
        expect("umockdev-run is not installed" in row["result"], f"{name}: says nothing of umockdev-run")
        continue
    ratio = row.get("ratio")
    expect(isinstance(ratio, (int, float)) and math.isfinite(ratio) and ratio > 0, f"{name}: ratio {ratio!r}")
    expect(row["result"] != "" and row["reference"] not in ("", "–"), f"{name}: no result or no reference")
    if not name.startswith("recording load, streaming"):
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
