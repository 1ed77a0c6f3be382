#!/bin/sh
# SIGTERM (or SIGINT) ends lg-infer with its summary and a line saying
# what was not written and how to finish; the output holds whole records,
# and the same command with --resume finishes the run, each id once.
. "$TOP/tests/lg-infer/fake.sh"
fake_start s --delay-ms 200
awk 'BEGIN { for (i = 1; i <= 40; i++)
	printf "{\"id\":\"r/%02d\",\"prompt\":\"question %d\"}\n", i, i }' > "$t/in"
cmd="lg-infer -m fake --base-url $url -P 2 --resume $t/out $t/in"
$cmd >> "$t/out" 2> "$t/err" &
pid=$!
# wait for a first record, then stop it
i=0
while [ ! -s "$t/out" ]; do
	i=$((i + 1))
	[ "$i" -le 400 ] || fail "no record written"
	sleep 0.05
done
kill -TERM "$pid"
rc=0
wait "$pid" || rc=$?
[ "$rc" -eq 143 ] || fail "exit status $rc, want death by SIGTERM: $(cat "$t/err")"
grep -q '^lg-infer: [0-9]* records: ' "$t/err" || fail "no summary: $(cat "$t/err")"
grep -q '^lg-infer: interrupted: [0-9]* records\{0,1\} begun not written; the same command finishes the run$' \
    "$t/err" || fail "no interruption line: $(cat "$t/err")"
n=$(wc -l < "$t/out")
[ "$n" -lt 40 ] || fail "the run was not interrupted"
jq -e . "$t/out" > /dev/null || fail "a cut record"
$cmd >> "$t/out" 2> "$t/err2" || fail "resume: $(cat "$t/err2")"
[ "$(jq -r .id "$t/out" | sort -u | wc -l)" -eq 40 ] || fail "resume: ids"
[ "$(wc -l < "$t/out")" -eq 40 ] || fail "resume: $(wc -l < "$t/out") lines"
fake_stop s
no_crash "$t/err" "$t/err2"
