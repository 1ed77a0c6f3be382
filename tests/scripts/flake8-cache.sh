#!/bin/sh
# lg-flake8's speed-ups change no count: flake8 over chunks of files, -j
# runs at once, and the originals' counts and outputs from the cache give
# records byte for byte those of a run without a cache, one job at a time;
# each flake8 count is the one a lone flake8 run gives on that file; a warm
# cache lints no original again, nor runs one again unless the limits
# changed; --compat does not take the counts made without it; entries
# that are not what lg-flake8 writes are not believed.
set -u
. "$TOP/tests/lib.sh"
need_py
lg-gen longweave -t cf -l 1k -n 5 | lg-prompt | lg-oracle > "$t/suite" ||
    fail "lg-gen pipeline"
"$py" - "$t/suite" "$t/in.jsonl" "$t/files" <<'PY'
import json, os, sys
recs = [json.loads(l) for l in open(sys.argv[1])]
os.mkdir(sys.argv[3])
out = []
for i, r in enumerate(recs):
    code = r["gold"]["clean"]
    if i == 1:
        code = r["vars"]["code"]            # the original as the answer
    if i == 2:
        code = "import os\nx=1\n" + code    # F401, E225
    r["output"] = "```python\n" + code + "```"
    out.append(r)
# an original with a noqa comment: its count differs under --compat
n = dict(recs[0], id="noqa")
n["vars"] = dict(n["vars"], code="import os  # noqa\n\n\ndef f():\n    return 1\n")
out.append(n)
# the same original twice in one batch
out.append(dict(out[0], id="again"))
with open(sys.argv[2], "w") as f:
    for r in out:
        f.write(json.dumps(r) + "\n")
for r in out:
    p = os.path.join(sys.argv[3], r["id"].replace("/", "_"))
    open(p + ".orig.py", "w").write(r["vars"]["code"])
    open(p + ".fix.py", "w").write(r["output"][len("```python\n"):-3])
PY
# a flake8 that logs the files it is given
printf '%s\n' 'for a; do case $a in -*) ;; *) echo "$a" >> "$LINTED" ;; esac; done' \
    "exec $py -m flake8 \"\$@\"" > "$t/f8.sh"
f8="sh $t/f8.sh"
export LINTED="$t/linted"
run() {	# name, options...
	n=$1
	shift
	: > "$t/linted"
	lg-flake8 --flake8 "$f8" "$@" "$t/in.jsonl" > "$t/$n" 2> "$t/$n.err" ||
	    { cat "$t/$n.err"; fail "lg-flake8 $*"; }
	cp "$t/linted" "$t/$n.linted"
}
run ref --no-cache -j 1
run par --no-cache -j 2
run cold --cache "$t/c" -j 2
run warm --cache "$t/c" -j 2
run one --cache "$t/c" -j 1
for n in par cold warm one; do
	cmp -s "$t/ref" "$t/$n" || fail "$n: records differ from one job without a cache"
done
[ -n "$(find "$t/c" -name '*.json')" ] || fail "nothing written to the cache"
# the cold run lints originals, the warm one none of them
grep -q 'o_l\.py$' "$t/cold.linted" || fail "cold: no original linted"
if grep -q 'o_l\.py$' "$t/warm.linted"; then
	fail "warm: originals linted again: $(grep -c 'o_l\.py$' "$t/warm.linted")"
fi
grep -q 'f_l\.py$' "$t/warm.linted" || fail "warm: answers not linted"
# another --timeout: the cache's counts serve, its outputs do not (a run
# with other limits may end otherwise): the originals run again, their
# outputs kept beside the others
before=$(find "$t/c" -name '*.json' | wc -l)
run timeout --cache "$t/c" -j 2 --timeout 20
run timeout_ref --no-cache -j 1 --timeout 20
cmp -s "$t/timeout_ref" "$t/timeout" || fail "--timeout 20: records differ from a run without a cache"
grep -q 'o_l\.py$' "$t/timeout.linted" && fail "--timeout 20: originals linted again"
after=$(find "$t/c" -name '*.json' | wc -l)
[ "$after" -gt "$before" ] || fail "--timeout 20: the cache's outputs of other limits were used"
# --compat beside counts made without it
run compat_ref --no-cache --compat
run compat --cache "$t/c" --compat
cmp -s "$t/compat_ref" "$t/compat" || fail "--compat took counts made without it"
# garbage in the cache is not believed
find "$t/c" -name '*.json' | while read -r f; do
	echo '{"compiles":true,"defs":-7,"count":-3,"fam":[],"len":-1,"sha256":"zz"}' > "$f"
done
run spoiled --cache "$t/c" -j 2
cmp -s "$t/ref" "$t/spoiled" || fail "records differ with a spoiled cache"
# each count is what flake8 alone gives on that one file
"$py" - "$t/ref" "$t/files" "$py" <<'PY' || exit 1
import json, os, subprocess, sys
def lone(name, d):
    # as lg-flake8 lints without --compat: noqa comments do not hide
    r = subprocess.run([sys.argv[3], "-m", "flake8", "--isolated",
        "--select=E,W,F,B,N,SIM,C4", "--disable-noqa", name],
        capture_output=True, text=True, cwd=d)
    assert r.returncode in (0, 1), r.stderr
    return len(r.stdout.splitlines())
bad = []
n = 0
for l in open(sys.argv[1]):
    r = json.loads(l)
    s = r["scores"]
    p = r["id"].replace("/", "_")
    for key, f in (("flake8_orig", ".orig.py"), ("flake8_fixed", ".fix.py")):
        want = lone(p + f, sys.argv[2])
        n += want
        if s[key] != want:
            bad.append("%s %s: %r, flake8 alone %r" % (r["id"], key, s[key], want))
if n == 0:
    bad.append("no violations at all: nothing was compared")
if bad:
    print("FAIL: " + "; ".join(bad))
    sys.exit(1)
PY
exit 0
