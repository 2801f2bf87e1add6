#!/usr/bin/env python3
"""Where a wlroots compositor draws a window's title bar on an output's panel,
as the panel holds the picture: which way the compositor turns the picture
for an output transform, read from the real compositor rather than from a
document.

    tools/output-picture.py OUTPUT [--png FILE]

Run inside the session (WAYLAND_DISPLAY, XDG_RUNTIME_DIR), with one tiled
window on OUTPUT (sway draws its title bar along the window's top). The
output's picture is taken through wlr-screencopy-unstable-v1, which gives the
buffer as the output's panel scans it out (not turned back as grim turns it),
and the script prints one JSON line:

    {"output": "HEADLESS-1", "width": 1920, "height": 1080, "edge": "right", "text": [5, 27]}

`edge`: the panel's edge along which a strip of one colour 10 to 40 pixels
deep runs its whole length (the title bar), `text`: where along that strip
the title's light pixels are (from the panel's top or left). With `--png`,
the picture is also written, a quarter of its size. Exit status 1 when the
compositor offers no screencopy or no such output.

The Wayland wire protocol is spoken directly (wayland.xml): messages are the
object id, then size and opcode in one 32-bit word, then 32-bit arguments; a
file descriptor (the shared memory) goes as SCM_RIGHTS.
"""

import argparse
import array
import json
import mmap
import os
import select
import socket
import struct
import sys
import time
import zlib


class Client:
    def __init__(self):
        path = os.environ["WAYLAND_DISPLAY"]
        if not path.startswith("/"):
            path = os.path.join(os.environ["XDG_RUNTIME_DIR"], path)
        self.socket = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.socket.connect(path)
        self.next_id, self.buffer, self.handlers = 2, b"", {}

    def new_id(self):
        self.next_id += 1
        return self.next_id - 1

    def send(self, obj, opcode, payload=b"", fd=None):
        message = struct.pack("<II", obj, ((8 + len(payload)) << 16) | opcode) + payload
        if fd is None:
            self.socket.sendall(message)
        else:
            self.socket.sendmsg([message], [(socket.SOL_SOCKET, socket.SCM_RIGHTS, array.array("i", [fd]))])

    @staticmethod
    def string(text):
        data = text.encode() + b"\0"
        return struct.pack("<I", len(data)) + data + b"\0" * ((4 - len(data) % 4) % 4)

    def bind(self, name, interface, version):
        obj = self.new_id()
        self.send(2, 0, struct.pack("<I", name) + self.string(interface) + struct.pack("<II", version, obj))
        return obj

    def dispatch(self, until, timeout=10):
        end = time.monotonic() + timeout
        while not until():
            if time.monotonic() > end:
                raise SystemExit("output-picture: the compositor did not answer in %d s" % timeout)
            ready, _, _ = select.select([self.socket], [], [], 0.1)
            if ready:
                data = self.socket.recv(65536)
                if not data:
                    raise SystemExit("output-picture: the compositor closed the connection")
                self.buffer += data
            while len(self.buffer) >= 8:
                obj, word = struct.unpack("<II", self.buffer[:8])
                size = word >> 16
                if len(self.buffer) < size:
                    break
                body, self.buffer = self.buffer[8:size], self.buffer[size:]
                handler = self.handlers.get(obj)
                if handler:
                    handler(word & 0xFFFF, body)

    def round_trip(self):
        done = []
        callback = self.new_id()
        self.handlers[callback] = lambda opcode, body: done.append(True)
        self.send(1, 0, struct.pack("<I", callback))
        self.dispatch(lambda: done)


def read_string(body, offset):
    length = struct.unpack_from("<I", body, offset)[0]
    return body[offset + 4:offset + 4 + length - 1].decode(), offset + 4 + (length + 3) // 4 * 4


