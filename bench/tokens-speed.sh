#!/bin/sh
# bench/tokens-speed.sh: the cl100k_base tokenizer's speed, lg-tokens of
# this build against a baseline build in the same run.  Inputs: prose (the
# novels of share/corpora cut into records of about 4 KB, as outputs are,
# the whole repeated REPEAT times, default 8), one spaceless word of random
# letters of 100 KB and of 600 KB, a run of 600 KB of one letter (ties
# throughout), and one short record for the start-up (the table's
# loading), which is taken off the others' times for tokens/s.  In ROUNDS
# interleaved rounds (default 7: each input by this build, then the
# baseline, the order swapped every other round), the medians of user+
# system seconds (to the microsecond with python3, else to the hundredth
# by /usr/bin/time).  Before timing, both builds' ids must agree on every
# input; with SHARED (default ../shared) holding the reference encodings
# (data/tokenizers/cl100k_vectors.jsonl) this build's ids and counts are
# checked against them too.
#
#   BASE=DIR sh bench/tokens-speed.sh
#   BASE=DIR ROUNDS=11 REPEAT=4 sh bench/tokens-speed.sh
# DIR holds the baseline's lg-tokens (for example a build of the commit
# before the change: git archive REV | tar -x -C DIR && make -C DIR
# bin/lg-tokens, then BASE=DIR/bin); without BASE this build alone.
# NEW=DIR times the lg-tokens in DIR in place of bin/.
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
shared=${SHARED:-$top/../shared}
rounds=${ROUNDS:-7}
repeat=${REPEAT:-8}
table=$top/share/tokenizers/cl100k_base.tiktoken
new=${NEW:-$top/bin}
base=${BASE:-}
w=$top/build/bench/tokens-speed

skip() { echo "bench/tokens-speed.sh: skipped: $*"; exit 0; }
command -v jq >/dev/null 2>&1 || skip "jq is needed"
[ -x /usr/bin/time ] || skip "/usr/bin/time is needed (Debian package time)"
[ -f "$table" ] || skip "no table at $table"
[ -n "${NEW:-}" ] || make -C "$top" --no-print-directory bin/lg-tokens >/dev/null
[ -z "$base" ] || [ -x "$base/lg-tokens" ] || skip "no lg-tokens in $base"
mkdir -p "$w"

