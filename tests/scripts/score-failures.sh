#!/bin/sh
# lg-score when a stage cannot do its work.  Without flake8 (an
# interpreter that has none, as lg-flake8 --python names it) every other
# record is scored, each cf record carries lg-flake8's error, lg-flake8
# says that flake8 cannot run and why, and the exit status is 3; a suite
# without cf records never asks for flake8.  A judge server that does not
# answer ends lg-judge, hence the run, with status 3 and no stage reported
# killed (the stages before it die of SIGPIPE: no failure of theirs).  A
# reader that leaves early: lg-score dies of SIGPIPE, saying nothing.  A
# stage that is not there is named.
set -eu
. "$TOP/tests/lib.sh"
sh "$TOP/tests/mkcorpus.sh" "$t/corpus" > /dev/null
cd "$BIN"
lw=$(./lg-gen --list-tasks | awk -F '\t' '$1 == "longweave" { print $2 }' |
    paste -s -d , -)
{
	./lg-gen longgenbench -l 8k -n 1 -t city
	./lg-gen longweave -t "$lw" -l 1k -n 1 --corpus "$t/corpus"
	./lg-gen adaleval -t tsort -l 2k -n 1 --corpus "$t/corpus"
} | ./lg-prompt | ./lg-oracle > "$t/ref"
grep -q '"task":"cf"' "$t/ref" || fail "no cf record"
printf '#!/bin/sh\necho "$0: No module named flake8" >&2\nexit 1\n' > "$t/nopy"
chmod +x "$t/nopy"

set +e
./lg-score --python "$t/nopy" < "$t/ref" > "$t/out" 2> "$t/err"
rc=$?
set -e
[ "$rc" -eq 3 ] || fail "no flake8: exit status $rc, want 3: $(cat "$t/err")"
grep -q "^lg-flake8: cannot run flake8 ($t/nopy): .*No module named flake8" "$t/err" ||
	fail "no flake8: not said: $(cat "$t/err")"
[ "$(wc -l < "$t/out")" -eq "$(wc -l < "$t/ref")" ] || fail "no flake8: records lost"
bad=$(jq -c 'select(.task == "cf" and .error.stage != "flake8")' "$t/out")
[ -z "$bad" ] || fail "no flake8: cf records without an error: $bad"
bad=$(jq -c 'select(.task != "cf" and (.error != null or .scores.score != 1)) |
    [.id, .scores.score]' "$t/out")
[ -z "$bad" ] || fail "no flake8: other records not scored 1: $bad"
grep -v '"task":"cf"' "$t/ref" | ./lg-score --python "$t/nopy" > /dev/null 2> "$t/err" ||
	fail "no flake8, no cf record: $(cat "$t/err")"
[ ! -s "$t/err" ] || fail "no flake8, no cf record: messages: $(cat "$t/err")"

# a judge server that does not answer (a port nothing listens on)
grep -v '"task":"cf"' "$t/ref" > "$t/nocf"
set +e
./lg-score --judge-base-url http://127.0.0.1:9/v1 --judge-model m --max-record 64M \
    < "$t/nocf" > "$t/out" 2> "$t/err"
rc=$?
set -e
[ "$rc" -eq 3 ] || fail "no judge server: exit status $rc, want 3: $(cat "$t/err")"
grep -q '^lg-judge: ' "$t/err" || fail "no judge server: lg-judge said nothing"
! grep -q 'killed by signal' "$t/err" || fail "no judge server: $(cat "$t/err")"

# the reader leaves after one record
for i in 1 2 3 4 5 6 7 8; do jq -c --arg i "$i" '.id += "/" + $i' "$t/nocf"; done > "$t/many"
set +e
(./lg-score < "$t/many" 2> "$t/err"; echo $? > "$t/rc") | head -n 1 > /dev/null
set -e
[ "$(cat "$t/rc")" -eq 141 ] || fail "reader left: exit status $(cat "$t/rc"), want SIGPIPE"
[ ! -s "$t/err" ] || fail "reader left: messages: $(cat "$t/err")"

# a stage missing beside lg-score and on PATH
mkdir "$t/bin"
for p in lg-score lg-split lg-kvcheck lg-fsmcheck lg-tau lg-judge lg-choice; do
	ln -s "$BIN/$p" "$t/bin/$p"
done
set +e
PATH=/usr/bin:/bin "$t/bin/lg-score" < "$t/nocf" > /dev/null 2> "$t/err"
rc=$?
set -e
[ "$rc" -eq 3 ] || fail "no lg-flake8: exit status $rc, want 3"
grep -q '^lg-score: lg-flake8 --list-tasks: lg-flake8: not found' "$t/err" ||
	fail "no lg-flake8: $(cat "$t/err")"
echo ok
