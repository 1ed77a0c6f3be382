#!/bin/sh
# lg-gen longweave -t cf: the same cases on every run and for every seed
# given; rate 0 gives the clean program itself; the clean program passes
# flake8 (with the plugins at hand) and both programs run to the end with
# the same functions as gold.functions; the polluted one has violations;
# programs grow with the tier; the prompt holds the polluted program,
# stripped as the published prompt strips it.
# Pollution never changes what a program prints (lg-flake8 holds a fix to
# the original's output): 40 more cases, clean and polluted, print the same.
# Every place the library marks plants what its tag says: at rate 1, flake8
# reports every code the library tags (but for plugins missing here, and
# C419 and E721, which older flake8-comprehensions and pycodestyle lack).
# plain build only: its cost is Python running and linting the programs;
# lg-gen's cf cases (every tier, --rate 0 and 1) run under the sanitizers
# in gen-golden.sh
set -u
. "$TOP/tests/lib.sh"
need_py
g="$BIN/lg-gen longweave -t cf -l 1k,2k,4k,8k -n 3"
$g > "$t/a.jsonl" || exit 1
$g > "$t/b.jsonl" || exit 1
cmp -s "$t/a.jsonl" "$t/b.jsonl" || { echo "two runs differ"; exit 1; }
$g -s 9 > "$t/s.jsonl" || exit 1
cmp -s "$t/a.jsonl" "$t/s.jsonl" && { echo "-s 9 changed nothing"; exit 1; }
$g --rate 0 > "$t/zero.jsonl" || exit 1
"$BIN/lg-gen" longweave -t cf -l 1k,2k,4k,8k -n 10 -s 11 > "$t/more.jsonl" || exit 1
"$BIN/lg-gen" longweave -t cf -l 8k -n 30 -s 3 --rate 1 > "$t/all.jsonl" || exit 1
"$BIN/lg-prompt" "$t/a.jsonl" > "$t/p.jsonl" || exit 1
"$py" - "$t" <<'PY'
import ast, json, os, re, subprocess, sys
t = sys.argv[1]
recs = [json.loads(l) for l in open(t + "/a.jsonl")]
zero = [json.loads(l) for l in open(t + "/zero.jsonl")]
prompts = [json.loads(l) for l in open(t + "/p.jsonl")]
bad = []
def want(cond, msg):
    if not cond:
        bad.append(msg)
def defs(src):
    return sum(isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef)) for n in ast.walk(ast.parse(src)))
want([r["id"] for r in recs][:4] == ["longweave/cf/1k/0000", "longweave/cf/1k/0001", "longweave/cf/1k/0002", "longweave/cf/2k/0000"], "ids")
want(recs[0]["published_id"] == "CODE_FIXING/1k_0", "published id %r" % recs[0]["published_id"])
for r, z in zip(recs, zero):
    want(z["vars"]["code"] == z["gold"]["clean"], "%s: rate 0 polluted" % z["id"])
    want(z["gold"]["planted"] == {k: 0 for k in z["gold"]["planted"]}, "%s: rate 0 planted %r" % (z["id"], z["gold"]["planted"]))
    want(r["vars"]["code"] != r["gold"]["clean"], "%s: rate 0.85 clean" % r["id"])
clean, dirty = [], []
for i, r in enumerate(recs):
    for kind, src, lst in (("c", r["gold"]["clean"], clean), ("d", r["vars"]["code"], dirty)):
        p = "%s/%s%d.py" % (t, kind, i)
        open(p, "w").write(src)
        lst.append(p)
        want(defs(src) == r["gold"]["functions"], "%s %s: %d functions, gold %d" % (r["id"], kind, defs(src), r["gold"]["functions"]))
        run = subprocess.run([sys.executable, p], capture_output=True, text=True, timeout=60)
        want(run.returncode == 0, "%s %s does not run: %s" % (r["id"], kind, run.stderr[-300:]))
    want(r["checks"][2] == {"kind": "functions", "want": r["gold"]["functions"]}, "%s checks" % r["id"])
f8 = [sys.executable, "-m", "flake8", "--isolated", "--select=E,W,F,B,N,SIM,C4"]
out = subprocess.run(f8 + clean, capture_output=True, text=True).stdout
want(out == "", "clean programs are not clean:\n" + out[:2000])
out = subprocess.run(f8 + ["--format=%(path)s"] + dirty, capture_output=True, text=True).stdout.split()
for p in dirty:
    want(p in out, "%s has no violation" % p)
sizes = {}
for r in recs:
    sizes.setdefault(r["length"], []).append(len(r["gold"]["clean"]))
mean = [sum(sizes[k]) / len(sizes[k]) for k in ("1k", "2k", "4k", "8k")]
want(mean == sorted(mean) and mean[3] > 5 * mean[0], "sizes by tier %r" % mean)
for r, p in zip(recs, prompts):
    # as the published prompt puts it: stripped, between fence lines
    want("```python\n" + r["vars"]["code"].strip() + "\n```\n" in p["prompt"] and
         p["prompt"].endswith("```python"), "%s prompt" % r["id"])
for r in (json.loads(l) for l in open(t + "/more.jsonl")):
    printed = []
    for src in (r["gold"]["clean"], r["vars"]["code"]):
        run = subprocess.run([sys.executable, "-I", "-B", "-c", src], capture_output=True, timeout=60)
        printed.append((run.returncode, run.stdout))
    want(printed[0] == printed[1], "%s: the polluted program prints otherwise" % r["id"])
lib = open(os.environ["LG_SHARE"] + "/templates/longweave/cf/functions.txt").read()
tags = set(re.findall(r"\$[<+-]([A-Z]+[0-9]+)", lib))
files = []
for i, l in enumerate(open(t + "/all.jsonl")):
    files.append("%s/all%d.py" % (t, i))
    open(files[-1], "w").write(json.loads(l)["vars"]["code"])
have = subprocess.run(f8 + ["--version"], capture_output=True, text=True).stdout
fams = {"B": "bugbear", "SIM": "simplify", "C4": "comprehensions", "N": "naming"}
seen = set(subprocess.run(f8 + ["--format=%(code)s"] + files, capture_output=True, text=True).stdout.split())
for tag in sorted(tags - seen - {"C419", "E721"}):
    fam = re.match(r"C4|[A-Z]+?(?=[0-9])", tag).group(0)
    if fam in fams and fams[fam] not in have:
        continue
    want(False, "tag %s: planted at rate 1, never reported" % tag)
for b in bad:
    print("FAIL:", b)
sys.exit(1 if bad else 0)
PY
