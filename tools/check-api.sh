#!/usr/bin/env bash
# The public API kept stable on purpose (CI runs it after make test, whose
# debug build it reuses): `swift package diagnose-api-breaking-changes`
# compares the library products' API with the last release tag's (vX.Y.Z),
# from the baseline committed in api/baseline/<the tag's commit>/ (made once,
# when the tag is made: tools/check-api.sh --baseline).
#
# A break fails the check unless it is a decision: the break's line is in
# api/breaking-changes.txt, the version in Sources/TactileDesktop/TactileVersion.swift
# is a breaking step up from the tag (a new major version, or a new minor one
# while 0.x), and CHANGELOG.md's section of that version has a "### Breaking"
# heading. Tagging that version starts the next round: the new tag's baseline
# is committed and api/breaking-changes.txt emptied.
#
#   tools/check-api.sh             check the tree against the last tag
#   tools/check-api.sh --baseline  write the last tag's baseline into api/baseline (a build of the tag)
#   tools/check-api.sh --which     print the last release's tag, commit and what is compared with
set -euo pipefail
cd "$(dirname "$0")/.."
swift="${SWIFT:-$(command -v swift || echo /opt/swift/usr/bin/swift)}"
fail() { echo "check-api: $*" >&2; exit 1; }

products=(Tactile TactileRecording TactileSynthesis TactileEvdev TactileService TactileDesktop TactilePlot TactileTesting)
allowed=api/breaking-changes.txt

# The last release: its tag, or, in a clone without tags, the tag and commit api/last-release names.
tag="$(git describe --tags --abbrev=0 --match 'v[0-9]*' HEAD 2>/dev/null)" || tag=""
if [ -n "$tag" ]; then
    commit="$(git rev-parse "$tag^{commit}")"
    treeish="$tag"
else
    read -r tag commit < api/last-release || fail "no release tag (vX.Y.Z) before HEAD and no api/last-release"
    git cat-file -e "$commit^{commit}" 2>/dev/null ||
        fail "the clone has neither the tag $tag nor its commit $commit: clone the whole history (git fetch --unshallow --tags)"
    treeish="$commit"
fi
if [ "${1:-}" = "--which" ]; then echo "$tag $commit $treeish"; exit 0; fi
regenerate=()
if [ "${1:-}" = "--baseline" ]; then
    regenerate=(--regenerate-baseline)
elif [ ! -d "api/baseline/$commit" ]; then
    fail "no baseline for $tag in api/baseline/$commit: make it with tools/check-api.sh --baseline and commit it"
fi

version="$(sed -n 's/.*static let current = "\(.*\)".*/\1/p' Sources/TactileDesktop/TactileVersion.swift)"
[ -n "$version" ] || fail "no version in Sources/TactileDesktop/TactileVersion.swift"
breaking_step() {  # whether $2 may break the API of $1 (semantic versioning, 0.x: the minor version)
    local old_major old_minor new_major new_minor
    IFS=. read -r old_major old_minor _ <<<"${1#v}"
    IFS=. read -r new_major new_minor _ <<<"$2"
    [ "$new_major" -gt "$old_major" ] || { [ "$old_major" = 0 ] && [ "$new_major" = 0 ] && [ "$new_minor" -gt "$old_minor" ]; }
}

listed=$(grep -cv '^\s*$' "$allowed" 2>/dev/null || true)
if grep -q '^#' "$allowed" 2>/dev/null; then
    fail "$allowed has a comment line, which keeps the digester from matching any: one break a line, nothing else (api/README.md)"
fi
if [ "${listed:-0}" -gt 0 ]; then
    breaking_step "$tag" "$version" || fail "$allowed lists $listed breaks, but version $version is no breaking step up from $tag: raise it in Sources/TactileDesktop/TactileVersion.swift"
    awk -v v="## [$version]" 'index($0, v) == 1 {inside = 1; next} /^## \[/ {inside = 0} inside && /^### Breaking/ {found = 1} END {exit !found}' CHANGELOG.md ||
        fail "$allowed lists $listed breaks, but CHANGELOG.md has no \"### Breaking\" under \"## [$version]\""
fi

output="$(mktemp)"
trap 'rm -f "$output"' EXIT
status=0
"$swift" package diagnose-api-breaking-changes "$treeish" --products "${products[@]}" --baseline-dir api/baseline \
    --breakage-allowlist-path "$PWD/$allowed" "${regenerate[@]}" >"$output" 2>&1 || status=$?
if [ ${#regenerate[@]} -gt 0 ]; then
    # The digester dumps package declarations too (marked isInternal) and would call a change to one a
    # break: the baseline keeps the public API alone, so what the package shares inside stays free to change.
    python3 - "api/baseline/$commit" <<'PY'
import json, pathlib, sys
def public(node):
    node["children"] = [public(child) for child in node.get("children", []) if not child.get("isInternal")]
    if not node["children"]:
        del node["children"]
    return node
for path in pathlib.Path(sys.argv[1]).glob("*.json"):
    dump = json.loads(path.read_text())
    dump["ABIRoot"] = public(dump["ABIRoot"])
    dump["ABIRoot"].pop("tool_arguments", None)
    path.write_text(json.dumps(dump, indent=1, sort_keys=True) + "\n")  # one form, whatever the digester's order
PY
fi
if [ $status -ne 0 ]; then
    grep -E '[0-9]+ breaking changes? detected|API breakage|error:' "$output" >&2 || tail -20 "$output" >&2
    fail "the public API of $version breaks $tag's (the lines above): keep it, or make the break a decision (api/breaking-changes.txt, a breaking version step, CHANGELOG.md's \"### Breaking\")"
fi
echo "check-api: the public API of ${products[*]} keeps $tag's ($listed breaks listed for $version)"
