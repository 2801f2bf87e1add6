#!/bin/sh
# tools/tmux-demo-check.sh TACTILE DESCRIPTION IOCTL NODE EVENTS
#
# Real-terminal check of `tactile demo`'s terminal view: runs
#   umockdev-run -d DESCRIPTION -i NODE=IOCTL -e NODE=EVENTS -- TACTILE demo --device NODE --idle-exit 2
# inside a detached 120x40 tmux session (on a private tmux socket), polls
# `tmux capture-pane -p` until the picture shows 2 fingers, slots 0 and 1
# inside the surface box and the long press / hold began, then waits for the
# demo to end and checks the terminal was restored (main screen back, the
# exit status printed by the shell, no box left, the summary there); then runs it again without
# --idle-exit, sends Ctrl-C once drawn, and checks the same restoration.
# Exit status: 0 passed, 1 failed, 77 skipped (tmux or umockdev-run missing).
set -u
[ $# -eq 5 ] || { echo "usage: $0 TACTILE DESCRIPTION IOCTL NODE EVENTS" >&2; exit 2; }
tactile=$1 description=$2 ioctl=$3 node=$4 events=$5
command -v tmux >/dev/null 2>&1 || { echo "skip: tmux missing"; exit 77; }
command -v umockdev-run >/dev/null 2>&1 || { echo "skip: umockdev-run missing"; exit 77; }

socket="tactile-check-$$"
session="demo"
t() { tmux -L "$socket" "$@"; }
cleanup() { t kill-server >/dev/null 2>&1; }
trap cleanup EXIT INT TERM

# start NAME COMMAND: a detached 120x40 session; retried twice, since a
# client can lose a race with a tmux server that is starting or stopping.
start() {
  for attempt in 1 2 3; do
    t -f /dev/null new-session -d -s "$1" -x 120 -y 40 "$2" && return 0
    sleep 0.2
  done
  return 1
}

start "$session" \
  "umockdev-run -d '$description' -i '$node=$ioctl' -e '$node=$events' -- '$tactile' demo --device '$node' --idle-exit 2; echo TACTILE-EXIT=\$?; sleep 60" \
  || { echo "FAIL: tmux did not start"; exit 1; }

capture() { t capture-pane -p -t "$session" 2>/dev/null; }

# While the fingers are down: both drawn in the box, long press / hold began.
seen=""
i=0
while [ $i -lt 100 ]; do
  screen=$(capture)
  box=$(printf '%s\n' "$screen" | sed -n 's/^│\([^│]*\)│.*/\1/p')
  if printf '%s\n' "$screen" | grep -q ' 2 fingers' && printf '%s\n' "$box" | grep -q '0' && printf '%s\n' "$box" | grep -q '1' \
     && printf '%s\n' "$screen" | grep -Eq '(longPress|hold) +began'; then
    seen=yes
    break
  fi
  sleep 0.1
  i=$((i + 1))
done
if [ -z "$seen" ]; then
  echo "FAIL: the terminal view never showed both fingers and a began long press/hold; last capture:"
  printf '%s\n' "$screen"
  exit 1
fi
echo "drawn:"
printf '%s\n' "$screen"

# After the demo: the main screen is back (no box), with the exit status.
i=0
while [ $i -lt 150 ]; do
  screen=$(capture)
  printf '%s\n' "$screen" | grep -q 'TACTILE-EXIT=' && break
  sleep 0.1
  i=$((i + 1))
done
if ! printf '%s\n' "$screen" | grep -q 'TACTILE-EXIT=0'; then
  echo "FAIL: the demo did not exit with 0; last capture:"
  printf '%s\n' "$screen"
  exit 1
fi
if printf '%s\n' "$screen" | grep -q '[┌└]'; then
  echo "FAIL: the terminal was not restored (the box is still on screen):"
  printf '%s\n' "$screen"
  exit 1
fi
if ! printf '%s\n' "$screen" | grep -q "tactile demo: $node " || ! printf '%s\n' "$screen" | grep -Eq '^longPress +×1'; then
  echo "FAIL: no summary (headline naming $node, longPress ×1) left after exit:"
  printf '%s\n' "$screen"
  exit 1
fi
echo "after exit:"
printf '%s\n' "$screen"

# Ctrl-C: a second run without --idle-exit, interrupted once drawn, must
# also end with 0 and give the main screen back.
# The second session starts while the first still exists, so the tmux
# server never runs out of sessions and exits under our feet (killing the
# only session first and starting another raced the server's shutdown).
first=$session
session="demo-ctrl-c"
start "$session" \
  "umockdev-run -d '$description' -i '$node=$ioctl' -e '$node=$events' -- '$tactile' demo --device '$node'; echo TACTILE-EXIT=\$?; sleep 60" \
  || { echo "FAIL: tmux did not start the second run"; exit 1; }
t kill-session -t "$first" >/dev/null 2>&1
i=0
while [ $i -lt 100 ]; do
  screen=$(capture)
  printf '%s\n' "$screen" | grep -Eq '(longPress|hold) +began' && break
  sleep 0.1
  i=$((i + 1))
done
t send-keys -t "$session" C-c
i=0
while [ $i -lt 100 ]; do
  screen=$(capture)
  printf '%s\n' "$screen" | grep -q 'TACTILE-EXIT=' && break
  sleep 0.1
  i=$((i + 1))
done
if ! printf '%s\n' "$screen" | grep -q 'TACTILE-EXIT=0' || printf '%s\n' "$screen" | grep -q '[┌└]'; then
  echo "FAIL: after Ctrl-C the demo did not end with 0 on a restored terminal; last capture:"
  printf '%s\n' "$screen"
  exit 1
fi
echo "PASS: drawn while the fingers were down, terminal restored after exit and after Ctrl-C"
exit 0
