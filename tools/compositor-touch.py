#!/usr/bin/env python3
"""Replay a touchscreen recording into a real compositor (sway or phoc), which
reads it through its own libinput, with the Wayland client wev on screen, and
print each wl_touch event wev received as a JSON line.

    tools/compositor-touch.py --compositor sway|phoc [--tactile PATH] [--settle S]
                              [--keep DIR] [--verbose] RECORDING
    tools/compositor-touch.py --compositor sway|phoc --testbed PREFIX [--events FILE] …

RECORDING (any format `tactile mock` reads, e.g. tools/compositor-touch/*.evemu)
becomes a umockdev testbed at /dev/input/event0; or give one (PREFIX.umockdev,
.ioctl, .events). The compositor runs headless, one 1280x720 output, with
wlroots' libinput backend on the testbed; wev is its one window (fullscreen),
so a touch at output (x, y) reaches wev at (x, y). The frames are written to
the node at their recorded offsets, stamped with CLOCK_MONOTONIC (as
tools/compare-libinput.py does); --settle seconds later (0.5) all is stopped.
    {"event": "down", "id": 0, "time": T, "x": 400.0, "y": 300.0}  (and "motion")
    {"event": "up", "id": 0, "time": T}   {"event": "cancel"}   {"event": "frame"}
T is the compositor's time in ms. Standard error gets how long the run took;
--keep DIR keeps the testbed, the compositor's log and wev's output.
How it gets there and the pitfalls on the way: tools/compositor-touch/README.md.

Exit status: 0 done, 1 the run failed, 2 usage, 77 something needed is missing.
As root the compositor and wev run as tactile-desktop (made when missing, by
tools/desktops/lib.sh); otherwise as the caller, in user namespaces.
"""

import argparse
import contextlib
import importlib.util
import json
import os
import pwd
import re
import select
import shutil
import signal
import struct
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
FILES = os.path.join(HERE, "compositor-touch")
NODE = "/dev/input/event0"
START_TIMEOUT_S = 15
EV_SYN, SYN_REPORT = 0, 0
LIBINPUT = re.compile(r"^seat-shim: libinput (\S+)$", re.M)  # what the shim logs of libinput's events

# tools/compare-libinput.py: its evemu reader, umockdev script encoding and process helpers.
_spec = importlib.util.spec_from_file_location("compare_libinput", os.path.join(HERE, "compare-libinput.py"))
cl = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(cl)
Failure = cl.Failure


class Missing(Exception):
    """Something a run needs is not here: exit 77."""


def say(message):
    sys.stderr.write("compositor-touch: %s\n" % message)
    sys.stderr.flush()


def inside(node, owner, command):
    """Under umockdev-run, after compare-libinput.py --testbed-exec: gives the testbed (umockdev's
    ioctl socket) and the pty behind the node to `owner` ("uid:gid"; "-": they are the caller's),
    preloads the shim, execs `command`."""
    root = os.environ["UMOCKDEV_DIR"]
    if owner != "-":
        subprocess.run(["chown", "-R", owner, root, os.readlink(root + node)], check=True)
    os.environ["LD_PRELOAD"] += " " + os.environ.pop("COMPOSITOR_TOUCH_SHIM")
    os.execvp(command[0], command)


def kill(pids, number):
    for pid in pids:
        with contextlib.suppress(OSError):
            os.kill(pid, number)


