#!/usr/bin/env bash
# check-gnome-extension.sh: checks the GNOME Shell extension "Tactile focus"
# (dist/share/tactile/gnome-shell/43 for GNOME 43 and 44, 45 for 45 to 48) without GNOME Shell:
#   - both metadata.json: the uuid, name and description, the shell-version lists (43 and 44; 45 to
#     48), which must not overlap, and no other key;
#   - the two extension.js are the same code but for their imports and export;
#   - neither uses what the extension must not (Eval, unsafe mode, the network, settings, processes);
#   - each runs under gjs (tools/gnome-extension-harness.js, on a bus of its own from
#     dbus-run-session): enable(), the Reports it sends to a service on the bus for each change of
#     focus, of the focused window's ids and of the service's presence, and disable(), which must
#     leave no handler connected and no name watched. The 45 form is loaded as an ES module, its
#     gi://Shell and resource:/// imports rewritten to tools/gnome-extension-stubs/; the 43 form
#     through gjs's legacy importer, its imports.gi rewritten to the stubs. Gio, GLib and the bus
#     are the real ones.
# What this does not show: that GNOME Shell 45 to 48 (none is in Debian 12) load and run the 45
# form. Their Extension base class and the loading of the default export, global.display's
# focus-window, MetaWindow's and Shell.WindowTracker's methods are stubs here, named as in 43 (and,
# read by hand, as in the 45.0 to 48.0 sources of gnome-shell and mutter). Nor does it show what a
# real Shell's signals do (mutter's order and repeats): tools/check-gnome-focus.sh runs the 43 form
# in the real GNOME Shell 43.
#
# Exit status 1 on a failure (each check is printed), 77 when gjs or dbus-run-session is missing.
set -euo pipefail
cd "$(dirname "$0")/.."
fail() { echo "check-gnome-extension: $*" >&2; exit 1; }
for tool in gjs dbus-run-session python3; do
    if ! command -v "$tool" >/dev/null 2>&1; then
        echo "check-gnome-extension: $tool is missing (apt-get install gjs dbus-bin python3)" >&2
        exit 77
    fi
done
forms=dist/share/tactile/gnome-shell
stubs="$PWD/tools/gnome-extension-stubs"

# ---- metadata.json ----------------------------------------------------------------------------

python3 - "$forms" <<'EOF' || fail "the metadata is not right (above)"
import json, sys
forms, failed = sys.argv[1], False
def check(ok, what):
    global failed
    print(("ok" if ok else "FAIL") + ": metadata: " + what)
    failed |= not ok
want = {"43": ["43", "44"], "45": ["45", "46", "47", "48"]}
metadata = {form: json.load(open(f"{forms}/{form}/metadata.json")) for form in want}
for form, data in metadata.items():
    check(set(data) == {"uuid", "name", "description", "shell-version"},
          f"{form}: uuid, name, description and shell-version, nothing else (has {sorted(data)})")
    check(data.get("uuid") == "tactile-focus@tactile.github.io", f"{form}: uuid tactile-focus@tactile.github.io")
    check(data.get("name") == "Tactile focus", f"{form}: name Tactile focus")
    check(data.get("shell-version") == want[form], f"{form}: shell-version {want[form]}")
check(metadata["43"].get("description") == metadata["45"].get("description") and
      "tactile serve" in metadata["43"].get("description", ""), "the same description, naming tactile serve")
check(not set(metadata["43"].get("shell-version", [])) & set(metadata["45"].get("shell-version", [])),
      "no GNOME version in both forms' shell-version")
sys.exit(failed)
EOF

# ---- The same code in both forms --------------------------------------------------------------

body43=$(sed -n '/^class TactileFocus {$/,/^function init() {$/p' "$forms/43/extension.js" | sed '1d;$d' | sed '${/^$/d}')
body45=$(sed -n '/^export default class TactileFocus extends Extension {$/,$p' "$forms/45/extension.js" | sed '1d')
[ -n "$body43" ] || fail "$forms/43/extension.js has no class TactileFocus { … } before function init()"
[ -n "$body45" ] || fail "$forms/45/extension.js has no export default class TactileFocus extends Extension { … }"
if ! diff <(echo "$body43") <(echo "$body45") >&2; then
    fail "the two forms differ below their class line (above: < 43, > 45): they must be the same code"
fi
echo "ok: the two forms are the same code below their imports"
if grep -nE 'Eval|unsafe|Soup|Settings|Subprocess|spawn|GLib\.file_|Gio\.File' "$forms"/*/extension.js >&2; then
    fail "an extension.js uses what it must not (above)"
fi
echo "ok: no Eval, unsafe mode, network, settings, file or process"

# ---- Each form under gjs ---------------------------------------------------------------------

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# rewrite FILE FROM TO: replaces the one line FROM (a fixed string) of FILE with TO.
rewrite() {
    [ "$(grep -cF -- "$2" "$1")" = 1 ] || fail "$1 must have the line $2 once, for the harness to rewrite"
    FROM="$2" TO="$3" python3 -c 'import os, sys
path = sys.argv[1]
text = open(path).read().replace(os.environ["FROM"], os.environ["TO"])
open(path, "w").write(text)' "$1"
}
for form in 43 45; do
    mkdir -p "$work/$form"
    cp "$forms/$form/metadata.json" "$forms/$form/extension.js" "$work/$form/"
done
rewrite "$work/43/extension.js" "const {Gio, GLib, Shell} = imports.gi;" "const {Gio, GLib, Shell} = globalThis.tactileHarnessGi;"
rewrite "$work/45/extension.js" "import Shell from 'gi://Shell';" "import Shell from 'file://$stubs/Shell.js';"
rewrite "$work/45/extension.js" "import {Extension} from 'resource:///org/gnome/shell/extensions/extension.js';" \
    "import {Extension} from 'file://$stubs/extension.js';"
for form in 43 45; do
    echo "check-gnome-extension: the $form form under gjs $(gjs --version | awk '{ print $2 }')"
    # A session bus of its own: the harness owns the service's name on it. G_DEBUG: a GLib critical
    # or warning (a wrong argument to a real Gio function) ends the run.
    env G_DEBUG=fatal-warnings dbus-run-session -- gjs -m tools/gnome-extension-harness.js "$form" "$work/$form" ||
        fail "the $form form failed under gjs (above)"
done
echo "check-gnome-extension: both forms passed"
