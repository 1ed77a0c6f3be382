# PNG FILE: print the share of non-white pixels (per mille) and the count
# of pixels near #0072B2 (Okabe-Ito blue), from the decoded image; used by
# tests/scripts/plot-render.sh and report-browser.sh.
import os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "helpers"))
import png
w, h = png.size(sys.argv[1])
ink = blue = 0
for x, y, r, g, bl, al in png.pixels(sys.argv[1]):
    if al > 0 and (r, g, bl) != (255, 255, 255):
        ink += 1
    if al > 200 and abs(r - 0) < 24 and abs(g - 0x72) < 24 and abs(bl - 0xb2) < 24:
        blue += 1
print(ink * 1000 // (w * h), blue)
