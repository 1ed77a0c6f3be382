#!/bin/sh
# Throughput and memory of LongGenBench scoring: lg-split | lg-judge --rules
# | lg-agg over oracle outputs at 32k, at two input sizes, to show that
# memory stays flat as the input grows.  The baseline, in the same run, is
# the published way in Python: load each record, split the output on #*#,
# number blocks with re.search, look for each check's words in its block,
# and average CR and pass rates (what the published scripts do, minus the
# judge model).
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

cat > "$tmp/baseline.py" <<'PY'
import json, re, sys
cr = passed = total = n = 0
for line in open(sys.argv[1], encoding="utf-8"):
    r = json.loads(line)
    t, num = r["gold"]["type"], r["gold"]["number"]
    blocks = {}
    for b in r["output"].split("#*#"):
        m = re.search(rf"{t} (\d+)", b)
        if m and int(m.group(1)) not in blocks:
            blocks[int(m.group(1))] = b.lower()
    cr += 100 * len([k for k in blocks if 1 <= k <= num]) / num
    for c in r["checks"]:
        total += 1
        b = blocks.get(c["at"])
        words = re.findall(r"\w+", c["want"].lower())
        if b is not None and all(w in b for w in words):
            passed += 1
    n += 1
print(n, cr / n, 100 * passed / total)
PY
cat > "$tmp/roundtrip.py" <<'PY'
import json, sys
out = open("/dev/null", "w")
for line in open(sys.argv[1], encoding="utf-8"):
    out.write(json.dumps(json.loads(line), ensure_ascii=False,
                         separators=(",", ":")) + "\n")
PY
py=/usr/bin/python3
[ -x "$py" ] || py=python3

printf '%-8s %-9s %8s %10s %9s %12s\n' input tool records seconds MB/s peak_RSS_MB
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
	printf '%-8s %-9s %8d %10.2f %9.1f %12.1f   (split %.1f MB, judge %.1f MB)\n' \
	    "${mb}MB" lg "$recs" "$secs" "$(echo "$size / 1048576 / $secs" | bc -l)" \
	    "$(echo "$peak / 1024" | bc -l)" "$(echo "$2 / 1024" | bc -l)" \
	    "$(echo "$4 / 1024" | bc -l)"
	/usr/bin/time -f '%e %M' -o "$tmp/tl" sh -c "'$bin/lg-split' '$tmp/in' |
	    '$bin/lg-judge' --rules | '$bin/lg-agg' > /dev/null"
	set -- $(cat "$tmp/tl")
	printf '%-8s %-9s %8d %10.2f %9.1f %12.1f\n' "${mb}MB" "lg pipe" "$recs" "$1" \
	    "$(echo "$size / 1048576 / $1" | bc -l)" "$(echo "$2 / 1024" | bc -l)"
	/usr/bin/time -f '%e %M' -o "$tmp/tp" "$py" "$tmp/baseline.py" "$tmp/in" > /dev/null
	set -- $(cat "$tmp/tp")
	printf '%-8s %-9s %8d %10.2f %9.1f %12.1f\n' "${mb}MB" python "$recs" "$1" \
	    "$(echo "$size / 1048576 / $1" | bc -l)" "$(echo "$2 / 1024" | bc -l)"
	# what one filter stage costs before it does anything: read and
	# write every record (lg-prompt passes records with a prompt through)
	/usr/bin/time -f '%e %M' -o "$tmp/tr" "$bin/lg-prompt" "$tmp/in" > /dev/null
	set -- $(cat "$tmp/tr")
	printf '%-8s %-9s %8d %10.2f %9.1f %12.1f\n' "${mb}MB" "lg rt" "$recs" "$1" \
	    "$(echo "$size / 1048576 / $1" | bc -l)" "$(echo "$2 / 1024" | bc -l)"
	/usr/bin/time -f '%e %M' -o "$tmp/tr" "$py" "$tmp/roundtrip.py" "$tmp/in"
	set -- $(cat "$tmp/tr")
	printf '%-8s %-9s %8d %10.2f %9.1f %12.1f\n' "${mb}MB" "python rt" "$recs" "$1" \
	    "$(echo "$size / 1048576 / $1" | bc -l)" "$(echo "$2 / 1024" | bc -l)"
	rm -f "$tmp/p1" "$tmp/p2"
done
echo "(lg: the three stages one after another on files, so the time is their"
echo " sum and the peak RSS the largest of the three; lg pipe: the same as a"
echo " shell pipeline, wall time; python: the published way in one process,"
echo " without its judge model, writing nothing back; rt: one read and write"
echo " of every record, the floor of any filter stage, lg-prompt against"
echo " Python's json.loads and json.dumps)"
