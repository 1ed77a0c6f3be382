#!/bin/sh
# lg-judge --resume takes from its file only records judged as this run
# would judge them: another judge model, or the same with another rubric
# (its bytes: scores.judge.sha256) or decoding, is refused (exit 2, the
# file as it was, the member named with both values), or judged again with
# --redo-changed; --retry-errors judges again the records with undecided
# checks (a judge request failed).  The file ends with each id once.
. "$TOP/tests/lg-infer/fake.sh"
fake_start s
cp "$TOP/share/rubrics/longgenbench.tmpl" "$t/rubric"
echo 'JUDGE: yes' >> "$t/rubric"
for i in 1 2 3; do
	think=
	[ "$i" -eq 2 ] && think='FAULT:500*1 '
	printf '{"id":"r/%d","bench":"longgenbench","task":"menu","length":"16k","gold":{"type":"Week","number":1},"checks":[{"kind":"single","at":1,"want":"soup"}],"output":"#*# Week 1:\\n%ssoup"}\n' \
	    "$i" "$think"
done | lg-split > "$t/in"
judge="lg-judge --judge-base-url $url --rubric $t/rubric --retries 0"
rc=0
$judge --judge-model a --resume "$t/out" "$t/in" >> "$t/out" 2> "$t/err" || rc=$?
[ "$rc" -eq 1 ] || fail "first run: exit status $rc: $(cat "$t/err")"
[ "$(jq -s 'map(select(.scores.stic_undecided == 1)) | length' "$t/out")" -eq 1 ] ||
    fail "first run: $(cat "$t/out")"
cp "$t/out" "$t/out.first"
cp "$t/rubric" "$t/rubric.2"
echo 'Answer briefly.' >> "$t/rubric.2"
sum=$(sha256sum "$t/rubric" | cut -d' ' -f1)
sum2=$(sha256sum "$t/rubric.2" | cut -d' ' -f1)
for how in model rules rubric decoding; do
	rc=0
	case $how in
	model) $judge --judge-model b --resume "$t/out" "$t/in" >> "$t/out" 2> "$t/err" || rc=$?
		want='out:1: r/1: judged by llm:a, not ' ;;
	rules) lg-judge --rules --resume "$t/out" "$t/in" >> "$t/out" 2> "$t/err" || rc=$?
		want='out:1: r/1: judged by llm:a, not ' ;;
	rubric) lg-judge --judge-base-url "$url" --rubric "$t/rubric.2" --judge-model a \
		--resume "$t/out" "$t/in" >> "$t/out" 2> "$t/err" || rc=$?
		want="out:1: r/1: judged with scores.judge.rubric \".*/rubric\", not \".*/rubric.2\"" ;;
	decoding) $judge --judge-model a --judge-max-tokens 64 --resume "$t/out" "$t/in" \
		>> "$t/out" 2> "$t/err" || rc=$?
		want='out:1: r/1: judged with scores.judge.decoding {"max_tokens":2048,"temperature":0}, not {"max_tokens":64,"temperature":0}' ;;
	esac
	[ "$rc" -eq 2 ] || fail "$how: exit status $rc: $(cat "$t/err")"
	cmp -s "$t/out" "$t/out.first" || fail "$how: the file changed"
	grep -q -e "$want" "$t/err" || fail "$how: $(cat "$t/err")"
	grep -q -e '--redo-changed' "$t/err" || fail "$how: $(cat "$t/err")"
done
# the same rubric's name, its bytes changed
cp "$t/rubric" "$t/rubric.keep"
cp "$t/rubric.2" "$t/rubric"
rc=0
$judge --judge-model a --resume "$t/out" "$t/in" >> "$t/out" 2> "$t/err" || rc=$?
[ "$rc" -eq 2 ] || fail "edited rubric: exit status $rc: $(cat "$t/err")"
cmp -s "$t/out" "$t/out.first" || fail "edited rubric: the file changed"
grep -q "out:1: r/1: judged with scores.judge.sha256 \"$sum\", not \"$sum2\"" "$t/err" ||
    fail "edited rubric: $(cat "$t/err")"
cp "$t/rubric.keep" "$t/rubric"
# the undecided check again
n=$(fake_count s)
$judge --judge-model a --resume "$t/out" "$t/in" >> "$t/out" \
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
