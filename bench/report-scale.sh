#!/bin/sh
# bench/report-scale.sh: lg-report as one page against lg-report -o DIR (a
# folder whose page loads each case's details on demand), on runs of each
# size asked for.  The run: LongWeave kvg, sms, pr, biog, sr and nw at 1k
# and 2k, Ada-LEval tsort and bestanswer and, unless LGB=0, LongGenBench
# at 16k, answered by lg-oracle and the degraded oracle and scored (as
# bench/report.sh), its records repeated under new ids up to the size.
# Per size and form (page, folder), in ROUNDS interleaved rounds (default
# 3), the medians of:
#   lg-report's wall time and peak memory (/usr/bin/time; it runs lg-agg
#     and lg-compare on the records),
#   in headless Chromium from file://, opening index.html#case=ID&of=MODEL: the
#     time until the case list is shown (the page's script has run, from
#     the start of navigation), the time until the page is whole (its
#     DOMContentLoaded: for one page, every case's details read), the
#     time to open a case nine tenths down the list (from the call that
#     opens it to its details drawn, its chunk loaded and parsed
#     for a folder), and after the page's load the time to sort the list
#     by score, to search the ids and to filter by status (a script added
#     to a copy of the page clicks them), and Chromium's wall time;
# and once the sizes: the page, the folder, its index.html, its chunks.
#
#   sh bench/report-scale.sh                   1000 and 100000 cases
#   ROUNDS=5 sh bench/report-scale.sh 1000     one size, five rounds
#   SINGLE=0 sh bench/report-scale.sh 100000   the folder only
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
. "$top/bench/report-run.sh"
[ $# -gt 0 ] || set -- 1000 100000
rounds=${ROUNDS:-3}
export HOME=$w

report_run "$w/one.jsonl"

# (the page and its copy of 100000 cases take 2.5 GiB in TMPDIR)
# the script added to a copy of the page: after the load, sort by score,
# search the ids, filter by status, each timed
cat > "$w/probe" <<'EOF'
<script>
addEventListener('load', function () {
	var $ = function (id) { return document.getElementById(id); }, t = [performance.now()];
	document.querySelector('#cases-table th[data-k="11"]').click();
	t.push(performance.now());
	$('f-q').value = 'r7';
	$('f-q').oninput();
	t.push(performance.now());
	$('f-status').value = 'fail';
	$('f-status').onchange();
	t.push(performance.now());
	console.log('lg-bench: sort ' + Math.round(t[1] - t[0]) + ' search ' +
	    Math.round(t[2] - t[1]) + ' filter ' + Math.round(t[3] - t[2]) + ' ms');
});
</script>
EOF

browse() {	# PAGE CASE: one run of Chromium; appends the figures to $w/fig
	s=$(date +%s.%N)
	timeout 1800 chromium --headless --no-sandbox --disable-gpu \
	    --user-data-dir="$w/profile" --no-first-run --window-size=1200,900 \
	    --enable-logging=stderr --v=0 --screenshot="$w/shot.png" \
	    "file://$1#$(python3 "$top/tests/lg-report/caseaddr.py" "$1" "$2")" 2> "$w/log" > /dev/null || :
	e=$(date +%s.%N)
	rm -rf "$w/profile"
	list=$(sed -n 's/.*lg-report: list usable after \([0-9]*\) ms.*/\1/p' "$w/log" | head -1)
	whole=$(sed -n 's/.*lg-report: list usable after [0-9]* ms, page whole after \([0-9]*\) ms.*/\1/p' "$w/log" | head -1)
	open=$(sed -n "s/.*lg-report: case $2 shown in \([0-9]*\) ms.*/\1/p" "$w/log" | head -1)
	set -- $(sed -n 's/.*lg-bench: sort \([0-9]*\) search \([0-9]*\) filter \([0-9]*\) ms.*/\1 \2 \3/p' "$w/log" | head -1)
	[ -n "$list" ] && [ -n "$open" ] && [ $# -eq 3 ] || {
		echo "bench: the page did not load or case not shown: $(grep -i 'lg-\|error' "$w/log" | tail -3)" >&2
		exit 1
	}
	echo "list_ms $list" >> "$w/fig"
	echo "whole_ms $whole" >> "$w/fig"
	echo "open_ms $open" >> "$w/fig"
	echo "sort_ms $1" >> "$w/fig"
	echo "search_ms $2" >> "$w/fig"
	echo "filter_ms $3" >> "$w/fig"
	echo "chromium_s $(echo "$e - $s" | bc)" >> "$w/fig"
}

median() {	# FILE KEY
	awk -v k="$2" '$1 == k { print $2 }' "$1" | sort -n |
	    awk '{ v[NR] = $1 } END { if (NR) print (NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2) }'
}

forms=dir
for size in "$@"; do
	report_repeat "$w/one.jsonl" "$size" "$w/run.jsonl"
	echo "== $size cases: $(($(wc -c < "$w/run.jsonl") / 1048576)) MiB of records"
	# a case late in the run, in a chunk of full size (the last chunk may
	# hold a few cases only)
	late=$((size * 9 / 10))
	forms="page dir"
	[ "${SINGLE:-1}" = 1 ] || forms=dir
	rm -f "$w"/fig.*
	r=1
	while [ "$r" -le "$rounds" ]; do
		for f in $forms; do
			rm -rf "$w/out.html" "$w/out"
			if [ "$f" = page ]; then
				/usr/bin/time -f '%e %M' -o "$w/time" lg-report \
				    "$w/run.jsonl" > "$w/out.html" 2> "$w/err" || :
				page=$w/out.html
			else
				/usr/bin/time -f '%e %M' -o "$w/time" lg-report \
				    -o "$w/out" "$w/run.jsonl" 2> "$w/err" || :
				page=$w/out/index.html
			fi
			read -r secs kib < "$w/time" || :
			echo "report_s $secs" >> "$w/fig.$f"
			echo "report_mib $((kib / 1024))" >> "$w/fig.$f"
			if [ "$f" = page ]; then
				echo "page_mib $(($(wc -c < "$page") / 1048576))" >> "$w/fig.$f"
			else
				echo "dir_mib $(($(du -sb "$w/out" | cut -f1) / 1048576))" >> "$w/fig.$f"
				echo "index_kib $(($(wc -c < "$page") / 1024))" >> "$w/fig.$f"
				echo "chunks $(ls "$w/out/cases" | wc -l)" >> "$w/fig.$f"
				echo "chunk_max_kib $(($(ls -l "$w/out/cases" | awk 'NR > 1 && $5 > m { m = $5 } END { print m }') / 1024))" >> "$w/fig.$f"
			fi
			# the probe goes in a copy beside the page (the chunks at
			# the same place), before its end
			probe=${page%/*}/probe.html
			sed '/^<\/body>$/{
r '"$w/probe"'
N
}' "$page" > "$probe"
			grep -q 'lg-bench' "$probe" || { echo "bench: no probe in the page" >&2; exit 1; }
			: > "$w/fig"
			browse "$probe" "$late"
			cat "$w/fig" >> "$w/fig.$f"
		done
		r=$((r + 1))
	done
	for f in $forms; do
		echo "-- $f ($( [ "$f" = page ] && echo 'lg-report > page.html' || echo 'lg-report -o DIR'), median of $rounds rounds)"
		for k in report_s report_mib page_mib dir_mib index_kib chunks chunk_max_kib \
		    list_ms whole_ms open_ms sort_ms search_ms filter_ms chromium_s; do
			m=$(median "$w/fig.$f" "$k")
			[ -z "$m" ] || echo "$k $m"
		done
	done
done
