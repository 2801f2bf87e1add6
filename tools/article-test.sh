# Sourced by check-examples.sh and check-fresh-testing-package.sh: the
# complete test of the article "Testing your gestures", how both break it,
# and the failure message both require.
article=Sources/TactileTesting/TactileTesting.docc/TestingYourGestures.md

# Prints the article's complete test (the Swift block under "## A complete test").
article_test_code() {
    awk '/^## A complete test/{section=1} section && /^```swift$/{inside=1; next} inside && /^```$/{exit} inside' "$article"
}

# Prints the article's manifest (the Swift block under "## Add the library to a test target").
article_manifest_code() {
    awk '/^## Add the library to a test target/{section=1} section && /^```swift$/{inside=1; next} inside && /^```$/{exit} inside' "$article"
}

# Prints the article's XCTest example (the Swift block under "## XCTest").
article_xctest_code() {
    awk '/^## XCTest/{section=1} section && /^```swift$/{inside=1; next} inside && /^```$/{exit} inside' "$article"
}

# Breaks the test in file $1: a scale of 3 where the pinch makes 2.
break_article_test() {
    sed -i 's/\["scale": 2.0 ± 0.1\]/["scale": 3.0 ± 0.1]/' "$1"
}

# Succeeds when the text on standard input names the recognizer, the time
# and the values, as the broken test must; prints that line.
article_failure_line() {
    local text
    text="$(cat)"
    grep -q "zoom: expected ended with scale ≈ 3.000 ± 0.100; got ended at 0\.[0-9]* s with scale 2\.0" <<<"$text" || return 1
    grep -m1 -o 'zoom: expected.*' <<<"$text"
}
