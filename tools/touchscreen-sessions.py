#!/usr/bin/env python3
"""Reads real touchscreen recordings session by session and reports the
sessions whose actions are implausible for what the fingers did.

A session runs from a finger landing on an empty screen to the last one
lifting. Each is judged from the touches `tactile replay` prints (where each
finger landed and lifted, in mm) and the actions it reports:

  tap       every finger down < 0.45 s, landing within 0.15 s of the first,
            lifting within 0.15 s of the first lift, none moved 2 mm:
            a tap (or the double tap it belongs to) of that many fingers
            must be reported within 80 pt of the fingers; each report
            belongs to one session (a double tap's to two).
  stroke    a finger moved 10 mm or more between landing and lifting:
            a pan, swipe, pinch or rotation must begin during the session.
  press     one finger held 0.7 s or more, moved < 2 mm: a long press
            must begin.
Other sessions (fingers landing far apart in time, odd mixtures) are counted
but not judged.

    tools/touchscreen-sessions.py [--tactile PATH] [--verbose] RECORDING_OR_DIR ...

With no recordings it reads the real touchscreen recordings of
shared/external (those the project may not copy are read where they lie) and
the project's own Recordings/touchscreen-*.json.
"""
import argparse
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
EXTERNAL = os.path.join(ROOT, "..", "shared", "external")
TOUCH = re.compile(r"^\s+([\d.]+)\s+touch #(\d+) (began|ended|cancelled)\s+slot \S+\s+\(([-\d.]+), ([-\d.]+)\) pt\s+\(([-\d.]+), ([-\d.]+)\) mm\s+(\d+) fingers?")
ACTION = re.compile(r"^([\d.]+)\s+(\w+)@\S+\s+(\w+)\s+\d+ touch\S*\s+\(([-\d.]+), ([-\d.]+)\).*?(?:fingers=([\d.]+))?\s*$")
TOUCHPAD_HINTS = ("anton_", "topseed_")  # HID touchpads among the touchscreens
# Among evemu-devices' tablets, the touch layers of screens (not the pads).
TABLET_SCREENS = ("Wacom ISDv4", "Wacom DTH2242", "Wacom Cintiq", "dell_canvas", "eGalax")


def default_inputs():
    found = []
    for sub in ("evemu-devices/touchscreens", "evemu-devices/tablets", "hid-devices-evemu", "monkeyhelper-getevent/Phone",
                "monkeyhelper-getevent/Tablet", "remarkable-shortcuts"):
        folder = os.path.join(EXTERNAL, sub)
        if not os.path.isdir(folder):
            continue
        for name in sorted(os.listdir(folder)):
            if name.endswith((".desc", ".md")) or name.startswith(("LICENSE", "README")) or name.startswith(TOUCHPAD_HINTS):
                continue
            if sub.startswith("evemu-devices/") and not name.endswith((".events", ".evemu")):
                continue
            if sub == "evemu-devices/tablets" and not name.startswith(TABLET_SCREENS):
                continue
            found.append(os.path.join(folder, name))
    recordings = os.path.join(ROOT, "Recordings")
    found += [os.path.join(recordings, n) for n in sorted(os.listdir(recordings)) if n.startswith("touchscreen-") and n.endswith(".json")]
    return found


def replay(tactile, path):
    run = subprocess.run([tactile, "replay", path], capture_output=True, text=True)
    if run.returncode != 0:
        return None, run.stderr.strip().splitlines()[-1:] or ["failed"]
    return run.stdout.splitlines(), None


def sessions_of(lines):
    sessions, current, actions = [], None, []
    for line in lines:
        touch = TOUCH.match(line)
        if touch:
            time, ident, phase = float(touch.group(1)), int(touch.group(2)), touch.group(3)
            mm = (float(touch.group(6)), float(touch.group(7)))
            pt = (float(touch.group(4)), float(touch.group(5)))
            if phase == "began":
                if current is None:
                    current = {"start": time, "touches": {}, "end": None}
                current["touches"][ident] = {"down": time, "at": mm, "pt": pt, "up": None, "to": None}
            elif current is not None and ident in current["touches"]:
                entry = current["touches"][ident]
                entry["up"], entry["to"], entry["cancelled"] = time, mm, phase == "cancelled"
                if all(t["up"] is not None for t in current["touches"].values()):
                    current["end"] = time
                    sessions.append(current)
                    current = None
            continue
        action = ACTION.match(line)
        if action:
            actions.append((float(action.group(1)), action.group(2), action.group(3),
                            float(action.group(6)) if action.group(6) else None,
                            (float(action.group(4)), float(action.group(5)))))
    return sessions, actions


