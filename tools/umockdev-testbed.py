#!/usr/bin/python3
"""Run a command on a umockdev testbed that unplugs its device mid-run or
whose device is grabbed by another program — what `umockdev-run` cannot do.

    tools/umockdev-testbed.py -d DEVICE.umockdev [-i NODE=FILE.ioctl]
        [-e NODE=EVENTS.evemu] [--grabbed]
        [--uinput [--uinput-capture FILE] [--uinput-refuse ERRNO]]
        [--paced-events NODE=FILE [--paced-delay S] [--paced-after FILE]]
        [--flaky NODE] [--stderr-stall S] [--terminate-after S]
        [--unplug [--remove NODE] [--after-open] [--after-lines N]
                  [--after-seconds S] [--timeout S] [--no-hangup]
                  [--replug-after S --replug-device NEW.umockdev
                   [--replug-ioctl NODE=FILE] [--replug-events NODE=FILE]]]
        -- COMMAND [ARG...]

Without --unplug and --grabbed this is `umockdev-run -d … -i … -e … --
COMMAND`. COMMAND's standard output is passed through, its standard error is
left alone; the exit status is COMMAND's (128+N when killed by signal N).

--unplug: once COMMAND (or a process it started) has NODE open
(--after-open), has printed N lines on standard output (--after-lines), and
S seconds later (--after-seconds, counted from the last of those conditions,
or from the start), once COMMAND has read every event the node holds (or 15 s
after that, whatever it has read), the device of NODE (default: the node of -e) is removed
from the testbed — a "remove" uevent, then `remove_device` (its sysfs
directory and node go) — and the pty behind the node is closed, so that
COMMAND's descriptor hangs up (poll: POLLIN|POLLHUP|POLLERR, read: end of
file) as an unplugged evdev device's does (poll: POLLHUP|POLLERR, read:
ENODEV). With --no-hangup that descriptor stays open and silent: only the
node disappears. If COMMAND still runs --timeout seconds after the removal
(default 10), it is killed and the exit status is 124.

--replug-after S: S seconds after the removal, the device comes back as
--replug-device (with --replug-ioctl and --replug-events, an "add" uevent;
umockdev cannot re-create a node it removed, so give it another node, as the
kernel often does), and is removed again once the --after-* conditions hold
anew (COMMAND has the new node open, has printed --after-lines more lines
since it came back, …): a device unplugged and plugged in again.

--grabbed: the ioctls of NODE (the node of -i) are answered by this script
from its ioctl record instead of by umockdev, and EVIOCGRAB(1) fails with
EBUSY, as when another program holds an exclusive grab on the device.

--uinput: the testbed has a /dev/uinput (misc 10:223) whose ioctls and
writes this script answers as the kernel's uinput driver (version 5) does:
UI_GET_VERSION, UI_SET_EVBIT/KEYBIT/RELBIT/ABSBIT/MSCBIT/LEDBIT/SNDBIT/FFBIT/
SWBIT/PROPBIT, UI_SET_PHYS, UI_ABS_SETUP, UI_DEV_SETUP (or the legacy write
of struct uinput_user_dev), UI_DEV_CREATE, UI_GET_SYSNAME and UI_DEV_DESTROY.
UI_DEV_CREATE adds /sys/devices/virtual/input/inputN (name, phys, id/*) with
an eventN child whose node is /dev/input/eventN (N from 100 up), so
UI_GET_SYSNAME answers "inputN" and the node can be found from there. Every
struct input_event written after UI_DEV_CREATE is kept. --uinput-capture FILE
saves, when COMMAND has ended, one JSON line per opening of /dev/uinput that
set anything up: {"name", "phys", "id": {bustype, vendor, product, version},
"ff_effects_max", "bits": {"EV": [...], "KEY": [...], "ABS": [...], "REL",
"MSC", "LED", "SND", "FF", "SW", "PROP"}, "abs": [{code, value, minimum,
maximum, fuzz, flat, resolution}], "created", "sysname", "node", "destroyed",
"events": [[sec, usec, type, code, value], ...], "times": [seconds after the start
at which each event was written, ...]}. --uinput-refuse ERRNO makes
UI_DEV_CREATE fail with that errno number (as the kernel does with EINVAL
for a bad setup). The event nodes are bare: their ioctls are not answered.

--split-events NODE=FILE: like -e, but this script writes FILE's events
to the node itself once COMMAND has NODE open, each frame in two writes
30 ms apart, cut 10 bytes into its last event: every read that comes
between them ends inside an event, as an emulated node's may under load.

--paced-events NODE=FILE (repeatable): like -e, but this script writes
FILE's frames to the node itself, whole, once COMMAND (or a process it
started) has every node of --paced-events open: the first frame --paced-delay
S seconds (default 0) after that, the others at their times in FILE after it,
each frame written to every paced node back to back (the same stream, at the
same moments, to two programs reading two nodes) and stamped with the
CLOCK_MONOTONIC time of its write. With --paced-after FILE the first frame
waits, besides, until FILE exists (a script beside COMMAND makes it once
COMMAND has said what the frames need: a condition, not a guess of time;
the delay then counts from then). A line `G: FILE` in the paced file holds
the frame after it, in the same way, until FILE exists: one gate a phase.
When every node is open it
says on standard error `umockdev-testbed: paced nodes open at T, first frame
at F` (CLOCK_MONOTONIC seconds), and `umockdev-testbed: paced frames written
… last at L` after the last frame, so that a caller can tell the phases of a
run (its idle and its touching) on the same clock.

--flaky NODE: every time COMMAND (or a process it started) has NODE open, its
descriptor hangs up (the pty behind the node is closed, as --unplug does) while
the node stays: a new pty takes the old one's place at once, so NODE opens
again, answers its ioctls, and hangs up again as soon as it is open — a device
whose reads fail, however often it is taken again. How many times it hung up
is said at the end.

--stderr-stall S: COMMAND's standard error is a pipe that this script fills
first (as a reader that stopped reading leaves it: a terminal after Ctrl-S, a
pager, a stuck journal), so that COMMAND's first write to it blocks, and does
not read for S seconds; then it is read, without the filling, onto this
script's standard error until COMMAND ends (what is left then is read too).

--terminate-after S: S seconds after the start, COMMAND is sent SIGTERM; how
long it took to exit after it is said at the end.

Lines starting with `umockdev-testbed:` on standard error say when the device
was removed and how COMMAND ended. `--check` exits 0 when the UMockdev GObject
introspection bindings (gir1.2-umockdev-1.0, python3-gi) are available.

umockdev's preload library must be loaded in COMMAND; this script re-executes
itself under umockdev-wrapper when it is not, so children inherit it.
"""

