#!/bin/sh
# lg-flake8 beside a baseline build, in the same run: the CF suite
# (lg-gen longweave -t cf -l 1k,2k,4k,8k -n N, default 50: 200 cases),
# reference answers and degraded ones (lg-oracle --drop 0.3).  Prints per
# run the wall-clock seconds, cases per second, CPU seconds (user+system,
# children included) and a checksum of the per-case counts (flake8 counts,
# function counts, runnable, score): the same checksum means the same counts
# on every case, and each row says whether its counts are the baseline's.
# Runs, in this order for each answer set: the baseline; this build with an
# empty cache (cold: as --no-cache, plus the writes); again with the cache
# the cold run filled (warm, as a second run over the same originals is).
# Then the one-time preparation, lg-flake8 --prepare over the prompts (the
# suite before it has answers) into an empty cache (the cache is what
# this part measures: the answers do not carry), and the scoring of each
# answer set with that cache (prepared); the preparation's cost is printed
# beside, and prepare + prepared is the whole cost of a first run that way.
# Last, the results carried in the records: lg-flake8 --prepare --no-cache
# over the prompts (carry: the one-time cost, the member orig added to each
# record, the rest unchanged), the answers made from those prompts, and
# their scoring with an empty cache of its own each (carried), beside the
# sum of the two.  Last, the reference answers with one in 64 holding a
# NUL byte (nul), which flake8 refuses, without a cache (the baseline
# too, when it has one).  Both --prepare rows check that they add orig and change
# nothing else.
# Each ratio to the baseline is given in wall-clock time and in CPU time
# (user+system, children included): on a shared machine the CPU ratio is
# the steadier one.
#   bench/lw-flake8.sh [N]
# BASE_BIN=PATH uses that lg-flake8 as the baseline; otherwise it is built
# from BASE_REF (default e4a18c1, lg-flake8 before the cache and -j) in a
# temporary clone.  NEW_BIN=PATH measures that lg-flake8 instead of
# bin/lg-flake8 (either is copied first: a rebuild meanwhile changes nothing).
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
bin=$top/bin
export LG_SHARE=$top/share
n=${1:-50}
py=/usr/bin/python3
tmp=${TMPDIR:-/tmp}/lg-bench-f8.$$
mkdir -p "$tmp"
trap 'rm -rf "$tmp"' EXIT INT TERM

if [ -n "${BASE_BIN:-}" ]; then
	base=$BASE_BIN
else
	ref=${BASE_REF:-e4a18c1}
	git clone -q "$top" "$tmp/base"
	git -C "$tmp/base" checkout -q "$ref"
	make -C "$tmp/base" bin/lg-flake8 >/dev/null 2>&1
	base=$tmp/base/bin/lg-flake8
fi
cp "$base" "$tmp/lg-flake8.base"
base=$tmp/lg-flake8.base
cp "${NEW_BIN:-$bin/lg-flake8}" "$tmp/lg-flake8"
new=$tmp/lg-flake8
"$bin/lg-gen" longweave -t cf -l 1k,2k,4k,8k -n "$n" | "$bin/lg-prompt" > "$tmp/prompts"
"$bin/lg-oracle" "$tmp/prompts" > "$tmp/reference"
"$bin/lg-oracle" --drop 0.3 "$tmp/prompts" > "$tmp/degraded"
cases=$(wc -l < "$tmp/reference")

