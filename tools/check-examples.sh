#!/usr/bin/env bash
# Builds the Examples package (which depends on this one by path) in this
# package's build directory (--scratch-path .build), so the modules make
# test's debug build compiled are used as they are and only the examples are
# compiled, as a user's package compiles against the libraries; checks
# that the library example of docs/getting-started.md is Examples/Sources/GettingStarted/main.swift
# byte for byte and that every code block of the guide
# (Sources/Tactile/Tactile.docc/GettingStarted.md) is in Examples/Sources/Guide
# or GuideLive unchanged, runs the examples on the corpus and compares their
# output with Examples/expected/, and runs the Examples package's tests: the
# photo viewer's and the test of the article "Testing your gestures"
# (Sources/TactileTesting/TactileTesting.docc/TestingYourGestures.md), which
# must be the article's code block unchanged, and which must fail, naming the
# recognizer, the time and the values, once its expectation is broken.
# Run from the repository root: make examples.
set -euo pipefail
cd "$(dirname "$0")/.."
swift="${SWIFT:-$(command -v swift || echo /opt/swift/usr/bin/swift)}"

# The first ```swift block after "## Using the library" in docs/getting-started.md.
getting_started_example="$(awk '/^## Using the library/{section=1} section && /^```swift$/{inside=1; next} inside && /^```$/{exit} inside' docs/getting-started.md)"
if ! diff <(printf '%s\n' "$getting_started_example") Examples/Sources/GettingStarted/main.swift >/dev/null; then
    echo "check-examples: the example of docs/getting-started.md differs from Examples/Sources/GettingStarted/main.swift:" >&2
    diff <(printf '%s\n' "$getting_started_example") Examples/Sources/GettingStarted/main.swift >&2 || true
    exit 1
fi

# The guide's ```swift blocks: those of "A live device" in GuideLive, every other
# one but the package manifest's in Guide, each unchanged and in the guide's order.
python3 - <<'PY'
import sys

guide_path = "Sources/Tactile/Tactile.docc/GettingStarted.md"
targets = {"Guide": "Examples/Sources/Guide/main.swift", "GuideLive": "Examples/Sources/GuideLive/main.swift"}
skipped = {"Add the package"}  # a Package.swift fragment, not code of the program

blocks, section, inside, body = [], None, False, []
for number, line in enumerate(open(guide_path, encoding="utf-8").read().split("\n"), 1):
    if inside:
        if line == "```":
            blocks.append((section, start, "\n".join(body) + "\n"))
            inside = False
        else:
            body.append(line)
    elif line.startswith("## "):
        section = line[3:]
    elif line == "```swift":
        inside, body, start = True, [], number + 1

failed = False
position = {name: 0 for name in targets}
sources = {name: open(path, encoding="utf-8").read() for name, path in targets.items()}
checked = 0
for section, line, code in blocks:
    if section in skipped:
        continue
    name = "GuideLive" if section == "A live device" else "Guide"
    found = sources[name].find(code, position[name])
    if found < 0:
        where = "out of order" if code in sources[name] else "missing or changed"
        print(f"check-examples: {guide_path}:{line} (\"{section}\"): its code block is {where} in {targets[name]}", file=sys.stderr)
        failed = True
        continue
    position[name] = found + len(code)
    checked += 1
if failed:
    sys.exit(1)
print(f"check-examples: the guide's {checked} code blocks are in Examples/Sources/Guide and GuideLive")
PY

"$swift" build --package-path Examples --scratch-path .build
bin="$("$swift" build --package-path Examples --scratch-path .build --show-bin-path)"
status=0
# Each run: the example, its expected output (in Examples/expected/), its arguments.
# A run that does not end within 300 s fails (an async loop that never ends, say).
runs=(
    "GettingStarted getting-started.txt"
    "PhotoViewer photo-viewer.txt"
    "Guide guide.txt"
    "Guide guide-session.txt Examples/Recordings/guide-session.json"
)
for run in "${runs[@]}"; do
    read -r example expected arguments <<<"$run"
    # shellcheck disable=SC2086 # the arguments are words
    if ! output="$(timeout 300 "$bin/$example" $arguments)"; then
        echo "check-examples: $example${arguments:+ $arguments} failed or did not end within 300 s" >&2
        status=1
    elif ! diff -u "Examples/expected/$expected" <(printf '%s\n' "$output"); then
        echo "check-examples: the output of $example${arguments:+ $arguments} differs from Examples/expected/$expected" >&2
        status=1
    else
        echo "check-examples: $example${arguments:+ $arguments} ok"
    fi
done
# The article's complete test, byte for byte, passes in a package that depends on this one by path.
source tools/article-test.sh
article_test=Examples/Tests/TestingGuideTests/ZoomAndTapTests.swift
article_code="$(article_test_code)"
if ! diff <(printf '%s\n' "$article_code") "$article_test" >/dev/null; then
    echo "check-examples: the complete test of $article differs from $article_test:" >&2
    diff <(printf '%s\n' "$article_code") "$article_test" >&2 || true
    status=1
fi
xctest_example=Examples/Tests/TestingGuideXCTests/ZoomXCTests.swift
if ! diff <(article_xctest_code) "$xctest_example" >/dev/null; then
    echo "check-examples: the XCTest example of $article differs from $xctest_example:" >&2
    diff <(article_xctest_code) "$xctest_example" >&2 || true
    status=1
fi
if "$swift" test --package-path Examples --scratch-path .build; then
    echo "check-examples: the Examples package's tests pass (PhotoViewerTests, KioskTests with the kiosk live on umockdev, TestingGuideTests, TestingGuideXCTests)"
else
    echo "check-examples: the Examples package's tests failed" >&2
    status=1
fi
# Broken (a scale of 3 where the pinch makes 2), the article's test fails and says where and why.
cp "$article_test" "$article_test.orig"
# Restored by copying (a fresh modification time), so the next build sees the file changed back.
trap 'cp "$article_test.orig" "$article_test" && rm -f "$article_test.orig"' EXIT
break_article_test "$article_test"
if broken="$("$swift" test --package-path Examples --scratch-path .build --disable-xctest --filter spreadingTwoFingersZoomsIn 2>&1)"; then
    echo "check-examples: the article's test passed with its expectation broken" >&2
    status=1
elif ! failure="$(article_failure_line <<<"$broken")"; then
    echo "check-examples: the article's broken test failed without naming the recognizer, time and values:" >&2
    printf '%s\n' "$broken" | tail -20 >&2
    status=1
else
    echo "check-examples: broken, the article's test fails with: $failure"
fi
exit $status