import argparse
import array
import errno
import fcntl
import os
import re
import select
import shutil
import signal
import struct
import subprocess
import sys
import termios
import threading
import time

PRELOAD = "libumockdev-preload.so"
# The testbed lives until os._exit: finalizing it would wait for its event
# replay thread, which may sleep until a later event of the file.
testbed = None


def load_umockdev():
    """The UMockdev module, or None when the bindings are missing."""
    try:
        import gi
        gi.require_version("UMockdev", "1.0")
        from gi.repository import UMockdev
        return UMockdev
    except (ImportError, ValueError):
        return None


def say(message):
    sys.stderr.write("umockdev-testbed: %s\n" % message)
    sys.stderr.flush()


def node_syspaths(description_path):
    """{"/dev/input/event12": "/sys/devices/…/event12"} from a .umockdev file."""
    result = {}
    syspath = None
    with open(description_path, encoding="utf-8") as handle:
        for line in handle:
            line = line.rstrip("\n")
            if line.startswith("P: "):
                syspath = "/sys" + line[3:]
            elif line.startswith("N: ") and syspath is not None:
                result["/dev/" + line[3:].split("=", 1)[0]] = syspath
    return result


def split_assignment(text, flag):
    node, separator, path = text.partition("=")
    if not separator or not node or not path:
        raise SystemExit("umockdev-testbed: %s needs NODE=FILE, got %r" % (flag, text))
    return node, path


def has_open(pid, target):
    """Whether process `pid` or one of its descendants has `target` open."""
    pending = [pid]
    while pending:
        current = pending.pop()
        try:
            for name in os.listdir("/proc/%d/fd" % current):
                try:
                    if os.readlink("/proc/%d/fd/%s" % (current, name)) == target:
                        return True
                except OSError:
                    pass
            for task in os.listdir("/proc/%d/task" % current):
                with open("/proc/%d/task/%s/children" % (current, task)) as handle:
                    pending.extend(int(child) for child in handle.read().split())
        except OSError:
            pass
    return False


def unread_bytes(path):
    """Bytes written to the pty at `path` (a node's) that no reader has taken yet:
    what COMMAND has still to read. 0 when it cannot be told."""
    try:
        descriptor = os.open(path, os.O_RDONLY | os.O_NOCTTY | os.O_NONBLOCK)
    except OSError:
        return 0
    try:
        count = array.array("i", [0])
        fcntl.ioctl(descriptor, termios.FIONREAD, count, True)
        return count[0]
    except OSError:
        return 0
    finally:
        os.close(descriptor)


# How long a removal waits, beyond --after-seconds, for COMMAND to read what the node still holds.
UNREAD_GRACE = 15.0


# The evdev ioctls of an ioctl record (`NAME[(INDEX)] RET HEX`), by number.
EVDEV_NUMBERS = {
    "EVIOCGVERSION": 0x01, "EVIOCGID": 0x02, "EVIOCGNAME": 0x06, "EVIOCGPHYS": 0x07, "EVIOCGUNIQ": 0x08,
    "EVIOCGPROP": 0x09, "EVIOCGMTSLOTS": 0x0a, "EVIOCGKEY": 0x18, "EVIOCGLED": 0x19, "EVIOCGSND": 0x1a,
    "EVIOCGSW": 0x1b, "EVIOCGBIT": 0x20, "EVIOCGABS": 0x40,
}
EVIOCGRAB, EVIOCREVOKE, EVIOCSCLOCKID, EVIOCGMTSLOTS = 0x90, 0x91, 0xa0, 0x0a