# the inputs
for _ in $(seq "$repeat"); do cat "$top"/share/corpora/austen/*.txt; done |
    jq -Rsc 'split("\n\n") | reduce .[] as $p ([[""]];
    if (.[-1][0] | length) > 4000 then . + [[$p]]
    else .[-1][0] += (if .[-1][0] == "" then "" else "\n\n" end) + $p end)
    | .[] | {text: .[0]}' > "$w/prose.jsonl"
word() {	# BYTES: random lower-case letters, the same each run
	awk -v n="$1" 'BEGIN { srand(1); for (i = 0; i < n; i++)
	    printf "%c", 97 + int(rand() * 26) }' | jq -Rsc '{text: .}'
}
word 100000 > "$w/word-100k.jsonl"
word 600000 > "$w/word-600k.jsonl"
awk 'BEGIN { for (i = 0; i < 600000; i++) printf "a" }' | jq -Rsc '{text: .}' \
    > "$w/run-600k.jsonl"
echo '{"text": "start"}' > "$w/start.jsonl"
inputs="start prose word-100k word-600k run-600k"

tok() {	# BINDIR [INPUT] [--ids]
	d=$1
	shift
	"$d/lg-tokens" --tokenizer "$table" -f text "$@"
}

# the same tokens, and the reference's
for i in $inputs; do
	tok "$new" "$w/$i.jsonl" --ids > "$w/$i.new"
	if [ -n "$base" ]; then
		tok "$base" "$w/$i.jsonl" --ids > "$w/$i.base"
		cmp -s "$w/$i.new" "$w/$i.base" ||
		    { echo "bench: $i: the builds' tokens differ" >&2; exit 1; }
	fi
done
vec=$shared/data/tokenizers/cl100k_vectors.jsonl
if [ -f "$vec" ]; then
	jq -c 'select(has("text"))' "$vec" > "$w/vec.jsonl"
	tok "$new" "$w/vec.jsonl" --ids | jq -c '.token_ids.text' > "$w/vec.got"
	jq -c '.tokens' "$w/vec.jsonl" | cmp -s - "$w/vec.got" ||
	    { echo "bench: the reference encodings differ" >&2; exit 1; }
	jq -r 'select(has("file")) | "\(.file) \(.count)"' "$vec" |
	while read -r f count; do
		[ -f "$shared/data/$f" ] || continue
		got=$(jq -Rsc '{text: .}' "$shared/data/$f" | tok "$new" |
		    jq '.tokens.text')
		[ "$got" = "$count" ] ||
		    { echo "bench: $f: $got tokens, want $count" >&2; exit 1; }
	done
	echo "reference encodings: $(wc -l < "$w/vec.jsonl") texts and the" \
	    "whole-file counts agree"
fi

# the rounds: "INPUT BUILD SECONDS" lines
: > "$w/times"
run() {	# BUILD BINDIR INPUT
	if [ -n "$py" ]; then	# to the microsecond
		"$py" -c 'import resource, subprocess, sys
c = resource.RUSAGE_CHILDREN
a = resource.getrusage(c)	# what came before, as a launcher
subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, check=True)
r = resource.getrusage(c)
print("%.6f %.6f" % (r.ru_utime - a.ru_utime, r.ru_stime - a.ru_stime))' \
		    "$2/lg-tokens" \
		    --tokenizer "$table" -f text "$w/$3.jsonl" > "$w/time"
	else	# to the hundredth
		/usr/bin/time -f '%U %S' -o "$w/time" "$2/lg-tokens" \
		    --tokenizer "$table" -f text "$w/$3.jsonl" > /dev/null
	fi
	awk -v i="$3" -v b="$1" '{ print i, b, $1 + $2 }' "$w/time" >> "$w/times"
}
py=$(command -v python3 || true)
for r in $(seq "$rounds"); do
	for i in $inputs; do
		if [ -z "$base" ]; then
			run new "$new" "$i"
		elif [ $((r % 2)) -eq 1 ]; then
			run new "$new" "$i"
			run base "$base" "$i"
		else
			run base "$base" "$i"
			run new "$new" "$i"
		fi
	done
done

median() {	# INPUT BUILD
	awk -v i="$1" -v b="$2" '$1 == i && $2 == b { print $3 }' "$w/times" |
	    sort -g | awk '{ v[NR] = $1 } END {
	    if (NR % 2)
		print v[(NR + 1) / 2]
	    else
		print (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}
printf '%s rounds, medians of user+system seconds; tokens/s after the ' "$rounds"
printf 'start-up\n%-10s %9s %8s' input bytes tokens
builds=new
[ -z "$base" ] || builds="base new"
for b in $builds; do printf ' %8s %12s' "$b-s" "$b-tok/s"; done
[ -z "$base" ] || printf ' %8s' speed-up
echo
for i in $inputs; do
	bytes=$(jq -j '.text' "$w/$i.jsonl" | wc -c)
	tokens=$(jq -s 'map(.tokens.text) | add' "$w/$i.new")
	printf '%-10s %9s %8s' "$i" "$bytes" "$tokens"
	for b in $builds; do
		s=$(median "$i" "$b")
		s0=$(median start "$b")
		awk -v s="$s" -v s0="$s0" -v t="$tokens" -v i="$i" 'BEGIN {
		    r = "-"
		    if (i != "start" && s > s0)
			r = sprintf("%.0f", t / (s - s0))
		    printf " %8.4f %12s", s, r }'
	done
	if [ -n "$base" ]; then
		awk -v a="$(median "$i" base)" -v b="$(median "$i" new)" \
		    -v a0="$(median start base)" -v b0="$(median start new)" \
		    -v i="$i" 'BEGIN {
		    r = "-"
		    if (i == "start" && b > 0)
			r = sprintf("%.2fx", a / b)
		    else if (i != "start" && a > a0 && b > b0)
			r = sprintf("%.2fx", (a - a0) / (b - b0))
		    printf " %8s", r }'
	fi
	echo
done