def capture(output_name):
    client = Client()
    globals_, names = {}, {}

    def registry(opcode, body):
        if opcode == 0:
            name = struct.unpack_from("<I", body, 0)[0]
            interface, end = read_string(body, 4)
            globals_.setdefault(interface, []).append((name, struct.unpack_from("<I", body, end)[0]))

    client.handlers[2] = registry
    client.send(1, 1, struct.pack("<I", client.new_id()))   # wl_display.get_registry: id 2
    client.round_trip()
    if "zwlr_screencopy_manager_v1" not in globals_:
        raise SystemExit("output-picture: the compositor offers no wlr-screencopy")
    for name, version in globals_.get("wl_output", []):
        obj = client.bind(name, "wl_output", min(version, 4))
        client.handlers[obj] = lambda opcode, body, obj=obj: names.__setitem__(obj, read_string(body, 0)[0]) if opcode == 4 else None
    client.round_trip()
    output = next((obj for obj, name in names.items() if name == output_name), None)
    if output is None:
        raise SystemExit("output-picture: no output %s (%s)" % (output_name, ", ".join(names.values())))
    name, version = globals_["zwlr_screencopy_manager_v1"][0]
    manager = client.bind(name, "zwlr_screencopy_manager_v1", min(version, 3))
    shm = client.bind(globals_["wl_shm"][0][0], "wl_shm", 1)
    frame, state = client.new_id(), {}

    def on_frame(opcode, body):
        if opcode == 0:
            state["buffer"] = struct.unpack_from("<IIII", body, 0)   # format, width, height, stride
        elif opcode == 1:
            state["flags"] = struct.unpack_from("<I", body, 0)[0]
        elif opcode in (2, 3):
            state["ready" if opcode == 2 else "failed"] = True
        elif opcode == 6:
            state["described"] = True

    client.handlers[frame] = on_frame
    client.send(manager, 0, struct.pack("<IiI", frame, 0, output))   # capture_output(frame, overlay_cursor, output)
    client.dispatch(lambda: "buffer" in state and (version < 3 or "described" in state))
    pixel_format, width, height, stride = state["buffer"]
    size = stride * height
    memory = os.memfd_create("output-picture")
    os.ftruncate(memory, size)
    pool = client.new_id()
    client.send(shm, 0, struct.pack("<Ii", pool, size), fd=memory)
    buffer = client.new_id()
    client.send(pool, 0, struct.pack("<IiiiiI", buffer, 0, width, height, stride, pixel_format))
    client.send(frame, 0, struct.pack("<I", buffer))   # copy
    client.dispatch(lambda: "ready" in state or "failed" in state)
    if "failed" in state:
        raise SystemExit("output-picture: the compositor failed to copy %s" % output_name)
    picture = mmap.mmap(memory, size)
    y_inverted = state.get("flags", 0) & 1

    def pixel(x, y):
        row = height - 1 - y if y_inverted else y
        offset = row * stride + x * 4
        return picture[offset + 2], picture[offset + 1], picture[offset]   # XRGB/ARGB in memory: B, G, R
    return width, height, pixel


def title_bar(width, height, pixel):
    """The edge along which one colour runs the whole length 10 to 40 pixels deep, and its light pixels."""
    lines = {
        "top": lambda depth: [(x, depth) for x in range(0, width, 3)],
        "bottom": lambda depth: [(x, height - 1 - depth) for x in range(0, width, 3)],
        "left": lambda depth: [(depth, y) for y in range(0, height, 3)],
        "right": lambda depth: [(width - 1 - depth, y) for y in range(0, height, 3)],
    }
    for edge, line in lines.items():
        colours = [pixel(*point) for point in line(6)]
        dominant = max(set(colours), key=colours.count)
        if colours.count(dominant) < 0.6 * len(colours):
            continue
        inner = line(60)
        inner = inner[len(inner) // 10:-len(inner) // 10]   # not the window's borders across the edge's ends
        if all(pixel(*point) != dominant for point in inner[::7]):
            along = [index * 3 for index in range(len(colours)) for depth in range(4, 24)
                     if sum(pixel(*line(depth)[index])) > 600]
            return edge, [min(along), max(along)] if along else None
    return None, None


def write_png(path, width, height, pixel, factor=4):
    rows = b"".join(b"\0" + b"".join(bytes(pixel(x * factor, y * factor)) for x in range(width // factor))
                    for y in range(height // factor))

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    header = struct.pack(">IIBBBBB", width // factor, height // factor, 8, 2, 0, 0, 0)
    with open(path, "wb") as handle:
        handle.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b""))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("output")
    parser.add_argument("--png")
    options = parser.parse_args()
    width, height, pixel = capture(options.output)
    edge, text = title_bar(width, height, pixel)
    if options.png:
        write_png(options.png, width, height, pixel)
    print(json.dumps({"output": options.output, "width": width, "height": height, "edge": edge, "text": text}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
