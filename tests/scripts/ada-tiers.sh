#!/bin/sh
# No Ada-LEval case carries a tier its tokens do not reach (issue 34).
# Built bestanswer cases reach 90% of their tier's cap, or are refused
# (exit 1, the tier named); an import takes its tier from the file's name
# and refuses a -l that disagrees (exit 2); an imported case must pass the
# cap of the tier below its own, else it is reported and left out.  The
# corpus and the files are written here: small ones, to tiers they do not
# reach.
set -u
. "$TOP/tests/lib.sh"
export LG_SHARE="$TOP/share"
LG_TOKENIZER=; export LG_TOKENIZER	# the approximate counts: no table
fail=0
no() { echo "FAIL: $*"; fail=1; }	# every check runs; one failure fails all

# every record's tokens reach its tier: 90% of the cap when built, more
# than the tier below (BESTANSWER's tiers) when imported
reach() {	# FILE
	jq -r '[.length, .gold.tokens, (has("import") | tostring)] | @tsv' "$1" |
	    awk -F'\t' 'BEGIN { split("1 2 4 6 8 12 16 32 64 128", k, " ")
		for (i = 2; i in k; i++) below[k[i] "k"] = k[i - 1] * 1000 }
	{ cap = ($1 + 0) * 1000
	  if ($3 == "false" && $2 * 10 < cap * 9 || $3 == "true" && $2 <= below[$1] + 0) {
		print "tier " $1 ": " $2 " tokens"; bad = 1 } }
	END { exit bad }'
}

# a corpus of three questions of a few hundred tokens: enough for 1k only
for q in a b c; do
	a=""
	for w in one two three four five six seven eight nine ten eleven; do
		a="$a \"$w $(printf 'the %s loop returns a pointer to memory %.0s' \
		    $q 1 2 3 4 5 6 7)\","
	done
	printf '{"id": "%s", "question": "Why does %s fail?", "answers": [%s "x"], "accepted": 11, "tags": ["c"]}\n' \
	    "$q" "$q" "$a"
done >"$t/qa.jsonl"

for l in 1k 2k 16k; do
	rc=0
	lg-gen adaleval -t bestanswer -l "$l" -n 3 --corpus "$t/qa.jsonl" \
	    >"$t/b$l" 2>"$t/e$l" || rc=$?
	no_crash "$t/e$l"
	reach "$t/b$l" || no "built -l $l: a case short of its tier"
	case $l in
	1k) [ $rc = 0 ] && [ "$(wc -l <"$t/b$l")" = 3 ] ||
		no "built -l 1k: status $rc, $(wc -l <"$t/b$l") cases";;
	*) [ $rc = 1 ] && grep -q "too small for tier $l" "$t/e$l" ||
		no "built -l $l: status $rc, not refused: $(cat "$t/e$l")";;
	esac
done

# official-looking files: one small case (well under 1k)
el='{"question_id": 7, "question": "Why?", "all_answers": ["Because.", "No."], "answer": "A1", "tags": ["c"]}'
echo "[$el, $el]" >"$t/stackselect_1k.json"
cp "$t/stackselect_1k.json" "$t/stackselect_16k.json"
cp "$t/stackselect_1k.json" "$t/cases.json"

lg-gen adaleval -t bestanswer --import "$t/stackselect_1k.json" >"$t/i1" 2>"$t/ei1" ||
    no "import 1k: exit $?: $(cat "$t/ei1")"
[ "$(jq -r .length "$t/i1" | sort -u)" = 1k ] || no "import 1k: not labelled 1k"
reach "$t/i1" || no "import 1k: a case short of its tier"

rc=0
lg-gen adaleval -t bestanswer -l 16k --import "$t/stackselect_1k.json" \
    >"$t/i2" 2>"$t/ei2" || rc=$?
[ $rc = 2 ] && [ ! -s "$t/i2" ] && grep -q 'holds tier 1k' "$t/ei2" ||
    no "-l 16k on a 1k file: status $rc, $(wc -l <"$t/i2") cases"

short16k() {	# NAME ARGS...: a small file imported at 16k is left out
	name=$1
	shift
	rc=0
	lg-gen adaleval -t bestanswer "$@" >"$t/i3" 2>"$t/ei3" || rc=$?
	no_crash "$t/ei3"
	reach "$t/i3" || no "$name: a case short of its tier"
	[ $rc = 1 ] && [ ! -s "$t/i3" ] && grep -q 'do not reach tier 16k' "$t/ei3" ||
	    no "$name: status $rc, $(wc -l <"$t/i3") cases: $(cat "$t/ei3")"
}
short16k "a 16k file" --import "$t/stackselect_16k.json"
short16k "-l 16k, a file without a tier" -l 16k --import "$t/cases.json"

[ $fail = 0 ] || exit 1
echo ok