# per-case counts, one line per case, then their SHA-256 (12 digits)
sums() {
	"$py" -c '
import json, sys
for l in open(sys.argv[1]):
    r = json.loads(l)
    s = r.get("scores", {})
    print(r["id"], *(s.get(k) for k in ("flake8_fixed", "flake8_orig",
        "defs_fixed", "defs_orig", "runnable", "score")))' "$1" |
	    sha256sum | cut -c1-12
}
# name binary answers options...: a row of the table; the counts are
# compared with the baseline's of the same answers (A.carried: those of A;
# prompts, --prepare: the output must be the input with orig added, kept
# as prompts.NAME)
one() {
	name=$1 b=$2 a=$3
	shift 3
	/usr/bin/time -f '%e %U %S' -o "$tmp/time" "$b" "$@" "$tmp/$a" \
	    > "$tmp/out" 2> /dev/null || true
	# the last line: when the tool exits 1 (a record failed), time says
	# so first on a line of its own
	read -r wall user sys <<EOF
$(tail -n 1 "$tmp/time")
EOF
	cpu=$(echo "$user + $sys" | bc -l)
	if [ "$a" = prompts ]; then
		sum=-
		cp "$tmp/out" "$tmp/prompts.$name"
		same=$(carried "$tmp/prompts" "$tmp/out")
	else
		sum=$(sums "$tmp/out")
		[ "$name" = baseline ] && echo "$sum" > "$tmp/sum.$a"
		[ "$sum" = "$(cat "$tmp/sum.${a%.carried}")" ] && same="same" ||
		    same="DIFFER"
	fi
	printf '%-17s %-10s %6d %8.1f %8.1f %8.1f  %-12s %s\n' "$a" "$name" \
	    "$cases" "$wall" "$(echo "$cases / $wall" | bc -l)" "$cpu" "$sum" \
	    "$same"
	echo "$wall $cpu" > "$tmp/t.$a.$name"
}
# each record of $2 that of $1 with the member orig added at its end, with
# both parts (lint and run) in each cf record
carried() {
	"$py" -c '
import json, sys
ins, outs = open(sys.argv[1]).readlines(), open(sys.argv[2]).readlines()
ok = len(ins) == len(outs)
for a, b in zip(ins, outs):
    o = json.loads(b).get("orig", {})
    m = ",\"orig\":" + json.dumps(o, separators=(",", ":")) + "}\n"
    ok = ok and b == a[:-2] + m and set(o) == {"sha256", "lint", "run"}
print("orig added, rest unchanged" if ok else "RECORDS CHANGED")' "$1" "$2"
}
# answers run: its ratio to the baseline, wall-clock and CPU
ratio() {
	read -r bw bc < "$tmp/t.${1%.carried}.baseline"
	read -r w c < "$tmp/t.$1.$2"
	printf '  %s %s: %.2fx the baseline (wall), %.2fx (CPU)\n' "$1" "$2" \
	    "$(echo "$bw / $w" | bc -l)" "$(echo "$bc / $c" | bc -l)"
}

echo "lg-flake8 on the CF suite, $cases cases, $(getconf _NPROCESSORS_ONLN) processors," \
    "load $(cut -d' ' -f1-3 /proc/loadavg)"
printf '%-17s %-10s %6s %8s %8s %8s  %-12s %s\n' answers run cases seconds \
    cases/s cpu-s counts "counts against the baseline"
for a in reference degraded; do
	one baseline "$base" "$a"
	rm -rf "$tmp/cache"
	one cold "$new" "$a" --cache "$tmp/cache"
	one warm "$new" "$a" --cache "$tmp/cache"
	ratio "$a" cold
	ratio "$a" warm
done
# the one-time preparation, then scoring with what it kept
rm -rf "$tmp/cache"
one prepare "$new" prompts --prepare --cache "$tmp/cache"
read -r pw pc < "$tmp/t.prompts.prepare"
for a in reference degraded; do
	one prepared "$new" "$a" --cache "$tmp/cache"
	ratio "$a" prepared
	read -r w c < "$tmp/t.$a.prepared"
	printf '  %s prepare + prepared: %.1f s, %.1f cases/s, %.1f CPU s\n' "$a" \
	    "$(echo "$pw + $w" | bc -l)" "$(echo "$cases / ($pw + $w)" | bc -l)" \
	    "$(echo "$pc + $c" | bc -l)"
done
# the results carried in the records: the one-time cost, then the answers
# made from the carried prompts, each scored with an empty cache of its own
one carry "$new" prompts --prepare --no-cache
read -r pw pc < "$tmp/t.prompts.carry"
"$bin/lg-oracle" "$tmp/prompts.carry" > "$tmp/reference.carried"
"$bin/lg-oracle" --drop 0.3 "$tmp/prompts.carry" > "$tmp/degraded.carried"
for a in reference.carried degraded.carried; do
	rm -rf "$tmp/cache"
	one carried "$new" "$a" --cache "$tmp/cache"
	[ -z "$(find "$tmp/cache" -name '*.json')" ] ||
	    echo "  $a: ORIGINALS LINTED OR RUN (cache entries written)"
	ratio "$a" carried
	read -r w c < "$tmp/t.$a.carried"
	printf '  %s carry + carried: %.1f s, %.1f cases/s, %.1f CPU s\n' "$a" \
	    "$(echo "$pw + $w" | bc -l)" "$(echo "$cases / ($pw + $w)" | bc -l)" \
	    "$(echo "$pc + $c" | bc -l)"
done
# one answer in 64 holding a NUL byte, which flake8 refuses: the runs
# that fail on it and are done again
"$py" -c '
import json, sys
for i, l in enumerate(open(sys.argv[1])):
    if i % 64 == 32:
        r = json.loads(l)
        r["output"] = r["output"].replace("```python\n", "```python\n\0", 1)
        l = json.dumps(r) + "\n"
    sys.stdout.write(l)' "$tmp/reference" > "$tmp/nul"
nc=
"$base" --no-cache < /dev/null > /dev/null 2>&1 && nc=--no-cache
one baseline "$base" nul $nc
one nul "$new" nul --no-cache
ratio nul nul
echo "load at the end $(cut -d' ' -f1-3 /proc/loadavg)"