def kind(session):
    touches = list(session["touches"].values())
    if any(t["up"] is None or t.get("cancelled") for t in touches):
        return None
    moves = [((t["to"][0] - t["at"][0]) ** 2 + (t["to"][1] - t["at"][1]) ** 2) ** 0.5 for t in touches]
    downs = [t["down"] for t in touches]
    ups = [t["up"] for t in touches]
    if max(moves) >= 10:
        return "stroke"
    if len(touches) <= 3 and max(moves) < 2 and max(ups) - min(downs) < 0.45 \
            and max(downs) - min(downs) <= 0.15 and max(ups) - min(ups) <= 0.15 and max(downs) < min(ups):
        return "tap"
    if len(touches) == 1 and max(moves) < 2 and ups[0] - downs[0] >= 0.7:
        return "press"
    return None


def centroid(session):
    points = [t["pt"] for t in session["touches"].values()]
    return (sum(p[0] for p in points) / len(points), sum(p[1] for p in points) / len(points))


def judge(sessions, actions):
    # Each tap report belongs to one session (a double tap's to two): the
    # nearest unclaimed tap-like session before it, within 80 pt of where
    # it was reported, so a late report of one tap never covers the next.
    claims = {}
    for index, action in enumerate(actions):
        t, name, state, f, at = action
        if state != "ended" or "ap" not in name or f is None:
            continue
        wanted = 2 if "double" in name.lower() else 1
        for position in range(len(sessions) - 1, -1, -1):
            session = sessions[position]
            if session["start"] > t or position in claims or kind(session) != "tap" or len(session["touches"]) != int(f):
                continue
            c = centroid(session)
            if ((c[0] - at[0]) ** 2 + (c[1] - at[1]) ** 2) ** 0.5 > 80:
                continue
            claims[position] = index
            wanted -= 1
            if wanted == 0:
                break
    results = []
    for index, session in enumerate(sessions):
        what = kind(session)
        if what is None:
            results.append((session, None, True))
            continue
        start, end = session["start"], session["end"]
        if what == "tap":
            ok = index in claims
        elif what == "stroke":
            ok = any(start <= t <= end + 0.01 and state in ("began", "ended") and name.rstrip("234") in ("pan", "swipe", "pinch", "rotation")
                     for t, name, state, f, _ in actions)
        else:
            ok = any(start <= t <= end and state == "began" and name == "longPress" for t, name, state, f, _ in actions)
        results.append((session, what, ok))
    return results


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("inputs", nargs="*")
    parser.add_argument("--tactile", default=os.path.join(ROOT, ".build", "release", "tactile"))
    parser.add_argument("--verbose", action="store_true")
    args = parser.parse_args()
    inputs = []
    for item in args.inputs or default_inputs():
        inputs += [os.path.join(item, n) for n in sorted(os.listdir(item))] if os.path.isdir(item) else [item]
    totals = {"tap": [0, 0], "stroke": [0, 0], "press": [0, 0], None: [0, 0]}
    for path in inputs:
        lines, error = replay(args.tactile, path)
        name = os.path.relpath(path, ROOT)
        if lines is None:
            print(f"{name}: not read ({error[0]})")
            continue
        sessions, actions = sessions_of(lines)
        for session, what, ok in judge(sessions, actions):
            totals[what][0] += 1
            totals[what][1] += 0 if ok else 1
            if not ok or args.verbose:
                fingers = len(session["touches"])
                print(f"{'implausible' if not ok else 'ok'}: {name} {session['start']:.3f}-{session['end']:.3f} s: "
                      f"{what} of {fingers} finger{'s' if fingers > 1 else ''}")
    sessions = sum(v[0] for v in totals.values())
    bad = sum(v[1] for v in totals.values())
    judged = sessions - totals[None][0]
    print(f"{sessions} sessions in {len(inputs)} recordings; {judged} judged "
          f"(taps {totals['tap'][0]}, strokes {totals['stroke'][0]}, presses {totals['press'][0]}); "
          f"{bad} implausible (taps {totals['tap'][1]}, strokes {totals['stroke'][1]}, presses {totals['press'][1]})")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
