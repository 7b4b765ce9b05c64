"""Draws the page's app icons (static/icon-192.png, static/icon-512.png) as static/icon.svg
draws them: a wooden board with two rows of three pits and a store at each end, seeds in
the pits. The standard library only (zlib and struct write the PNG).

    python3 web/tools/icons.py
"""

import math
import os
import struct
import zlib

WOOD, EDGE, HOLE, SEED, BACK = (176, 122, 60), (110, 69, 24), (110, 69, 24), (242, 231, 201), (247, 241, 230)


def pixel(x, y):
    """The colour at (x, y) in a 100×100 square (the SVG's viewBox)."""
    # The board: a rounded rectangle (maskable: everything inside the safe circle).
    if not (10 <= x <= 90 and 24 <= y <= 76):
        return BACK
    rx = 12
    cx = min(max(x, 10 + rx), 90 - rx)
    cy = min(max(y, 24 + rx), 76 - rx)
    d = math.hypot(x - cx, y - cy)
    if d > rx:
        return BACK
    if d > rx - 2.5:
        return EDGE
    # The stores.
    for sx in (19, 81):
        if abs(x - sx) <= 6 and 31 <= y <= 69:
            ey = min(max(y, 37), 63)
            if math.hypot(x - sx, y - ey) <= 6:
                return HOLE
    # The pits and their seeds.
    for px in (36.7, 50, 63.3):
        for py in (38, 62):
            r = math.hypot(x - px, y - py)
            if r <= 5.6:
                for a in range(3):
                    t = a * 2.1 + 0.5
                    if math.hypot(x - (px + 2.4 * math.cos(t)), y - (py + 2.4 * math.sin(t))) <= 1.6:
                        return SEED
                return HOLE
    return WOOD


def png(size, path):
    rows = []
    for j in range(size):
        row = bytearray([0])
        for i in range(size):
            # 3×3 samples a pixel: smooth edges.
            acc = [0, 0, 0]
            for a in range(3):
                for b in range(3):
                    c = pixel((i + (a + 0.5) / 3) * 100 / size, (j + (b + 0.5) / 3) * 100 / size)
                    for k in range(3):
                        acc[k] += c[k]
            row += bytes(v // 9 for v in acc)
        rows.append(bytes(row))
    raw = zlib.compress(b"".join(rows), 9)

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    with open(path, "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n")
        f.write(chunk(b"IHDR", struct.pack(">IIBBBBB", size, size, 8, 2, 0, 0, 0)))
        f.write(chunk(b"IDAT", raw))
        f.write(chunk(b"IEND", b""))


if __name__ == "__main__":
    static = os.path.join(os.path.dirname(__file__), "..", "static")
    for size in (192, 512):
        png(size, os.path.join(static, f"icon-{size}.png"))
