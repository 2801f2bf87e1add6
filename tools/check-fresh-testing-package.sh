#!/usr/bin/env bash
# Makes a new, empty Swift package in a temporary directory that depends on
# this one by path, with one test target importing TactileTesting whose only
# file is the complete test of the article "Testing your gestures"
# (Sources/TactileTesting/TactileTesting.docc/TestingYourGestures.md), copied
# unchanged, and runs `swift test` there: what a developer starting from the
# article does. Then breaks its expectation (a scale of 3 where the pinch
# makes 2) and checks that the failure names the recognizer, the time and the
# values. Not part of make test (it builds the whole package again, a few
# minutes); make examples checks the same test inside the Examples package.
# Run from the repository root: tools/check-fresh-testing-package.sh
set -euo pipefail
cd "$(dirname "$0")/.."
swift="${SWIFT:-$(command -v swift || echo /opt/swift/usr/bin/swift)}"
repository="$(pwd)"
work="$(mktemp -d "${TMPDIR:-/tmp}/tactile-fresh-XXXXXX")"
trap 'rm -rf "$work"' EXIT
package="$work/MyTouchApp"
mkdir -p "$package/Tests/MyTouchAppTests"
name="$(basename "$repository")"
cat > "$package/Package.swift" <<EOF
// swift-tools-version:6.2
import PackageDescription

let package = Package(
    name: "MyTouchApp",
    dependencies: [.package(path: "$repository")],
    targets: [
        .testTarget(
            name: "MyTouchAppTests",
            dependencies: [
                .product(name: "Tactile", package: "$name"),
                .product(name: "TactileTesting", package: "$name"),
            ]
        ),
    ]
)
EOF
source tools/article-test.sh
test_file="$package/Tests/MyTouchAppTests/ZoomAndTapTests.swift"
article_test_code > "$test_file"
[ -s "$test_file" ] || { echo "check-fresh-testing-package: no complete test in $article" >&2; exit 1; }

start=$(date +%s)
if ! "$swift" test --package-path "$package" --disable-xctest > "$work/passing.log" 2>&1; then
    tail -30 "$work/passing.log" >&2
    echo "check-fresh-testing-package: the article's test failed in a new package" >&2
    exit 1
fi
passed="$(grep -o 'Test run with [0-9]* tests.*passed' "$work/passing.log" | tail -1)"
echo "check-fresh-testing-package: $passed in a new package depending on this one by path ($(( $(date +%s) - start )) s, building included)"

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
