#!/usr/bin/env bash
# Builds the libFuzzer targets of Fuzz/ and runs them one after another (make fuzz, make fuzz-smoke).
#
#   tools/fuzz.sh [--smoke] [--no-build] [TARGET…]     every target when none is named
#
#   FUZZ_SECONDS=60     seconds each target runs (make fuzz)
#   FUZZ_RUNS=3000      executions each target runs with --smoke (make fuzz-smoke)
#   FUZZ_SEED=1         libFuzzer's seed with --smoke
#   FUZZ_KEEP_GOING=1   go on past a crash, OOM or timeout (libFuzzer's -fork=1: a supervisor and one
#                       worker process, so still one input at a time); without it a target stops at its first
#   FUZZ_FLAGS="…"      more libFuzzer flags
#   FUZZ_TIMEOUT        seconds one input may run before it is a hang: 10 (make fuzz), 300 with --smoke
#   FUZZ_CONFIGURATION  the build: release for make fuzz (the most executions a second), debug for
#                       --smoke (a fifth of the compile time, 84 s where release took 470; the 3000 runs
#                       take about twice as long, and every assertion is checked)
#
# Each target writes new inputs to Fuzz/Corpus/<target>/ (the first corpus directory) and reads the
# repository's recordings and fixtures as seeds, read-only. Crashes, OOMs and timeouts land in
# Fuzz/Artifacts/<target>/; the full log of the last run in Fuzz/Artifacts/<target>/last-run.log.
# Exit status 1 when any target left a new artifact or libFuzzer stopped on a finding (exit column).
set -euo pipefail
cd "$(dirname "$0")/.."

SWIFT=${SWIFT:-$(command -v swift 2>/dev/null || echo /opt/swift/usr/bin/swift)}
ALL_TARGETS=(FuzzTactileJSON FuzzEvemu FuzzLibinputYAML FuzzGetevent FuzzRemarkable FuzzJournal FuzzReplay FuzzAssembler FuzzConvert FuzzConfig FuzzServiceDevice FuzzEmergency)
smoke=0 build=1 targets=()
for arg in "$@"; do
    case "$arg" in
        --smoke) smoke=1 ;;
        --no-build) build=0 ;;
        Fuzz*) targets+=("$arg") ;;
        *) echo "usage: tools/fuzz.sh [--smoke] [--no-build] [TARGET…]  (targets: ${ALL_TARGETS[*]})" >&2; exit 2 ;;
    esac
done
[ ${#targets[@]} -gt 0 ] || targets=("${ALL_TARGETS[@]}")

configuration="${FUZZ_CONFIGURATION:-$([ $smoke = 1 ] && echo debug || echo release)}"
# An input running this long is a hang (a finding). The smoke run's bound is wide: CI runs it beside
# its other steps at the lowest priority, where an input can wait seconds for a core.
timeout="${FUZZ_TIMEOUT:-$([ $smoke = 1 ] && echo 300 || echo 10)}"
if [ $build = 1 ]; then
    # SwiftPM's fuzzer sanitizer: coverage instrumentation of every module (Tactile, TactileRecording,
    # Yams too), libFuzzer's main linked in, -parse-as-library for the harnesses.
    "$SWIFT" build -c "$configuration" --package-path Fuzz --sanitize fuzzer
fi
bin=$("$SWIFT" build -c "$configuration" --package-path Fuzz --sanitize fuzzer --show-bin-path)

# The seeds of a target (directories, read recursively by libFuzzer, never written).
seeds() {
    local fixtures=Tests/TactileRecordingTests/Fixtures
    case "$1" in
        FuzzTactileJSON) echo Recordings ;;
        FuzzEvemu) echo Recordings/evemu $fixtures ;;
        FuzzLibinputYAML | FuzzGetevent | FuzzRemarkable) echo $fixtures ;;
        FuzzJournal) echo Fuzz/Seeds/FuzzJournal ;;
        FuzzReplay | FuzzConvert) echo Recordings/evemu $fixtures Fuzz/Seeds/FuzzJournal Recordings/synthetic ;;
        FuzzAssembler) echo Fuzz/Seeds/FuzzAssembler ;;
        FuzzConfig) echo Fuzz/Seeds/FuzzConfig ;;
        FuzzServiceDevice) echo Fuzz/Seeds/FuzzServiceDevice ;;
        FuzzEmergency) echo Fuzz/Seeds/FuzzEmergency ;;
    esac
}
# The dictionaries of a target, concatenated into one (libFuzzer takes a single -dict).
dictionaries() {
    case "$1" in
        FuzzTactileJSON | FuzzJournal) echo tactile ;;
        FuzzEvemu) echo evemu ;;
        FuzzLibinputYAML) echo libinput ;;
        FuzzGetevent) echo getevent ;;
        FuzzRemarkable) echo remarkable ;;
        FuzzReplay | FuzzConvert) echo tactile evemu libinput getevent remarkable ;;
        FuzzAssembler) echo assembler ;;
        FuzzConfig) echo config ;;
        FuzzServiceDevice | FuzzEmergency) echo assembler ;;
    esac
}

