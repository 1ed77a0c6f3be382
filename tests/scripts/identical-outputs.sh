#!/bin/sh
# Every scoring tool, and lg-infer against the test server, gives the same
# bytes as the reference outputs recorded in identical-outputs.sums: the
# oracle suites of all three benchmarks, answers degraded in several ways,
# and hostile records.  Each line of the list is the SHA-256 of one run's
# stdout, stderr and exit status, and the run's name; a failure names the
# runs that differ.  After a change meant to alter outputs, write the list
# again with
#   UPDATE=1 BIN=bin OBJ=build/obj TOP=. TMPDIR=/tmp sh tests/scripts/identical-outputs.sh
# (lg-infer's endpoint port and timings are masked before hashing.)
set -eu
sums=$TOP/tests/scripts/identical-outputs.sums
. "$TOP/tests/lg-infer/fake.sh"
d=$t/io
mkdir -p "$d"
export LC_ALL=C

# --- inputs
sh "$TOP/tests/mkcorpus.sh" "$d/corpus" 3 60 > /dev/null
lg-gen longgenbench -l 16k,32k -n 2 -s 7 | lg-prompt > "$d/lgb.cases"
lg-gen longweave -t kvg,sms,pr,cf -l 1k,4k -n 2 -s 7 --corpus "$d/corpus" |
    lg-prompt > "$d/lw.cases"
cat "$d/lgb.cases" "$d/lw.cases" > "$d/all.cases"
lg-oracle "$d/all.cases" > "$d/a.oracle"
lg-oracle --model weak --stop-at 0.8 --forget-after 0.6 --drop 0.2 \
    "$d/all.cases" > "$d/a.weak"
lg-oracle --model weaker --stop-at 0.3 --forget-after 0.1 --drop 0.6 \
    "$d/all.cases" > "$d/a.weaker"
# answers edited by hand: no separators, headers in other spellings,
# duplicates, numbers out of range, escapes and NULs, wrong types
{
	cat "$d/a.weak"
	py '
import json, sys
for i, line in enumerate(open(sys.argv[1])):
    r = json.loads(line)
    o = r.get("output")
    if not isinstance(o, str):
        continue
    k = i % 7
    if k == 0:
        o = o.replace("#*#", "\n")
    elif k == 1:
        o = o.replace("#*#", "#*# ## **").replace("Week", "WEEK")
    elif k == 2:
        o = o + "\n#*#" + o[: len(o) // 3]
    elif k == 3:
        o = o.replace("1", "\u0661").replace("2", "99999")
    elif k == 4:
        o = o.replace(" ", "\u0000 ", 5).replace("e", "\u00e9\\\"")
    elif k == 5:
        o = o[::-1]
    r["id"] = r["id"] + "-e%d" % k
    if k == 6:
        r["output"] = 17
        print(json.dumps(r))
        continue
    r["output"] = o
    print(json.dumps(r, ensure_ascii=(i % 2 == 0)))
' "$d/a.oracle"
	printf '%s\n' '{"id":"h1","bench":"longgenbench","task":"city","output":"#*# Block 1: x","gold":{"type":"Block","number":1},"checks":[{"kind":"single","at":1,"want":"x"}],"parts":[{"at":1,"off":99999999999,"len":-4}]}' \
	    '{"id":"h2","bench":"longgenbench","task":"city","output":"#*# Block 99999999999999999999: x #*# Block -1","gold":{"type":"Block","number":1e9},"checks":[{"kind":"single","at":1e300,"want":""}]}' \
	    '{"id":"h3","bench":"longgenbench","task":"diary","output":"Week 1 a\nWeek 1 b\nweek 3 c #*# Week 2 d","gold":{"type":"Week","number":3},"checks":[{"kind":"range","at":1,"want":"a"},{"kind":"periodic","at":2,"want":"d"},{"at":3,"want":"c x"}]}' \
	    '{"id":"h4","bench":"longweave","task":"kvg","output":"{'"'"'a'"'"': '"'"'b'"'"', '"'"'c'"'"': ","gold":{"key":"a","value":"b","index":0,"entries":-1}}' \
	    '{"id":"h5","x":1e400,"bench":"nosuch","output":"a\u0000b","n":123456789012345678901234}'
} > "$d/a.edited"

# --- runs: NAME and a command over its input file
: > "$d/got"
run() {	# name input command...
	name=$1 rin=$2
	shift 2
	rc=0
	"$@" < "$rin" > "$d/out" 2> "$d/err" || rc=$?
	no_crash "$d/err"
	echo "rc $rc" >> "$d/err"
	h=$(cat "$d/out" "$d/err" | sha256sum | cut -c1-64)
	echo "$h  $name" >> "$d/got"
	cp "$d/out" "$d/out.$name"
}
for a in oracle weak weaker edited; do
	in=$d/a.$a
	run "split.$a" "$in" lg-split
	run "split-compat.$a" "$in" lg-split --compat
	run "split-last.$a" "$in" lg-split --keep last
	run "judge.$a" "$d/out.split.$a" lg-judge --rules
	run "judge-compat.$a" "$d/out.split-compat.$a" lg-judge --rules
	run "judge-unsplit.$a" "$in" lg-judge --rules
	run "agg.$a" "$d/out.judge.$a" lg-agg
	run "agg-json.$a" "$d/out.judge.$a" lg-agg -f json
	run "agg-compat.$a" "$d/out.judge-compat.$a" lg-agg --compat
	run "agg-pos.$a" "$d/out.judge.$a" lg-agg --by-position
	run "kvcheck.$a" "$in" lg-kvcheck
	run "kvcheck-compat.$a" "$in" lg-kvcheck --compat
	run "fsmcheck.$a" "$in" lg-fsmcheck
	run "fsmcheck-compat.$a" "$in" lg-fsmcheck --compat
	run "tau.$a" "$in" lg-tau
	run "tau-compat.$a" "$in" lg-tau --compat
	run "prompt.$a" "$in" lg-prompt
	run "prompt-force.$a" "$in" lg-prompt --force
	run "lw-agg.$a" "$d/out.tau.$a" lg-agg
done

# lg-infer, streamed and whole, chat and completions, against the server
fake_start io
{
	for p in "plain" "THINK:field a" "THINK:tag b" "NUL: c" "BADUTF8: d" \
	    "WORDS:3000 e" "BIG:20000 f" "FAULT:drip g" "FAULT:malformed h" \
	    "FAULT:cut*1 i" "JUDGE: yes"; do
		printf '{"id":"%s","prompt":"%s"}\n' "$p" "$p"
	done
	head -c 4000 "$d/lgb.cases" | head -n 1 | grep . || true
} > "$d/infer.in"
for mode in "" --no-stream --completions "--completions --no-stream" \
    "--max-tokens 5" "--stop bravo"; do
	name=infer$(echo "$mode" | tr -c 'a-z0-9\n' '-')
	# shellcheck disable=SC2086
	run "$name" "$d/infer.in" lg-infer -q -m fake --base-url "$url" \
	    --keep-order --retries 2 --backoff-base 0.01 $mode
	cat "$d/out.$name" "$d/err" |
	    sed -e 's/127\.0\.0\.1:[0-9]*/HOST/g' \
	    -e 's/"\(latency_s\|ttft_s\)":[0-9.e-]*/"\1":T/g' |
	    sha256sum | sed "s/ .*/  $name.masked/" >> "$d/got"
	# the raw hash depends on ports and timings: keep only the masked one
	sed -i "/  $name\$/d" "$d/got"
done
fake_stop io

check_sums "$sums" "$d/got" "outputs"
echo ok
