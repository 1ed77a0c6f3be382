#!/bin/sh
# Throughput and memory of LongGenBench scoring: lg-split | lg-judge --rules
# | lg-agg over oracle outputs at 32k, at two input sizes, to show that
# memory stays flat as the input grows.  The baseline, in the same run, is
# the published way in Python: load each record, split the output on #*#,
# number blocks with re.search, look for each check's words in its block,
# and average CR and pass rates (what the published scripts do, minus the
# judge model).
# Times are wall seconds and CPU seconds (user + system, which a loaded
# machine disturbs less) of a process and all it starts, to the
# microsecond; each is the median of ROUNDS runs (3).
#   bench/longgenbench.sh [MB ...]     (default: 100 1024)
# BASE_BIN=DIR adds the same rows for the tools in DIR (an older build:
# "base" and "base pipe") and the ratio of this build to it, in the same run.
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
bin=$top/bin
export LG_SHARE=$top/share
tmp=${TMPDIR:-/tmp}/lg-bench.$$
mkdir -p "$tmp"
trap 'rm -rf "$tmp"' EXIT INT TERM
[ $# -gt 0 ] || set -- 100 1024
rounds=${ROUNDS:-3}
py=/usr/bin/python3
[ -x "$py" ] || py=python3
base=${BASE_BIN:-}
[ -z "$base" ] || [ -x "$base/lg-split" ] ||
    { echo "bench: BASE_BIN=$base: no lg-split there" >&2; exit 2; }

# one block of oracle outputs at 32k, repeated to reach each size
"$bin/lg-gen" longgenbench -l 32k -n 8 -s 1 | "$bin/lg-prompt" |
    "$bin/lg-oracle" > "$tmp/block"
bsize=$(wc -c < "$tmp/block")

# "wall peak_kb cpu" of a command and all it starts: times to the
# microsecond (os.wait4's resource usage), the peak as /usr/bin/time
# reads it (a Python parent would add its own pages to the child's peak);
# the median run of $rounds by CPU time
cat > "$tmp/measure.py" <<'PY'
import os, sys, time
out = os.open(sys.argv[1], os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
rss = os.path.join(os.path.dirname(os.path.abspath(__file__)), "rss")
t = time.monotonic()
pid = os.fork()
if pid == 0:
    os.dup2(out, 1)
    os.execv("/usr/bin/time", ["/usr/bin/time", "-f", "%M", "-o", rss] + sys.argv[2:])
_, status, ru = os.wait4(pid, 0)
wall = time.monotonic() - t
if os.waitstatus_to_exitcode(status) != 0:
    sys.exit("bench: command failed: " + " ".join(sys.argv[2:]))
print("%.4f %s %.4f" % (wall, open(rss).read().split()[-1], ru.ru_utime + ru.ru_stime))
PY
timed() {	# out command...
	: > "$tmp/runs"
	i=0
	while [ "$i" -lt "$rounds" ]; do
		"$py" "$tmp/measure.py" "$@" >> "$tmp/runs"
		i=$((i + 1))
	done
	sort -k3 -n "$tmp/runs" | awk -v n="$rounds" 'NR == int((n + 1) / 2)'
}
measure() {	# file [bin] -> "wall peak_kb cpu" of the scoring pipeline, stage by stage
	b=${2:-$bin}
	timed "$tmp/p1" "$b/lg-split" "$1" > "$tmp/t1"
	timed "$tmp/p2" "$b/lg-judge" --rules "$tmp/p1" > "$tmp/t2"
	timed /dev/null "$b/lg-agg" "$tmp/p2" > "$tmp/t3"
	awk '{ s += $1; c += $3; if ($2 > m) m = $2 } END { print s, m, c }' \
	    "$tmp/t1" "$tmp/t2" "$tmp/t3"
	paste -d' ' "$tmp/t1" "$tmp/t2" "$tmp/t3" > "$tmp/stages"
}
row() {	# label "wall peak_kb cpu" [extra]
	set -- "$1" $2 "${3:-}"
	# a time below the clock's resolution counts as one microsecond
	[ "$(echo "$2 > 0" | bc)" -eq 1 ] || set -- "$1" 0.000001 "$3" "$4" "$5"
	[ "$(echo "$4 > 0" | bc)" -eq 1 ] || set -- "$1" "$2" "$3" 0.000001 "$5"
	printf '%-8s %-9s %8d %8.3f %8.3f %8.1f %8.1f %10.1f%s\n' "${mb}MB" "$1" "$recs" \
	    "$2" "$4" "$(echo "$size / 1048576 / $2" | bc -l)" \
	    "$(echo "$size / 1048576 / $4" | bc -l)" "$(echo "$3 / 1024" | bc -l)" "$5"
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

printf 'machine: %s cores, load %s\n' "$(nproc)" "$(cut -d' ' -f1-3 /proc/loadavg)"
printf '%-8s %-9s %8s %8s %8s %8s %8s %10s\n' input tool records wall_s cpu_s MB/s cpu_MB/s peak_RSS_MB
for mb in "$@"; do
	want=$((mb * 1024 * 1024))
	: > "$tmp/in"
	size=0
	while [ "$size" -lt "$want" ]; do
		cat "$tmp/block" >> "$tmp/in"
		size=$((size + bsize))
	done
	recs=$(wc -l < "$tmp/in")
	lg=$(measure "$tmp/in")
	set -- $(cat "$tmp/stages")
	row lg "$lg" "   (split ${3}s, judge ${6}s, agg ${9}s CPU)"
	pipe=$(timed /dev/null sh -c "'$bin/lg-split' '$tmp/in' |
	    '$bin/lg-judge' --rules | '$bin/lg-agg'")
	row "lg pipe" "$pipe"
	if [ -n "$base" ]; then
		cp "$tmp/stages" "$tmp/stages.lg"
		bst=$(measure "$tmp/in" "$base")
		set -- $(cat "$tmp/stages")
		row base "$bst" "   (split ${3}s, judge ${6}s, agg ${9}s CPU)"
		bpipe=$(timed /dev/null sh -c "'$base/lg-split' '$tmp/in' |
		    '$base/lg-judge' --rules | '$base/lg-agg'")
		row "base pipe" "$bpipe"
		cp "$tmp/stages.lg" "$tmp/stages"
	fi
	pyr=$(timed /dev/null "$py" "$tmp/baseline.py" "$tmp/in")
	row python "$pyr"
	# what one filter stage costs before it does anything: read and
	# write every record (lg-prompt passes records with a prompt through)
	row "lg rt" "$(timed /dev/null "$bin/lg-prompt" "$tmp/in")"
	prt=$(timed /dev/null "$py" "$tmp/roundtrip.py" "$tmp/in")
	row "python rt" "$prt"
	set -- $(cat "$tmp/stages")
	s1=$3 s2=$6 s3=$9
	set -- $prt
	prc=$3
	set -- $lg
	lgw=$1 lgc=$3
	set -- $pipe
	pw=$1 pc=$3
	set -- $pyr
	printf '%-8s lg vs python: %.2fx by CPU (stages), %.2fx by CPU (pipe), %.2fx by wall (pipe), %.2fx by wall (stages) (want >= 4)\n' \
	    "${mb}MB" "$(echo "$3 / $lgc" | bc -l)" "$(echo "$3 / $pc" | bc -l)" \
	    "$(echo "$1 / $pw" | bc -l)" "$(echo "$1 / $lgw" | bc -l)"
	# how much of the machine the pipe keeps busy: its CPU over its wall
	printf '%-8s lg pipe keeps %.2f of %s cores busy\n' "${mb}MB" \
	    "$(echo "$pc / $pw" | bc -l)" "$(nproc)"
	# each stage against one read and write of every record in Python
	printf '%-8s each stage vs python rt by CPU: split %.1fx, judge %.1fx, agg %.1fx (want >= 3)\n' \
	    "${mb}MB" "$(echo "$prc / $s1" | bc -l)" \
	    "$(echo "$prc / $s2" | bc -l)" "$(echo "$prc / $s3" | bc -l)"
	if [ -n "$base" ]; then
		set -- $bst
		bc_=$3
		set -- $bpipe
		printf '%-8s this build vs base: %.2fx by CPU (stages), %.2fx by CPU (pipe), %.2fx by wall (pipe)\n' \
		    "${mb}MB" "$(echo "$bc_ / $lgc" | bc -l)" "$(echo "$3 / $pc" | bc -l)" \
		    "$(echo "$1 / $pw" | bc -l)"
	fi
	rm -f "$tmp/p1" "$tmp/p2"
done
echo "(lg: the three stages one after another on files, so the time is their"
echo " sum and the peak RSS the largest of the three; lg pipe: the same as a"
echo " shell pipeline, wall time; python: the published way in one process,"
echo " without its judge model, writing nothing back; rt: one read and write"
echo " of every record, the floor of any filter stage, lg-prompt against"
echo " Python's json.loads and json.dumps)"
