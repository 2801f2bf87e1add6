#!/usr/bin/env bash
# Every test of the package (make test runs it): builds the tests, then runs
# them in four test processes at once, each its own group of suites, and says
# how each group ended. Most service and CLI tests wait on programs they start
# (a compositor, an X server, umockdev, the tactile binary), the service's
# with their main actor blocked, so they take long however many cores there
# are; the tests that only compute run beside them, in processes of their own.
#
# The groups, as Swift Testing's --filter regexes on "Target.Suite/test":
#   desktops  the suites that start a desktop or libinput: the service on the real desktops
#             (sway, mutter, KWin, …) and under libinput, the focus and the click placement. At
#             normal priority: the compositors answer late on a machine whose cores are taken
#   devices   the other suites that start programs: the service on umockdev testbeds, the CLI,
#             TactileEvdevTests. At normal priority too: umockdev's emulated devices answer
#             late on a busy machine. The two mostly wait on the programs they start, so they
#             wait side by side (they were one process, io, until the turned-output suites made
#             it the run's longest by far)
#   service   the rest of TactileServiceTests and TactileDesktopTests (in memory), at nice 10
#   engine    everything else (--skip of the two above: no test is left out), at nice 10
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

desktops='(TactileServiceTests|TactileDesktopTests)\.(Real[A-Za-z]*Tests|FocusConditionTests|DesktopLayoutTests|PointerMappingTests|LibinputCancelTests|ThumbPalmLibinputTests)/'
devices='((TactileServiceTests|TactileDesktopTests)\.(ClaimedLiftServiceTests|ServeSafetyTestbedTests|ServeTestbedTests|UInputSinkTests|CheckCommandTests)/|TactileCLITests\.|TactileEvdevTests\.)'
service='(TactileServiceTests|TactileDesktopTests)\.'
groups=(desktops devices service engine)
declare -A arguments=(
    [desktops]="--filter $desktops"
    [devices]="--filter $devices"
    [service]="--filter $service --skip $desktops --skip $devices"
    [engine]="--skip $desktops --skip $devices --skip $service"
)

logs="${TACTILE_TEST_LOGS:-$(mktemp -d)}"
mkdir -p "$logs"
[ -n "${TACTILE_TEST_LOGS:-}" ] || trap 'rm -rf "$logs"' EXIT
declare -A niceness=([desktops]=0 [devices]=0 [service]=10 [engine]=10)
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
    # A group that crashed has no summary: grep finds none, which must not end this script (pipefail).
    summary="$(sed 's/\x1b\[[0-9;]*m//g' "$logs/$group.log" | grep -E '^. Test run with ' | tail -1)" || summary=""
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
