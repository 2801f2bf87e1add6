#!/usr/bin/env python3
"""Replay recordings through Tactile and through the real libinput, and
compare what each recognized and how many milliseconds after the first touch.

    tools/compare-libinput.py [--json] [--tactile PATH] [--keep DIR]
                              [--settle S] [--verbose] RECORDING|DIR ...

For each recording (any format `tactile` reads; a directory stands for the
recordings in it), `tactile mock` writes a umockdev testbed of its device;
`libinput debug-events --enable-tap --device NODE` runs under `umockdev-run`
on that testbed while this script writes the recording's frames into the
mocked node, each SYN_REPORT frame at its own moment after the start and
stamped with the CLOCK_MONOTONIC time of that moment (libinput's timers
run on that clock). `tactile replay --json` runs on the same recording.
The table gives per recording: the label (from the file name), libinput's
first gesture, Tactile's first recognition that is not a hold, the
difference and whether each matches the label; then a summary.

Times are milliseconds after the frame where the first finger landed.
libinput's are read from the timestamps it prints (whole milliseconds), so
the pace of the feed does not enter except for timer-driven events (hold,
tap); the largest lag of a frame's write behind its schedule is reported.

Needs umockdev (umockdev-run) and libinput-tools (libinput debug-events); the
standard library only. See docs/compare-libinput.md.
"""

import argparse
import ctypes
import json
import os
import re
import select
import shutil
import signal
import statistics
import struct
import subprocess
import sys
import tempfile
import time

NODE = "/dev/input/event0"
LIBINPUT_FLAGS = ["--enable-tap"]
LIBINPUT_FLAGS_NOTE = "tap-to-click on; every other setting at its default (gestures on, two-finger scroll where the device has two slots)"
REPOSITORY = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# Where in its millisecond the first frame is written: libinput prints times
# relative to the millisecond in which it woke for the first frame.
BASE_FRACTION_US = 50
# Time before the first frame: libinput has opened the node and waits in poll().
START_DELAY_S = 0.4

EV_SYN, EV_KEY, EV_ABS = 0x00, 0x01, 0x03
SYN_REPORT, SYN_MT_REPORT = 0, 2
ABS_MT_SLOT, ABS_MT_TRACKING_ID = 0x2f, 0x39
ABS_MT_FIRST, ABS_MT_LAST = 0x30, 0x3d
BTN_LEFT, BTN_RIGHT, BTN_MIDDLE, BTN_TOUCH = 0x110, 0x111, 0x112, 0x14a
BTN_TOOL_FINGERS = {0x145: 1, 0x14d: 2, 0x14e: 3, 0x14f: 4, 0x148: 5}  # FINGER, DOUBLE/TRIPLE/QUAD/QUINTTAP
TAP_BUTTONS = {"BTN_LEFT": 1, "BTN_RIGHT": 2, "BTN_MIDDLE": 3}  # libinput's default tap map (lrm)

SKIPPED_NAMES = re.compile(r"(\.(desc|md|txt|device|py|sh|png|json\.gz)|^LICEN[CS]E.*|^README.*|^SOURCES.*)$", re.I)


class Failure(Exception):
    """An expected failure: its message is printed, never a traceback."""


def say(message):
    sys.stderr.write("compare-libinput: %s\n" % message)
    sys.stderr.flush()


# MARK: labels

SWIPE_DIRECTIONS = {"right": 1, "left": 2, "up": 4, "down": 8}
DIRECTION_ARROWS = {1: "→", 2: "←", 4: "↑", 8: "↓", 3: "↔", 12: "↕"}


def label_of(path):
    """What the file name says was done: a dict with kind, fingers, and for
    scrolls the allowed swipe directions (a bit set as Tactile's), or None."""
    name = os.path.basename(path)
    lower = name.lower()
    match = re.match(r"^hold_(\d)$", lower)
    if match:
        return {"kind": "hold", "fingers": int(match.group(1))}
    match = re.match(r"^pinch_(in|out|both)_(\d)$", lower)
    if match:
        return {"kind": "pinch", "fingers": int(match.group(2))}
    match = re.match(r"^rotate_[a-z]+_(\d)$", lower)
    if match:
        return {"kind": "rotate", "fingers": int(match.group(1))}
    match = re.match(r"^swipe_(up|down|left|right|leftright)_(\d)$", lower)
    if match:
        way = match.group(1)
        directions = 3 if way == "leftright" else SWIPE_DIRECTIONS[way]
        return {"kind": "scroll", "fingers": int(match.group(2)), "directions": directions}
    match = re.match(r"^stroke_[a-z]+_(\d)$", lower)
    if match:
        return {"kind": "stroke", "fingers": int(match.group(1))}
    if re.search(r"two[-_]finger[-_]scroll[-_]horizontal", lower):
        return {"kind": "scroll", "fingers": 2, "directions": 3}
    if re.search(r"two[-_]finger[-_](vert[-_])?scroll", lower):
        return {"kind": "scroll", "fingers": 2, "directions": 12 if "vert" in lower else 15}
    if re.search(r"two[-_]finger[-_](swipe|drag)", lower):
        return {"kind": "scroll", "fingers": 2, "directions": 15}
    if re.search(r"one[-_]finger[-_](scroll|drag)", lower) or ("finger" not in lower and re.search(r"(^|[-_.])drag\.", lower)):
        return {"kind": "drag", "fingers": 1}
    # Wacom touch recordings of evemu-devices: "double-…" is done with two fingers, "single-…" with one.
    if re.search(r"double-center-scroll", lower):
        return {"kind": "scroll", "fingers": 2, "directions": 12}
    if re.search(r"double-top-swipe", lower):
        return {"kind": "scroll", "fingers": 2, "directions": 3}
    if re.search(r"single-(center-scroll|top-swipe|center-circle)", lower):
        return {"kind": "drag", "fingers": 1}
    if re.search(r"(2fg|2-finger|two[-_]finger)[-_]double[-_]?tap", lower):
        return {"kind": "doubletap", "fingers": 2}
    if re.search(r"(2fg|2-finger|two[-_]finger)[-_]tap", lower):
        return {"kind": "tap", "fingers": 2}
    if re.search(r"(3fg|3-finger|three[-_]finger)[-_]tap", lower):
        return {"kind": "tap", "fingers": 3}
    if re.search(r"wacom (bamboo|intuos).*double-tap", lower):
        return {"kind": "tap", "fingers": 2}
    if re.search(r"(^|[ ._-])double-?tap", lower):
        return {"kind": "doubletap", "fingers": 1}
    if re.search(r"(^|[ ._-])(single-)?tap([._-]|$)", lower):
        return {"kind": "tap", "fingers": 1}
    return None


