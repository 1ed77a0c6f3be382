#!/bin/sh
# lg-tags meets hostile records: wrong types in every field it reads,
# offsets past the end, huge and negative numbers, answers made to cost
# (a megabyte of one byte, a span just over the longest loop it looks for,
# a kvg answer of open strings), NUL bytes, a missing last newline.  It
# must not crash (under the sanitizer build a report fails the test), must
# exit 0 or 1, must write out every record it read whole, and must leave
# the records it does not tag (other tasks, an error) byte for byte.
set -u
. "$TOP/tests/lib.sh"
lg-tags --list-tasks > "$t/tasks" || fail "lg-tags --list-tasks failed"
for b in longgenbench longweave adaleval; do
	for task in $(cut -f 2 "$t/tasks") x; do
		i=0
		for v in 'null' '1e308' '-5' '"s"' '[]' '{}' '[1,"a",null]' '{"a":{"b":[]}}' 'true' \
		    '{"number":1e300,"entries":-1e300,"trace":[[]],"order":[1e300],"words":1e300}' \
		    '[{"at":1e300,"off":-1,"len":1e300,"kind":"fact","item":1e300,"missing":[7]}]' \
		    '{"duplicates":1e300,"extracted":"bare","defs_orig":1e300,"defs_fixed":-1,"valid":1e300}'; do
			i=$((i + 1))
			printf '{"id":"%s-%s-%d","bench":"%s","task":"%s","output":%s,"gold":%s,"checks":%s,"parts":%s,"scores":%s,"verdicts":%s,"gen":%s,"reasoning":%s}\n' \
			    "$b" "$task" "$i" "$b" "$task" "$v" "$v" "$v" "$v" "$v" "$v" "$v" "$v"
		done
	done
done > "$t/in"
"$py" - >> "$t/in" <<'PY'
import json, random
rnd = random.Random(7)	# p4's span of 4097 bytes, drawn, has no shorter period
def out(r):
    print(json.dumps(r, separators=(",", ":")))
g = {"type": "Floor", "number": 3}
out({"id": "p1", "bench": "longgenbench", "task": "city", "gold": g, "output": "x" * 10,
     "parts": [{"at": 1, "off": 9, "len": 2}, {"at": 2, "off": 1e20, "len": 0}]})
out({"id": "p2", "bench": "longgenbench", "task": "city", "gold": {"number": 10000000}, "output": "", "parts": []})
out({"id": "p3", "bench": "longgenbench", "task": "city", "gold": g, "output": "a" * (1 << 20), "parts": []})
out({"id": "p4", "bench": "longgenbench", "task": "city", "gold": g, "parts": [],
     "output": ("".join(rnd.choice("abcdefghij ") for i in range(4096)) + "\n") * 40})
out({"id": "p5", "bench": "longweave", "task": "kvg", "gold": {"entries": 3}, "output": '{"' + "\\" * 1001})
out({"id": "p6", "bench": "longweave", "task": "kvg", "gold": {"entries": 3}, "output": '{' + '"a":' * 5000})
out({"id": "p7", "bench": "longweave", "task": "sms", "gold": {"trace": [["S0", "1", "S1", "0"]]},
     "output": "S0 |" + "|" * 100000 + "\nS9|||\nS 1 | | |"})
out({"id": "p8", "bench": "longweave", "task": "pr", "gold": {"order": [0, 1]},
     "output": "[[Segment 99999999999999999999999]] [[Segment ]] [[Segment 1]][[Segment 1"})
out({"id": "p9", "bench": "longweave", "task": "cf", "output": "def a():" * 20000,
     "scores": {"extracted": "opened", "defs_orig": 3, "defs_fixed": 1}})
out({"id": "p10", "bench": "longweave", "task": "biog", "gold": {"words": 5}, "output": "\n\n\n" * 1000,
     "verdicts": [{"kind": "fact", "at": 0, "missing": "object"}, {"kind": "fact", "at": 0}]})
out({"id": "p11", "bench": "adaleval", "task": "tsort", "output": "<think>" * 1000, "scores": {"valid": 0}})
out({"id": "p12", "bench": "longweave", "task": "nw", "output": "\u2019" * 500 + "I\u2019",
     "verdicts": [{"kind": "ap_statement", "at": 0, "present": False}]})
PY
printf '{"id":"nul","bench":"longweave","task":"kvg","gold":{"entries":2},"output":"{\\"a\\u0000\\": \\"b\\"}"}\n' >> "$t/in"
printf '{"id":"utf","output":"\300\200"}\n{"id":"broken",\n' >> "$t/in"
printf '{"id":"err","bench":"longweave","task":"kvg","error":{"stage":"infer","message":"m"},"output":[5, 6.0]}\n' >> "$t/in"
printf '{"id":"last","bench":"nosuch","x":1.50}' >> "$t/in"
lg-tags < "$t/in" > "$t/out" 2> "$t/err"
rc=$?
no_crash "$t/err"
[ "$rc" -le 1 ] || fail "exit status $rc"
read_whole=$(grep -c -v -e '"id":"utf"' -e '"id":"broken"' "$t/in")
[ "$(wc -l < "$t/out")" -eq "$read_whole" ] || fail "$(wc -l < "$t/out") records out of $read_whole"
[ "$(tail -n 1 "$t/out")" = '{"id":"last","bench":"nosuch","x":1.50}' ] ||
    fail "a record of another benchmark was changed"
[ "$(grep -F '"id":"err"' "$t/out")" = "$(grep -F '"id":"err"' "$t/in")" ] ||
    fail "a record with an error was changed"
# every tagged record has tags and units of the right types
"$py" - "$t/out" <<'PY' || fail "bad tags or units"
import json, sys
names = {"cut-reasoning", "truncated", "refused", "format", "stopped", "skipped",
         "repeated", "looping"}
for l in open(sys.argv[1]):
    r = json.loads(l)
    if "tags" not in r:
        continue
    assert set(r["tags"]) <= names and len(set(r["tags"])) == len(r["tags"]), r["id"]
    u = r["units"]
    assert all(isinstance(u[k], int) and u[k] >= 0 for k in ("want", "written", "missing")), r["id"]
    assert 0 < u.get("distinct_n", 1) <= 1, r["id"]
# a megabyte of one byte loops; a span one byte over the longest does not
want = {"p3": ["format", "looping"], "p4": ["format"], "p11": ["cut-reasoning"]}
got = {json.loads(l)["id"]: json.loads(l).get("tags") for l in open(sys.argv[1])}
for k, v in want.items():
    assert got[k] == v, (k, got[k], v)
PY
echo ok
