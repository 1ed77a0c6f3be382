#!/bin/sh
# bench/agg-scale.sh: lg-agg, lg-compare and lg-plot on the records of a
# study at scale, against a plain numpy script doing lg-agg's table
# (bench/agg-scale.py) in the same run.  The records are small scored
# LongWeave records made here (no model, no scorer): 7 tasks x 4 tiers
# x 5 models, two samples (seeds) of each case, scores drawn at random
# (awk, seeded), as many as each size asks; biog, sr and nw records carry
# four verdicts each, and a second judging of the records (the same with
# one verdict in ten flipped) is what lg-agree compares them with.  Per
# size, ROUNDS interleaved rounds (default 3) of:
#   lg-agg (default: 1000 resamples) and the script with its bootstrap,
#   lg-agg --bootstrap 0 and the script without it,
#   lg-compare --by gen.model=model-0,model-1 (default 2000 resamples),
#   lg-plot -k longweave and -k length, the charts these records make
#   (1000 resamples), and lg-plot -o DIR, every chart,
#   lg-agree of the records against a second judging of them (its kappa
#     intervals: 1000 resamples),
# and for each its medians: wall seconds, CPU seconds (user + system:
# the figure to quote on a loaded machine) and peak memory
# (/usr/bin/time), the records' size, the ratios of lg-agg's medians
# to the script's, and of lg-compare's and lg-plot's CPU to lg-agg's.
# With BEFORE=DIR, the lg-agg, lg-compare, lg-plot and lg-agree of DIR
# (an older build's bin/) run in the same rounds too, their rows named
# "before".
# With SHAPE=real, the records are of a real pipeline's shape instead:
# the demo's scored records of all three benchmarks (mk/demo.sh, N=2,
# lg-oracle and oracle-degraded), every member they carry (output,
# prompt, vars, checks, gold, parts, verdicts...), copied with new ids,
# models, seeds and cases to each size by bench/agg-real.py (strings cut
# to 100 characters, lists to 8 items, verdicts and scores whole: about
# 4.6 KiB a record), and lg-compare pairs lg-oracle-0 with
# oracle-degraded-0.
#
#   sh bench/agg-scale.sh                  400000 and 1000000 records
#   ROUNDS=5 sh bench/agg-scale.sh 400000  one size, five rounds
#   PY=/path/to/python3 sh bench/agg-scale.sh   the python with numpy
#   BEFORE=old/bin sh bench/agg-scale.sh 400000  before and after
#   SHAPE=real sh bench/agg-scale.sh 100000     real records, 460 MB
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
PATH=$top/bin:$PATH
shape=${SHAPE:-small}
case $shape in
small) [ $# -gt 0 ] || set -- 400000 1000000
	pair=gen.model=model-0,model-1 ;;
real) [ $# -gt 0 ] || set -- 100000
	pair=gen.model=lg-oracle-0,oracle-degraded-0 ;;
*) echo "bench: SHAPE=$shape: not small or real" >&2; exit 2 ;;
esac
rounds=${ROUNDS:-3}
w=$(mktemp -d)
trap 'rm -rf "$w"' EXIT
trap 'exit 130' INT TERM
if [ "$shape" = real ]; then
	DEMO_DIR=$w/demo DEMO_BIN=$top/bin N=2 sh "$top/mk/demo.sh" \
	    > /dev/null 2> "$w/demo.err" ||
	    { echo "bench: the demo failed:" >&2; cat "$w/demo.err" >&2; exit 1; }
fi

# a python3 with numpy: $PY, /usr/bin/python3, then the one on PATH
py=
for p in ${PY:-} /usr/bin/python3 python3; do
	if "$p" -c 'import numpy' 2>/dev/null; then py=$p; break; fi
done
if [ -z "$py" ]; then
	echo "bench: no python3 with numpy (set PY=..., or on Debian:" \
	    "apt-get install python3-numpy): the script's columns," \
	    "the baseline of every ratio, are left out" >&2
fi

# gen N [JUDGE]: N records; biog, sr and nw records carry four verdicts
# each (pass drawn with the score's odds), and with JUDGE, a second
# judging of the same records: every verdict flipped at odds 1 in 10
gen() {
	if [ "$shape" = real ]; then
		python3 "$top/bench/agg-real.py" "$1" 100 "$w/demo/all.scored"
		return
	fi
	awk -v n="$1" -v seed=1 -v judge="${2:-}" '
	BEGIN {
		srand(seed)
		nt = split("kvg sms pr cf biog sr nw", task, " ")
		nl = split("1k 2k 4k 8k", len, " ")
		nm = 5; ns = 2
		for (k = c = 0; k < n; c++)
		for (t = 1; t <= nt && k < n; t++)
		for (l = 1; l <= nl && k < n; l++)
		for (m = 0; m < nm && k < n; m++)
		for (s = 1; s <= ns && k < n; s++) {
			id = task[t] "-" len[l] "-" c
			p = 0.3 + 0.1 * m + 0.05 * l
			printf "{\"id\":\"%s/s%d\",\"case\":\"%s\",\"sample\":%d," \
			    "\"bench\":\"longweave\",\"task\":\"%s\",\"length\":" \
			    "\"%s\",\"gen\":{\"model\":\"model-%d\",\"lg\":" \
			    "\"0.1.0\",\"params\":{\"seed\":%d}},\"scores\":" \
			    "{\"score\":%.3f}", id, s, id, s, task[t], len[l],
			    m, s, rand() < p ? 0.5 + rand() / 2 : rand() / 2
			if (t >= 5) {
				printf ",\"verdicts\":["
				for (v = 0; v < 4; v++) {
					pass = rand() < p
					if (rand() < 0.1 && judge != "")
						pass = !pass
					printf "%s{\"kind\":\"fact\",\"at\":%d," \
					    "\"pass\":%s,\"judged\":true,\"by\":" \
					    "\"%s\"}", v ? "," : "", v,
					    pass ? "true" : "false",
					    judge != "" ? "judge" : "rules"
				}
				printf "]"
			}
			printf "}\n"
			k++
		}
	}'
}

