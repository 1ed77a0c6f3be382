#!/bin/sh
# lg-report's charts in headless Chromium: a bar of height 0 (a mean
# score of 0) is drawn as a visible mark, a line of the bar's colour, 3
# wide, across the bar's width at the axis; a bar above 0 gets none.
# Two models on two LongWeave tasks, one of them scoring 0 on each task.
# plain build only: its cost is Chromium (lg-report's C is in the goldens)
set -eu
. "$TOP/tests/lib.sh"
command -v chromium >/dev/null || fail "chromium missing (mk/deps.sh check installs it)"
export HOME=$t

for m in good zero; do
	for task in kvg pr; do
		s=1
		[ $m = zero ] && s=0
		printf '{"id":"longweave/%s/1k/0000","bench":"longweave","task":"%s","length":"1k","gen":{"model":"%s"},"scores":{"score":%s}}\n' \
		    "$task" "$task" "$m" "$s"
	done
done > "$t/run.jsonl"
lg-report --bootstrap 0 "$t/run.jsonl" > "$t/page.html" 2> "$t/err" ||
    fail "lg-report: $(cat "$t/err")"
timeout 300 chromium --headless --no-sandbox --disable-gpu \
    --user-data-dir="$t/profile" --no-first-run --disable-extensions \
    --enable-logging=stderr --v=0 --virtual-time-budget=20000 \
    --dump-dom "file://$t/page.html" > "$t/dom" 2> "$t/log" ||
    fail "chromium failed: $(tail -5 "$t/log")"
! grep -o 'data-error="[^"]*"' "$t/dom" || fail "script error"
py '
import re
attrs = lambda s: dict(re.findall(r"([a-z0-9-]+)=\"([^\"]*)\"", s))
page, dom = open(sys.argv[1]).read(), open(sys.argv[2]).read()
bars = [attrs(r) for r in re.findall(r"<rect ([^>]*stroke=[^>]*)/>", page)]
zero = [b for b in bars if float(b["height"]) == 0 and float(b["width"]) > 0]
lines = [attrs(l) for l in re.findall(r"<line ([^>]*class=\"zero\"[^>]*)>", dom)]
if len(zero) < 2 or len(zero) == len(bars):
    print("FAIL: %d bars of height 0 of %d, want some and not all" % (len(zero), len(bars))); sys.exit(1)
for b in zero:
    x, w = float(b["x"]), float(b["width"])
    hit = [l for l in lines if abs(float(l["x1"]) - x) < 0.05 and abs(float(l["x2"]) - x - w) < 0.05 and
           float(l["y1"]) == float(l["y2"]) == float(b["y"]) and l["stroke"] == b["fill"] and float(l["stroke-width"]) >= 2]
    if len(hit) != 1:
        print("FAIL: the bar of height 0 at x %s (%s) has %d marks, want 1: %s" % (b["x"], b["fill"], len(hit), lines)); sys.exit(1)
if len(lines) != len(zero):
    print("FAIL: %d marks for %d bars of height 0" % (len(lines), len(zero))); sys.exit(1)
' "$t/page.html" "$t/dom"
