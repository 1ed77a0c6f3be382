# png.py: the pixels of a PNG file (8 bits, RGB or RGBA), for the tests
# that look at screenshots (tests/lg-plot/inked.py,
# tests/lg-report/colours.py): pixels(path) yields (x, y, r, g, b, a)
# row by row; size(path) is (width, height).
import struct, zlib


def _chunks(path):
    d = open(path, "rb").read()
    assert d[:8] == b"\x89PNG\r\n\x1a\n"
    i = 8
    while i < len(d):
        n, k = struct.unpack(">I4s", d[i:i + 8])
        yield k, d[i + 8:i + 8 + n]
        i += 12 + n


def size(path):
    for k, c in _chunks(path):
        if k == b"IHDR":
            return struct.unpack(">II", c[:8])


def pixels(path):
    idat = b""
    for k, c in _chunks(path):
        if k == b"IHDR":
            w, h, depth, ctype = struct.unpack(">IIBB", c[:10])
            assert depth == 8 and ctype in (2, 6), (depth, ctype)
            bpp = 4 if ctype == 6 else 3
        elif k == b"IDAT":
            idat += c
    raw = zlib.decompress(idat)
    stride = w * bpp
    prev = bytearray(stride)
    for y in range(h):
        f = raw[y * (stride + 1)]
        line = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for x in range(stride):
            a = line[x - bpp] if x >= bpp else 0
            b = prev[x]
            c = prev[x - bpp] if x >= bpp else 0
            if f == 1: line[x] = (line[x] + a) & 255
            elif f == 2: line[x] = (line[x] + b) & 255
            elif f == 3: line[x] = (line[x] + (a + b) // 2) & 255
            elif f == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[x] = (line[x] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        for x in range(0, stride, bpp):
            yield (x // bpp, y, line[x], line[x + 1], line[x + 2],
                   line[x + 3] if bpp == 4 else 255)
        prev = line
