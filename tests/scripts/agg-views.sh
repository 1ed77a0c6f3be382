#!/bin/sh
# lg-agg --view: each view's rows, exit status and messages are those of
# lg-agg run with that view's options alone, for every table lg-report
# asks (a run of LongWeave with lg-tags' tags, LongGenBench and
# Ada-LEval, two models, a bad line); a view whose --models file cannot
# be read ends with its status and message, the others are made; a
# mistake in a view exits 2 before reading.
set -eu
. "$TOP/tests/lib.sh"
export LG_SHARE="$TOP/share"
sh "$TOP/tests/mkcorpus.sh" "$t/corpus" 2 300 > /dev/null
{
	lg-gen longweave -t kvg,sms,pr -l 1k -n 3 -s 2 --corpus "$t/corpus"
	lg-gen longgenbench -t diary -l 16k -n 2 -s 2
	lg-gen adaleval -t tsort -l 2k -n 2 -s 2 --corpus "$t/corpus" 2>/dev/null
} | lg-prompt > "$t/cases"
{
	lg-oracle < "$t/cases"
	lg-oracle --model degraded --stop-at 0.7 --drop 0.2 < "$t/cases"
} | lg-split | lg-judge --rules | lg-kvcheck | lg-fsmcheck | lg-tau |
    lg-choice | lg-tags > "$t/run"
echo '{"id": broken' >> "$t/run"
printf 'model\tsize\tcontext\tkind\tgroup\n' > "$t/models"
printf 'degraded 7B\tx\n' > "$t/badmodels"
printf 'lg-oracle 1 2\ndegraded 3 4\n' > "$t/prices"

set -- '--bootstrap 50' '--by-position --bootstrap 50' \
    '--layout paper --bootstrap 50' '-g bench,gen.model --bootstrap 50' \
    '-g bench,task,gen.model --bootstrap 50' '--usage' '--tags' \
    '--time --bootstrap 50' '--lengths --bootstrap 50' \
    '--sample-size --bootstrap 50' '--table 1 --bootstrap 50' \
    '--table 4 --bootstrap 50' '--table 5 --bootstrap 50' \
    '--table 6 --bootstrap 50' '--table 7 --bootstrap 50' \
    '--table 9 --bootstrap 50' \
    "--layout paper --models $t/models --bootstrap 50" \
    "--usage --prices $t/prices" "--usage --prices $t/prices -g gen.model" \
    "--layout paper --models $t/badmodels --bootstrap 50"
n=0
for v; do
	n=$((n + 1))
	rc=0
	# shellcheck disable=SC2086 # the view's words
	lg-agg -f json $v "$t/run" > "$t/alone.$n" 2> "$t/err.$n" || rc=$?
	echo "$rc" > "$t/rc.$n"
	set -- "$@" --view "$v"
done
shift "$n"
rc=0
lg-agg -f json "$@" "$t/run" > "$t/views" 2> "$t/verr" || rc=$?
[ ! -s "$t/verr" ] || fail "messages on stderr: $(head -3 "$t/verr")"
py '
d, n = sys.argv[1], int(sys.argv[2])
rows, ends = {}, {}
for line in open(d + "/views"):
    j = json.loads(line)
    if "view_end" in j:
        ends[j["view_end"]] = j
        continue
    k = j.pop("view")
    rows.setdefault(k, []).append(json.dumps(j))
worst = 0
for k in range(1, n + 1):
    alone = [json.dumps(json.loads(x)) for x in open("%s/alone.%d" % (d, k))]
    rc = int(open("%s/rc.%d" % (d, k)).read())
    err = open("%s/err.%d" % (d, k)).read().splitlines()
    if rows.get(k, []) != alone:
        sys.exit("view %d: rows differ from the run alone" % k)
    if k not in ends or ends[k]["status"] != rc:
        sys.exit("view %d: status %s, alone %d" % (k,
            ends.get(k, {}).get("status"), rc))
    if ends[k]["messages"] != err:
        sys.exit("view %d: messages %r, alone %r" % (k,
            ends[k]["messages"][:3], err[:3]))
    worst = max(worst, rc)
print(worst)
' "$t" "$n" > "$t/worst" || fail "$(cat "$t/worst")"
[ "$rc" -eq "$(cat "$t/worst")" ] ||
    fail "status $rc, the worst view's $(cat "$t/worst")"
[ "$(cat "$t/rc.$n")" -ge 2 ] || fail "a bad --models file: status $(cat "$t/rc.$n")"
grep -q 'invalid JSON' "$t/err.1" || fail "the bad line is not said"

# the view's words: a backslash keeps a blank in a file name
cp "$t/models" "$t/my models"
lg-agg -f json --view "--layout paper --models $t/my\\ models" "$t/run" \
    > "$t/sp" 2> /dev/null || true
grep -q '"view_end":1,"status":1,' "$t/sp" || fail "a file name with a blank: $(tail -1 "$t/sp")"

rc=0
lg-agg -f json --view '--table 5 --bootstrap 1' "$t/run" > "$t/out" 2> "$t/err" || rc=$?
[ "$rc" -eq 2 ] && [ ! -s "$t/out" ] || fail "a mistake in a view: status $rc"
grep -q 'table 5' "$t/err" || fail "a mistake in a view: $(cat "$t/err")"
rc=0
lg-agg --view '--usage' "$t/run" > /dev/null 2> "$t/err" || rc=$?
[ "$rc" -eq 2 ] && grep -q 'json' "$t/err" || fail "--view without -f json: status $rc"
no_crash "$t/err"
