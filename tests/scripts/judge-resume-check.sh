#!/bin/sh
# lg-judge --resume takes from its file only records judged as this run
# would judge them: another judge model is refused (exit 2, the file as it
# was), or judged again with --redo-changed; --retry-errors judges again
# the records with undecided checks.  The file ends with each id once.
. "$TOP/tests/lg-infer/fake.sh"
fake_start s
cp "$TOP/share/rubrics/longgenbench.tmpl" "$t/rubric"
echo 'JUDGE: yes' >> "$t/rubric"
for i in 1 2 3; do
	think=
	[ "$i" -eq 2 ] && think='THINK:tag '
	printf '{"id":"r/%d","bench":"longgenbench","task":"menu","length":"16k","gold":{"type":"Week","number":1},"checks":[{"kind":"single","at":1,"want":"soup"}],"output":"#*# Week 1:\\n%ssoup"}\n' \
	    "$i" "$think"
done | lg-split > "$t/in"
judge="lg-judge --judge-base-url $url --rubric $t/rubric"
rc=0
$judge --judge-model a --judge-max-tokens 2 --resume "$t/out" "$t/in" >> "$t/out" \
    2> "$t/err" || rc=$?
[ "$rc" -eq 1 ] || fail "first run: exit status $rc: $(cat "$t/err")"
[ "$(jq -s 'map(select(.scores.stic_undecided == 1)) | length' "$t/out")" -eq 1 ] ||
    fail "first run: $(cat "$t/out")"
cp "$t/out" "$t/out.first"
for how in model rules; do
	rc=0
	case $how in
	model) $judge --judge-model b --resume "$t/out" "$t/in" >> "$t/out" 2> "$t/err" || rc=$? ;;
	rules) lg-judge --rules --resume "$t/out" "$t/in" >> "$t/out" 2> "$t/err" || rc=$? ;;
	esac
	[ "$rc" -eq 2 ] || fail "$how: exit status $rc: $(cat "$t/err")"
	cmp -s "$t/out" "$t/out.first" || fail "$how: the file changed"
	grep -q 'out:1: r/1: judged by llm:a, not ' "$t/err" || fail "$how: $(cat "$t/err")"
	grep -q -e '--redo-changed' "$t/err" || fail "$how: $(cat "$t/err")"
done
# the undecided check again, with room for the thinking
n=$(fake_count s)
$judge --judge-model a --judge-max-tokens 2 --resume "$t/out" "$t/in" >> "$t/out" \
    2> "$t/err" || fail "same judge: $(cat "$t/err")"
cmp -s "$t/out" "$t/out.first" || fail "same judge: the file changed"
$judge --judge-model a --retry-errors --resume "$t/out" "$t/in" >> "$t/out" \
    2> "$t/err" || fail "retry: $(cat "$t/err")"
[ "$(fake_count s)" -eq $((n + 1)) ] || fail "retry: $(($(fake_count s) - n)) requests"
[ "$(jq -r .id "$t/out" | sort | tr '\n' ' ')" = "r/1 r/2 r/3 " ] || fail "retry: $(jq -r .id "$t/out")"
! grep -q undecided "$t/out" || fail "retry: still undecided"
# another judge, on purpose
$judge --judge-model b --redo-changed --resume "$t/out" "$t/in" >> "$t/out" \
    2> "$t/err" || fail "redo: $(cat "$t/err")"
[ "$(jq -r '.verdicts[].by' "$t/out" | sort -u)" = "llm:b" ] || fail "redo: $(cat "$t/out")"
[ "$(wc -l < "$t/out")" -eq 3 ] || fail "redo: $(wc -l < "$t/out") lines"
fake_stop s
no_crash "$t/err"
