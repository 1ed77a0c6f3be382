#!/bin/sh
# lg-flake8 --prepare over a suite without answers passes every record on
# byte for byte, lints and runs each original once (none of the answers:
# there are none) and fills the cache with them; scoring the answers
# afterwards lints and runs no original again (no cache entry is written
# anew) and gives records byte for byte those of a run without a cache;
# --prepare with --no-cache is a usage error, and with a cache directory
# that cannot be used a system error (the records still pass on).
set -u
. "$TOP/tests/lib.sh"
need_py
lg-gen longweave -t cf -l 1k -n 3 | lg-prompt > "$t/gen" || fail "lg-gen pipeline"
# a record of another task and one without vars.code pass on too, and the
# first original twice: it is linted once
"$py" - "$t/gen" "$t/prompts" <<'PY'
import json, sys
recs = [json.loads(l) for l in open(sys.argv[1])]
other = dict(recs[0], id="other", task="kvg")
nocode = dict(recs[0], id="nocode", vars={})
twice = dict(recs[0], id="twice")
with open(sys.argv[2], "w") as f:
    for r in recs + [other, nocode, twice]:
        f.write(json.dumps(r, separators=(",", ":")) + "\n")
PY
lg-oracle "$t/gen" > "$t/answers" || fail "lg-oracle"
# a flake8 that logs the files it is given
printf '%s\n' 'for a; do case $a in -*) ;; *) echo "$a" >> "$LINTED" ;; esac; done' \
    "exec $py -m flake8 \"\$@\"" > "$t/f8.sh"
export LINTED="$t/linted"
run() {	# name, input, options...
	n=$1 in=$2
	shift 2
	: > "$t/linted"
	lg-flake8 --flake8 "sh $t/f8.sh" "$@" "$in" > "$t/$n" 2> "$t/$n.err" ||
	    { cat "$t/$n.err"; fail "lg-flake8 $*"; }
	cp "$t/linted" "$t/$n.linted"
}
run prep "$t/prompts" --prepare --cache "$t/c" -j 2
cmp -s "$t/prompts" "$t/prep" || fail "--prepare changed the records"
[ ! -s "$t/prep.err" ] || fail "--prepare said: $(cat "$t/prep.err")"
grep -q 'f_l\.py$' "$t/prep.linted" && fail "--prepare linted an answer"
[ "$(grep -c 'o_l\.py$' "$t/prep.linted")" = 3 ] ||
    fail "--prepare linted $(grep -c 'o_l\.py$' "$t/prep.linted") originals, not 3"
# an entry for the counts and one for the output of each original
[ "$(find "$t/c" -type f -name '*.json' | wc -l)" = 6 ] ||
    fail "cache entries: $(find "$t/c" -type f -name '*.json' | wc -l), not 6"
touch "$t/mark"
run ref "$t/answers" --no-cache
run warm "$t/answers" --cache "$t/c"
cmp -s "$t/ref" "$t/warm" || fail "records differ from a run without a cache"
grep -q 'o_l\.py$' "$t/warm.linted" && fail "an original linted again"
grep -q 'f_l\.py$' "$t/warm.linted" || fail "answers not linted"
[ -z "$(find "$t/c" -type f -newer "$t/mark")" ] ||
    fail "an original's lint or run done again: $(find "$t/c" -type f -newer "$t/mark")"
# --prepare fills the cache: not without one
lg-flake8 --prepare --no-cache "$t/prompts" > "$t/out" 2> "$t/err"
rc=$?
[ "$rc" = 2 ] || fail "--prepare --no-cache: exit $rc, not 2"
[ ! -s "$t/out" ] || fail "--prepare --no-cache wrote records"
grep -q -e '--prepare' "$t/err" || fail "--prepare --no-cache: $(cat "$t/err")"
# a cache directory that cannot be made: said, records on, status 3
lg-flake8 --prepare --cache /dev/null/c "$t/prompts" > "$t/out" 2> "$t/err"
rc=$?
[ "$rc" = 3 ] || fail "--prepare, no cache: exit $rc, not 3"
cmp -s "$t/prompts" "$t/out" || fail "--prepare, no cache: records changed"
grep -q 'no cache directory' "$t/err" || fail "--prepare, no cache: $(cat "$t/err")"
exit 0