def evemu_frames(path, gates=None):
    """The frames of an evemu events file (`E: SEC.USEC TYPE CODE VALUE`), each
    as (time, bytes of its struct input_events), a frame ending at SYN_REPORT.
    A line `G: FILE` (not evemu's: only --paced-events reads it) puts
    {frame index: FILE} into `gates`: that frame waits until FILE exists."""
    frames, current, first = [], b"", None
    with open(path) as handle:
        for line in handle:
            fields = line.split()
            if len(fields) == 2 and fields[0] == "G:" and gates is not None:
                gates[len(frames)] = fields[1]
                continue
            if len(fields) != 5 or fields[0] != "E:":
                continue
            seconds, _, micro = fields[1].partition(".")
            kind, code, value = int(fields[2], 16), int(fields[3], 16), int(fields[4])
            time_ = int(seconds) + int(micro or 0) / 1e6
            first = time_ if first is None else first
            current += INPUT_EVENT.pack(int(seconds), int(micro or 0), kind, code, value)
            if kind == 0 and code == 0:
                frames.append((time_ - first, current))
                current = b""
    return frames


class SplitWriter(threading.Thread):
    """Writes a node's events (--split-events) once COMMAND has it open: each
    frame at its time, in two writes 30 ms apart, the first ending 10 bytes
    into the frame's last event."""

    def __init__(self, testbed, node, path, pid_of_command):
        super().__init__(daemon=True)
        self.testbed, self.node, self.frames = testbed, node, evemu_frames(path)
        self.pid_of_command = pid_of_command

    def run(self):
        pty = os.path.realpath(os.path.join(self.testbed.get_root_dir(), self.node.lstrip("/")))
        while not has_open(self.pid_of_command(), pty):
            time.sleep(0.01)
        master = self.testbed.get_dev_fd(self.node)
        begin = time.monotonic()
        for at, data in self.frames:
            time.sleep(max(0.0, begin + at - time.monotonic()))
            cut = len(data) - 24 + 10
            os.write(master, data[:cut])
            time.sleep(0.03)
            os.write(master, data[cut:])
        say("wrote %d frames to %s, each cut inside an event" % (len(self.frames), self.node))


