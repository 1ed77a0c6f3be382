#!/bin/sh
# Each of lg-oracle's dials yields the tag lg-tags(1) gives it, and no
# other, on every LongGenBench and LongWeave task lg-oracle writes; the
# perfect oracle gets no tag at all.  A record the dial left as the perfect
# oracle wrote it gets no tag either.  The dials, and the tags they give:
#   --stop-at 0.6      truncated (lg-oracle records finish_reason length);
#                      with finish_reason "stop" put in its place, stopped
#   --drop 0.3         skipped where it leaves items out (kvg, biog, sr, nw);
#                      none where it makes them wrong (LongGenBench, sms,
#                      pr, cf)
#   --forget-after 0.5 none: the items are there, their checks fail; biog
#                      skipped (lg-oracle leaves the undated facts out)
#   --repeat 0.3       repeated (the prose tasks written short, --words, so
#                      that no copy pushes a fact past the judged words)
# An item the dial leaves out may still be answered elsewhere (an sr figure
# stated in another answer): skipped and stopped are expected where lg-tags
# counts an item missing, and each dial must tag some record of each task.
set -u
. "$TOP/tests/lib.sh"
need_py
sh "$TOP/tests/mkcorpus.sh" "$t/corpus" 3 60
lg-gen longgenbench -l 16k -n 2 | lg-prompt > "$t/lgb" || fail "lg-gen longgenbench"
lg-gen longweave -t kvg,sms,pr,cf -l 1k,2k -n 3 --corpus "$t/corpus" |
    lg-prompt > "$t/lw" || fail "lg-gen longweave"
lg-gen longweave -t biog,sr,nw -l 1k,2k -n 3 | lg-prompt > "$t/prose" ||
    fail "lg-gen longweave prose"

score() {	# the scorers of every task, then lg-tags
	lg-kvcheck | lg-fsmcheck | lg-tau | lg-flake8 | lg-split |
	    lg-judge --rules | lg-tags
}
run() {		# NAME WORDS ORACLE-OPTIONS...: the suite through the oracle,
		# the prose tasks in WORDS words (0: as asked), scored
	name=$1
	words=$2
	shift 2
	w=
	[ "$words" = 0 ] || w="--words $words"
	{ lg-oracle "$@" "$t/lgb" "$t/lw"; lg-oracle $w "$@" "$t/prose"; } \
	    > "$t/$name.out" || fail "lg-oracle $*"
	score < "$t/$name.out" > "$t/$name" 2> "$t/$name.err" || {
		cat "$t/$name.err"
		fail "scoring $name"
	}
}
run perfect 0
run stop 0 --stop-at 0.6
run drop 0 --drop 0.3
run forget 0 --forget-after 0.5
run short 300
run repeat 300 --repeat 0.3
# the same cut answers, the model having stopped on its own
sed 's/"finish_reason":"length"/"finish_reason":"stop"/' "$t/stop.out" |
    score > "$t/stopped" || fail "scoring stopped"

"$py" - "$t" <<'PY'
import json, sys
t = sys.argv[1]
lgb = {"diary", "menu", "skyscraper", "city"}
lw = ["kvg", "sms", "pr", "cf", "biog", "sr", "nw"]
def every(tag):
    return {k: [tag] for k in list(lgb) + lw}
want = {
    "stop": every("truncated"),
    "stopped": every("stopped"),
    "drop": dict({k: [] for k in lgb}, kvg=["skipped"], sms=[], pr=[], cf=[],
                 biog=["skipped"], sr=["skipped"], nw=["skipped"]),
    "forget": dict({k: [] for k in list(lgb) + lw}, biog=["skipped"]),
    "repeat": every("repeated"),
}
def load(name):
    return [json.loads(l) for l in open("%s/%s" % (t, name))]
bad = []
perfect = {r["id"]: r for r in load("perfect")}
tasks = {r["task"] for r in perfect.values()}
if tasks != lgb | set(lw):
    bad.append("tasks %r" % sorted(tasks))
for r in perfect.values():
    if "error" in r or r.get("tags") != []:
        bad.append(("perfect", r["id"], r.get("tags"), r.get("error")))
short = {r["id"]: r for r in load("short")}
for r in short.values():
    if "error" in r or r.get("tags") != []:
        bad.append(("short", r["id"], r.get("tags"), r.get("error")))
for name, w in sorted(want.items()):
    base = short if name == "repeat" else perfect
    acted = set()
    recs = load(name)
    if len(recs) != len(perfect):
        bad.append((name, "%d records" % len(recs)))
    for r in recs:
        same = r["output"] == base[r["id"]]["output"]
        expect = [] if same else w[r["task"]]
        # an item left out is missed only if no other part of the answer
        # answers it: tagged when lg-tags finds it missing
        if expect in (["skipped"], ["stopped"]) and r["units"]["missing"] == 0:
            expect = []
        if "error" in r or r.get("tags") != expect:
            bad.append((name, r["id"], r.get("tags"), expect, r.get("error")))
        if expect:
            acted.add(r["task"])
    if acted != {k for k in tasks if w[k]}:
        bad.append((name, "no task tagged", sorted(tasks - acted)))
for b in bad[:20]:
    print(b)
sys.exit(1 if bad else 0)
PY
[ $? = 0 ] || fail "a dial gave another tag than its own"
