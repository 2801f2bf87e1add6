#!/usr/bin/env bash
# Builds the Examples package (which depends on this one by path), checks
# that the README's library example is Examples/Sources/GettingStarted/main.swift
# byte for byte, runs both examples on the corpus and compares their output
# with Examples/expected/. Run from the repository root: make examples.
set -euo pipefail
cd "$(dirname "$0")/.."
swift="${SWIFT:-$(command -v swift || echo /opt/swift/usr/bin/swift)}"

# The README's first ```swift block after "## Using the library".
readme_example="$(awk '/^## Using the library/{section=1} section && /^```swift$/{inside=1; next} inside && /^```$/{exit} inside' README.md)"
if ! diff <(printf '%s\n' "$readme_example") Examples/Sources/GettingStarted/main.swift >/dev/null; then
    echo "check-examples: the README's example differs from Examples/Sources/GettingStarted/main.swift:" >&2
    diff <(printf '%s\n' "$readme_example") Examples/Sources/GettingStarted/main.swift >&2 || true
    exit 1
fi

"$swift" build --package-path Examples
bin="$("$swift" build --package-path Examples --show-bin-path)"
status=0
for example in GettingStarted PhotoViewer; do
    expected="Examples/expected/$(echo "$example" | sed 's/\([a-z]\)\([A-Z]\)/\1-\2/g' | tr 'A-Z' 'a-z').txt"
    if ! diff -u "$expected" <("$bin/$example"); then
        echo "check-examples: $example's output differs from $expected" >&2
        status=1
    else
        echo "check-examples: $example ok"
    fi
done
exit $status
