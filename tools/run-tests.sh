#!/usr/bin/env bash
# Every test of the package (make test runs it): builds the tests, then runs
# them in five test processes at once, each its own group of suites, and says
# how each group ended. Why five: most tests of the service and of the CLI
# wait on programs they start (a compositor, an X server, umockdev, the
# tactile binary) with their main actor blocked, so in one process they run
# one after another however many cores there are; in five, the waits overlap
# and the CPU-bound tests (the engine, the corpus) run beside them.
#
# The groups, as Swift Testing's --filter regexes on "Target.Suite/test":
#   desktops  the service against the real desktops (sway, i3, mutter, KWin, phoc, Xwayland), and
#             the real libinput reading its copy
#   testbeds  tactile serve on umockdev testbeds
#   service   the rest of TactileServiceTests, and TactileEvdevTests
#   cli       TactileCLITests and TactilePlotTests (the built tactile, headless Chromium)
#   engine    everything else (--skip of the four above: no test is left out), niced: it only
#             computes, so the groups that wait on programs get a core as soon as they need one
#
#   tools/run-tests.sh [--no-build]     TACTILE_TEST_LOGS=DIR keeps each group's log there
#
# Exit status 1 when any group failed; its failures and its summary are printed.
set -euo pipefail
cd "$(dirname "$0")/.."
swift="${SWIFT:-$(command -v swift || echo /opt/swift/usr/bin/swift)}"

if [ "${1:-}" != "--no-build" ]; then
    "$swift" build --build-tests
fi
binary="$("$swift" build --show-bin-path)/TactilePackageTests.xctest"
[ -x "$binary" ] || { echo "run-tests: no test binary at $binary (swift build --build-tests)" >&2; exit 1; }

desktops='TactileServiceTests\.(Real[A-Za-z]*Tests|FocusConditionTests|DesktopLayoutTests|PointerMappingTests|LibinputCancelTests|ThumbPalmLibinputTests)/'
testbeds='TactileServiceTests\.(ClaimedLiftServiceTests|ServeSafetyTestbedTests|ServeTestbedTests|UInputSinkTests|CheckCommandTests)/'
service='(TactileServiceTests|TactileEvdevTests)\.'
cli='(TactileCLITests|TactilePlotTests)\.'
groups=(desktops testbeds service cli engine)
declare -A arguments=(
    [desktops]="--filter $desktops"
    [testbeds]="--filter $testbeds"
    [service]="--filter $service --skip $desktops --skip $testbeds"
    [cli]="--filter $cli"
    [engine]="--skip $desktops --skip $testbeds --skip $service --skip $cli"
)

logs="${TACTILE_TEST_LOGS:-$(mktemp -d)}"
mkdir -p "$logs"
[ -n "${TACTILE_TEST_LOGS:-}" ] || trap 'rm -rf "$logs"' EXIT
declare -A niceness=([desktops]=0 [testbeds]=0 [service]=0 [cli]=0 [engine]=10)
declare -A pids started
for group in "${groups[@]}"; do
    # shellcheck disable=SC2086
    nice -n "${niceness[$group]}" "$binary" --testing-library swift-testing ${arguments[$group]} >"$logs/$group.log" 2>&1 &
    pids[$group]=$!
    started[$group]=$(date +%s)
done

failed=()
for group in "${groups[@]}"; do
    status=0
    wait "${pids[$group]}" || status=$?
    seconds=$(( $(date +%s) - started[$group] ))
    summary="$(sed 's/\x1b\[[0-9;]*m//g' "$logs/$group.log" | grep -E '^. Test run with ' | tail -1)"
    if [ $status -ne 0 ] || [ -z "$summary" ]; then
        failed+=("$group")
        echo "run-tests: $group failed (exit $status, ${seconds} s):" >&2
        sed 's/\x1b\[[0-9;]*m//g' "$logs/$group.log" | grep -E '^. (Test|Suite).* (failed|recorded an issue)|error:|Fatal error|Crash' | head -60 >&2 || true
        sed 's/\x1b\[[0-9;]*m//g' "$logs/$group.log" | tail -3 >&2
    else
        echo "run-tests: $group: ${summary#* } (${seconds} s)"
    fi
done
[ ${#failed[@]} -eq 0 ] || { echo "run-tests: ${#failed[@]} of ${#groups[@]} groups failed: ${failed[*]}" >&2; exit 1; }
