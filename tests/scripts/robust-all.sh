#!/bin/sh
# Every program that reads records meets hostile ones: wrong types in every
# field the tools read, for every benchmark and every task lg-gen lists (and
# one it does not), offsets past the end, huge and negative numbers, deep
# nesting, invalid UTF-8, NUL bytes, a missing last newline.  The programs:
# the filters lg-prompt, lg-oracle, lg-split, lg-kvcheck, lg-fsmcheck,
# lg-tau, lg-flake8, lg-choice, lg-judge (by rules, and with a model, which
# refuses a task judged by rules alone by name: not given those),
# lg-tokens, lg-shard, lg-infer and lg-ppl (against the test server),
# lg-score (each record through its scorers, by rules, and --compat), and
# the readers lg-agg, lg-compare, lg-agree, lg-plot and lg-report; lg-gen
# reads no records (its --import files have tests of their own).  None may
# crash (under the sanitizer build a report fails the test), every exit
# status is 0-3, and every filter still writes the well-formed record.
. "$TOP/tests/lg-infer/fake.sh"
set +e
fake_start r
url=$url/v1
tasks=$(lg-gen --list-tasks | cut -f 2 | sort -u | tr '\n' ' ')
[ -n "$tasks" ] || fail "lg-gen --list-tasks lists no task"
deep=$(awk 'BEGIN { for (i = 0; i < 2000; i++) printf "["; for (i = 0; i < 2000; i++) printf "]" }')
for b in longgenbench longweave adaleval; do
	for task in $tasks x; do
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
lg-judge --list-tasks | awk -F '\t' '("," $3 ",") ~ /,rules,/ &&
    ("," $3 ",") !~ /,model,/ { print "\"task\":\"" $2 "\"" }' > "$t/rulesonly.pat"
grep -a -v -F -f "$t/rulesonly.pat" "$t/in" > "$t/in.model"
good=$(grep -c '"id":"last"' "$t/in")
cp "$t/in" "$t/b"
cd "$BIN"
n=0
for p in lg-prompt lg-oracle lg-split lg-kvcheck lg-fsmcheck lg-tau lg-flake8 \
    lg-choice lg-tokens lg-agg "lg-judge --rules" "lg-prompt --force" \
    "lg-split --compat" "lg-tau --compat" "lg-tau -t adaleval/tsort,x/y" \
    "lg-kvcheck --compat" "lg-fsmcheck --compat" "lg-flake8 --compat" \
    "lg-choice --compat" "lg-agg --compat" "lg-agg --by-position" \
    "lg-oracle --drop 0.5 --stop-at 0.3 --forget-after 0.2" \
    "lg-tokens -f output,prompt,vars --ids" "lg-shard 1/1" "lg-shard 1/3" \
    "lg-judge --hybrid --judge-base-url $url --judge-model test" \
    "lg-judge --judge-base-url $url --judge-model test" \
    "lg-infer -q --base-url $url -m test" "lg-ppl -q --base-url $url -m test" \
    "lg-compare --by gen.model" "lg-compare $t/in $t/b" "lg-agree $t/in $t/b" \
    "lg-agree --sheet 5" "lg-plot -o $t/plots" "lg-report" "lg-score" \
    "lg-score --compat"; do
	set -- $p
	[ -x "./$1" ] || fail "$1 is not built"
	n=$((n + 1))
	in=$t/in
	case $p in
	"lg-judge --hybrid"*|"lg-judge --judge-base-url"*) in=$t/in.model ;;
	esac
	./"$@" < "$in" > "$t/out" 2> "$t/err"
	rc=$?
	if grep -q -e Sanitizer -e 'runtime error:' "$t/err"; then
		head -20 "$t/err"
		fail "$p: sanitizer report"
	fi
	[ "$rc" -le 3 ] || fail "$p: exit status $rc"
	case $1 in
	lg-agg|lg-compare|lg-agree|lg-plot|lg-report) ;;
	lg-shard)
		[ "$*" = "lg-shard 1/3" ] ||
		    grep -q '"id":"last"' "$t/out" || fail "$p: lost a good record (rc $rc)" ;;
	*)	grep -q '"id":"last"' "$t/out" || fail "$p: lost a good record (rc $rc)" ;;
	esac
done
fake_stop r
echo "ok: $n runs, tasks $tasks"
