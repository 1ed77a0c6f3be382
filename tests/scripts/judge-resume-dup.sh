#!/bin/sh
# lg-judge refuses an id read twice at its second line, in every run, by
# rules and with a judge model alike (exit 1, the first judged): a resume
# could not tell two records of one id apart, and after a kill between
# them would drop the second unsaid.  Records are told apart by id and
# gen.model: one case answered by two models is two records, both judged,
# and a resume after the first judges the second.
. "$TOP/tests/lg-infer/fake.sh"
rec='"bench":"longgenbench","task":"floor","checks":[],"parts":[],"output":""'
printf '%s\n' "{\"id\":\"a\",$rec}" "{\"id\":\"b\",$rec}" "{\"id\":\"a\",$rec}" > "$t/in"
fake_start j
judge_for() {	# rules | model: the command in $judge
	case $1 in
	rules) judge="lg-judge --rules" ;;
	model) judge="lg-judge --judge-base-url $url --judge-model fake" ;;
	esac
}
for how in rules model; do
	judge_for $how
	rc=0
	$judge "$t/in" > "$t/out" 2> "$t/err" || rc=$?
	no_crash "$t/err"
	[ "$rc" -eq 1 ] || fail "$how: exit status $rc, want 1: $(cat "$t/err")"
	grep -q "^lg-judge: $t/in:3: duplicate id a, first at $t/in:1 " "$t/err" ||
	    fail "$how: no message: $(cat "$t/err")"
	[ "$(jq -r .id "$t/out" | sort | tr '\n' ' ')" = "a b " ] ||
	    fail "$how: records: $(cat "$t/out")"
	# killed after the first: the resume judges b, refuses the second a
	grep '"id":"a"' "$t/out" > "$t/half"
	rc=0
	$judge --resume "$t/half" "$t/in" >> "$t/half" 2> "$t/err" || rc=$?
	[ "$rc" -eq 1 ] || fail "$how resume: exit status $rc, want 1: $(cat "$t/err")"
	grep -q "^lg-judge: $t/in:3: duplicate id a, first at $t/in:1 " "$t/err" ||
	    fail "$how resume: no message: $(cat "$t/err")"
	[ "$(jq -r .id "$t/half" | sort | tr '\n' ' ')" = "a b " ] ||
	    fail "$how resume: records: $(cat "$t/half")"
done
# one case, two models: both judged, no message; killed after the first
# model's record, the resume judges the second's
m='"bench":"longgenbench","task":"floor","checks":[],"parts":[],"output":""'
printf '%s\n' "{\"id\":\"c\",\"gen\":{\"model\":\"m1\"},$m}" \
    "{\"id\":\"c\",\"gen\":{\"model\":\"m2\"},$m}" \
    "{\"id\":\"c\",\"gen\":{\"model\":\"m1\"},$m}" > "$t/two"
for how in rules model; do
	judge_for $how
	rc=0
	$judge "$t/two" > "$t/out" 2> "$t/err" || rc=$?
	[ "$rc" -eq 1 ] || fail "$how two models: exit status $rc: $(cat "$t/err")"
	[ "$(jq -r .gen.model "$t/out" | tr '\n' ' ')" = "m1 m2 " ] ||
	    fail "$how two models: records: $(cat "$t/out") $(cat "$t/err")"
	grep -q "^lg-judge: $t/two:3: duplicate id c of model m1, first at $t/two:1 " \
	    "$t/err" || fail "$how two models: no message: $(cat "$t/err")"
	head -n 1 "$t/out" > "$t/half"
	rc=0
	$judge --resume "$t/half" "$t/two" >> "$t/half" 2> "$t/err" || rc=$?
	[ "$(jq -r .gen.model "$t/half" | tr '\n' ' ')" = "m1 m2 " ] ||
	    fail "$how two models, resumed: $(cat "$t/half") $(cat "$t/err")"
done
fake_stop j
exit 0
