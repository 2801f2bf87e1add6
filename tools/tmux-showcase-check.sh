#!/bin/sh
# tools/tmux-showcase-check.sh TACTILE [WIDTHxHEIGHT] [SPEED]
#
# Real-terminal check of `tactile demo` without a touch device: runs
#   TACTILE demo --directory EMPTY --speed SPEED
# (EMPTY an empty directory, so no device is found whatever this machine
# has) in a detached tmux session of WIDTHxHEIGHT (default 120x40, speed 2)
# on a private socket, polls `tmux capture-pane` while it plays and checks:
#   - the "No touch device found" notice is in view whenever the picture is;
#   - every recognizer kind shows a began/changed/ended state at some point
#     (tap, doubleTap, twoFingerTap, threeFingerTap, longPress, hold, a
#     swipe, pan, pinch, rotation);
#   - states are coloured (SGR escapes in `capture-pane -e`), and with
#     NO_COLOR=1 (a second, short run) not at all;
#   - at 120 columns or more, a pan's values are whole: translation and
#     velocity both shown as (x, y), and no panel row is cut (no `…`);
#   - after the demo ends: exit status 0, the main screen back (no box) and
#     the summary left there: "15 of 15 recognizers recognized", and each of
#     the standard set's 15 (taps and double taps of 1-3 fingers, swipes of
#     1-4) with its count.
# Prints captures taken while a pan (at 120 columns or more) and a rotation
# were under way, and the final screen.
# Exit status: 0 passed, 1 failed, 77 skipped (tmux missing).
set -u
[ $# -ge 1 ] || { echo "usage: $0 TACTILE [WIDTHxHEIGHT] [SPEED]" >&2; exit 2; }
tactile=$1 size=${2:-120x40} speed=${3:-2}
width=${size%x*} height=${size#*x}
command -v tmux >/dev/null 2>&1 || { echo "skip: tmux missing"; exit 77; }

socket="tactile-showcase-$$"
empty=$(mktemp -d)
t() { tmux -L "$socket" "$@"; }
cleanup() { t kill-server >/dev/null 2>&1; rmdir "$empty" 2>/dev/null; }
trap cleanup EXIT INT TERM

started=""
for attempt in 1 2 3; do
  if t -f /dev/null new-session -d -s showcase -x "$width" -y "$height" \
      "env -u NO_COLOR '$tactile' demo --directory '$empty' --speed '$speed'; echo TACTILE-EXIT=\$?; sleep 120"; then
    started=yes
    break
  fi
  sleep 0.2
done
[ -n "$started" ] || { echo "FAIL: tmux did not start"; exit 1; }
capture() { t capture-pane -p -t showcase 2>/dev/null; }

# Every recognizer of the standard set: the playlist makes each of them fire.
kinds="tap doubleTap twoFingerTap threeFingerTap twoFingerDoubleTap threeFingerDoubleTap longPress hold swipe swipe2 swipe3 swipe4 pan pinch rotation"
seen=" "
failures=""
pan_capture=""
rotation_capture=""
coloured=""
i=0
while [ $i -lt 900 ]; do
  screen=$(capture)
  if printf '%s\n' "$screen" | grep -q 'TACTILE-EXIT='; then break; fi
  if printf '%s\n' "$screen" | grep -q '^┌'; then
    printf '%s\n' "$screen" | grep -q 'No touch device found: replaying' || failures="$failures
the notice was not in view:
$screen"
    for kind in $kinds; do
      case "$seen" in *" $kind "*) continue ;; esac
      pattern=" (▶| ) $kind +(began|changed|ended) "
      [ "$kind" = swipe ] && pattern=" (▶| ) swipe[0-9]? +(began|changed|ended) "
      printf '%s\n' "$screen" | grep -Eq "$pattern" && seen="$seen$kind "
    done
    if [ -z "$rotation_capture" ] && printf '%s\n' "$screen" | grep -Eq '▶ rotation +changed '; then rotation_capture=$screen; fi
    if [ -z "$coloured" ] && t capture-pane -e -p -t showcase 2>/dev/null | grep -q "$(printf '\033')\[[0-9;]*m"; then coloured=yes; fi
    if [ "$width" -ge 120 ] && printf '%s\n' "$screen" | grep -Eq '▶ pan +(began|changed) '; then
      row=$(printf '%s\n' "$screen" | grep -E '▶ pan +(began|changed) ' | head -n 1)
      if printf '%s\n' "$row" | grep -Eq 'translation=\(-?[0-9.]+, -?[0-9.]+\)( pt)? velocity=\(-?[0-9]+, -?[0-9]+\)' \
         && ! printf '%s\n' "$screen" | grep '^│' | grep -q '…'; then
        [ -n "$pan_capture" ] || pan_capture=$screen
      else
        failures="$failures
a row was cut at $width columns:
$screen"
      fi
    fi
  fi
  sleep 0.1
  i=$((i + 1))
done

for kind in $kinds; do
  case "$seen" in *" $kind "*) ;; *) failures="$failures
$kind never showed a began, changed or ended state" ;; esac
done
[ -n "$coloured" ] || failures="$failures
no colour in the picture (capture-pane -e)"
if [ "$width" -ge 120 ] && [ -z "$pan_capture" ]; then failures="$failures
never saw a pan under way with its values"; fi

# The end: exit status 0, the main screen back, the summary left there.
if ! printf '%s\n' "$screen" | grep -q 'TACTILE-EXIT=0'; then
  failures="$failures
the demo did not end with status 0"
fi
printf '%s\n' "$screen" | grep -q '[┌└]' && failures="$failures
the terminal was not restored (the box is still on screen)"
printf '%s\n' "$screen" | grep -q 'tactile demo: replayed 6 bundled recordings' || failures="$failures
no summary headline after exit"
printf '%s\n' "$screen" | grep -q '15 of 15 recognizers recognized' || failures="$failures
the summary does not say 15 of 15 recognizers recognized"
for kind in $kinds; do
  pattern="(^| )$kind +×[0-9]+"
  printf '%s\n' "$screen" | grep -Eq "$pattern" || failures="$failures
the summary does not show $kind recognized"
done

# NO_COLOR: the same picture without a single colour.
t new-session -d -s plain -x "$width" -y "$height" \
  "NO_COLOR=1 '$tactile' demo --directory '$empty' --recording synthetic/touchpad-showcase.json --speed 8; sleep 120" \
  || failures="$failures
tmux did not start the NO_COLOR run"
i=0
plain=""
while [ $i -lt 100 ]; do
  if t capture-pane -p -t plain 2>/dev/null | grep -Eq '▶ [a-zA-Z0-9]+ +(began|changed) '; then
    plain=$(t capture-pane -e -p -t plain 2>/dev/null)
    break
  fi
  sleep 0.1
  i=$((i + 1))
done
if [ -z "$plain" ]; then
  failures="$failures
the NO_COLOR run never showed a recognizer under way"
elif printf '%s\n' "$plain" | grep -q "$(printf '\033')\[[0-9;]*m"; then
  failures="$failures
colours with NO_COLOR=1:
$plain"
fi

if [ -n "$pan_capture" ]; then
  echo "while a pan was under way ($size):"
  printf '%s\n' "$pan_capture"
fi
if [ -n "$rotation_capture" ]; then
  echo "while a rotation was under way ($size):"
  printf '%s\n' "$rotation_capture"
fi
echo "after exit ($size):"
printf '%s\n' "$screen"
if [ -n "$failures" ]; then
  echo "FAIL:$failures"
  exit 1
fi
echo "PASS: every kind shown, notice in view, colours, values whole, summary left after exit ($size)"
exit 0
