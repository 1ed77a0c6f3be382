#!/bin/sh
# bench/report.sh: lg-report on large runs.  A mixed run (LongWeave kvg,
# sms, pr, biog, sr and nw at 1k and 2k, Ada-LEval tsort and bestanswer,
# and, unless LGB=0, LongGenBench at 16k), answered by the oracle and the
# degraded oracle and scored, its records repeated under new ids up to each
# size asked for; then per size: the records' size, the time and peak
# memory of lg-report (which runs lg-agg and lg-compare), the page's size,
# and in headless Chromium the time until the case list is usable (the
# page's script has run, from the start of navigation), the time until the
# page is whole (every case's details parsed), both as the page logs them,
# and the wall time of starting Chromium, opening the page with its last
# case shown (#case=ID&of=MODEL, its details parsed on demand) and taking a
# screenshot.
#
#   sh bench/report.sh                  from the top of the tree: 1000 cases
#   sh bench/report.sh 1000 100000      each size in turn
#   LGB=0 sh bench/report.sh 100000     without the long LongGenBench records
#   MAXTEXT=2k sh bench/report.sh 100000   lg-report --max-text 2k
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
. "$top/bench/report-run.sh"
[ $# -gt 0 ] || set -- 1000

report_run "$w/one.jsonl"

for size in "$@"; do
	report_repeat "$w/one.jsonl" "$size" "$w/run.jsonl"
	echo "== $size cases: $(($(wc -c < "$w/run.jsonl") / 1048576)) MiB of records"
	/usr/bin/time -f '%e s %M KiB' -o "$w/time" lg-report \
	    ${MAXTEXT:+--max-text "$MAXTEXT"} "$w/run.jsonl" > "$w/report.html"
	echo "lg-report: $(cat "$w/time") (wall time, peak memory)"
	echo "page: $(($(wc -c < "$w/report.html") / 1048576)) MiB"
	last=$((size - 1))
	s=$(date +%s.%N)
	timeout 1200 chromium --headless --no-sandbox --disable-gpu --hide-scrollbars \
	    --user-data-dir="$w/profile" --no-first-run --window-size=1200,900 \
	    --enable-logging=stderr --v=0 --screenshot="$w/shot.png" \
	    "file://$w/report.html#$(python3 "$top/tests/lg-report/caseaddr.py" "$w/report.html" "$last")" 2> "$w/log" > /dev/null || :
	e=$(date +%s.%N)
	msg=$(grep -o 'lg-report: list usable[^"]*' "$w/log" | head -1)
	[ -n "$msg" ] || { echo "bench: the page did not load: $(tail -3 "$w/log")" >&2; exit 1; }
	echo "chromium: $msg"
	case $msg in *"case shown: $last") ;; *) echo "bench: case $last not shown" >&2; exit 1 ;; esac
	echo "chromium opened the page, showed case $last and took its screenshot in $(echo "$e - $s" | bc) s"
	rm -rf "$w/profile"
done
