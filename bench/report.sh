#!/bin/sh
# bench/report.sh: lg-report on a large run.  A LongGenBench suite (16k and
# 32k, N cases per variant) answered by the degraded oracle and scored, its
# records repeated R times under new ids, then: the records' size, the time
# and peak memory of lg-report, the page's size, and the time headless
# Chromium takes to open the page, run its script and show one case (a
# screenshot after the page is whole), checked not blank.
#
#   sh bench/report.sh               from the top of the tree (N=4 R=20)
#   N=8 R=50 sh bench/report.sh
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
N=${N:-4}
R=${R:-20}
PATH=$top/bin:$PATH
export LG_SHARE=$top/share
w=$(mktemp -d)
trap 'rm -rf "$w"' EXIT
command -v chromium >/dev/null || { echo "bench: chromium missing (sh mk/deps.sh check)" >&2; exit 1; }

lg-gen longgenbench -l 16k,32k -n "$N" -s 5 | lg-prompt |
    lg-oracle --model degraded --stop-at 0.8 --forget-after 0.6 --drop 0.2 |
    lg-split | lg-judge --rules > "$w/one.jsonl"
i=1
while [ "$i" -le "$R" ]; do
	sed "s|\"id\":\"|\"id\":\"r$i/|" "$w/one.jsonl"
	i=$((i + 1))
done > "$w/run.jsonl"
echo "records: $(wc -l < "$w/run.jsonl") cases, $(($(wc -c < "$w/run.jsonl") / 1048576)) MiB"
/usr/bin/time -f '%e s %M KiB' -o "$w/time" lg-report "$w/run.jsonl" > "$w/report.html"
echo "lg-report: $(cat "$w/time") (wall time, peak memory)"
echo "page: $(($(wc -c < "$w/report.html") / 1048576)) MiB"
last=$(($(wc -l < "$w/run.jsonl") - 1))
s=$(date +%s.%N)
timeout 600 chromium --headless --no-sandbox --disable-gpu --hide-scrollbars \
    --user-data-dir="$w/profile" --no-first-run --window-size=1000,800 \
    --virtual-time-budget=60000 --screenshot="$w/shot.png" \
    "file://$w/report.html#case=$last" 2>/dev/null
e=$(date +%s.%N)
echo "chromium: page opened, case $last shown, screenshot taken in $(echo "$e - $s" | bc) s"
set -- $(/usr/bin/python3 "$top/tests/lg-plot/inked.py" "$w/shot.png")
echo "screenshot: $1 per mille of the pixels drawn"
[ "$1" -ge 20 ]
