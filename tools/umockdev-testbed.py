#!/usr/bin/python3
"""Run a command on a umockdev testbed that unplugs its device mid-run or
whose device is grabbed by another program — what `umockdev-run` cannot do.

    tools/umockdev-testbed.py -d DEVICE.umockdev [-i NODE=FILE.ioctl]
        [-e NODE=EVENTS.evemu] [--grabbed]
        [--unplug [--remove NODE] [--after-open] [--after-lines N]
                  [--after-seconds S] [--timeout S] [--no-hangup]]
        -- COMMAND [ARG...]

Without --unplug and --grabbed this is `umockdev-run -d … -i … -e … --
COMMAND`. COMMAND's standard output is passed through, its standard error is
left alone; the exit status is COMMAND's (128+N when killed by signal N).

--unplug: once COMMAND (or a process it started) has NODE open
(--after-open), has printed N lines on standard output (--after-lines), and
S seconds later (--after-seconds, counted from the last of those conditions,
or from the start), the device of NODE (default: the node of -e) is removed
from the testbed — a "remove" uevent, then `remove_device` (its sysfs
directory and node go) — and the pty behind the node is closed, so that
COMMAND's descriptor hangs up (poll: POLLIN|POLLHUP|POLLERR, read: end of
file) as an unplugged evdev device's does (poll: POLLHUP|POLLERR, read:
ENODEV). With --no-hangup that descriptor stays open and silent: only the
node disappears. If COMMAND still runs --timeout seconds after the removal
(default 10), it is killed and the exit status is 124.

--grabbed: the ioctls of NODE (the node of -i) are answered by this script
from its ioctl record instead of by umockdev, and EVIOCGRAB(1) fails with
EBUSY, as when another program holds an exclusive grab on the device.

Lines starting with `umockdev-testbed:` on standard error say when the device
was removed and how COMMAND ended. `--check` exits 0 when the UMockdev GObject
introspection bindings (gir1.2-umockdev-1.0, python3-gi) are available.

umockdev's preload library must be loaded in COMMAND; this script re-executes
itself under umockdev-wrapper when it is not, so children inherit it.
"""

import argparse
import errno
import os
import re
import select
import shutil
import signal
import subprocess
import sys
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


# The evdev ioctls of an ioctl record (`NAME[(INDEX)] RET HEX`), by number.
EVDEV_NUMBERS = {
    "EVIOCGVERSION": 0x01, "EVIOCGID": 0x02, "EVIOCGNAME": 0x06, "EVIOCGPHYS": 0x07, "EVIOCGUNIQ": 0x08,
    "EVIOCGPROP": 0x09, "EVIOCGMTSLOTS": 0x0a, "EVIOCGKEY": 0x18, "EVIOCGLED": 0x19, "EVIOCGSND": 0x1a,
    "EVIOCGSW": 0x1b, "EVIOCGBIT": 0x20, "EVIOCGABS": 0x40,
}
EVIOCGRAB, EVIOCREVOKE, EVIOCSCLOCKID, EVIOCGMTSLOTS = 0x90, 0x91, 0xa0, 0x0a


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


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="exit 0 when the UMockdev bindings are usable")
    parser.add_argument("-d", "--device", action="append", default=[], help="a .umockdev description (repeatable)")
    parser.add_argument("-i", "--ioctl", action="append", default=[], help="NODE=FILE ioctl record (repeatable)")
    parser.add_argument("-e", "--evemu-events", action="append", default=[], help="NODE=FILE evemu events (repeatable)")
    parser.add_argument("--grabbed", action="store_true", help="EVIOCGRAB fails with EBUSY on the node of -i")
    parser.add_argument("--unplug", action="store_true", help="remove the device while COMMAND runs")
    parser.add_argument("--remove", help="the node whose device is removed (default: the node of -e)")
    parser.add_argument("--after-open", action="store_true", help="wait until COMMAND or a descendant has NODE open")
    parser.add_argument("--after-lines", type=int, default=0, help="wait until COMMAND printed this many lines")
    parser.add_argument("--after-seconds", type=float, default=0.0, help="then wait this many seconds more")
    parser.add_argument("--no-hangup", dest="hangup", action="store_false",
                        help="only remove the device and its node; leave COMMAND's descriptor open")
    parser.add_argument("--timeout", type=float, default=10.0, help="kill COMMAND this many seconds after the removal")
    parser.add_argument("command", nargs=argparse.REMAINDER)
    options = parser.parse_args()

    UMockdev = load_umockdev()
    if options.check:
        return 0 if UMockdev is not None else 1
    if UMockdev is None:
        say("the UMockdev introspection bindings are missing — apt install gir1.2-umockdev-1.0 python3-gi")
        return 2
    command = options.command[1:] if options.command[:1] == ["--"] else options.command
    if not command or not options.device:
        parser.error("give -d DEVICE.umockdev and a command after --")

    # The preload library must be active for the children (and for this
    # process, so that the testbed is set up the way umockdev-run does it).
    if PRELOAD not in os.environ.get("LD_PRELOAD", ""):
        os.execvp("umockdev-wrapper", ["umockdev-wrapper", sys.executable] + sys.argv)

    global testbed
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

    node = syspath = None
    if options.unplug:
        node = options.remove or (split_assignment(options.evemu_events[0], "-e")[0] if options.evemu_events else None)
        if node is None and len(syspaths) == 1:
            node = next(iter(syspaths))
        if node not in syspaths:
            say("no device in the descriptions has node %r; use --remove NODE" % node)
            return 2
        syspath = syspaths[node]

    started = time.monotonic()
    child = subprocess.Popen(command, stdout=subprocess.PIPE, stdin=subprocess.DEVNULL)
    out = sys.stdout.buffer
    lines = 0
    pending = b""
    removed_at = None
    pty = os.path.realpath(os.path.join(testbed.get_root_dir(), node.lstrip("/"))) if node else None
    opened = not options.after_open
    lines_reached = options.after_lines <= 0
    conditions_met_at = None
    stdout_open = True

    def remove():
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

    while True:
        now = time.monotonic()
        if options.unplug and removed_at is None:
            if not opened and has_open(child.pid, pty):
                opened = True
            if conditions_met_at is None and opened and lines_reached:
                conditions_met_at = now
            if conditions_met_at is not None and now >= conditions_met_at + options.after_seconds:
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
            time.sleep(0.02)
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
            if lines >= options.after_lines:
                lines_reached = True

    status = child.returncode
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