# Swift's runtime backtracer (on by default on Linux) takes SIGILL/SIGTRAP/SIGSEGV before libFuzzer's
# handler, prints its trace and exits: libFuzzer then writes no crash artifact. Leave traps to libFuzzer;
# run an artifact by hand (without this) for the Swift trace with file:line.
export SWIFT_BACKTRACE=enable=no
mkdir -p Fuzz/.build/dictionaries
summary=() found=0
for target in "${targets[@]}"; do
    corpus=Fuzz/Corpus/$target artifacts=Fuzz/Artifacts/$target
    mkdir -p "$corpus" "$artifacts"
    dict=Fuzz/.build/dictionaries/$target.dict
    cat Fuzz/Dictionaries/numbers.dict $(for d in $(dictionaries "$target"); do echo "Fuzz/Dictionaries/$d.dict"; done) > "$dict"
    flags=(-timeout="$timeout" -report_slow_units="$timeout" -rss_limit_mb=2048 -malloc_limit_mb=512 -max_len=65536 -print_final_stats=1
           -artifact_prefix="$artifacts/" -dict="$dict")
    # A fixed seed fixes libFuzzer's own choices, not the run: what it keeps depends on the coverage each
    # input reaches, which moves with addresses, hashing and timing, so two runs (two machines) try
    # different inputs. A smoke finding is a real bug either way: keep it (Fuzz/Artifacts) and fix it.
    if [ $smoke = 1 ]; then flags+=(-runs="${FUZZ_RUNS:-3000}" -seed="${FUZZ_SEED:-1}"); else flags+=(-max_total_time="${FUZZ_SECONDS:-60}"); fi
    [ "${FUZZ_KEEP_GOING:-0}" = 1 ] && flags+=(-fork=1 -ignore_crashes=1 -ignore_ooms=1 -ignore_timeouts=1)
    # shellcheck disable=SC2206
    flags+=(${FUZZ_FLAGS:-})
    before=$(find "$artifacts" -maxdepth 1 -name 'crash-*' -o -maxdepth 1 -name 'oom-*' -o -maxdepth 1 -name 'timeout-*' -o -maxdepth 1 -name 'slow-unit-*' | wc -l)
    log=$artifacts/last-run.log
    if [ $smoke = 1 ]; then mode="${FUZZ_RUNS:-3000} runs"; else mode="${FUZZ_SECONDS:-60} s"; fi
    echo "== $target ($mode) → $log"
    start=$(date +%s)
    # The corpus directory comes first: libFuzzer writes new inputs only there.
    # shellcheck disable=SC2046
    rc=0
    "$bin/$target" "${flags[@]}" "$corpus" $(seeds "$target") > "$log" 2>&1 || rc=$?
    seconds=$(( $(date +%s) - start ))
    after=$(find "$artifacts" -maxdepth 1 -name 'crash-*' -o -maxdepth 1 -name 'oom-*' -o -maxdepth 1 -name 'timeout-*' -o -maxdepth 1 -name 'slow-unit-*' | wc -l)
    new=$(( after - before ))
    # A seed that traps stops libFuzzer with no new artifact: the exit status tells.
    [ $new -gt 0 ] || [ $rc != 0 ] && found=1
    # Plain mode ends with stat:: lines; fork mode (FUZZ_KEEP_GOING) with `#N: cov: … exec/s E …` lines.
    runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
    rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -1)
    status=$(grep -E '^#[0-9]+:?[[:space:]].*cov: ' "$log" | tail -1 || true)
    [ -n "$runs" ] || runs=$(echo "$status" | sed -n 's/^#\([0-9]*\).*/\1/p')
    [ -n "$rate" ] || rate=$(echo "$status" | sed -n 's/.*exec\/s:\{0,1\} \([0-9]*\).*/\1/p')
    cov=$(echo "$status" | sed -n 's/.* cov: \([0-9]*\).*/\1/p')
    ft=$(echo "$status" | sed -n 's/.* ft: \([0-9]*\).*/\1/p')
    size=$(find "$corpus" -type f | wc -l)
    summary+=("$(printf '%-17s %5ss %10s %8s %7s %7s %7s %8s %5s' "$target" "$seconds" "${runs:-?}" "${rate:-?}" "${cov:-?}" "${ft:-?}" "$size" "$new" "$rc")")
    if [ $new -gt 0 ] || [ $rc != 0 ]; then grep -m1 -E 'Fatal error|ERROR: libFuzzer|==ERROR' "$log" | sed 's/^/   /' || true; fi
done

printf '\n%-17s %6s %10s %8s %7s %7s %7s %8s %5s\n' target time executions exec/s cov ft corpus crashes exit
printf '%s\n' "${summary[@]}"
[ $found = 0 ] || { echo "Findings: see Fuzz/Artifacts/ and the logs there (docs/development.md, Fuzzing, turns one into a regression test)."; exit 1; }