def label_text(label):
    if label is None:
        return "—"
    text = "%s %d" % (label["kind"], label["fingers"])
    if label["kind"] == "scroll" and label.get("directions") in DIRECTION_ARROWS:
        text += " " + DIRECTION_ARROWS[label["directions"]]
    return text


# MARK: recordings and the mocked device

def collect(arguments):
    """The recordings named: files as given, directories expanded (sorted,
    descriptions and documents left out). Duplicates once, in order."""
    paths = []
    for argument in arguments:
        if os.path.isdir(argument):
            found = []
            for directory, subdirectories, files in os.walk(argument):
                subdirectories[:] = sorted(d for d in subdirectories if not d.startswith("."))
                for name in files:
                    if not name.startswith(".") and not SKIPPED_NAMES.search(name):
                        found.append(os.path.join(directory, name))
            paths += sorted(found)
        elif os.path.isfile(argument):
            paths.append(argument)
        else:
            raise Failure("cannot read %s: no such file or directory" % argument)
    unique = []
    for path in paths:
        if path not in unique:
            unique.append(path)
    return unique


def run_tool(command, what, timeout=120):
    try:
        return subprocess.run(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, stdin=subprocess.DEVNULL,
                              timeout=timeout, text=True, errors="replace")
    except FileNotFoundError:
        raise Failure("%s: %s not found" % (what, command[0]))
    except subprocess.TimeoutExpired:
        raise Failure("%s: %s did not finish in %d s" % (what, command[0], timeout))


def first_error_line(text):
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    line = lines[0] if lines else "no message"
    return line[len("tactile: error: "):] if line.startswith("tactile: error: ") else line


def read_events(path):
    """The evemu `E:` lines `tactile mock` wrote (microseconds unpadded) as
    frames: lists of (time µs, type, code, value), each ending with its
    SYN_REPORT (events after the last one form a frame of their own)."""
    frames, frame = [], []
    with open(path, encoding="utf-8") as handle:
        for line in handle:
            if not line.startswith("E:"):
                continue
            fields = line.split()
            seconds, _, micros = fields[1].partition(".")
            event = (int(seconds) * 1_000_000 + int(micros or 0), int(fields[2], 16), int(fields[3], 16), int(fields[4]))
            frame.append(event)
            if event[1] == EV_SYN and event[2] == SYN_REPORT:
                frames.append(frame)
                frame = []
    if frame:
        frames.append(frame)
    return frames


def slot_count(ioctl_path):
    """The number of multitouch slots the testbed's device announces (its
    EVIOCGABS(ABS_MT_SLOT) reply), or 0."""
    with open(ioctl_path, encoding="utf-8") as handle:
        for line in handle:
            fields = line.split()
            if len(fields) == 3 and fields[0] == "EVIOCGABS(%d)" % ABS_MT_SLOT:
                data = bytes.fromhex(fields[2])
                minimum, maximum = struct.unpack("<ii", data[4:12])
                return maximum - minimum + 1
    return 0


def finger_counts(frames, slots_announced):
    """Fingers down after each frame, as libinput counts them: active slots
    (protocol B) or contacts of the frame (protocol A), unless BTN_TOOL_*
    says more than the device has slots for; BTN_TOUCH on single-touch devices."""
    slots, slot, tool, touch, counts = {}, 0, 0, 0, []
    for frame in frames:
        contacts, pending = 0, False
        for _, kind, code, value in frame:
            if kind == EV_ABS and code == ABS_MT_SLOT:
                slot = value
            elif kind == EV_ABS and code == ABS_MT_TRACKING_ID:
                slots[slot] = value >= 0
            elif kind == EV_ABS and ABS_MT_FIRST <= code <= ABS_MT_LAST:
                pending = True
            elif kind == EV_SYN and code == SYN_MT_REPORT:
                contacts += 1 if pending else 0
                pending = False
            elif kind == EV_KEY and code in BTN_TOOL_FINGERS:
                if value:
                    tool = BTN_TOOL_FINGERS[code]
                elif tool == BTN_TOOL_FINGERS[code]:
                    tool = 0
            elif kind == EV_KEY and code == BTN_TOUCH:
                touch = 1 if value else 0
        active = max(sum(1 for down in slots.values() if down), contacts)
        if active and tool > active and tool > slots_announced:
            active = tool
        counts.append(active if active or slots or contacts else max(tool, touch))
    return counts


def has_button_events(frames):
    return any(kind == EV_KEY and code in (BTN_LEFT, BTN_RIGHT, BTN_MIDDLE) for frame in frames for _, kind, code, _ in frame)


# MARK: the libinput side

def umockdev_version():
    result = run_tool(["umockdev-run", "--version"], "umockdev-run", timeout=20)
    match = re.search(r"(\d+)\.(\d+)(?:\.(\d+))?", result.stdout)
    if not match:
        raise Failure("cannot tell the version of umockdev-run from %r" % result.stdout.strip())
    return tuple(int(part or 0) for part in match.groups())


def libinput_version():
    result = run_tool(["libinput", "--version"], "libinput", timeout=20)
    return result.stdout.strip()


def script_escape(data):
    """Bytes as umockdev's script format writes them: below 32 as '^' and
    the byte + 64, '^' as "^`", the rest verbatim."""
    out = bytearray()
    for byte in data:
        if byte < 32:
            out += bytes((0x5e, byte + 64))
        elif byte == 0x5e:
            out += b"^`"
        else:
            out.append(byte)
    return bytes(out)


