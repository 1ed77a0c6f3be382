#!/bin/sh
# Throughput and memory of LongGenBench scoring: lg-split | lg-judge --rules
# | lg-agg over oracle outputs at 32k, at two input sizes, to show that
# memory stays flat as the input grows.
#   bench/longgenbench.sh [MB ...]     (default: 100 1024)
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
bin=$top/bin
export LG_SHARE=$top/share
tmp=${TMPDIR:-/tmp}/lg-bench.$$
mkdir -p "$tmp"
trap 'rm -rf "$tmp"' EXIT INT TERM
[ $# -gt 0 ] || set -- 100 1024

# one block of oracle outputs at 32k, repeated to reach each size
"$bin/lg-gen" longgenbench -l 32k -n 8 -s 1 | "$bin/lg-prompt" |
    "$bin/lg-oracle" > "$tmp/block"
bsize=$(wc -c < "$tmp/block")

measure() {	# file -> "seconds peak_kb" of the scoring pipeline
	/usr/bin/time -f '%e %M' -o "$tmp/t1" "$bin/lg-split" "$1" > "$tmp/p1"
	/usr/bin/time -f '%e %M' -o "$tmp/t2" "$bin/lg-judge" --rules "$tmp/p1" > "$tmp/p2"
	/usr/bin/time -f '%e %M' -o "$tmp/t3" "$bin/lg-agg" "$tmp/p2" > /dev/null
	awk '{ s += $1; if ($2 > m) m = $2 } END { print s, m }' "$tmp/t1" "$tmp/t2" "$tmp/t3"
	paste -d' ' "$tmp/t1" "$tmp/t2" "$tmp/t3" > "$tmp/stages"
}

printf '%-8s %8s %10s %9s %9s %9s %12s\n' input records seconds MB/s \
    split_MB judge_MB peak_RSS_MB
for mb in "$@"; do
	want=$((mb * 1024 * 1024))
	: > "$tmp/in"
	size=0
	while [ "$size" -lt "$want" ]; do
		cat "$tmp/block" >> "$tmp/in"
		size=$((size + bsize))
	done
	recs=$(wc -l < "$tmp/in")
	set -- $(measure "$tmp/in")
	secs=$1 peak=$2
	set -- $(cat "$tmp/stages")
	printf '%-8s %8d %10.2f %9.1f %9.1f %9.1f %12.1f\n' "${mb}MB" "$recs" "$secs" \
	    "$(echo "$size / 1048576 / $secs" | bc -l)" "$(echo "$2 / 1024" | bc -l)" \
	    "$(echo "$4 / 1024" | bc -l)" "$(echo "$peak / 1024" | bc -l)"
	rm -f "$tmp/p1" "$tmp/p2"
done
echo "(stages run one after another on files, so each stage's time and peak"
echo " memory are its own; peak RSS is the largest of the three)"
