#!/bin/sh
# lg-judge refuses an id read twice at its second line, in every run, by
# rules and with a judge model alike (exit 1, the first judged): a resume
# could not tell two records of one id apart, and after a kill between
# them would drop the second unsaid.
. "$TOP/tests/lg-infer/fake.sh"
rec='"bench":"longgenbench","task":"floor","checks":[],"parts":[],"output":""'
printf '%s\n' "{\"id\":\"a\",$rec}" "{\"id\":\"b\",$rec}" "{\"id\":\"a\",$rec}" > "$t/in"
fake_start j
for how in rules model; do
	case $how in
	rules) judge="lg-judge --rules" ;;
	model) judge="lg-judge --judge-base-url $url --judge-model fake" ;;
	esac
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
fake_stop j
exit 0