class Run:
    """One compositor with wev on a testbed, fed a recording's frames."""

    def __init__(self, options, workdir, testbed, node, user):
        self.options, self.workdir, self.testbed, self.node, self.user = options, workdir, testbed, node, user
        self.frames = cl.read_events(options.events)
        if not self.frames:
            raise Failure("%s has no events" % options.events)
        self.runtime = os.path.join(workdir, "run")
        self.log_path = os.path.join(workdir, "compositor.log")
        self.processes, self.wev_lines, self.pending, self.master, self.nudged = [], [], b"", None, 0

    def environment(self):
        home = os.path.join(self.workdir, "home")
        return {"PATH": "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin", "HOME": home,
                "XDG_RUNTIME_DIR": self.runtime, "XDG_CONFIG_HOME": os.path.join(home, ".config"),
                "LANG": "C.UTF-8", "USER": self.user[0], "LOGNAME": self.user[0]}

    def as_user(self, command, in_namespace):
        """`command` as the session's user: setpriv when root; else, in the namespace where we are
        root, a user namespace mapping the caller and no root (sway refuses where it could regain root)."""
        _, uid, gid = self.user
        if os.geteuid() == 0:
            return ["setpriv", "--reuid=%d" % uid, "--regid=%d" % gid, "--init-groups", "--"] + command
        if in_namespace:
            return ["unshare", "--user", "--map-user=%d" % uid, "--map-group=%d" % gid, "--"] + command
        return command

    def start_compositor(self, fifo, shim):
        sway = self.options.compositor == "sway"
        config = shutil.copy(os.path.join(FILES, "sway.conf" if sway else "phoc.ini"), self.workdir)
        compositor = [self.options.compositor, "--config", config] + (["--debug"] if sway and self.options.verbose else [])
        env = self.environment()
        # GSETTINGS_BACKEND: phoc's settings at their defaults, whatever dconf holds here.
        env.update(WLR_BACKENDS="headless,libinput", WLR_LIBINPUT_NO_DEVICES="1", WLR_HEADLESS_OUTPUTS="1",
                   WLR_RENDERER="pixman", LIBSEAT_BACKEND="noop", GSETTINGS_BACKEND="memory",
                   COMPOSITOR_TOUCH_SHIM=shim, COMPARE_LIBINPUT_PRIVATE_RUN="1")
        root = os.geteuid() == 0
        command = (["umockdev-run", "-d", self.testbed + ".umockdev", "-i", "%s=%s.ioctl" % (self.node, self.testbed),
                    "-s", "%s=%s" % (self.node, fifo), "--", "unshare", "--mount", "--propagation", "private"] +
                   ([] if root else ["--map-root-user"]) +
                   [sys.executable, os.path.join(HERE, "compare-libinput.py"), "--testbed-exec", self.node, "--",
                    sys.executable, os.path.abspath(__file__), "--inside", self.node,
                    "%d:%d" % self.user[1:] if root else "-", "--"] + self.as_user(compositor, in_namespace=True))
        with open(self.log_path, "w") as log:
            self.compositor = subprocess.Popen(command, stdin=subprocess.DEVNULL, stdout=log, stderr=log, env=env,
                                               start_new_session=True, preexec_fn=cl.default_signals)
        self.processes.append(self.compositor)

    def start_wev(self):
        env = self.environment()
        env["WAYLAND_DISPLAY"] = self.socket()
        self.master, slave = os.openpty()  # wev's output comes line by line, as on a terminal
        if os.geteuid() == 0:
            os.fchown(slave, self.user[1], self.user[2])
        with open(os.path.join(self.workdir, "wev.err"), "w") as err:
            self.wev = subprocess.Popen(self.as_user(["wev"], in_namespace=False), stdin=subprocess.DEVNULL,
                                        stdout=slave, stderr=err, env=env, start_new_session=True)
        os.close(slave)
        self.processes.append(self.wev)

    def log(self, lines=0):
        """The compositor's log (its last `lines` lines)."""
        with open(self.log_path, encoding="utf-8", errors="replace") as handle:
            text = handle.read()
        return "\n".join(text.rstrip().splitlines()[-lines:]) if lines else text

    def socket(self):
        names = sorted(name for name in os.listdir(self.runtime) if name.startswith("wayland-") and not name.endswith(".lock"))
        return names[0] if names else None

    def read_wev(self, timeout):
        """Takes in what wev prints within `timeout` seconds."""
        if self.master is None:
            time.sleep(max(0.0, timeout))
            return
        if not select.select([self.master], [], [], max(0.0, timeout))[0]:
            return
        try:
            data = os.read(self.master, 65536)
        except OSError:  # EIO: wev has gone (and its pty stays readable)
            time.sleep(max(0.0, timeout))
            return
        *complete, self.pending = (self.pending + data).split(b"\n")
        self.wev_lines += [line.decode("utf-8", "replace").rstrip("\r") for line in complete]

    def pump(self, until):
        """Takes in wev's output until time.monotonic() (CLOCK_MONOTONIC) is `until`."""
        while time.monotonic() < until:
            self.read_wev(until - time.monotonic())

    def wev_saw(self, pattern):
        return any(re.search(pattern, line) for line in self.wev_lines)

    def wait_for(self, what, condition):
        deadline = time.monotonic() + START_TIMEOUT_S
        while not condition():
            for process in self.processes:
                if process.poll() is not None:
                    raise Failure("%s ended (status %d) before %s; the compositor's log ends:\n%s"
                                  % ("the compositor" if process is self.compositor else "wev", process.returncode,
                                     what, self.log(25)))
            if time.monotonic() > deadline:
                raise Failure("no %s within %d s; the compositor's log ends:\n%s" % (what, START_TIMEOUT_S, self.log(25)))
            self.read_wev(0.02)

    def run(self, shim):
        """Starts, feeds, stops; wev's output lines."""
        fifo = os.path.join(self.workdir, "frames.fifo")
        os.mkfifo(fifo, 0o600)
        writer = os.open(fifo, os.O_RDWR)  # umockdev's open does not wait; the script ends when this closes
        started = time.monotonic()
        try:
            self.start_compositor(fifo, shim)
            self.wait_for("Wayland socket", lambda: self.socket() is not None)
            self.wait_for("touchscreen in the compositor", lambda: "device-added" in self.libinput() or self.nudge(writer))
            self.start_wev()
            self.wait_for("wl_touch in wev's seat", lambda: self.wev_saw(r"wl_seat\] capabilities:.*touch"))
            self.wait_for("size for wev's window", lambda: self.wev_saw(r"xdg_toplevel\] configure: width: [1-9]"))
            count = -1
            while count != len(self.wev_lines):  # until wev is quiet for 0.3 s: it drew, it is mapped
                count = len(self.wev_lines)
                self.read_wev(0.3)
            ready = time.monotonic()
            self.feed(writer)
            self.pump(time.monotonic() + self.options.settle)
            fed = time.monotonic()
        finally:
            os.close(writer)
            self.stop()
        given = self.libinput()
        say("%s ready in %.1f s, frames and settling %.2f s, %.1f s in all; libinput gave it %s"
            % (self.options.compositor, ready - started, fed - ready, time.monotonic() - started,
               ", ".join("%s %d" % (name, given.count(name)) for name in ("down", "motion", "up", "cancel", "frame"))))
        return self.wev_lines

    def libinput(self):
        """The events libinput gave the compositor (the shim's log lines): device-added, down, …"""
        return LIBINPUT.findall(self.log())

    def nudge(self, writer):
        """An empty frame, 0.1 s after the last one; False. libinput drops what the node holds when
        it adds the device, and wlroots 0.15 takes libinput's events (DEVICE_ADDED too) only when
        its descriptor turns readable: frames are needed until the compositor has the device, before
        wev starts (wev crashes when started on phoc before phoc has a device: no wl_seat yet)."""
        if time.monotonic() - self.nudged >= 0.1:
            self.write_frame(writer, cl.choose_base(0), [(EV_SYN, SYN_REPORT, 0)])
            self.nudged = time.monotonic()
        return False

    def write_frame(self, writer, stamp, frame):
        """One umockdev script line: the frame's events, each stamped `stamp` (µs)."""
        data = b"".join(struct.pack("=qqHHi", stamp // 1_000_000, stamp % 1_000_000, kind, code, value)
                        for kind, code, value in frame)
        os.write(writer, b"r 0 " + cl.script_escape(data) + b"\n")

    def feed(self, writer):
        """The frames, each at its recorded offset from the first."""
        first = self.frames[0][0][0]
        base = cl.choose_base(self.frames[-1][0][0] - first + int(self.options.settle * 1e6) + 1_000_000)
        for frame in self.frames:
            self.pump((base + frame[0][0] - first) / 1e6)
            self.write_frame(writer, base + frame[-1][0] - first, [event[1:] for event in frame])
            if self.compositor.poll() is not None:
                raise Failure("the compositor ended while the frames were fed:\n%s" % self.log(25))

    def stop(self):
        """SIGTERM to the compositor (then umockdev-run ends) and to wev; 3 s
        later, SIGKILL to whatever is left of either tree."""
        for process in self.processes:
            tree = cl.descendants(process.pid)
            kill(reversed(tree[1:] if process is self.compositor else tree), signal.SIGTERM)
        deadline = time.monotonic() + 3
        for process in self.processes:
            try:
                process.wait(timeout=max(0.1, deadline - time.monotonic()))
            except subprocess.TimeoutExpired:
                pass
            kill(reversed(cl.descendants(process.pid)), signal.SIGKILL)
            process.wait()
        if self.master is not None:
            self.read_wev(0)
            os.close(self.master)
        with open(os.path.join(self.workdir, "wev.out"), "w") as handle:
            handle.write("".join(line + "\n" for line in self.wev_lines))


WEV_TOUCH = re.compile(r"^\[\s*\d+:\s*wl_touch\]\s+(\w+)(?::\s*(.*))?$")


def touch_events(lines):
    """wev's wl_touch lines as dicts: event, and id, time, x, y when given."""
    events = []
    for line in lines:
        match = WEV_TOUCH.match(line.strip())
        if match:
            fields = match.group(2) or ""
            values = dict(re.findall(r"\b(id|time): (-?\d+)", fields))
            event = {"event": match.group(1)}
            if "id" in values:
                event["id"] = int(values["id"])
            position = re.search(r"x, y: (-?[\d.]+), (-?[\d.]+)", fields)
            if position:
                event.update(x=float(position.group(1)), y=float(position.group(2)))
            if "time" in values:
                event["time"] = int(values["time"])
            events.append(event)
    return events


def check(compositor):
    """Raises Missing unless the programs and privileges a run needs are here."""
    programs = [compositor, "wev", "umockdev-run", "unshare", "gcc"] + (["setpriv"] if os.geteuid() == 0 else [])
    absent = [program for program in programs if shutil.which(program) is None]
    if absent:
        raise Missing("not installed: %s (Debian's packages: sway or phoc, wev, umockdev, util-linux, gcc)" % ", ".join(absent))
    if os.geteuid() != 0:
        probe = subprocess.run(["unshare", "--user", "--map-root-user", "--mount", "true"],
                               stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        if probe.returncode != 0:
            raise Missing("not root, and no unprivileged user namespaces here (%s): run as root, or allow them"
                          % probe.stderr.strip())


def session_user():
    """(name, uid, gid) to run as: tactile-desktop (made when missing) when root, else the caller."""
    if os.geteuid() != 0:
        return pwd.getpwuid(os.getuid()).pw_name, os.getuid(), os.getgid()
    result = subprocess.run(["bash", "-c", '. "$1"; session_user', "-", os.path.join(HERE, "desktops", "lib.sh")],
                            stdout=subprocess.PIPE, text=True)
    if result.returncode != 0 or not result.stdout.strip():
        raise Failure("cannot find or make the user tactile-desktop")
    entry = pwd.getpwnam(result.stdout.strip())
    return entry.pw_name, entry.pw_uid, entry.pw_gid


def prepare(options, workdir, user):
    """The testbed (its prefix and node; `tactile mock` makes it from the
    recording), options.events, the shim built, the user's directories."""
    if options.testbed:
        testbed = os.path.abspath(options.testbed)
        with open(testbed + ".umockdev", encoding="utf-8") as handle:
            found = re.search(r"^E: DEVNAME=(\S+)$", handle.read(), re.M)
        if not found:
            raise Failure("%s.umockdev names no device node (E: DEVNAME=…)" % testbed)
        node = found.group(1)
    else:
        builds = [os.path.join(os.path.dirname(HERE), ".build", kind, "tactile") for kind in ("release", "debug")]
        tactile = options.tactile or next((path for path in builds if os.access(path, os.X_OK)), shutil.which("tactile"))
        if tactile is None:
            raise Missing("no tactile to mock the recording with (build it, or give --tactile PATH)")
        testbed, node = os.path.join(workdir, "device"), NODE
        mock = subprocess.run([tactile, "mock", options.recording, workdir, "--node", node, "--name", "device"],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        if mock.returncode != 0:
            raise Failure("tactile mock %s: %s" % (options.recording, mock.stderr.strip()))
    options.events = options.events or testbed + ".events"
    shim = os.path.join(workdir, "seat-shim.so")
    build = subprocess.run(["gcc", "-shared", "-fPIC", "-O2", "-o", shim, os.path.join(FILES, "seat-shim.c"), "-ldl"],
                           stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    if build.returncode != 0:
        raise Failure("cannot build the seat shim:\n%s" % build.stdout)
    os.chmod(workdir, 0o755)
    for directory, mode in (("run", 0o700), ("home", 0o755)):
        os.makedirs(os.path.join(workdir, directory), mode)
        os.chown(os.path.join(workdir, directory), user[1], user[2])
    return testbed, node, shim


def main():
    if len(sys.argv) > 5 and sys.argv[1] == "--inside" and sys.argv[4] == "--":
        inside(sys.argv[2], sys.argv[3], sys.argv[5:])
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("recording", nargs="?", help="a touchscreen recording, for `tactile mock`")
    parser.add_argument("--compositor", choices=("sway", "phoc"), required=True)
    parser.add_argument("--testbed", metavar="PREFIX", help="a testbed instead: PREFIX.umockdev, .ioctl, .events")
    parser.add_argument("--events", metavar="FILE", help="evemu events to feed instead of the testbed's own")
    parser.add_argument("--tactile", metavar="PATH", help="the tactile binary (default: .build/{release,debug}/tactile)")
    parser.add_argument("--settle", type=float, default=0.5, metavar="S", help="seconds after the last frame (default 0.5)")
    parser.add_argument("--keep", metavar="DIR", help="keep the testbed, the compositor's log and wev's output in DIR/run.*")
    parser.add_argument("--verbose", action="store_true", help="sway logs at debug level (into the kept log)")
    options = parser.parse_args()
    if bool(options.recording) == bool(options.testbed):
        parser.error("give a RECORDING or --testbed PREFIX")
    check(options.compositor)
    user = session_user()
    if options.keep:
        os.makedirs(options.keep, exist_ok=True)
    workdir = os.path.abspath(tempfile.mkdtemp(prefix="run." if options.keep else "compositor-touch.", dir=options.keep))
    try:
        testbed, node, shim = prepare(options, workdir, user)
        lines = Run(options, workdir, testbed, node, user).run(shim)
    finally:
        if not options.keep:
            shutil.rmtree(workdir, ignore_errors=True)
    for event in touch_events(lines):
        print(json.dumps(event))
    return 0


if __name__ == "__main__":
    signal.signal(signal.SIGPIPE, signal.SIG_DFL)
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))  # through the finally clauses: nothing is left running
    try:
        sys.exit(main())
    except Missing as missing:
        say(str(missing))
        sys.exit(77)
    except Failure as failure:
        say(str(failure))
        sys.exit(1)
    except KeyboardInterrupt:
        say("interrupted")
        sys.exit(130)