def choose_base(span_us):
    """The monotonic µs of the first frame: a little ahead, BASE_FRACTION_US
    into its millisecond, and with no second in the run whose low byte is
    0x20 (umockdev reads a script line's data after `scanf("%u ")`, which
    would swallow a leading space byte: the first byte is tv_sec's lowest)."""
    now = time.clock_gettime_ns(time.CLOCK_MONOTONIC) // 1000
    base = (now // 1000 + 50) * 1000 + BASE_FRACTION_US
    if span_us > 250 * 1_000_000:
        raise Failure("a recording longer than 250 s cannot be fed (umockdev's script format)")
    for second in range(base // 1_000_000, (base + span_us) // 1_000_000 + 1):
        if second & 0xff == 0x20:
            base = (second + 1) * 1_000_000 + BASE_FRACTION_US
            break
    return base


def descendants(pid):
    """`pid` and every process below it."""
    children = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open("/proc/%s/stat" % entry) as handle:
                fields = handle.read().rsplit(")", 1)[1].split()
            children.setdefault(int(fields[1]), []).append(int(entry))
        except (OSError, IndexError, ValueError):
            pass
    found, pending = [], [pid]
    while pending:
        current = pending.pop()
        found.append(current)
        pending += children.get(current, [])
    return found


def pty_holder(pid, own_tty):
    """The pid below `pid` holding a pty other than `own_tty` open (the mocked node), or None."""
    for candidate in descendants(pid):
        try:
            for fd in os.listdir("/proc/%d/fd" % candidate):
                try:
                    target = os.readlink("/proc/%d/fd/%s" % (candidate, fd))
                    if target.startswith("/dev/pts/") and target != own_tty:
                        return candidate
                except OSError:
                    pass
        except OSError:
            pass
    return None


def testbed_exec(node, command):
    """Runs inside umockdev-run (and, for umockdev < 0.17.18, a private mount
    namespace): makes the mocked node acceptable to libinput's path backend,
    then execs `command`.

    umockdev emulates the evdev node as a pty whose stat() it fakes (13:N)
    but whose fstat() it does not (0.17 does not wrap fstat: 136:M), and
    libinput refuses a device whose two numbers lead to different sysfs
    devices. So the testbed's device takes the pty's own numbers (its `dev`,
    uevent, /sys/dev/char link and the preload's node map). libinput also
    waits for udev to have initialized the device, which libudev reads from
    /run/udev/data/c<major>:<minor>: written into the testbed (umockdev
    >= 0.17.18 redirects /run/udev/data there) and, in the namespace, into a
    private tmpfs over /run."""
    root = os.environ.get("UMOCKDEV_DIR")
    if not root:
        raise Failure("--testbed-exec runs under umockdev-run only")
    pts = os.readlink(root + node)
    rdev = os.stat(pts).st_rdev
    major, minor = os.major(rdev), os.minor(rdev)
    numbers = "%d:%d" % (major, minor)
    node_link = root + "/dev/.node/" + node[len("/dev/"):].replace("/", "_")
    old = os.readlink(node_link)
    sysdir = os.path.realpath(root + "/sys/dev/char/" + old)
    os.unlink(node_link)
    os.symlink(numbers, node_link)
    pty_map = root + "/dev/.ptymap/" + pts.replace("/", "_")
    if os.path.lexists(pty_map):
        os.unlink(pty_map)
        os.symlink(numbers, pty_map)
    with open(sysdir + "/dev", "w") as handle:
        handle.write(numbers + "\n")
    with open(sysdir + "/uevent") as handle:
        uevent = handle.read()
    uevent = re.sub(r"(?m)^MAJOR=.*$", "MAJOR=%d" % major, uevent)
    uevent = re.sub(r"(?m)^MINOR=.*$", "MINOR=%d" % minor, uevent)
    with open(sysdir + "/uevent", "w") as handle:
        handle.write(uevent)
    link = root + "/sys/dev/char/" + numbers
    if not os.path.lexists(link):
        os.symlink(os.path.relpath(sysdir, os.path.dirname(link)), link)
    database = "I:%d\n" % (time.clock_gettime_ns(time.CLOCK_MONOTONIC) // 1000)
    database += "".join("E:%s\n" % line for line in uevent.splitlines() if line.startswith(("ID_", "LIBINPUT_")))
    directories = [root + "/run/udev/data"]
    if os.environ.get("COMPARE_LIBINPUT_PRIVATE_RUN") == "1":
        libc = ctypes.CDLL(None, use_errno=True)
        if libc.mount(b"tmpfs", b"/run", b"tmpfs", 0, b"mode=0755") != 0:
            raise Failure("cannot mount a private /run for libinput's udev data: %s" % os.strerror(ctypes.get_errno()))
        directories.append("/run/udev/data")
    for directory in directories:
        os.makedirs(directory, exist_ok=True)
        with open("%s/c%s" % (directory, numbers), "w") as handle:
            handle.write(database)
    os.execvp(command[0], command)


def default_signals():
    """In the child before exec: no signal blocked or ignored (a caller may
    have blocked SIGINT, which libinput debug-events must get to stop)."""
    signal.pthread_sigmask(signal.SIG_SETMASK, [])
    for number in (signal.SIGINT, signal.SIGTERM):
        signal.signal(number, signal.SIG_DFL)


class LibinputRun:
    """One run of libinput debug-events on a testbed, fed frame by frame.

    Its standard output is a pty, so that it prints each line as it goes and
    the moment each arrives can be noted: libinput back-dates a tap's button
    events to the touch, and the moment of output is when a peer would act."""

    def __init__(self, testbed, frames, workdir, settle, private_run, verbose):
        self.testbed, self.frames, self.workdir = testbed, frames, workdir
        self.settle, self.private_run, self.verbose = settle, private_run, verbose
        self.lags_us = []
        self.lines = []  # (monotonic µs of arrival, text)
        self.pending = b""
        self.base = None

    def command(self, fifo):
        inner = [sys.executable, os.path.abspath(__file__), "--testbed-exec", NODE, "--",
                 "libinput", "debug-events"] + LIBINPUT_FLAGS + (["--verbose"] if self.verbose else []) + ["--device", NODE]
        if self.private_run:
            namespace = ["unshare", "--mount", "--propagation", "private"]
            if os.geteuid() != 0:
                namespace.append("--map-root-user")
            inner = namespace + inner
        return ["umockdev-run", "-d", self.testbed + ".umockdev", "-i", "%s=%s.ioctl" % (NODE, self.testbed),
                "-s", "%s=%s" % (NODE, fifo), "--"] + inner

    def run(self):
        fifo = os.path.join(self.workdir, "frames.fifo")
        if os.path.exists(fifo):
            os.unlink(fifo)
        os.mkfifo(fifo, 0o600)
        # Read-write, so that umockdev's open for reading does not wait and the
        # script only ends when this side closes it.
        writer = os.open(fifo, os.O_RDWR)
        err_path = os.path.join(self.workdir, "libinput.err")
        env = dict(os.environ)
        env["COMPARE_LIBINPUT_PRIVATE_RUN"] = "1" if self.private_run else "0"
        self.master, slave = os.openpty()
        own_tty = os.ttyname(slave)
        with open(err_path, "w") as err:
            process = subprocess.Popen(self.command(fifo), stdout=slave, stderr=err, stdin=subprocess.DEVNULL, env=env,
                                       preexec_fn=default_signals)
        os.close(slave)
        try:
            self.wait_for_open(process, err_path, own_tty)
            self.read_until(time.monotonic() + START_DELAY_S)
            self.feed(writer, process)
            self.read_until(time.monotonic() + self.settle)
        finally:
            os.close(writer)  # the script ends: umockdev's reader thread sees end of file
            if process.poll() is None:
                process.send_signal(signal.SIGINT)  # umockdev-run passes it on; debug-events exits
            self.read_until(time.monotonic() + 10, process)
            try:
                process.wait(timeout=1)
            except subprocess.TimeoutExpired:
                for pid in reversed(descendants(process.pid)):
                    try:
                        os.kill(pid, signal.SIGKILL)
                    except OSError:
                        pass
                process.wait()
            os.close(self.master)
        output = "".join(text + "\n" for _, text in self.lines)
        with open(os.path.join(self.workdir, "libinput.out"), "w") as handle:
            handle.write(output)
        with open(err_path, encoding="utf-8", errors="replace") as handle:
            errors = handle.read()
        if "DEVICE_ADDED" not in output:
            raise Failure("libinput did not add the mocked device: %s" % first_error_line(errors + output))
        return output, errors

    def read_some(self, timeout):
        """Reads what libinput printed within `timeout` seconds; False at its end."""
        ready, _, _ = select.select([self.master], [], [], max(0.0, timeout))
        if not ready:
            return True
        try:
            data = os.read(self.master, 65536)
        except OSError:  # EIO: every writer of the pty has gone
            data = b""
        if not data:
            return False
        now = time.clock_gettime_ns(time.CLOCK_MONOTONIC) // 1000
        self.pending += data
        *complete, self.pending = self.pending.split(b"\n")
        for raw in complete:
            text = ANSI.sub("", raw.decode("utf-8", "replace")).rstrip("\r")
            self.lines.append((now, text))
        return True

    def read_until(self, deadline, process=None):
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                return
            if not self.read_some(min(left, 0.05)):
                return
            if process is not None and process.poll() is not None and not select.select([self.master], [], [], 0)[0]:
                return

    def wait_for_open(self, process, err_path, own_tty):
        deadline = time.monotonic() + 15
        while time.monotonic() < deadline:
            if process.poll() is not None:
                with open(err_path, encoding="utf-8", errors="replace") as handle:
                    message = handle.read()
                if "Operation not permitted" in message or "cannot mount" in message:
                    message += " (the private mount namespace for udev's data needs root or unprivileged user namespaces; or use umockdev >= 0.17.18)"
                raise Failure("libinput debug-events ended before it opened the mocked device: %s"
                              % " ".join(line.strip() for line in message.splitlines() if line.strip())[-400:])
            if pty_holder(process.pid, own_tty) is not None:
                return
            self.read_some(0.01)
        raise Failure("libinput debug-events did not open the mocked device within 15 s")

    def feed(self, writer, process):
        first = self.frames[0][0][0]
        span = self.frames[-1][0][0] - first + int(self.settle * 1e6) + 1_000_000
        self.base = base = choose_base(span)
        for frame in self.frames:
            when = base + frame[0][0] - first
            stamp = base + frame[-1][0] - first  # every event of a frame carries the frame's (SYN_REPORT's) time
            data = b"".join(struct.pack("=qqHHi", stamp // 1_000_000, stamp % 1_000_000, kind, code, value)
                            for _, kind, code, value in frame)
            line = b"r 0 " + script_escape(data) + b"\n"
            while True:
                now = time.clock_gettime_ns(time.CLOCK_MONOTONIC) // 1000
                if now >= when:
                    break
                self.read_some((when - now) / 1e6)
            os.write(writer, line)
            self.lags_us.append(time.clock_gettime_ns(time.CLOCK_MONOTONIC) // 1000 - when)
            if process.poll() is not None:
                raise Failure("libinput debug-events ended while the events were fed")


ANSI = re.compile(r"\x1b\[[0-9;]*[A-Za-z]")
LINE = re.compile(r"^[-\s]?(\S+)\s+([A-Z][A-Z_]+)\s+\+?(-?\d+\.\d+)s\s*(.*)$")


def parse_libinput(lines, base):
    """debug-events lines as (time ms as printed, event name, rest, ms from
    the first frame's schedule to the line's arrival)."""
    events, device = [], None
    for arrival, line in lines:
        if "DEVICE_ADDED" in line and device is None:
            device = line.split("DEVICE_ADDED", 1)[1].strip()
            continue
        match = LINE.match(line)
        if match:
            printed = round(float(match.group(3)) * 1000)
            if printed >= 2 ** 31:  # printed as uint32: an event stamped before libinput's start
                printed -= 2 ** 32
            events.append((printed, match.group(2), match.group(4).strip(), (arrival - base) / 1000))
    return device, events


def frame_driven(name, rest):
    """Whether libinput emits this event while processing a frame (so it
    carries that frame's timestamp), not from one of its timers: pointer
    motion and scrolling, touch events, and every gesture event but a hold's
    begin (the hold timer) and a cancelled end."""
    if name in ("POINTER_MOTION", "POINTER_SCROLL_FINGER", "POINTER_AXIS", "TOUCH_DOWN", "TOUCH_MOTION", "TOUCH_UP"):
        return True
    return name.startswith("GESTURE_") and name != "GESTURE_HOLD_BEGIN" and "cancelled" not in rest


# How late (ms) libinput may have woken for the first frame (its clock origin), and how early.
SHIFTS = list(range(0, 61)) + [-1, -2, -3]


def align(events, frames):
    """The shift (ms) of libinput's clock origin that puts its frame-driven
    events on frames: 0 when it woke within the first frame's millisecond, as
    planned, more when it woke late (a loaded machine); the share of those
    events that fit; and how many there were."""
    first = frames[0][0][0]
    expected = {(frame[-1][0] - first + BASE_FRACTION_US) // 1000 for frame in frames}
    driven = [ms for ms, name, rest, _ in events if frame_driven(name, rest)]
    if not driven:
        return 0, None, 0
    best = max((sum(1 for ms in driven if ms + shift in expected), -abs(shift), shift) for shift in SHIFTS)
    if sum(1 for ms in driven if ms in expected) == best[0]:
        best = (best[0], 0, 0)  # as planned, when that fits as well as anything
    return best[2], best[0] / len(driven), len(driven)


def summarize_libinput(events, frames, fingers, shift, clicks_in_recording):
    """Per kind of event: first time (ms after the first touch), count, fingers and values."""
    first = frames[0][0][0]
    touch_index = next((i for i, count in enumerate(fingers) if count > 0), None)
    touch_us = frames[touch_index][-1][0] - first if touch_index is not None else 0
    # A printed ms P covers frame offsets [P ms - fraction, P ms + 1 ms - fraction): take the middle.
    def ms_after_touch(printed):
        return round((printed + shift) + (500 - BASE_FRACTION_US) / 1000 - touch_us / 1000, 1)

    frame_ms = [(frame[-1][0] - first + BASE_FRACTION_US) // 1000 for frame in frames]

    def fingers_at(printed):
        index = 0
        for i, ms in enumerate(frame_ms):
            if ms <= printed + shift:
                index = i
        return fingers[index]

    kinds = {}

    def note(key, printed, fingers_count, **values):
        entry = kinds.get(key)
        if entry is None:
            entry = kinds[key] = {"first_ms": ms_after_touch(printed), "count": 0, "fingers": fingers_count}
        entry["count"] += 1
        entry.update(values)
        return entry

    pinch_angle, pinch_max_angle, scroll = 0.0, 0.0, [0.0, 0.0]
    slots = set()
    for printed, name, rest, emitted in events:
        number = re.match(r"^(\d+)", rest)
        if name.startswith("GESTURE_"):
            count = int(number.group(1)) if number else None
            kind = name[len("GESTURE_"):].rsplit("_", 1)[0].lower()  # hold, pinch, swipe
            phase = name.rsplit("_", 1)[1].lower()  # begin, update, end
            if phase == "begin":
                if kind == "pinch":
                    pinch_angle = 0.0
                note(kind, printed, count)
            elif phase == "update" and kind == "pinch":
                values = re.search(r"(-?\d+\.\d+)\s*@\s*(-?\d+\.\d+)\s*$", rest)
                if values and "pinch" in kinds:
                    pinch_angle += float(values.group(2))
                    pinch_max_angle = max(pinch_max_angle, abs(pinch_angle))
                    kinds["pinch"].update(scale=float(values.group(1)), angle=round(pinch_angle, 1),
                                          max_angle=round(pinch_max_angle, 1))
            elif phase == "end" and kind in kinds and "cancelled" in rest:
                kinds[kind]["cancelled"] = kinds[kind].get("cancelled", 0) + 1
        elif name in ("POINTER_SCROLL_FINGER", "POINTER_AXIS"):
            if name == "POINTER_AXIS" and any(event[1] == "POINTER_SCROLL_FINGER" for event in events):
                continue
            values = re.search(r"vert\s+(-?\d+\.\d+)\S*\s+horiz\s+(-?\d+\.\d+)", rest)
            if values:
                scroll[0] += float(values.group(1))
                scroll[1] += float(values.group(2))
            entry = note("scroll", printed, fingers_at(printed))
            entry.update(vertical=round(scroll[0], 2), horizontal=round(scroll[1], 2))
        elif name == "POINTER_MOTION":
            note("motion", printed, fingers_at(printed))
        elif name == "POINTER_BUTTON":
            button = re.match(r"^(\S+)", rest)
            if "pressed" in rest and button:
                # A tap when the recording has no button of its own (a click otherwise).
                # libinput stamps a tap's button with the time of the touch: the time
                # taken is when the line came out (ms from the first frame's schedule).
                source = "click" if clicks_in_recording else "tap"
                entry = note("button", printed, TAP_BUTTONS.get(button.group(1)) if source == "tap" else fingers_at(printed),
                             source=source)
                if entry["count"] == 1:
                    entry["stamped_ms"] = entry["first_ms"]
                    entry["first_ms"] = round(emitted - touch_us / 1000, 1)
                entry.setdefault("buttons", []).append(button.group(1))
        elif name == "TOUCH_DOWN":
            slot = re.match(r"^(\d+)", rest)
            if slot:
                slots.add(int(slot.group(1)))
            note("touch", printed, len(slots))
        elif name in ("TOUCH_MOTION", "TOUCH_UP"):
            note(name.lower(), printed, None)
    if "touch" in kinds:
        kinds["touch"]["fingers"] = len(slots)
    return kinds


# MARK: the Tactile side

def tactile_summary(tactile, path, frames, fingers, workdir):
    """Per recognizer: first began/ended (ms after the first touch), touches, last values."""
    result = run_tool([tactile, "replay", "--json", path], "tactile replay")
    if workdir:
        with open(os.path.join(workdir, "tactile.jsonl"), "w") as handle:
            handle.write(result.stdout)
    if result.returncode != 0:
        raise Failure("tactile cannot replay %s: %s" % (path, first_error_line(result.stderr)))
    touch_index = next((i for i, count in enumerate(fingers) if count > 0), None)
    touch_us = frames[touch_index][-1][0] if touch_index is not None else frames[0][0][0]
    recognizers = {}
    for line in result.stdout.splitlines():
        line = line.strip()
        if not line.startswith("{"):
            continue
        try:
            action = json.loads(line)
        except ValueError:
            continue
        name, state = action.get("recognizer"), action.get("state")
        ms = round((round(float(action.get("t", 0)) * 1e6) - touch_us) / 1000, 1)
        entry = recognizers.setdefault(name, {"count": 0})
        entry["values"] = action.get("values", {})
        if state in ("began", "ended") and "first_ms" not in entry:
            entry.update(first_ms=ms, state=state, touches=action.get("touches"))
        if state == "began" or (state == "ended" and entry.get("state") == "ended"):
            entry["count"] += 1
    return {name: entry for name, entry in recognizers.items() if "first_ms" in entry}


# MARK: judging

LIBINPUT_GESTURES = ("pinch", "swipe", "scroll", "button")


def libinput_first(kinds):
    """libinput's first gesture that is not a hold: pinch, swipe, scroll or
    button; else pointer motion; else touch events (touchscreens)."""
    candidates = [(kinds[k]["first_ms"], i, k) for i, k in enumerate(LIBINPUT_GESTURES) if k in kinds]
    if candidates:
        return min(candidates)[2]
    for kind in ("motion", "touch"):
        if kind in kinds:
            return kind
    return None


def tactile_first(recognizers):
    candidates = [(entry["first_ms"], name) for name, entry in recognizers.items() if name != "hold"]
    return min(candidates)[1] if candidates else None


TAP_NAMES = {1: "tap", 2: "twoFingerTap", 3: "threeFingerTap"}
DOUBLE_TAP_NAMES = {1: "doubleTap", 2: "twoFingerDoubleTap", 3: "threeFingerDoubleTap"}


def nothing_else_before(recognized, expected, allowed):
    """Whether no gesture outside `allowed` began before `expected` did.
    `recognized` maps a name to its entry (with first_ms)."""
    if expected not in recognized:
        return False
    limit = recognized[expected]["first_ms"]
    return all(name in allowed or entry["first_ms"] > limit for name, entry in recognized.items())


def judge_libinput(label, kinds, touchscreen):
    """(verdict, the event compared). The verdict is True when libinput
    recognized the label's gesture with its number of fingers and no other
    gesture (pinch, swipe, scroll, tap) came before it; for a hold, when it
    held with that many fingers and recognized no other gesture at all. None
    when there is no label, or on a touchscreen (libinput recognizes no
    gestures there)."""
    if label is None:
        return None, libinput_first(kinds)
    if touchscreen:
        return None, "touch" if "touch" in kinds else None
    kind, fingers = label["kind"], label["fingers"]
    gestures = {k: kinds[k] for k in LIBINPUT_GESTURES if k in kinds}
    expected = {"hold": "hold", "pinch": "pinch", "rotate": "pinch", "scroll": "scroll", "stroke": "swipe",
                "tap": "button", "doubletap": "button", "drag": "motion"}.get(kind)
    if expected is None:
        return None, libinput_first(kinds)
    entry = kinds.get(expected)
    if entry is None:
        return False, None
    if kind == "hold":
        return entry["fingers"] == fingers and not gestures, expected
    if kind == "drag":
        return not gestures or entry["first_ms"] < min(g["first_ms"] for g in gestures.values()), expected
    ok = nothing_else_before(gestures, expected, {expected})
    if kind in ("pinch", "rotate", "stroke"):
        ok = ok and entry["fingers"] == fingers
    if kind == "rotate":
        ok = ok and entry.get("max_angle", 0) >= 10  # degrees of rotation, summed from the updates
    if kind in ("tap", "doubletap"):
        ok = (ok and entry.get("source") == "tap" and entry["fingers"] == fingers
              and entry["count"] == (1 if kind == "tap" else 2))
    return ok, expected


def judge_tactile(label, recognizers):
    """(verdict, the recognizer compared). The verdict is True when the
    label's recognizer fired (with its number of touches) and no other
    exclusive recognizer but its allowed companions began before it: a
    rotation beside a pinch and the reverse, a swipe beside a pan (for a
    scroll, one in the labelled direction); for a hold, when the hold had
    that many fingers and nothing exclusive began at all (a long press is
    fine for one finger)."""
    if label is None:
        return None, tactile_first(recognizers)
    kind, fingers = label["kind"], label["fingers"]
    exclusive = {name: entry for name, entry in recognizers.items() if name != "hold"}
    swipe = "swipe" if fingers == 1 else "swipe%d" % fingers
    if kind == "hold":
        entry = recognizers.get("hold")
        if entry is None:
            return False, None
        allowed = {"longPress"} if fingers == 1 else set()
        return entry["values"].get("fingers") == fingers and set(exclusive) <= allowed, "hold"
    if kind in ("pinch", "rotate"):
        expected = "pinch" if kind == "pinch" else "rotation"
        ok = nothing_else_before(exclusive, expected, {"pinch", "rotation"})
    elif kind in ("scroll", "stroke", "drag"):
        expected = "pan"
        ok = nothing_else_before(exclusive, "pan", {"pan", swipe}) and recognizers["pan"].get("touches") == fingers
        if ok and kind == "scroll" and swipe in recognizers:
            ok = bool(int(recognizers[swipe]["values"].get("direction", 0)) & label.get("directions", 15))
    elif kind in ("tap", "doubletap"):
        expected = (TAP_NAMES if kind == "tap" else DOUBLE_TAP_NAMES).get(fingers)
        ok = nothing_else_before(exclusive, expected, {expected})
    else:
        return None, tactile_first(recognizers)
    return ok, expected if expected in recognizers else None


# MARK: one recording

def compare(path, options, tactile, private_run, workroot):
    name = os.path.basename(path)
    label = label_of(path)
    row = {"recording": path, "name": name, "label": label}
    workdir = os.path.join(workroot, "%03d-%s" % (options.counter, re.sub(r"[^A-Za-z0-9._-]+", "_", name)))
    options.counter += 1
    os.makedirs(workdir, exist_ok=True)
    mock = run_tool([tactile, "mock", path, workdir, "--node", NODE, "--name", "device"], "tactile mock")
    if mock.returncode != 0:
        raise Failure("cannot read %s: %s" % (path, first_error_line(mock.stderr)))
    testbed = os.path.join(workdir, "device")
    with open(testbed + ".umockdev", encoding="utf-8") as handle:
        description = handle.read()
    touchscreen = "ID_INPUT_TOUCHSCREEN=1" in description
    row["device"] = {"kind": "touchscreen" if touchscreen else "touchpad" if "ID_INPUT_TOUCHPAD=1" in description else "other"}
    frames = read_events(testbed + ".events")
    if not frames:
        raise Failure("%s has no events" % path)
    fingers = finger_counts(frames, slot_count(testbed + ".ioctl"))
    touch_index = next((i for i, count in enumerate(fingers) if count > 0), None)
    if touch_index is None:
        raise Failure("%s: no finger ever touches" % path)
    row["first_touch_ms"] = round((frames[touch_index][-1][0] - frames[0][0][0]) / 1000, 1)
    row["duration_s"] = round((frames[-1][-1][0] - frames[0][0][0]) / 1e6, 3)
    row["max_fingers"] = max(fingers)

    runner = LibinputRun(testbed, frames, workdir, options.settle, private_run, options.verbose)
    output, errors = runner.run()
    device, events = parse_libinput(runner.lines, runner.base)
    shift, fit, driven = align(events, frames)
    kinds = summarize_libinput(events, frames, fingers, shift, has_button_events(frames))
    row["libinput"] = {"device": device, "events": kinds, "clock_shift_ms": shift,
                       "frame_fit": None if fit is None else round(fit, 3), "frame_driven_events": driven,
                       "feed_lag_ms": round(max(runner.lags_us) / 1000, 2)}
    recognizers = tactile_summary(tactile, path, frames, fingers, workdir)
    row["tactile"] = {"recognizers": recognizers}

    verdict, compared = judge_libinput(label, kinds, touchscreen)
    row["libinput"].update(first=libinput_first(kinds), compared=compared, matches=verdict)
    verdict, compared = judge_tactile(label, recognizers)
    row["tactile"].update(first=tactile_first(recognizers), compared=compared, matches=verdict)
    lib = kinds.get(row["libinput"]["compared"] or "") if not touchscreen else None
    tac = recognizers.get(row["tactile"]["compared"] or "")
    row["delta_ms"] = round(tac["first_ms"] - lib["first_ms"], 1) if lib and tac else None
    if options.verbose:
        say("%s: libinput %s; Tactile %s; feed lag %.2f ms, clock shift %d ms (%s of frame-driven events on frames)"
            % (name, json.dumps(kinds, ensure_ascii=False), json.dumps(recognizers), row["libinput"]["feed_lag_ms"],
               shift, "n/a" if fit is None else "%.0f%%" % (fit * 100)))
    if options.keep:
        with open(os.path.join(workdir, "result.json"), "w") as handle:
            json.dump(row, handle, indent=1, ensure_ascii=False)
    return row


# MARK: output

def fmt_ms(value):
    return "—" if value is None else "%d" % round(value)


def libinput_cell(row):
    if "error" in row:
        return "error"
    kinds = row["libinput"]["events"]
    label = row["label"]
    if row["device"]["kind"] == "touchscreen":
        touch = kinds.get("touch")
        return "touch only, %df %s" % (touch["fingers"], fmt_ms(touch["first_ms"])) if touch else "nothing"
    parts = []
    shown = []
    if label and label["kind"] == "hold" and "hold" in kinds:
        shown.append("hold")
    first = row["libinput"]["first"]
    if first and first not in shown:
        shown.append(first)
    compared = row["libinput"]["compared"]
    if compared and compared not in shown:
        shown.append(compared)
    for kind in shown:
        entry = kinds[kind]
        name = "tap" if kind == "button" and entry.get("source") == "tap" else "click" if kind == "button" else kind
        if kind == "button" and entry["count"] > 1:
            name += "×%d" % entry["count"]
        fingers = "%df " % entry["fingers"] if entry.get("fingers") else ""
        parts.append("%s %s%s" % (name, fingers, fmt_ms(entry["first_ms"])))
    return ", ".join(parts) if parts else "nothing"


def tactile_cell(row):
    if "error" in row:
        return "error"
    recognizers = row["tactile"]["recognizers"]
    label = row["label"]
    shown = []
    if label and label["kind"] == "hold" and "hold" in recognizers:
        shown.append("hold")
    first = row["tactile"]["first"]
    if first and first not in shown:
        shown.append(first)
    compared = row["tactile"]["compared"]
    if compared and compared not in shown:
        shown.append(compared)
    parts = []
    for name in shown:
        entry = recognizers[name]
        text = name
        if name.startswith("swipe") and "direction" in entry["values"]:
            text += DIRECTION_ARROWS.get(int(entry["values"]["direction"]), "")
        touches = entry["values"].get("fingers") if name == "hold" else entry.get("touches")
        parts.append("%s %s%s" % (text, "%dt " % touches if touches else "", fmt_ms(entry["first_ms"])))
    return ", ".join(parts) if parts else "nothing"


def verdict_cell(value):
    return {True: "yes", False: "NO", None: "n/a"}[value]


def print_table(rows, header):
    print(header)
    print()
    columns = ["recording", "label", "libinput (first gesture, fingers, ms)", "Tactile (first recognition, touches, ms)",
               "Δ ms", "libinput ok", "Tactile ok"]
    table = []
    for row in rows:
        if "error" in row:
            error = row["error"] if len(row["error"]) <= 70 else row["error"][:69] + "…"
            table.append([row["name"], label_text(row["label"]), "error: " + error, "", "", "", ""])
            continue
        delta = row["delta_ms"]
        delta_text = "—" if delta is None else "%+d" % round(delta)
        if delta is not None and row["label"] and not (row["libinput"]["matches"] and row["tactile"]["matches"]):
            delta_text = "(%s)" % delta_text  # a side does not match its label
        table.append([row["name"], label_text(row["label"]), libinput_cell(row), tactile_cell(row), delta_text,
                      verdict_cell(row["libinput"]["matches"]) if row["label"] else "—",
                      verdict_cell(row["tactile"]["matches"]) if row["label"] else "—"])
    widths = [max(len(columns[i]), *(len(line[i]) for line in table)) if table else len(columns[i]) for i in range(len(columns))]
    for line in [columns] + [["-" * w for w in widths]] + table:
        print("  ".join(cell.ljust(widths[i]) if i < 4 else cell.rjust(widths[i]) if i == 4 else cell.ljust(widths[i])
                        for i, cell in enumerate(line)).rstrip())


def summary(rows):
    done = [row for row in rows if "error" not in row]
    labelled = [row for row in done if row["label"]]
    lib_judged = [row for row in labelled if row["libinput"]["matches"] is not None]
    both = [row for row in labelled if row["libinput"]["matches"] and row["tactile"]["matches"] and row["delta_ms"] is not None]
    deltas = [row["delta_ms"] for row in both]
    lags = [row["libinput"]["feed_lag_ms"] for row in done]
    result = {
        "recordings": len(rows), "errors": len(rows) - len(done), "labelled": len(labelled),
        "libinput_matches": sum(1 for row in lib_judged if row["libinput"]["matches"]),
        "libinput_judged": len(lib_judged),
        "tactile_matches": sum(1 for row in labelled if row["tactile"]["matches"]),
        "tactile_judged": len(labelled),
        "both_recognized": len(both),
        "delta_median_ms": round(statistics.median(deltas), 1) if deltas else None,
        "delta_max_ms": max(deltas) if deltas else None,
        "delta_max_recording": max(both, key=lambda row: row["delta_ms"])["name"] if both else None,
        "more_than_30ms_behind": sum(1 for d in deltas if d > 30),
        "more_than_30ms_behind_recordings": [row["name"] for row in both if row["delta_ms"] > 30],
        "max_feed_lag_ms": max(lags) if lags else None,
        "clock_shifts": sorted({row["libinput"]["clock_shift_ms"] for row in done}),
    }
    return result


def print_summary(result):
    print()
    print("Recordings: %d (%d labelled%s)" % (result["recordings"], result["labelled"],
                                              ", %d could not be compared" % result["errors"] if result["errors"] else ""))
    print("Match their label: libinput %d/%d, Tactile %d/%d" % (
        result["libinput_matches"], result["libinput_judged"], result["tactile_matches"], result["tactile_judged"]))
    if result["both_recognized"]:
        print("Both recognized (both match the label): %d; Tactile minus libinput: median %+d ms, max %+d ms (%s); "
              "%d more than 30 ms behind%s" % (
                  result["both_recognized"], round(result["delta_median_ms"]), round(result["delta_max_ms"]), result["delta_max_recording"],
                  result["more_than_30ms_behind"],
                  " (%s)" % ", ".join(result["more_than_30ms_behind_recordings"]) if result["more_than_30ms_behind"] else ""))
    else:
        print("Both recognized (both match the label): 0")
    if result["max_feed_lag_ms"] is not None:
        print("Feed: largest lag of a frame's write behind its schedule %.2f ms; libinput's clock origin shift %s ms"
              % (result["max_feed_lag_ms"], "/".join("%d" % s for s in result["clock_shifts"])))


# MARK: main

def find_tactile(option):
    if option:
        if not (os.path.isfile(option) and os.access(option, os.X_OK)):
            raise Failure("--tactile %s is not an executable file" % option)
        return os.path.abspath(option)
    swift = shutil.which("swift") or ("/opt/swift/usr/bin/swift" if os.access("/opt/swift/usr/bin/swift", os.X_OK) else None)
    if swift is None:
        raise Failure("no Swift toolchain to build tactile (put swift on PATH, or give --tactile PATH)")
    say("building tactile (swift build -c release --product tactile)…")
    result = subprocess.run([swift, "build", "-c", "release", "--product", "tactile", "--package-path", REPOSITORY],
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, errors="replace")
    if result.returncode != 0:
        raise Failure("building tactile failed:\n%s" % result.stdout[-2000:])
    return os.path.join(REPOSITORY, ".build", "release", "tactile")


def check_tools(private_run):
    missing = []
    if shutil.which("umockdev-run") is None:
        missing.append("umockdev-run is not on PATH — apt install umockdev")
    if shutil.which("libinput") is None:
        missing.append("libinput is not on PATH — apt install libinput-tools")
    elif not os.path.exists("/usr/libexec/libinput/libinput-debug-events") and \
            run_tool(["libinput", "debug-events", "--help"], "libinput", timeout=20).returncode != 0:
        missing.append("libinput debug-events is missing — apt install libinput-tools")
    if missing:
        raise Failure("; ".join(missing))


def main():
    if len(sys.argv) > 1 and sys.argv[1] == "--testbed-exec":
        arguments = sys.argv[2:]
        if len(arguments) < 3 or arguments[1] != "--":
            raise Failure("usage: --testbed-exec NODE -- COMMAND…")
        try:
            testbed_exec(arguments[0], arguments[2:])
        except OSError as error:
            raise Failure("cannot prepare the testbed for libinput: %s" % error)
        return 0

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     epilog="See docs/compare-libinput.md.")
    parser.add_argument("recordings", nargs="+", metavar="RECORDING|DIR", help="recordings, or directories of them")
    parser.add_argument("--json", action="store_true", help="print the per-recording results and the summary as JSON")
    parser.add_argument("--tactile", metavar="PATH", help="the tactile binary (default: build release here, .build/release/tactile)")
    parser.add_argument("--keep", metavar="DIR", help="keep the testbeds and the raw outputs of both sides in DIR")
    parser.add_argument("--settle", type=float, default=0.8, metavar="S",
                        help="seconds libinput keeps running after the last frame, for its timers (default 0.8)")
    parser.add_argument("--labelled", action="store_true",
                        help="of the recordings in directories, only those whose file name carries a label")
    parser.add_argument("--verbose", action="store_true",
                        help="run libinput with --verbose (its log goes to the kept raw output) and print per-recording details")
    options = parser.parse_args()
    options.counter = 0

    check_tools(None)
    paths = collect(options.recordings)
    if options.labelled:
        named = {argument for argument in options.recordings if os.path.isfile(argument)}
        paths = [path for path in paths if path in named or label_of(path) is not None]
    if not paths:
        raise Failure("no recordings in %s" % " ".join(options.recordings))
    tactile = find_tactile(options.tactile)
    version = umockdev_version()
    private_run = version < (0, 17, 18)
    if private_run and shutil.which("unshare") is None:
        raise Failure("umockdev %s reads udev's data from the real /run: unshare (util-linux) is needed to give libinput a private one"
                      % ".".join(map(str, version)))
    header = ("libinput %s: libinput debug-events %s --device %s (%s); umockdev %s, frames fed through a script FIFO "
              "at their recorded offsets, stamped with CLOCK_MONOTONIC; Tactile: %s replay --json. "
              "Times in ms after the first touch."
              % (libinput_version(), " ".join(LIBINPUT_FLAGS), NODE, LIBINPUT_FLAGS_NOTE, ".".join(map(str, version)), tactile))

    if options.keep:
        os.makedirs(options.keep, exist_ok=True)
        workroot = os.path.abspath(options.keep)
    else:
        workroot = tempfile.mkdtemp(prefix="compare-libinput.")
    rows = []
    try:
        for path in paths:
            try:
                rows.append(compare(path, options, tactile, private_run, workroot))
            except Failure as failure:
                say(str(failure))
                rows.append({"recording": path, "name": os.path.basename(path), "label": label_of(path), "error": str(failure)})
            if options.verbose and not options.json:
                say("%d/%d %s" % (len(rows), len(paths), os.path.basename(path)))
    finally:
        if not options.keep:
            shutil.rmtree(workroot, ignore_errors=True)
    result = summary(rows)
    if options.json:
        json.dump({"header": header, "libinput_flags": LIBINPUT_FLAGS, "recordings": rows, "summary": result},
                  sys.stdout, indent=1, ensure_ascii=False)
        sys.stdout.write("\n")
    else:
        print_table(rows, header)
        print_summary(result)
    return 1 if result["errors"] else 0


if __name__ == "__main__":
    signal.signal(signal.SIGPIPE, signal.SIG_DFL)
    try:
        sys.exit(main())
    except Failure as failure:
        say(str(failure))
        sys.exit(2)
    except KeyboardInterrupt:
        say("interrupted")
        sys.exit(130)
