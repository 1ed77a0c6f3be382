#!/bin/sh
# lg-compare leaves out of each record the members it never reads
# (output, prompt, vars, parts, gold, template, published_id, reasoning,
# usage) before they are parsed, unless a field names one of them:
#   - on a pipeline's scored records, with those members and without
#     them (jq), it prints the same bytes, says the same and exits alike;
#   - a group field that names one (-g vars.type, --by template) still
#     reads it.
set -eu
. "$TOP/tests/lib.sh"
cd "$BIN"
export LG_SHARE="$TOP/share"
{
	./lg-gen longgenbench -l 16k -n 3 -s 7
	./lg-gen longweave -t kvg,sms -l 1k -n 3 -s 3
} | ./lg-prompt > "$t/cases"
score() {	# oracle options...
	./lg-oracle "$@" < "$t/cases" | ./lg-split | ./lg-judge --rules |
	    ./lg-kvcheck | ./lg-fsmcheck
}
{ score; score --model oracle-degraded --stop-at 0.8 --drop 0.2; } > "$t/full"
for k in output prompt vars gold template; do
	jq -e "select(has(\"$k\"))" "$t/full" > /dev/null ||
	    fail "no record holds $k: the test lost its point"
done
jq -c 'del(.output, .prompt, .vars, .parts, .gold, .template,
    .published_id, .reasoning, .usage)' "$t/full" > "$t/bare"

# same ARGS...: lg-compare alike on both (output, messages, exit status)
same() {
	for f in full bare; do
		rc=0
		./lg-compare "$@" "$t/$f" > "$t/$f.out" 2> "$t/$f.err" || rc=$?
		{ sed s/bare/full/ "$t/$f.err"; echo "exit $rc"; } > "$t/$f.said"
	done
	cmp -s "$t/full.out" "$t/bare.out" || { diff "$t/full.out" \
	    "$t/bare.out" | head; fail "lg-compare $*: the tables differ"; }
	cmp -s "$t/full.said" "$t/bare.said" || { diff "$t/full.said" \
	    "$t/bare.said" | head; fail "lg-compare $*: messages or exit differ"; }
}
same --by gen.model=lg-oracle,oracle-degraded
same --by gen.model -f json -g bench,task -b 200
grep -q '"row":"metric"' "$t/full.out" ||
    fail "no metric rows: $(head -c 300 "$t/full.out")"

# a field that names a member left out otherwise: still read
./lg-compare -f json -b 100 -g vars.type --by gen.model "$t/full" > "$t/v.out"
jq -r 'select(.row == "metric") | .["vars.type"]' "$t/v.out" |
    sort -u > "$t/types"
grep -qx Week "$t/types" ||
    fail "-g vars.type: no group of vars.type Week: $(cat "$t/types")"
