# PNG FILE RRGGBB...: for each colour, the count of pixels within 12 of it
# in the left half and in the right half of the image, "left right" per
# line; used by tests/scripts/report-browser.sh to see what the page shows
# where (a verdict's colour on the side of its model).
import os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "helpers"))
import png
w, h = png.size(sys.argv[1])
want = [tuple(int(c[i:i + 2], 16) for i in (0, 2, 4)) for c in sys.argv[2:]]
count = [[0, 0] for _ in want]
for x, y, r, g, b, a in png.pixels(sys.argv[1]):
    for j, col in enumerate(want):
        if abs(r - col[0]) <= 12 and abs(g - col[1]) <= 12 and abs(b - col[2]) <= 12:
            count[j][0 if x < w // 2 else 1] += 1
for left, right in count:
    print(left, right)
