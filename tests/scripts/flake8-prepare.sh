#!/bin/sh
# lg-flake8 --prepare over a suite without answers passes every record on
# byte for byte but for the member "orig" it adds to each cf record with a
# vars.code (at its end, the rest as it came), lints and runs each
# original once (none of the answers: there are none) and fills the cache
# with them; scoring the answers afterwards lints and runs no original
# again (no cache entry is written anew) and gives records byte for byte
# those of a run without a cache; --prepare with --no-cache, or with a
# cache directory that cannot be used (said), carries the results in the
# records alone, the same members.
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
# each line as it came, "orig" apart: kept in $t/members
"$py" - "$t/prompts" "$t/prep" "$t/members" <<'PY' || exit 1
import json, sys
ins, outs = open(sys.argv[1]).readlines(), open(sys.argv[2]).readlines()
assert len(ins) == len(outs), "%d records in, %d out" % (len(ins), len(outs))
with open(sys.argv[3], "w") as m:
    for a, b in zip(ins, outs):
        r = json.loads(a)
        if r["task"] != "cf" or "code" not in r["vars"]:
            assert a == b, "changed: " + r["id"]
            continue
        o = json.loads(b)["orig"]
        tail = ',"orig":' + json.dumps(o, separators=(",", ":")) + "}\n"
        assert b == a[:-2] + tail, "more than orig changed: " + r["id"]
        assert set(o) == {"sha256", "lint", "run"}, r["id"] + ": " + b
        m.write(json.dumps(o) + "\n")
PY
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
# without a cache the records carry the same, the originals linted anew
run nocache "$t/prompts" --prepare --no-cache
cmp -s "$t/prep" "$t/nocache" || fail "--prepare --no-cache: other records"
[ ! -s "$t/nocache.err" ] || fail "--prepare --no-cache said: $(cat "$t/nocache.err")"
[ "$(grep -c 'o_l\.py$' "$t/nocache.linted")" = 3 ] ||
    fail "--prepare --no-cache linted $(grep -c 'o_l\.py$' "$t/nocache.linted") originals, not 3"
# a cache directory that cannot be made: said, and the records carry
run nodir "$t/prompts" --prepare --cache /dev/null/c
cmp -s "$t/prep" "$t/nodir" || fail "--prepare, no cache: other records"
grep -q 'cannot use it' "$t/nodir.err" || fail "--prepare, no cache: $(cat "$t/nodir.err")"
exit 0
