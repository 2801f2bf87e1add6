#!/usr/bin/env bash
# Makes a new Swift package in a temporary directory from the article
# "Testing your gestures" (Sources/TactileTesting/TactileTesting.docc/TestingYourGestures.md),
# as a developer starting from it does: its manifest, its complete test
# (Swift Testing) and its XCTest example, each copied unchanged, beside a
# checkout of this package named as the manifest expects (../tactile, a
# link here), and runs `swift test` there, both frameworks. Then breaks the
# complete test's expectation (a scale of 3 where the pinch makes 2) and
# checks that the failure names the recognizer, the time and the values.
# Not part of make test (it builds the whole package again, a few minutes);
# make examples checks the same tests inside the Examples package.
# Run from the repository root: tools/check-fresh-testing-package.sh
set -euo pipefail
cd "$(dirname "$0")/.."
swift="${SWIFT:-$(command -v swift || echo /opt/swift/usr/bin/swift)}"
repository="$(pwd)"
work="$(mktemp -d "${TMPDIR:-/tmp}/tactile-fresh-XXXXXX")"
trap 'rm -rf "$work"' EXIT
source tools/article-test.sh
package="$work/MyApp"
mkdir -p "$package/Sources/MyApp" "$package/Tests/MyAppTests/Recordings"
ln -s "$repository" "$work/tactile"
article_manifest_code > "$package/Package.swift"
grep -q 'let tactilePath = "../tactile"' "$package/Package.swift" \
    || { echo "check-fresh-testing-package: the article's manifest no longer depends on ../tactile" >&2; exit 1; }
printf 'import Tactile\n\n/// The app under test.\npublic enum MyApp {}\n' > "$package/Sources/MyApp/MyApp.swift"
cp Recordings/touchscreen-galaxys-tap.json "$package/Tests/MyAppTests/Recordings/"
test_file="$package/Tests/MyAppTests/ZoomAndTapTests.swift"
article_test_code > "$test_file"
article_xctest_code > "$package/Tests/MyAppTests/ZoomXCTests.swift"
for file in "$test_file" "$package/Tests/MyAppTests/ZoomXCTests.swift"; do
    [ -s "$file" ] || { echo "check-fresh-testing-package: $article lacks the code for $(basename "$file")" >&2; exit 1; }
done

start=$(date +%s)
if ! "$swift" test --package-path "$package" > "$work/passing.log" 2>&1; then
    tail -30 "$work/passing.log" >&2
    echo "check-fresh-testing-package: the article's tests failed in a new package" >&2
    exit 1
fi
passed="$(grep -o 'Test run with [0-9]* tests.*passed' "$work/passing.log" | tail -1)"
xctests="$(grep -o "Executed [0-9]* tests*, with 0 failures" "$work/passing.log" | tail -1)"
[ -n "$xctests" ] || { tail -30 "$work/passing.log" >&2; echo "check-fresh-testing-package: the XCTest example did not run" >&2; exit 1; }
echo "check-fresh-testing-package: Swift Testing: $passed; XCTest: $xctests; in a new package from the article's manifest ($(( $(date +%s) - start )) s, building included)"

break_article_test "$test_file"
if "$swift" test --package-path "$package" --disable-xctest > "$work/broken.log" 2>&1; then
    echo "check-fresh-testing-package: the broken test passed" >&2
    exit 1
fi
if ! failure="$(article_failure_line < "$work/broken.log")"; then
    tail -30 "$work/broken.log" >&2
    echo "check-fresh-testing-package: the broken test did not name the recognizer, time and values" >&2
    exit 1
fi
echo "check-fresh-testing-package: broken, it fails with: $failure"
