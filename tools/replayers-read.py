#!/usr/bin/python3
"""Reads a recording as the real replay tools do, and prints what they read.

    tools/replayers-read.py evemu FILE
        libevemu (what evemu-play and evemu-device call, through ctypes):
        evemu_read for the device, then evemu_read_event until the end.
    tools/replayers-read.py libinput-record FILE
        libinput replay's own code (/usr/libexec/libinput/libinput-replay,
        loaded as a module): its YAML load and check_file, its device
        creation (the uinput device itself is stood in for) and its replay
        loop, without sleeping.

Prints one JSON object: {"name": device name, "events": how many events the
tool would write, "last": the last as [sec, usec, type, code, value]}; exits 1
with the tool's complaint when it refuses the file, 2 when the tool is missing.
The tests run it on what `tactile convert` writes (Swift Testing, skipped when
it exits 2). Runs with the system's python3, where libinput's modules are.
"""
import ctypes
import importlib.machinery
import importlib.util
import json
import sys


def evemu(path):
    try:
        lib = ctypes.CDLL("libevemu.so.3")
    except OSError as error:
        print(f"libevemu is not installed (Debian: evemu-tools): {error}", file=sys.stderr)
        sys.exit(2)
    libc = ctypes.CDLL(None)
    libc.fopen.restype = ctypes.c_void_p
    libc.fopen.argtypes = [ctypes.c_char_p, ctypes.c_char_p]
    libc.fclose.argtypes = [ctypes.c_void_p]

    class InputEvent(ctypes.Structure):
        _fields_ = [("sec", ctypes.c_long), ("usec", ctypes.c_long), ("type", ctypes.c_ushort),
                    ("code", ctypes.c_ushort), ("value", ctypes.c_int)]

    lib.evemu_new.restype = ctypes.c_void_p
    lib.evemu_new.argtypes = [ctypes.c_char_p]
    lib.evemu_read.argtypes = [ctypes.c_void_p, ctypes.c_void_p]
    lib.evemu_get_name.restype = ctypes.c_char_p
    lib.evemu_get_name.argtypes = [ctypes.c_void_p]
    lib.evemu_read_event.argtypes = [ctypes.c_void_p, ctypes.POINTER(InputEvent)]
    lib.evemu_delete.argtypes = [ctypes.c_void_p]

    stream = libc.fopen(path.encode(), b"r")
    if not stream:
        print(f"cannot open {path}", file=sys.stderr)
        sys.exit(1)
    device = lib.evemu_new(None)
    if lib.evemu_read(device, stream) <= 0:
        print(f"evemu_read refused the device header of {path}", file=sys.stderr)
        sys.exit(1)
    name = lib.evemu_get_name(device).decode(errors="replace")
    count, last, event = 0, None, InputEvent()
    while True:
        status = lib.evemu_read_event(stream, ctypes.byref(event))
        if status < 0:
            print(f"evemu_read_event refused event {count + 1} of {path}", file=sys.stderr)
            sys.exit(1)
        if status == 0:
            break
        count += 1
        last = [event.sec, event.usec, event.type, event.code, event.value]
    libc.fclose(stream)
    lib.evemu_delete(device)
    return {"name": name, "events": count, "last": last}


def libinput_record(path):
    script = "/usr/libexec/libinput/libinput-replay"
    try:
        loader = importlib.machinery.SourceFileLoader("libinput_replay", script)
        spec = importlib.util.spec_from_loader("libinput_replay", loader)
        replay = importlib.util.module_from_spec(spec)
        loader.exec_module(replay)
    except (OSError, ImportError, SystemExit) as error:
        print(f"libinput replay cannot run here (Debian: libinput-tools): {error}", file=sys.stderr)
        sys.exit(2)

    sent = []

    class StandIn:
        """The uinput device libinput replay would create: takes what it sends."""
        devnode = "/dev/input/event-stand-in"
        name = ""

        def send_events(self, events):
            sent.extend(events)

    replay.libevdev.Device.create_uinput_device = lambda device: StandIn()
    replay.check_udev_properties = lambda device, uinput: None
    replay.time.sleep = lambda seconds: None
    try:
        with open(path) as stream:
            recording = replay.yaml.safe_load(stream)
        replay.check_file(recording)
        devices = replay.fetch(recording, "devices")
        first = min(filter(lambda t: t is not None, [replay.first_timestamp(d) for d in devices]), default=0)
        for index, device in enumerate(devices):
            device["__uinput"] = replay.create(device)
            device["__index"] = index
            device["__first_event_offset"] = first  # as its loop sets it; the sleeps are skipped
            replay.replay(device, False)
        name = replay.fetch(replay.fetch(devices[0], "evdev"), "name")
    except (replay.YamlException, KeyError, TypeError, ValueError) as error:
        print(f"libinput replay refused {path}: {error!r}", file=sys.stderr)
        sys.exit(1)
    last = sent[-1] if sent else None
    return {"name": name, "events": len(sent),
            "last": None if last is None else [last.sec, last.usec, last.type.value, last.code.value, last.value]}


def main():
    if len(sys.argv) != 3 or sys.argv[1] not in ("evemu", "libinput-record"):
        print(__doc__, file=sys.stderr)
        sys.exit(64)
    result = evemu(sys.argv[2]) if sys.argv[1] == "evemu" else libinput_record(sys.argv[2])
    print(json.dumps(result))


if __name__ == "__main__":
    main()
