#!/usr/bin/env bash
# Columns of real.txt, separated by "|": output name, source (relative to
# shared/external), gesture, fingers, recognizers that must recognize,
# recognizers that must not, note, extra `tactile convert` options.
#
# Rebuilds the recording corpus in Recordings/ from its sources:
#   - real recordings listed in tools/corpus/real.txt, converted from the
#     permissively licensed data in shared/external (see Recordings/SOURCES.md);
#   - synthesized gestures listed in tools/corpus/synthetic.txt.
# Each file gets its label and a golden log pinned by replaying it now:
# review `git diff Recordings/` before committing.
#
#   tools/build-corpus.sh [path/to/shared/external]
set -euo pipefail

root="$(cd "$(dirname "$0")/.." && pwd)"
external="${1:-$root/../shared/external}"
cd "$root"
swift build -c release --product tactile >/dev/null
tactile="$root/.build/release/tactile"

while IFS='|' read -r name source gesture fingers recognizers absent note options; do
    [[ -z "$name" || "$name" == \#* ]] && continue
    args=(--rebase --gesture "$gesture" --force --golden)
    [[ -n "$fingers" ]] && args+=(--fingers "$fingers")
    for r in $recognizers; do args+=(--recognizer "$r"); done
    for a in $absent; do args+=(--absent "$a"); done
    [[ -n "$note" ]] && args+=(--note "$note")
    # shellcheck disable=SC2206
    [[ -n "${options:-}" ]] && args+=($options)
    # getevent traces carry no device: name it and give the panel's size
    # (Galaxy S: 4.0" 480×800, 52 × 87 mm; Transformer TF201: 10.1" 1280×800, 217 × 136 mm).
    case "$source" in
        monkeyhelper-getevent/Phone/*) args+=(--device-name "Samsung Galaxy S (getevent)" --surface-size 52x87 --screen 480x800) ;;
        monkeyhelper-getevent/Tablet/*) args+=(--device-name "Asus Transformer TF201 (getevent)" --surface-size 217x136 --screen 1280x800) ;;
    esac
    "$tactile" convert "$external/$source" "Recordings/$name.json" "${args[@]}"
done < tools/corpus/real.txt

while IFS='|' read -r name device seed kinds; do
    [[ -z "$name" || "$name" == \#* ]] && continue
    # shellcheck disable=SC2086
    "$tactile" synth $kinds --preset "$device" --seed "$seed" -o "Recordings/synthetic/$name.json" --golden --force
done < tools/corpus/synthetic.txt
