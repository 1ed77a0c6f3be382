#!/bin/sh
# BestAnswer distractors as the paper builds them (issue 34): the
# question's own answers posted before the accepted one (answers are
# listed in the order posted; those after it never appear), then answers
# of questions with shared tags; questions sharing no tag only from 32k
# on, where the paper relaxes the tag constraint.  The corpus is written
# here.
set -u
. "$TOP/tests/lib.sh"
export LG_SHARE="$TOP/share"
LG_TOKENIZER=; export LG_TOKENIZER	# the approximate counts: no table
fail=0
no() { echo "FAIL: $*"; fail=1; }	# every check runs; one failure fails all

words() {	# N WORD: N sentences about WORD, about 15 tokens each
	i=0
	while [ $i -lt "$1" ]; do
		printf 'The %s loop returns a pointer to memory that the caller frees later. ' "$2"
		i=$((i + 1))
	done
}
ans() { printf '"%s %s"' "$1" "$(words "${2:-1}" "$1")"; }	# WORD [N]

# q0 (tag c): BEFORE1, BEFORE2, the accepted one, AFTER1, AFTER2; then
# questions tagged c (SAME...) and questions tagged go (OTHER...)
{
	printf '{"id": "q0", "question": "Why?", "answers": [%s, %s, %s, %s, %s], "accepted": 2, "tags": ["c"]}\n' \
	    "$(ans before1)" "$(ans before2)" "$(ans accepted)" "$(ans after1)" "$(ans after2)"
	for k in 1 2 3 4 5 6 7 8 9 10; do
		printf '{"id": "s%s", "question": "How?", "answers": [%s, %s, %s], "accepted": 0, "tags": ["c"]}\n' \
		    $k "$(ans same${k}a)" "$(ans same${k}b)" "$(ans same${k}c)"
	done
	k=0
	while [ $k -lt 90 ]; do
		printf '{"id": "o%s", "question": "What?", "answers": [%s, %s, %s], "accepted": 0, "tags": ["go"]}\n' \
		    $k "$(ans other${k}a 8)" "$(ans other${k}b 8)" "$(ans other${k}c 8)"
		k=$((k + 1))
	done
} >"$t/qa.jsonl"

lg-gen adaleval -t bestanswer -l 1k -n 1 --corpus "$t/qa.jsonl" >"$t/1k" \
    2>"$t/e1k" || no "1k: exit $?: $(cat "$t/e1k")"
jq -r '.vars.answers[].text | split(" ")[0]' "$t/1k" | sort >"$t/c1k"
grep -q '^before1$' "$t/c1k" && grep -q '^before2$' "$t/c1k" ||
    no "1k: the answers posted before the accepted one are not candidates"
! grep -q '^after' "$t/c1k" ||
    no "1k: an answer posted after the accepted one is a candidate"
grep -q '^same' "$t/c1k" || no "1k: no answer of a question sharing a tag"
! grep -q '^other' "$t/c1k" || no "1k: an answer of a question sharing no tag"

# 16k: only the c questions, too few; 32k: the go questions fill it
rc=0
lg-gen adaleval -t bestanswer -l 16k -n 1 --corpus "$t/qa.jsonl" >"$t/16k" \
    2>"$t/e16k" || rc=$?
[ $rc = 1 ] && [ ! -s "$t/16k" ] || no "16k: status $rc: questions sharing no tag used"
lg-gen adaleval -t bestanswer -l 32k -n 1 --corpus "$t/qa.jsonl" >"$t/32k" \
    2>"$t/e32k" || no "32k: exit $?: $(cat "$t/e32k")"
jq -r '.vars.answers[].text | split(" ")[0]' "$t/32k" | sort >"$t/c32k"
grep -q '^other' "$t/c32k" || no "32k: no answer of a question sharing no tag"
! grep -q '^after' "$t/c32k" ||
    no "32k: an answer posted after the accepted one is a candidate"

[ $fail = 0 ] || exit 1
echo ok
