#!/usr/bin/env python3
"""Says what a PNG holds, for the tests that render plots in headless Chromium.

    tools/png-stats.py picture.png [--colour '#4e79a7' ...]

prints one JSON object: the size, how many distinct colours, the fraction of
pixels that are not white, and for each --colour how many pixels are within
8 of it on every channel. Standard library only (zlib): 8-bit greyscale, RGB,
palette, grey+alpha and RGBA images, not interlaced (what Chromium writes).
"""
import collections
import json
import struct
import sys
import zlib


def unfilter(kind, line, previous, channels):
    """Undoes one scanline's filter (PNG section 9) in place."""
    size = len(line)
    if kind == 0:
        return line
    if kind == 2:
        # Byte-wise addition without carries, on the whole line at once.
        a = int.from_bytes(line, "big")
        b = int.from_bytes(previous, "big")
        low = int.from_bytes(b"\x7f" * size, "big")
        high = int.from_bytes(b"\x80" * size, "big")
        total = ((a & low) + (b & low)) ^ ((a ^ b) & high)
        return bytearray(total.to_bytes(size, "big"))
    if kind == 1:
        for i in range(channels, size):
            line[i] = (line[i] + line[i - channels]) & 0xFF
        return line
    if kind == 3:
        for i in range(size):
            left = line[i - channels] if i >= channels else 0
            line[i] = (line[i] + ((left + previous[i]) >> 1)) & 0xFF
        return line
    if kind == 4:
        for i in range(size):
            if i >= channels:
                a, c = line[i - channels], previous[i - channels]
            else:
                a = c = 0
            b = previous[i]
            p = a + b - c
            pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
            line[i] = (line[i] + (a if pa <= pb and pa <= pc else (b if pb <= pc else c))) & 0xFF
        return line
    raise ValueError(f"unknown filter {kind}")


def decode(path):
    """The image's size and a Counter of its colours (RGB tuples)."""
    with open(path, "rb") as handle:
        data = handle.read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError(f"{path}: not a PNG file")
    position, idat, palette = 8, bytearray(), None
    width = height = depth = colour_type = interlace = None
    while position + 8 <= len(data):
        length, kind = struct.unpack(">I4s", data[position:position + 8])
        body = data[position + 8:position + 8 + length]
        position += 12 + length
        if kind == b"IHDR":
            width, height, depth, colour_type, _, _, interlace = struct.unpack(">IIBBBBB", body)
        elif kind == b"PLTE":
            palette = [tuple(body[i:i + 3]) for i in range(0, len(body), 3)]
        elif kind == b"IDAT":
            idat += body
        elif kind == b"IEND":
            break
    if width is None or depth != 8 or interlace != 0:
        raise ValueError(f"{path}: bit depth {depth}, interlace {interlace}: only 8-bit, not interlaced")
    channels = {0: 1, 2: 3, 3: 1, 4: 2, 6: 4}[colour_type]
    raw = zlib.decompress(bytes(idat))
    stride = width * channels
    previous = bytearray(stride)
    colours = collections.Counter()
    for row in range(height):
        offset = row * (stride + 1)
        line = unfilter(raw[offset], bytearray(raw[offset + 1:offset + 1 + stride]), previous, channels)
        values = iter(line)
        pixels = zip(*[values] * channels)
        if colour_type == 2:
            colours.update(pixels)
        elif colour_type == 6:
            colours.update(p[:3] for p in pixels)
        elif colour_type == 3:
            colours.update(palette[p[0]] for p in pixels)
        else:
            colours.update((p[0], p[0], p[0]) for p in pixels)
        previous = line
    return width, height, colours


def main(arguments):
    if not arguments or arguments[0].startswith("-"):
        print(__doc__.strip(), file=sys.stderr)
        return 64
    path, wanted = arguments[0], []
    rest = arguments[1:]
    while rest:
        if rest[0] == "--colour" and len(rest) > 1:
            wanted.append(rest[1])
            rest = rest[2:]
        else:
            print(f"png-stats: unknown argument {rest[0]!r}", file=sys.stderr)
            return 64
    try:
        width, height, colours = decode(path)
    except (OSError, ValueError, KeyError, zlib.error) as error:
        print(f"png-stats: {error}", file=sys.stderr)
        return 1
    targets = {name: tuple(int(name.lstrip("#")[i:i + 2], 16) for i in (0, 2, 4)) for name in wanted}
    counts = {name: sum(count for rgb, count in colours.items() if all(abs(a - b) <= 8 for a, b in zip(rgb, target)))
              for name, target in targets.items()}
    total = width * height
    non_white = total - colours.get((255, 255, 255), 0)
    print(json.dumps({"width": width, "height": height, "distinct": len(colours),
                      "nonWhite": non_white / max(1, total), "colours": counts}))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
