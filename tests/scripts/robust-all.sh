#!/bin/sh
# Every filter meets hostile records: wrong types in every field the tools
# read, offsets past the end, huge and negative numbers, deep nesting,
# invalid UTF-8, NUL bytes, a missing last newline.  None may crash (under
# the sanitizer build a report fails the test), every exit status is 0-3,
# and every well-formed record still comes out.
set -u
. "$TOP/tests/lib.sh"
deep=$(awk 'BEGIN { for (i = 0; i < 2000; i++) printf "["; for (i = 0; i < 2000; i++) printf "]" }')
for b in longgenbench longweave adaleval; do
	for task in diary city kvg sms pr cf tsort x; do
		i=0
		for v in 'null' '1e308' '-5' '"s"' '[]' '{}' '[1,"a",null]' '{"a":{"b":[]}}' 'true'; do
			i=$((i + 1))
			printf '{"id":"%s-%s-%d","bench":"%s","task":"%s","output":%s,"gold":%s,"checks":%s,"parts":%s,"vars":%s,"scores":%s,"verdicts":%s,"gen":%s,"prompt":%s}\n' \
			    "$b" "$task" "$i" "$b" "$task" "$v" "$v" "$v" "$v" "$v" "$v" "$v" "$v" "$v"
		done
	done
done > "$t/in"
cat >> "$t/in" <<'EOF2'
{"id":"p1","bench":"longgenbench","task":"city","output":"#*# Block 1: x","gold":{"type":"Block","number":1},"checks":[{"kind":"single","at":1,"want":"x"}],"parts":[{"at":1,"off":99999999999,"len":-4}]}
{"id":"p2","bench":"longgenbench","task":"city","output":"#*# Block 99999999999999999999: x #*# Block -1","gold":{"type":"Block","number":1e9},"checks":[{"kind":"single","at":1e300,"want":""}]}
{"id":"p3","bench":"longweave","task":"kvg","output":"{'a': 'b', 'c': ","gold":{"key":"a","value":"b","index":0,"entries":-1}}
{"id":"p4","bench":"longweave","task":"sms","output":"| S0 | 9 | S99 | x |\n|||||\n","gold":{"trace":[["S0"]],"input":""}}
{"id":"p5","bench":"longweave","task":"pr","output":"[[Segment 99999999999]] [[Segment -1]] Answer: [1,1,1]","gold":{"order":[0,0,1]}}
{"id":"p6","bench":"longweave","task":"cf","output":"```python\n","gold":{"clean":"","functions":-3},"vars":{"code":7}}
EOF2
printf '%s\n' "{\"id\":\"deep\",\"x\":$deep}" >> "$t/in"
printf '{"id":"nul","output":"a\0b"}\n{"id":"utf","output":"\300\200"}\n' >> "$t/in"
printf '{"id":"last","bench":"nosuch"}' >> "$t/in"
good=$(grep -c '"id":"last"' "$t/in")
cd "$BIN"
for p in lg-prompt lg-oracle lg-split lg-kvcheck lg-fsmcheck lg-tau lg-flake8 lg-agg \
    "lg-judge --rules" "lg-prompt --force" "lg-split --compat" "lg-tau --compat" \
    "lg-kvcheck --compat" "lg-fsmcheck --compat" "lg-flake8 --compat" "lg-agg --compat" \
    "lg-agg --by-position" "lg-oracle --drop 0.5 --stop-at 0.3 --forget-after 0.2"; do
	set -- $p
	[ -x "./$1" ] || continue
	./"$@" < "$t/in" > "$t/out" 2> "$t/err"
	rc=$?
	if grep -q -e Sanitizer -e 'runtime error:' "$t/err"; then
		head -20 "$t/err"
		fail "$p: sanitizer report"
	fi
	[ "$rc" -le 3 ] || fail "$p: exit status $rc"
	case $1 in
	lg-agg) ;;
	*)	grep -q '"id":"last"' "$t/out" || fail "$p: lost a good record (rc $rc)" ;;
	esac
done
echo ok
