#!/bin/sh
# lg-agg's bootstrap draws from bootrng.h (xoshiro256**, Lemire's bounded
# draws) since it left CPython's Mersenne Twister (rng.h): the same
# estimator, other draws.  On a run shaped as the demo's (LongWeave's
# rule-scored tasks at 1k and 2k, LongGenBench at 16k, Ada-LEval tsort;
# the oracle and the degraded oracle), each interval endpoint the former
# draws gave (agg-boot-draws.ref: lg-agg -f json, --seed 0, of the build
# before bootrng.h, its groups' lo and hi members) lies within the
# Monte-Carlo spread of the new draws: between the least and the greatest
# of ten seeds' values, widened by half that spread and 0.05 points (the
# tables print one decimal).  A biased draw (one unit never drawn, say)
# moves endpoints out of it.
set -eu
. "$TOP/tests/lib.sh"
export LG_SHARE=$TOP/share
books=$TOP/share/corpora/austen
{
	lg-gen longweave -t kvg,sms,pr,biog,sr,nw -l 1k,2k -n 4 -s 7 --corpus "$books"
	lg-gen longgenbench -l 16k -n 2 -s 7
	lg-gen adaleval -t tsort -l 2k -n 4 -s 7 --corpus "$books" 2>/dev/null
} | lg-prompt > "$t/cases"
{
	lg-oracle < "$t/cases"
	lg-oracle --model oracle-degraded --stop-at 0.8 --forget-after 0.6 \
	    --drop 0.2 < "$t/cases"
} | lg-split | lg-score --rules > "$t/scored" 2> "$t/err" ||
    { cat "$t/err"; fail "the run failed"; }
for s in 0 1 2 3 4 5 6 7 8 9; do
	lg-agg -f json --seed $s "$t/scored" > "$t/j$s" || fail "lg-agg --seed $s"
	py '
for line in open(sys.argv[1]):
    r = json.loads(line)
    g = json.dumps([r.get("bench"), r.get("task"), r.get("length"),
                    r.get("gen"), r.get("row")])
    for k, v in r.items():
        if (k.endswith("_lo") or k.endswith("_hi")) and v is not None:
            print("%s %r" % (g + " " + k, v))
' "$t/j$s" > "$t/s$s"
done
boot_spread "$TOP/tests/scripts/agg-boot-draws.ref" 0.05 100 "$t"/s? \
    > "$t/out" || { cat "$t/out"; fail "intervals outside the" \
    "Monte-Carlo spread of the former draws"; }
exit 0
