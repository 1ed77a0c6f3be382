#!/bin/sh
# lg-flake8 --compat against the published CODE_FIXING scorer, written
# again below from its algorithm: strip the answer, take the group of the
# first ```(?:python)?\s*(.*?)\s*``` (any case, across lines) or the whole
# answer, strip it; runnable when compile() takes it; flake8 (the families
# selected, noqa honoured) only on runnable code; functions are the "def "
# in the text, rounded to four places; the harmonic mean.  Generated cases
# are answered in many kinds, odd ones included (a byte-order mark, tilde
# fences, a NUL, bodies that return None, noqa, CR LF, no fence, two
# blocks, an unclosed block, an upper-case tag, nothing); every score must
# agree.  The NUL answers are scored in a run of their own, beside the
# oracle's (flake8 fails on a chunk that holds one, which lg-flake8 then
# lints file by file).
set -u
. "$TOP/tests/lib.sh"
need_py
lg-gen longweave -t cf -l 1k,2k -n 3 -s 5 | lg-prompt | lg-oracle \
    > "$t/o.jsonl" || fail "lg-gen | lg-prompt | lg-oracle"
"$py" - "$t" "$BIN" <<'PY'
import ast, json, math, os, re, subprocess, sys
t, bindir = sys.argv[1:]

def none_bodies(src):
    tree = ast.parse(src)
    for n in ast.walk(tree):
        if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef)):
            n.body = [ast.Return(value=ast.Constant(value=None))]
    return ast.unparse(tree) + "\n"

def kinds(code):
    fenced = "```python\n" + code + "```"
    lines = code.split("\n")
    half = len(lines) // 2
    return {
        "oracle": fenced + "\n",
        "prose": "Here is the code:\n" + fenced + "\nIt runs.",
        "bare": code,
        "bom": "\ufeff" + fenced,
        "bom-bare": "\ufeff" + code,
        "tilde": "~~~python\n" + code + "~~~",
        "nul": fenced.replace("\n\n\n", "\n\x00\n", 1),
        "none": "```python\n" + none_bodies(code) + "```",
        "noqa": "```python\n" + code.replace("\n", "  # noqa\n", 3) + "```",
        "crlf": fenced.replace("\n", "\r\n"),
        "two-blocks": fenced + "\nAnd a test:\n```python\nassert True\n```",
        "unclosed": "```python\n" + "\n".join(lines[:half]),
        "upper": "```PYTHON\n" + code + "```",
        "syntax": "```python\n" + code.replace("def ", "def (", 1) + "```",
        "trailing": "```python\n" + code + "   \n\n```\n\n",
        "def-in-text": "```python\n# undef and def in a comment\n" + code + "```",
        "empty": "",
        "blank": "```python\n```",
    }

def pub_extract(response):
    response = response.strip()
    m = re.search(r"```(?:python)?\s*(.*?)\s*```", response, re.DOTALL | re.IGNORECASE)
    return m.group(1).strip() if m else response.strip()

def pub_flake8_all(codes):
    # the published scorer's flake8 run of each code, its lines counted:
    # one flake8 process over every file (the same checks as one run a
    # file, without a start of flake8 and its plugins per answer)
    paths = {}
    for n, code in codes.items():
        path = "%s/pub%d.py" % (t, n)
        with open(path, "w", encoding="utf-8") as f:
            f.write(code)
        paths[path] = n
    counts = dict.fromkeys(codes, 0)
    if not paths:
        return counts
    run = subprocess.run([sys.executable, "-m", "flake8", "--isolated",
                          "--select=E,W,F,B,N,SIM,C4",
                          "--format=%(path)s\t%(code)s"] + sorted(paths),
                         capture_output=True, text=True, cwd=t)
    if run.returncode not in (0, 1) or run.stderr.strip():
        print("FAIL: flake8: %s" % run.stderr.strip()[:500])
        sys.exit(1)
    for l in run.stdout.splitlines():
        if l.strip():
            counts[paths[l.split("\t", 1)[0]]] += 1
    return counts

def pub_code(response):
    # the code the published scorer judges, and whether it compiles
    code = pub_extract(response)
    if not code:
        return code, False
    try:
        compile(code, "<string>", "exec")
        return code, True
    except Exception:
        return code, False

def pub_cf(code, runnable, count, original):
    zero = {"runnable": 0.0, "style": 0.0, "functions": 0.0, "score": 0.0}
    if not code:
        return zero
    runnable = 1.0 if runnable else 0.0
    count = count if runnable else -1
    style = 0.0 if count < 0 else 1.0 / (1.0 + count / 50.0)
    def defs(s):
        return 0 if not s.strip() else s.count("def ")
    fo, ff = defs(original), defs(code)
    scale = max(1.0, float(fo) * 0.25)
    func = round(1.0 / (1.0 + (abs(ff - fo) / scale) ** 2), 4)
    if runnable > 1e-9 and style > 1e-9 and func > 1e-9:
        total = 3.0 / (1.0 / runnable + 1.0 / style + 1.0 / func)
    else:
        total = 0.0
    return {"runnable": runnable, "style": style, "functions": func, "score": total}

recs, pending = [], []
for l in open(t + "/o.jsonl"):
    r = json.loads(l)
    m = re.search(r"```python\n(.*?)```", r["output"], re.S)
    for kind, answer in kinds(m.group(1)).items():
        q = dict(r, id="%s/%s" % (r["id"], kind), output=answer)
        recs.append(q)
        pending.append((kind, pub_code(answer), r["vars"]["code"]))
counts = pub_flake8_all({n: c for n, (_, (c, ok), _) in enumerate(pending) if ok})
want = [(kind, pub_cf(c, ok, counts.get(n, -1), orig))
        for n, (kind, (c, ok), orig) in enumerate(pending)]
# two runs: flake8 fails on a whole chunk holding a NUL answer, and
# lg-flake8 then lints that chunk file by file (a start of flake8 each);
# the NUL answers go with the oracle's, so that retry still meets good
# answers, and the rest in one run of few chunks
runs = [[n for n, (kind, _) in enumerate(want) if kind != "nul"],
        [n for n, (kind, _) in enumerate(want) if kind in ("nul", "oracle")]]
got, bad = 0, 0
for k, run_of in enumerate(runs):
    path = "%s/in%d.jsonl" % (t, k)
    with open(path, "w") as f:
        for n in run_of:
            f.write(json.dumps(recs[n]) + "\n")
    run = subprocess.run([bindir + "/lg-flake8", "--compat", path],
                         capture_output=True, text=True)
    out = [json.loads(l) for l in run.stdout.splitlines()]
    if len(out) != len(run_of):
        print("FAIL: %d records out of %d" % (len(out), len(run_of)))
        sys.exit(1)
    got += len(out)
    for q, n in zip(out, run_of):
        if q["id"] != recs[n]["id"]:
            print("FAIL: %s out in the place of %s" % (q["id"], recs[n]["id"]))
            sys.exit(1)
        s = q["scores"]
        for key, v in want[n][1].items():
            if not math.isclose(s[key], v, rel_tol=1e-12, abs_tol=1e-12):
                print("FAIL: %s: %s %r, published %r" % (q["id"], key, s[key], v))
                bad += 1
print("%d answers, %d disagreements" % (got, bad))
sys.exit(1 if bad else 0)
PY
