#!/bin/sh
# bench/report-cpu.sh: the processor time of lg-report, its own and its
# tables' (the runs of lg-agg, lg-compare and lg-tags it starts), against
# a baseline build in the same run.  The run as bench/report-scale.sh's,
# its records repeated up to each size asked for.  Per size, in ROUNDS
# interleaved rounds (default 3: this build, the baseline, ...), the
# medians of user+system seconds: lg-report as a whole (its children
# waited for are in it), its tables, and its own (the difference), and
# the ratio of this build's own time to its tables'.
#
#   BASE=DIR sh bench/report-cpu.sh            10000 and 100000 cases
#   BASE=DIR ROUNDS=5 sh bench/report-cpu.sh 10000
# DIR holds the baseline's lg-report, lg-agg, lg-compare and lg-tags (a
# copy of bin/ before the change); without BASE this build alone.  NEW=DIR
# times the build in DIR in place of bin/.
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
. "$top/bench/report-run.sh"
export HOME=$w
[ $# -gt 0 ] || set -- 10000 100000

# each build in a folder of its own: lg-report beside wrappers that time
# each of its tables into $w/kids
wrap() {	# BINDIR NAME
	mkdir -p "$w/$2"
	cp "$1/lg-report" "$w/$2/"
	for t in lg-agg lg-compare lg-tags; do
		printf '#!/bin/sh\nexec /usr/bin/time -f "%%U %%S" -a -o "%s/kids" "%s/%s" "$@"\n' \
		    "$w" "$1" "$t" > "$w/$2/$t"
		chmod +x "$w/$2/$t"
	done
}
builds=new
wrap "${NEW:-$top/bin}" new
if [ -n "${BASE:-}" ]; then
	wrap "$BASE" base
	builds="new base"
fi

median() {	# FILE KEY
	awk -v k="$2" '$1 == k { print $2 }' "$1" | sort -n |
	    awk '{ v[NR] = $1 } END { if (NR) print (NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2) }'
}

report_run "$w/one.jsonl"
rounds=${ROUNDS:-3}
for size in "$@"; do
	report_repeat "$w/one.jsonl" "$size" "$w/run.jsonl"
	echo "== $size cases: $(($(wc -c < "$w/run.jsonl") / 1048576)) MiB of records"
	rm -f "$w"/fig.*
	r=1
	while [ "$r" -le "$rounds" ]; do
		for b in $builds; do
			: > "$w/kids"
			/usr/bin/time -f '%U %S' -o "$w/time" "$w/$b/lg-report" \
			    "$w/run.jsonl" > "$w/out.html" 2> "$w/err" || {
				echo "bench: lg-report failed: $(tail -3 "$w/err")" >&2
				exit 1
			}
			all=$(awk '{ print $1 + $2 }' "$w/time")
			kids=$(awk '{ s += $1 + $2 } END { print s + 0 }' "$w/kids")
			echo "all_s $all" >> "$w/fig.$b"
			echo "tables_s $kids" >> "$w/fig.$b"
			echo "own_s $(echo "$all - $kids" | bc)" >> "$w/fig.$b"
			echo "own_per_tables $(echo "scale=3; ($all - $kids) / $kids" | bc)" >> "$w/fig.$b"
		done
		r=$((r + 1))
	done
	for b in $builds; do
		echo "-- $b (user+sys seconds, median of $rounds rounds)"
		for k in all_s tables_s own_s own_per_tables; do
			echo "$k $(median "$w/fig.$b" "$k")"
		done
	done
done
