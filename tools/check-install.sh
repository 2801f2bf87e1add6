#!/usr/bin/env bash
# make install and make uninstall into a temporary PREFIX (CI runs it after
# make test): the release binaries (tactile, tactiled) land in PREFIX/bin and runs by name with it
# on PATH, the three completion scripts and the KWin script in PREFIX/share, and make uninstall
# removes every one of them. Run from anywhere.
set -euo pipefail
cd "$(dirname "$0")/.."
swift="${SWIFT:-$(command -v swift || echo /opt/swift/usr/bin/swift)}"

prefix="$(mktemp -d)"
trap 'rm -rf "$prefix"' EXIT
fail() { echo "check-install: $*" >&2; exit 1; }

make --no-print-directory install SWIFT="$swift" PREFIX="$prefix"
files=(bin/tactile bin/tactiled share/bash-completion/completions/tactile share/zsh/site-functions/_tactile share/fish/vendor_completions.d/tactile.fish
       share/tactile/kwin/tactile-focus.js)
for file in "${files[@]}"; do
    [ -s "$prefix/$file" ] || fail "make install left no $file under PREFIX"
done
[ -x "$prefix/bin/tactile" ] || fail "the installed tactile is not executable"
version="$(PATH="$prefix/bin:/usr/bin:/bin" tactile --version)"
[ "$version" = "$(.build/release/tactile --version)" ] || fail "the installed tactile says $version"
[ "$("$prefix/bin/tactiled" --version)" = "$version" ] || fail "the installed tactiled does not say $version"
grep -q "demo" "$prefix/share/bash-completion/completions/tactile" || fail "the bash completions name no subcommand"

make --no-print-directory uninstall PREFIX="$prefix"
for file in "${files[@]}"; do
    [ ! -e "$prefix/$file" ] || fail "make uninstall left $file"
done
echo "check-install: make install put tactile $version and tactiled, its completions and its KWin script under PREFIX; make uninstall removed them"