class PacedWriter(threading.Thread):
    """Writes the frames of --paced-events, whole, to every paced node at
    once, at their times after --paced-delay, from the moment COMMAND has
    every paced node open."""

    def __init__(self, testbed, assignments, delay, pid_of_command, after=None):
        super().__init__(daemon=True)
        self.testbed, self.delay, self.pid_of_command, self.after = testbed, delay, pid_of_command, after
        self.nodes = [node for node, _ in assignments]
        self.gates = {}
        self.frames = evemu_frames(assignments[0][1], self.gates)
        for node, path in assignments[1:]:
            if evemu_frames(path) != self.frames:
                raise SystemExit("umockdev-testbed: --paced-events files must hold the same frames (%s)" % node)

    def run(self):
        root = self.testbed.get_root_dir()
        ptys = [os.path.realpath(os.path.join(root, node.lstrip("/"))) for node in self.nodes]
        # Looked for every 50 ms, not faster: each look walks every descendant's fds while holding
        # Python's GIL, which the handlers answering the emulated ioctls of the programs starting
        # meanwhile wait for (the serve cost rows' start-up: 113-121 ms at 5 ms, 107 ms at 50, one
        # full run each). Nothing needs the open to the ms: the first frame comes --paced-delay after.
        while not all(has_open(self.pid_of_command(), pty) for pty in ptys):
            time.sleep(0.05)
        masters = [self.testbed.get_dev_fd(node) for node in self.nodes]
        while self.after and not os.path.exists(self.after):
            time.sleep(0.01)
        opened = time.monotonic()
        begin = opened + self.delay
        say("paced nodes open at %.6f, first frame at %.6f" % (opened, begin))
        for index, (at, data) in enumerate(self.frames):
            if index in self.gates:
                while not os.path.exists(self.gates[index]):
                    time.sleep(0.01)
                # The gated frame goes now, those after it at their times after it.
                begin = max(begin, time.monotonic() - at)
            time.sleep(max(0.0, begin + at - time.monotonic()))
            # Stamped as the kernel stamps a frame for a reader that asked for CLOCK_MONOTONIC
            # (libinput does; it warns of a lag when a stamp is far from now).
            now = time.clock_gettime_ns(time.CLOCK_MONOTONIC) // 1000
            stamped = b"".join(INPUT_EVENT.pack(now // 1_000_000, now % 1_000_000, *INPUT_EVENT.unpack_from(data, offset)[2:])
                               for offset in range(0, len(data), INPUT_EVENT.size))
            for master in masters:
                os.write(master, stamped)
        say("paced frames written: %d to each of %s, last at %.6f" % (len(self.frames), ", ".join(self.nodes), time.monotonic()))


def make_grabbed_handler(UMockdev, record_path):
    """An ioctl handler answering from `record_path`, with EVIOCGRAB refused (EBUSY)."""
    records = {}
    with open(record_path, encoding="utf-8") as handle:
        for line in handle:
            match = re.match(r"^(\w+)(?:\((\d+)\))? (-?\d+) ?([0-9A-Fa-f]*)$", line.strip())
            if not match or match.group(1) not in EVDEV_NUMBERS:
                continue
            name, index = match.group(1), int(match.group(2) or 0)
            ret, data = int(match.group(3)), bytes.fromhex(match.group(4))
            number = EVDEV_NUMBERS[name] + (index if name in ("EVIOCGBIT", "EVIOCGABS") else 0)
            # EVIOCGMTSLOTS answers per axis code: the first 4 bytes of the buffer.
            key = int.from_bytes(data[:4], "little") if number == EVIOCGMTSLOTS else None
            records[(number, key)] = (ret, data)

    class GrabbedHandler(UMockdev.IoctlBase):
        def do_handle_ioctl(self, client):
            request = client.get_request()
            size, kind, number = (request >> 16) & 0x3fff, (request >> 8) & 0xff, request & 0xff
            if kind != ord("E"):
                client.complete(-1, errno.ENOTTY)
            elif number == EVIOCGRAB:
                # The value, not a pointer: 1 grabs (refused), 0 releases.
                value = int.from_bytes(bytes(client.get_arg().retrieve())[:8], "little")
                client.complete(-1, errno.EBUSY) if value else client.complete(-1, errno.EINVAL)
            elif number in (EVIOCREVOKE, EVIOCSCLOCKID):
                client.complete(0, 0)
            else:
                data = client.get_arg().resolve(0, size) if size else None
                key = None
                if number == EVIOCGMTSLOTS and data is not None:
                    key = int.from_bytes(bytes(data.retrieve())[:4], "little")
                if (number, key) not in records or data is None:
                    client.complete(-1, errno.ENOENT)  # what umockdev answers for an unknown evdev ioctl
                else:
                    ret, payload = records[(number, key)]
                    data.update(0, list(payload[:size]))
                    client.complete(ret, 0)
            return True

    return GrabbedHandler()


# uinput's ioctls ('U'), by number (linux/uinput.h).
UI_DEV_CREATE, UI_DEV_DESTROY, UI_DEV_SETUP, UI_ABS_SETUP = 1, 2, 3, 4
UI_GET_SYSNAME, UI_GET_VERSION, UI_SET_PHYS = 44, 45, 108
UI_SET_BITS = {100: "EV", 101: "KEY", 102: "REL", 103: "ABS", 104: "MSC", 105: "LED",
               106: "SND", 107: "FF", 109: "SW", 110: "PROP"}
UINPUT_VERSION = 5
UINPUT_MAX_NAME_SIZE = 80
INPUT_EVENT = struct.Struct("<qqHHi")  # struct input_event on 64-bit Linux: 24 bytes
ABS_CNT = 64
USER_DEV_SIZE = UINPUT_MAX_NAME_SIZE + 8 + 4 + 4 * 4 * ABS_CNT  # struct uinput_user_dev: 1116 bytes


def c_string(data):
    return bytes(data).split(b"\0", 1)[0].decode("utf-8", "replace")


def make_uinput_handler(UMockdev, bed, refuse_errno=0, first_number=100, started=None):
    """An ioctl handler emulating /dev/uinput; its `devices` list what each opening set up
    (each event with the time it was written, in seconds after `started`)."""
    started = time.monotonic() if started is None else started

    class UInputHandler(UMockdev.IoctlBase):
        def __init__(self):
            super().__init__()
            self.clients = {}
            self.devices = []
            self.next_number = first_number
            self.lock = threading.Lock()

        def device(self, client):
            if client not in self.clients:
                record = {"name": "", "phys": "", "id": {"bustype": 0, "vendor": 0, "product": 0, "version": 0},
                          "ff_effects_max": 0, "bits": {}, "abs": [], "created": False, "sysname": None,
                          "node": None, "destroyed": False, "events": [], "times": []}
                self.clients[client] = record
                self.devices.append(record)
            return self.clients[client]

        def read_string(self, client):
            """A NUL-terminated string the argument points at, read a page at a time (at most 1024 bytes)."""
            pointer = int.from_bytes(bytes(client.get_arg().retrieve())[:8], "little")
            length = min(1024, 4096 - pointer % 4096)
            while True:
                data = bytes(client.get_arg().resolve(0, length).retrieve())
                if b"\0" in data or length >= 1024:
                    return c_string(data)
                length = min(1024, length + 4096)

        def create(self, record):
            number = self.next_number
            self.next_number += 1
            sysname, node = "input%d" % number, "/dev/input/event%d" % number
            ident = record["id"]
            product = "%x/%x/%x/%x" % (ident["bustype"], ident["vendor"], ident["product"], ident["version"])
            attributes = "".join("A: %s=%s\n" % pair for pair in [
                ("name", record["name"]), ("phys", record["phys"]), ("uniq", ""),
                ("id/bustype", "%04x" % ident["bustype"]), ("id/vendor", "%04x" % ident["vendor"]),
                ("id/product", "%04x" % ident["product"]), ("id/version", "%04x" % ident["version"])])
            bed.add_from_string("P: /devices/virtual/input/%s\nE: SUBSYSTEM=input\nE: PRODUCT=%s\nE: NAME=\"%s\"\n%s"
                                % (sysname, product, record["name"], attributes))
            bed.add_from_string("P: /devices/virtual/input/%s/event%d\nN: input/event%d\nE: DEVNAME=%s\n"
                                "E: SUBSYSTEM=input\nE: MAJOR=13\nE: MINOR=%d\nA: dev=13:%d\n"
                                % (sysname, number, number, node, 64 + number, 64 + number))
            record.update(created=True, sysname=sysname, node=node)

        def do_handle_ioctl(self, client):
            request = client.get_request()
            size, kind, number = (request >> 16) & 0x3fff, (request >> 8) & 0xff, request & 0xff
            if kind != ord("U"):
                client.complete(-1, errno.ENOTTY)
                return True
            with self.lock:
                record = self.device(client)
                value = int.from_bytes(bytes(client.get_arg().retrieve())[:8], "little")
                if number in UI_SET_BITS:
                    if record["created"]:
                        client.complete(-1, errno.EINVAL)
                        return True
                    bits = record["bits"].setdefault(UI_SET_BITS[number], [])
                    if value & 0xffffffff not in bits:
                        bits.append(value & 0xffffffff)
                    client.complete(0, 0)
                elif number == UI_GET_VERSION:
                    client.get_arg().resolve(0, 4).update(0, list(UINPUT_VERSION.to_bytes(4, "little")))
                    client.complete(0, 0)
                elif number == UI_SET_PHYS:
                    record["phys"] = self.read_string(client)
                    client.complete(0, 0)
                elif number == UI_DEV_SETUP:
                    data = bytes(client.get_arg().resolve(0, 92).retrieve())
                    bustype, vendor, product, version = struct.unpack_from("<4H", data, 0)
                    record["id"] = {"bustype": bustype, "vendor": vendor, "product": product, "version": version}
                    record["name"] = c_string(data[8:8 + UINPUT_MAX_NAME_SIZE])
                    record["ff_effects_max"] = struct.unpack_from("<I", data, 88)[0]
                    client.complete(0, 0)
                elif number == UI_ABS_SETUP:
                    data = bytes(client.get_arg().resolve(0, 28).retrieve())
                    code = struct.unpack_from("<H", data, 0)[0]
                    fields = struct.unpack_from("<6i", data, 4)
                    record["abs"] = [axis for axis in record["abs"] if axis["code"] != code]
                    record["abs"].append(dict(zip(["code", "value", "minimum", "maximum", "fuzz", "flat", "resolution"],
                                                  (code,) + fields)))
                    client.complete(0, 0)
                elif number == UI_DEV_CREATE:
                    if record["created"] or not record["name"]:
                        client.complete(-1, errno.EINVAL)
                    elif refuse_errno:
                        client.complete(-1, refuse_errno)
                    else:
                        self.create(record)
                        client.complete(0, 0)
                elif number == UI_GET_SYSNAME:
                    if not record["created"]:
                        client.complete(-1, errno.ENOENT)
                    else:
                        name = record["sysname"].encode() + b"\0"
                        if len(name) > size:
                            client.complete(-1, errno.ENOSPC)
                        else:
                            client.get_arg().resolve(0, size).update(0, list(name))
                            client.complete(len(name), 0)
                elif number == UI_DEV_DESTROY:
                    if record["created"] and not record["destroyed"]:
                        sysfs = "/sys/devices/virtual/input/" + record["sysname"]
                        bed.remove_device(sysfs + "/event" + record["sysname"][len("input"):])
                        bed.remove_device(sysfs)
                        record["destroyed"] = True
                    client.complete(0, 0)
                else:
                    client.complete(-1, errno.EINVAL)
            return True

        def do_handle_write(self, client):
            data = bytes(client.get_arg().retrieve())
            with self.lock:
                record = self.device(client)
                if not record["created"]:
                    if len(data) < USER_DEV_SIZE:
                        client.complete(-1, errno.EINVAL)
                        return True
                    # The legacy setup: struct uinput_user_dev (no resolutions).
                    record["name"] = c_string(data[:UINPUT_MAX_NAME_SIZE])
                    bustype, vendor, product, version = struct.unpack_from("<4H", data, UINPUT_MAX_NAME_SIZE)
                    record["id"] = {"bustype": bustype, "vendor": vendor, "product": product, "version": version}
                    record["ff_effects_max"] = struct.unpack_from("<I", data, UINPUT_MAX_NAME_SIZE + 8)[0]
                    tables = [struct.unpack_from("<%di" % ABS_CNT, data, UINPUT_MAX_NAME_SIZE + 12 + 4 * ABS_CNT * i)
                              for i in range(4)]
                    record["abs"] = [{"code": code, "value": 0, "minimum": tables[1][code], "maximum": tables[0][code],
                                      "fuzz": tables[2][code], "flat": tables[3][code], "resolution": 0}
                                     for code in record["bits"].get("ABS", [])]
                    client.complete(USER_DEV_SIZE, 0)
                    return True
                if len(data) % INPUT_EVENT.size:
                    client.complete(-1, errno.EINVAL)
                    return True
                written = round(time.monotonic() - started, 6)
                for offset in range(0, len(data), INPUT_EVENT.size):
                    record["events"].append(list(INPUT_EVENT.unpack_from(data, offset)))
                    record["times"].append(written)
                client.complete(len(data), 0)
            return True

    return UInputHandler()


def add_uinput(bed):
    """Adds the /dev/uinput node (misc 10:223) to the testbed."""
    bed.add_from_string("P: /devices/virtual/misc/uinput\nN: uinput\nE: DEVNAME=/dev/uinput\n"
                        "E: SUBSYSTEM=misc\nE: MAJOR=10\nE: MINOR=223\nA: dev=10:223\n")


def save_uinput_capture(handler, path):
    import json
    with handler.lock:
        devices = [record for record in handler.devices if record["created"] or record["name"] or record["bits"]]
        with open(path, "w", encoding="utf-8") as handle:
            for record in devices:
                for bits in record["bits"].values():
                    bits.sort()
                record["abs"].sort(key=lambda axis: axis["code"])
                handle.write(json.dumps(record, sort_keys=True) + "\n")


class StalledPipe:
    """COMMAND's standard error: a pipe filled first and not read for `seconds` (--stderr-stall)."""

    def __init__(self, seconds):
        self.seconds = seconds
        self.reader, self.writer = os.pipe()
        # Fill it while non-blocking, then make it blocking again (the flag is the pipe's, shared with COMMAND).
        os.set_blocking(self.writer, False)
        self.filling = 0
        for size in (4096, 1):
            while True:
                try:
                    self.filling += os.write(self.writer, b"#" * size)
                except BlockingIOError:
                    break
        os.set_blocking(self.writer, True)
        self.until = None
        self.skipped = 0

    def started(self, started):
        os.close(self.writer)
        self.until = started + self.seconds
        os.set_blocking(self.reader, False)

    def drain(self):
        while True:
            try:
                data = os.read(self.reader, 65536)
            except BlockingIOError:
                return
            if not data:
                return
            skip = min(len(data), self.filling - self.skipped)
            self.skipped += skip
            sys.stderr.buffer.write(data[skip:])
            sys.stderr.flush()

    def step(self, now):
        if now >= self.until:
            self.drain()

    def finish(self):
        self.drain()
        os.close(self.reader)


class FlakyNode:
    """A node whose descriptor hangs up whenever COMMAND has it open; it opens again at once (--flaky)."""

    def __init__(self, bed, node):
        self.bed = bed
        self.node = node
        self.root = bed.get_root_dir()
        self.link = os.path.join(self.root, node.lstrip("/"))
        self.hangups = 0

    def step(self, pid):
        pty = os.path.realpath(self.link)
        if not has_open(pid, pty):
            return
        # The testbed knows the pty as an input node through dev/.ptymap (pty -> MAJOR:MINOR).
        ptymap = os.path.join(self.root, "dev", ".ptymap")
        old_entry = os.path.join(ptymap, pty.replace("/", "_"))
        numbers = os.readlink(old_entry)
        master, slave = os.openpty()
        name = os.ttyname(slave)
        os.close(slave)
        entry = os.path.join(ptymap, name.replace("/", "_"))
        if os.path.lexists(entry):
            os.unlink(entry)  # a number a closed pty had before
        os.symlink(numbers, entry)
        replacement = self.link + ".new"
        os.symlink(name, replacement)
        os.rename(replacement, self.link)
        # Hang up the old pty (keeping its descriptor number valid, as the event replay may write to it).
        old = self.bed.get_dev_fd(self.node) if self.hangups == 0 else self.master
        devnull = os.open(os.devnull, os.O_RDWR)
        os.dup2(devnull, old)
        os.close(devnull)
        # Its number is free again: umockdev refuses a new node whose pty finds it taken.
        os.unlink(old_entry)
        self.master = master
        self.hangups += 1


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="exit 0 when the UMockdev bindings are usable")
    parser.add_argument("-d", "--device", action="append", default=[], help="a .umockdev description (repeatable)")
    parser.add_argument("-i", "--ioctl", action="append", default=[], help="NODE=FILE ioctl record (repeatable)")
    parser.add_argument("-e", "--evemu-events", action="append", default=[], help="NODE=FILE evemu events (repeatable)")
    parser.add_argument("--split-events", action="append", default=[], metavar="NODE=FILE",
                        help="NODE=FILE evemu events written by this script, each frame cut inside an event")
    parser.add_argument("--paced-events", action="append", default=[], metavar="NODE=FILE",
                        help="NODE=FILE evemu events written by this script, whole, to every such node at once")
    parser.add_argument("--paced-delay", type=float, default=0.0, metavar="S",
                        help="with --paced-events: the first frame S seconds after every paced node is open")
    parser.add_argument("--paced-after", metavar="FILE",
                        help="with --paced-events: the first frame waits until FILE exists, too")
    parser.add_argument("--grabbed", action="store_true", help="EVIOCGRAB fails with EBUSY on the node of -i")
    parser.add_argument("--uinput", action="store_true", help="emulate /dev/uinput (see above)")
    parser.add_argument("--uinput-capture", help="with --uinput: save what was set up and written as JSON lines")
    parser.add_argument("--uinput-refuse", type=int, default=0, metavar="ERRNO",
                        help="with --uinput: UI_DEV_CREATE fails with this errno")
    parser.add_argument("--unplug", action="store_true", help="remove the device while COMMAND runs")
    parser.add_argument("--remove", help="the node whose device is removed (default: the node of -e)")
    parser.add_argument("--after-open", action="store_true", help="wait until COMMAND or a descendant has NODE open")
    parser.add_argument("--after-lines", type=int, default=0, help="wait until COMMAND printed this many lines")
    parser.add_argument("--after-seconds", type=float, default=0.0, help="then wait this many seconds more")
    parser.add_argument("--no-hangup", dest="hangup", action="store_false",
                        help="only remove the device and its node; leave COMMAND's descriptor open")
    parser.add_argument("--replug-after", type=float, default=None,
                        help="with --unplug: add the device back this many seconds after the removal (once), then "
                             "remove it again once the conditions are met anew")
    parser.add_argument("--replug-device", help="with --replug-after: the returning device's .umockdev description "
                                                  "(the kernel may give it another node, as here)")
    parser.add_argument("--replug-ioctl", help="with --replug-after: NODE=FILE, its ioctl record")
    parser.add_argument("--replug-events", help="with --replug-after: NODE=FILE, the evemu events it replays")
    parser.add_argument("--timeout", type=float, default=10.0, help="kill COMMAND this many seconds after the removal")
    parser.add_argument("--flaky", metavar="NODE",
                        help="hang up NODE's descriptor whenever COMMAND has it open, keeping the node (see above)")
    parser.add_argument("--stderr-stall", type=float, default=None, metavar="S",
                        help="COMMAND's standard error is a full pipe left unread for S seconds (see above)")
    parser.add_argument("--terminate-after", type=float, default=None, metavar="S",
                        help="send COMMAND SIGTERM S seconds after the start")
    parser.add_argument("command", nargs=argparse.REMAINDER)
    options = parser.parse_args()

    UMockdev = load_umockdev()
    if options.check:
        return 0 if UMockdev is not None else 1
    if UMockdev is None:
        say("the UMockdev introspection bindings are missing — apt install gir1.2-umockdev-1.0 python3-gi")
        return 2
    command = options.command[1:] if options.command[:1] == ["--"] else options.command
    if not command or not (options.device or options.uinput):
        parser.error("give -d DEVICE.umockdev (or --uinput) and a command after --")

    # The preload library must be active for the children (and for this
    # process, so that the testbed is set up the way umockdev-run does it).
    if PRELOAD not in os.environ.get("LD_PRELOAD", ""):
        os.execvp("umockdev-wrapper", ["umockdev-wrapper", sys.executable] + sys.argv)

    global testbed
    started = time.monotonic()
    testbed = UMockdev.Testbed.new()
    syspaths = {}
    for description in options.device:
        testbed.add_from_file(description)
        syspaths.update(node_syspaths(description))
    handlers = []
    for assignment in options.ioctl:
        node, path = split_assignment(assignment, "-i")
        if options.grabbed:
            handlers.append(make_grabbed_handler(UMockdev, path))
            testbed.attach_ioctl(node, handlers[-1])
        else:
            testbed.load_ioctl(node, path)
    for assignment in options.evemu_events:
        node, path = split_assignment(assignment, "-e")
        testbed.load_evemu_events(node, path)
    split_nodes = [split_assignment(assignment, "--split-events") for assignment in options.split_events]
    paced = [split_assignment(assignment, "--paced-events") for assignment in options.paced_events]
    paced_writer = PacedWriter(testbed, paced, options.paced_delay, lambda: child.pid, options.paced_after) if paced else None
    uinput = None
    if options.uinput:
        add_uinput(testbed)
        uinput = make_uinput_handler(UMockdev, testbed, refuse_errno=options.uinput_refuse, started=started)
        testbed.attach_ioctl("/dev/uinput", uinput)

    node = syspath = None
    if options.unplug:
        node = options.remove or (split_assignment(options.evemu_events[0], "-e")[0] if options.evemu_events else None)
        if node is None and len(syspaths) == 1:
            node = next(iter(syspaths))
        if node not in syspaths:
            say("no device in the descriptions has node %r; use --remove NODE" % node)
            return 2
        syspath = syspaths[node]

    stall = StalledPipe(options.stderr_stall) if options.stderr_stall is not None else None
    child = subprocess.Popen(command, stdout=subprocess.PIPE, stdin=subprocess.DEVNULL,
                             stderr=stall.writer if stall else None)
    if stall:
        stall.started(started)
    for split_node, split_path in split_nodes:
        SplitWriter(testbed, split_node, split_path, lambda: child.pid).start()
    if paced_writer:
        paced_writer.start()
    flaky = FlakyNode(testbed, options.flaky) if options.flaky else None
    terminated_at = None
    out = sys.stdout.buffer
    lines = 0
    pending = b""
    removed_at = None
    pty = os.path.realpath(os.path.join(testbed.get_root_dir(), node.lstrip("/"))) if node else None
    opened = not options.after_open
    lines_reached = options.after_lines <= 0
    # The lines printed before the device came back: --after-lines counts anew from there.
    lines_before = 0
    conditions_met_at = None
    stdout_open = True

    def remove():
        if options.replug_after is not None and not replugged:
            # A real /dev/input outlives its devices: keep the testbed's from being removed with
            # its last node, so that a watch on it (inotify) sees the device come back.
            keep = os.path.join(testbed.get_root_dir(), os.path.dirname(node).lstrip("/"), ".keep")
            open(keep, "a").close()
        testbed.uevent(syspath, "remove")
        testbed.remove_device(syspath)
        master = testbed.get_dev_fd(node)
        if options.hangup and master >= 0:
            # Close the pty master behind the node (keeping the descriptor
            # number valid on /dev/null): the command's descriptor hangs up.
            devnull = os.open(os.devnull, os.O_RDWR)
            os.dup2(devnull, master)
            os.close(devnull)
        say("removed %s (%s) %.2f s after the start, %d lines in" % (node, syspath, time.monotonic() - started, lines))
        return time.monotonic()

    replugged = False

    def replug():
        # umockdev cannot create a node it removed again (it keeps the node's pty), so the
        # device comes back as another description, at another node if need be.
        description = options.replug_device
        if description is None:
            say("--replug-after needs --replug-device")
            return None
        # It also keeps the removed node's pty in dev/.ptymap (pty -> MAJOR:MINOR) and refuses a
        # new node whose pty reuses that name: links no node uses any more go.
        dev = os.path.join(testbed.get_root_dir(), "dev")
        nodes = os.path.join(dev, ".node")
        live = {os.readlink(os.path.join(nodes, n)) for n in os.listdir(nodes)} if os.path.isdir(nodes) else set()
        ptymap = os.path.join(dev, ".ptymap")
        for name in os.listdir(ptymap) if os.path.isdir(ptymap) else []:
            link = os.path.join(ptymap, name)
            if os.path.islink(link) and os.readlink(link) not in live:
                os.unlink(link)
        testbed.add_from_file(description)
        new_node, new_syspath = next(iter(node_syspaths(description).items()))
        if options.replug_ioctl:
            ioctl_node, ioctl_path = split_assignment(options.replug_ioctl, "--replug-ioctl")
            testbed.load_ioctl(ioctl_node, ioctl_path)
        if options.replug_events:
            events_node, events_path = split_assignment(options.replug_events, "--replug-events")
            testbed.load_evemu_events(events_node, events_path)
        testbed.uevent(new_syspath, "add")
        say("added %s back as %s %.2f s after the start" % (node, new_node, time.monotonic() - started))
        return new_node, new_syspath

    while True:
        now = time.monotonic()
        if flaky:
            flaky.step(child.pid)
        if stall:
            stall.step(now)
        if options.terminate_after is not None and terminated_at is None and now >= started + options.terminate_after \
                and child.poll() is None:
            child.send_signal(signal.SIGTERM)
            terminated_at = time.monotonic()
            say("sent SIGTERM to %s %.2f s after the start" % (command[0], terminated_at - started))
        if options.replug_after is not None and not replugged and removed_at is not None \
                and now >= removed_at + options.replug_after:
            returned = replug()
            if returned is not None:
                node, syspath = returned
                pty = os.path.realpath(os.path.join(testbed.get_root_dir(), node.lstrip("/")))
            replugged = True
            removed_at = None
            opened = not options.after_open
            lines_before, lines_reached = lines, options.after_lines <= 0
            conditions_met_at = None
        if options.unplug and removed_at is None:
            if not opened and has_open(child.pid, pty):
                opened = True
            if conditions_met_at is None and opened and lines_reached:
                conditions_met_at = now
            # Closing the pty drops what COMMAND has not read: on a loaded machine it may be seconds
            # behind, so the removal also waits (up to UNREAD_GRACE) until the node holds nothing unread.
            if conditions_met_at is not None and now >= conditions_met_at + options.after_seconds and (
                    now >= conditions_met_at + options.after_seconds + UNREAD_GRACE or unread_bytes(pty) == 0):
                removed_at = remove()
                now = time.monotonic()
        if removed_at is not None and now > removed_at + options.timeout:
            say("%s still runs %.1f s after the removal: killed" % (command[0], options.timeout))
            child.kill()
            child.wait()
            return 124
        if not stdout_open:
            if child.poll() is not None:
                break
            time.sleep(0.005 if terminated_at is not None else 0.02)
            continue
        ready, _, _ = select.select([child.stdout], [], [], 0.02)
        if ready:
            data = os.read(child.stdout.fileno(), 65536)
            if not data:
                stdout_open = False
                continue
            try:
                out.write(data)
                out.flush()
            except BrokenPipeError:
                out = open(os.devnull, "wb")  # the reader went away: keep draining COMMAND
            pending += data
            lines += pending.count(b"\n")
            pending = pending[pending.rfind(b"\n") + 1:]
            if lines - lines_before >= options.after_lines:
                lines_reached = True

    status = child.returncode
    ended = time.monotonic()
    if stall:
        stall.finish()
    if flaky:
        say("%s hung up %d times" % (options.flaky, flaky.hangups))
    if terminated_at is not None:
        say("%s exited %.3f s after the SIGTERM" % (command[0], ended - terminated_at))
    if uinput is not None and options.uinput_capture:
        save_uinput_capture(uinput, options.uinput_capture)
    if status < 0:
        say("%s was killed by signal %d" % (command[0], -status))
        return 128 - status
    if removed_at is not None:
        say("%s exited with status %d %.2f s after the removal" % (command[0], status, time.monotonic() - removed_at))
    elif options.unplug:
        say("%s exited with status %d before the removal" % (command[0], status))
    return status


def run_and_exit():
    """Runs main() and leaves at once: the testbed's event replay thread may
    still wait for a later event, which a normal interpreter exit would join."""
    try:
        status = main()
    except SystemExit as exit:
        status = exit.code if isinstance(exit.code, int) else 2
    except BaseException:
        import traceback
        traceback.print_exc()
        status = 1
    try:
        sys.stdout.flush()
    except BrokenPipeError:
        pass
    sys.stderr.flush()
    if testbed is not None:
        shutil.rmtree(testbed.get_root_dir(), ignore_errors=True)
    os._exit(status)


if __name__ == "__main__":
    signal.signal(signal.SIGPIPE, signal.SIG_DFL)
    run_and_exit()