# run NAME CMD...: one timed run, its wall and CPU seconds and peak KiB
# appended to $w/NAME
run() {
	name=$1
	shift
	/usr/bin/time -f '%e %U %S %M' -o "$w/t" "$@" > /dev/null 2> "$w/err" ||
	    { echo "bench: $name failed:" >&2; cat "$w/err" >&2; exit 1; }
	tail -n 1 "$w/t" >> "$w/$name"
}

# median FILE COLUMN-EXPR: the median of an awk expression over the lines
median() {
	awk "{ print $2 }" "$1" | sort -g |
	    awk '{ v[NR] = $1 } END { m = NR % 2 ? v[(NR + 1) / 2] : \
	        (v[NR / 2] + v[NR / 2 + 1]) / 2; printf "%.2f", m }'
}

row() {
	[ -s "$w/$1" ] || return 0
	printf '%-22s %8s %8s %10s\n' "$1" "$(median "$w/$1" '$1')" \
	    "$(median "$w/$1" '$2 + $3')" "$(median "$w/$1" '$4 / 1024')"
}

for size in "$@"; do
	gen "$size" > "$w/recs.jsonl"
	gen "$size" judge > "$w/judged.jsonl"
	rm -f "$w"/lg-* "$w"/numpy-* "$w"/before-*
	echo "== $size records, $(($(wc -c < "$w/recs.jsonl") / 1048576)) MiB;" \
	    "medians of $rounds interleaved rounds${py:+ (numpy: $py)}"
	i=0
	while [ "$i" -lt "$rounds" ]; do
		run lg-agg lg-agg "$w/recs.jsonl"
		[ -z "$py" ] || run numpy-b1000 "$py" "$top/bench/agg-scale.py" \
		    1000 "$w/recs.jsonl"
		run lg-agg-b0 lg-agg --bootstrap 0 "$w/recs.jsonl"
		[ -z "$py" ] || run numpy-b0 "$py" "$top/bench/agg-scale.py" 0 \
		    "$w/recs.jsonl"
		run lg-compare lg-compare --by "$pair" "$w/recs.jsonl"
		if [ -n "${BEFORE:-}" ]; then
			run before-lg-agg "$BEFORE/lg-agg" "$w/recs.jsonl"
			run before-lg-agg-b0 "$BEFORE/lg-agg" --bootstrap 0 \
			    "$w/recs.jsonl"
			run before-lg-compare "$BEFORE/lg-compare" --by "$pair" \
			    "$w/recs.jsonl"
		fi
		for p in "" ${BEFORE:+"$BEFORE/"}; do
			run "${p:+before-}lg-plot" "${p}lg-plot" -k longweave \
			    "$w/recs.jsonl"
			run "${p:+before-}lg-plot-length" "${p}lg-plot" -k length \
			    "$w/recs.jsonl"
			rm -rf "$w/charts"
			run "${p:+before-}lg-plot-o" "${p}lg-plot" -o "$w/charts" \
			    "$w/recs.jsonl"
		done
		run lg-agree lg-agree "$w/recs.jsonl" "$w/judged.jsonl"
		[ -z "${BEFORE:-}" ] || run before-lg-agree "$BEFORE/lg-agree" \
		    "$w/recs.jsonl" "$w/judged.jsonl"
		i=$((i + 1))
	done
	printf '%-22s %8s %8s %10s\n' command wall-s cpu-s peak-MiB
	for n in lg-agg numpy-b1000 lg-agg-b0 numpy-b0 lg-compare lg-plot \
	    lg-plot-length lg-plot-o before-lg-agg before-lg-agg-b0 \
	    before-lg-compare before-lg-plot before-lg-plot-length \
	    before-lg-plot-o lg-agree before-lg-agree; do
		row "$n"
	done
	for n in lg-compare lg-plot lg-plot-length lg-plot-o lg-agree; do
		echo "$n / lg-agg: cpu $(awk -v a="$(median "$w/lg-agg" '$2 + $3')" \
		    -v b="$(median "$w/$n" '$2 + $3')" 'BEGIN { printf "%.2f", b / a }')x"
	done
	[ -z "${BEFORE:-}" ] ||
	for n in before-lg-compare before-lg-plot before-lg-plot-length \
	    before-lg-plot-o before-lg-agree; do
		echo "$n / before-lg-agg: cpu $(awk \
		    -v a="$(median "$w/before-lg-agg" '$2 + $3')" \
		    -v b="$(median "$w/$n" '$2 + $3')" 'BEGIN { printf "%.2f", b / a }')x"
	done
	if [ -n "$py" ]; then
		for p in "lg-agg numpy-b1000" "lg-agg-b0 numpy-b0"; do
			set -- $p
			echo "$2 / $1: wall $(awk -v a="$(median "$w/$1" '$1')" \
			    -v b="$(median "$w/$2" '$1')" 'BEGIN { printf "%.2f", b / a }')x, cpu $(awk -v a="$(median "$w/$1" '$2 + $3')" \
			    -v b="$(median "$w/$2" '$2 + $3')" 'BEGIN { printf "%.2f", b / a }')x"
		done
	fi
done
