#!/usr/bin/env bash
# Replays every recording of an evemu-devices checkout with `tactile replay`
# and summarises, per file, the exit status, the touches seen and the touch
# assembler's diagnostics. The collection itself is not part of this
# repository; point the script at a checkout:
#
#   tools/replay-evemu-devices.sh /path/to/evemu-devices [report-directory]
#
# Per-file output goes to the report directory (default: a new temporary one).
set -euo pipefail

corpus="${1:?usage: $0 EVEMU_DEVICES_DIR [REPORT_DIR]}"
report="${2:-$(mktemp -d -t tactile-corpus.XXXXXX)}"
root="$(cd "$(dirname "$0")/.." && pwd)"
swift="$(command -v swift || echo /opt/swift/usr/bin/swift)"

"$swift" build --package-path "$root" --product tactile >/dev/null
tactile="$("$swift" build --package-path "$root" --show-bin-path)/tactile"
mkdir -p "$report"

failures=0
while IFS= read -r -d '' file; do
    name="${file#"$corpus"/}"
    base="$report/$(printf '%s' "$name" | tr '/ ' '__')"
    status=0
    "$tactile" replay "$file" >"$base.out" 2>"$base.err" || status=$?
    began=$(grep -c ' began ' "$base.out" || true)
    finished=$(grep -cE ' (ended|cancelled) ' "$base.out" || true)
    issues=$(grep -E '^  [a-zA-Z]+ ×' "$base.err" | sed -E 's/^  ([a-zA-Z]+) ×([0-9]+):.*/\1×\2/' | tr '\n' ' ' || true)
    printf 'exit %-3s %3s began %3s ended  %-42s %s\n' "$status" "$began" "$finished" "${issues:--}" "$name"
    if [ "$status" -ne 0 ]; then failures=$((failures + 1)); fi
done < <(find "$corpus" -type f \( -name '*.events' -o -name '*.evemu' \) -print0 | sort -z)

echo "Per-file output: $report"
exit $((failures > 0))
