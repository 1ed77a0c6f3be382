#!/bin/sh
# --resume refuses to append to a file whose records were made from prompts
# rendered otherwise (gen.template, lg-prompt's template member) than this
# input's of the same id: lg-prompt --variant, another template, or prompts
# without a template.  The message names the id, the member and both
# values, and says how to go on; nothing is sent and the file is left as
# it is, whether the input is a file (checked whole first) or a pipe (its
# first record is one done), --redo-changed or not, --samples or not.  A
# pipe that meets a changed record after a new one refuses too, and says
# how many records went out before.  A line over --max-record is skipped
# by the check as by the reader.
. "$TOP/tests/lg-infer/fake.sh"
fake_start s --model good
lg-gen longgenbench -t city -l 16k -n 3 > "$t/cases"
lg-prompt "$t/cases" > "$t/a"
lg-prompt --variant compact "$t/cases" > "$t/b"
jq -c 'del(.template)' "$t/a" > "$t/none"
head -n 2 "$t/a" > "$t/a2"
base="-q -m good --base-url $url --retries 0"
lg-infer $base --resume "$t/out" "$t/a2" >> "$t/out" 2> "$t/err" ||
    fail "first run: $(cat "$t/err")"
[ "$(wc -l < "$t/out")" -eq 2 ] || fail "first run: $(wc -l < "$t/out") lines"
cp "$t/out" "$t/out.first"
n=$(fake_count s)

refused() {	# name pattern
	[ "$rc" -eq 2 ] || fail "$1: exit status $rc: $(cat "$t/err")"
	cmp -s "$t/out" "$t/out.first" || fail "$1: the file changed"
	[ "$(fake_count s)" -eq "$n" ] || fail "$1: requests sent"
	grep -q -e "$2" "$t/err" || fail "$1: message: $(cat "$t/err")"
	grep -q 'write this run to a new output file' "$t/err" ||
	    fail "$1: no way out: $(cat "$t/err")"
}
id=longgenbench/city/16k/0000
rc=0
lg-infer $base --resume "$t/out" "$t/b" >> "$t/out" 2> "$t/err" || rc=$?
refused "variant" "b:1: $id: template.name \"longgenbench/city\" in .*out:1, \"longgenbench/city.compact\" in this input"
rc=0
lg-infer $base --redo-changed --resume "$t/out" "$t/b" >> "$t/out" 2> "$t/err" || rc=$?
refused "--redo-changed" "template.name"
rc=0
cat "$t/b" | lg-infer $base --resume "$t/out" >> "$t/out" 2> "$t/err" || rc=$?
refused "pipe" ": -:1: $id: template.name"
rc=0
lg-infer $base --resume "$t/out" "$t/none" >> "$t/out" 2> "$t/err" || rc=$?
refused "no template" "$id: template.sha256 \"e[0-9a-f]*\" (longgenbench/city) in .*out:1, none in this input"
# the same template: the third record is made, the others skipped
lg-infer $base --resume "$t/out" "$t/a" >> "$t/out" 2> "$t/err" ||
    fail "same: $(cat "$t/err")"
[ "$(wc -l < "$t/out")" -eq 3 ] || fail "same: $(wc -l < "$t/out") lines"
[ "$(fake_count s)" -eq $((n + 1)) ] || fail "same: $(($(fake_count s) - n)) requests"

# a pipe whose first record is new: it is answered before the change is
# seen, and the second message says so.  The changed record is written to
# the pipe only once the first one's answer is in the file: a record read
# while the first waits in the queue stops the run before it is sent, and
# then none went out (and no second message)
sed -n 2p "$t/a" > "$t/mid"
lg-infer $base --resume "$t/m" "$t/mid" >> "$t/m" 2> "$t/err" || fail "mid: $(cat "$t/err")"
mkfifo "$t/fifo"
lg-infer $base --resume "$t/m" < "$t/fifo" >> "$t/m" 2> "$t/err" &
pid=$!
exec 4> "$t/fifo"
sed -n 1p "$t/b" >&4
while [ "$(wc -l < "$t/m")" -lt 2 ]; do
	kill -0 "$pid" 2>/dev/null || [ "$(wc -l < "$t/m")" -ge 2 ] ||
	    fail "mid: lg-infer ended before answering: $(cat "$t/err")"
	sleep 0.02
done
sed -n 2p "$t/b" >&4
exec 4>&-
rc=0
wait "$pid" || rc=$?
[ "$rc" -eq 2 ] || fail "mid: exit status $rc: $(cat "$t/err")"
grep -q -- ": -:2: longgenbench/city/16k/0001: template.name" "$t/err" ||
    fail "mid: $(cat "$t/err")"
grep -q -- '--resume: 1 record of this run went out before the change was seen' "$t/err" ||
    fail "mid: $(cat "$t/err")"
[ "$(wc -l < "$t/m")" -eq 2 ] || fail "mid: $(wc -l < "$t/m") lines"
n=$(fake_count s)

# --samples: each sample is compared
lg-infer $base --samples 2 --resume "$t/s" "$t/a2" >> "$t/s" 2> "$t/err" ||
    fail "samples: $(cat "$t/err")"
cp "$t/s" "$t/s.first"
rc=0
lg-infer $base --samples 2 --resume "$t/s" "$t/b" >> "$t/s" 2> "$t/err" || rc=$?
[ "$rc" -eq 2 ] || fail "samples: exit status $rc: $(cat "$t/err")"
cmp -s "$t/s" "$t/s.first" || fail "samples: the file changed"
grep -q "$id/s1: template.name" "$t/err" || fail "samples: $(cat "$t/err")"

# a line over --max-record is skipped before the check as the reader skips
# it, reported once: nothing refused, nothing sent.  The file holds the
# records done without their texts, under the limit.
jq -c 'with_entries(select(.key | IN("id", "bench", "task", "length",
    "gen", "template")))' "$t/out" > "$t/small"
cp "$t/small" "$t/small.before"
n=$(fake_count s)
rc=0
lg-infer $base --max-record 1K --resume "$t/small" "$t/b" >> "$t/small" 2> "$t/err" || rc=$?
[ "$rc" -eq 1 ] || fail "long lines: exit status $rc: $(cat "$t/err")"
! grep -q 'template.name' "$t/err" || fail "long lines: refused: $(cat "$t/err")"
[ "$(grep -c 'b:1: record longer than the limit' "$t/err")" -eq 1 ] ||
    fail "long lines: $(cat "$t/err")"
! grep -q 'small:.*longer than' "$t/err" || fail "long lines: the file's records over the limit"
cmp -s "$t/small" "$t/small.before" || fail "long lines: the file changed"
[ "$(fake_count s)" -eq "$n" ] || fail "long lines: requests sent"
fake_stop s
no_crash "$t/err"
