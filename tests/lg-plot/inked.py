# PNG FILE: print the share of non-white pixels (per mille) and the count
# of pixels near #0072B2 (Okabe-Ito blue), from the decoded image; used by
# tests/scripts/plot-render.sh and report-browser.sh.
import sys, zlib, struct
d = open(sys.argv[1], "rb").read()
assert d[:8] == b"\x89PNG\r\n\x1a\n"
i, idat, w = 8, b"", 0
while i < len(d):
    n, k = struct.unpack(">I4s", d[i:i + 8])
    c = d[i + 8:i + 8 + n]
    if k == b"IHDR":
        w, h, depth, ctype = struct.unpack(">IIBB", c[:10])
        assert depth == 8 and ctype in (2, 6), (depth, ctype)
        bpp = 4 if ctype == 6 else 3
    elif k == b"IDAT":
        idat += c
    i += 12 + n
raw = zlib.decompress(idat)
stride = w * bpp
prev = bytearray(stride)
ink = blue = 0
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
        r, g, bl = line[x], line[x + 1], line[x + 2]
        al = line[x + 3] if bpp == 4 else 255
        if al > 0 and (r, g, bl) != (255, 255, 255):
            ink += 1
        if al > 200 and abs(r - 0) < 24 and abs(g - 0x72) < 24 and abs(bl - 0xb2) < 24:
            blue += 1
    prev = line
print(ink * 1000 // (w * h), blue)
