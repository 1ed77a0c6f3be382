#!/bin/sh
# lg-judge --cf-relevance --compat against the published LongWeave code in
# ../shared/reference/LongWeave: for each reply of a list, odd ones
# included, a cf record whose program makes the test server send it back
# (tests/helpers/fakeapi, "SAY:"); then each request must be what the
# published code sends (the f-string of _check_relevance_with_llm() on
# clean_code_extraction() of the answer, the messages of unified_call(),
# the parameters of CODE_FIXING in config/task_config.yaml read from its
# second line, stream left to the client) and each verdict what
# _parse_relevance_response() makes of the reply.  Prints every
# disagreement; exits 1 on any.
#   bench/cf-relevance.sh
# Builds bin/ and the test server first; needs /usr/bin/python3 with yaml.
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
ref=$top/../shared/reference/LongWeave
[ -d "$ref" ] || { echo "no published code at $ref" >&2; exit 3; }
make -C "$top" --no-print-directory all >/dev/null
exec /usr/bin/python3 - "$top" "$ref" <<'PY'
import ast, contextlib, io, json, os, re, subprocess, sys, tempfile, time
import yaml

top, ref = sys.argv[1], sys.argv[2]
src = open(ref + "/core/tasks/code_fix_task.py", encoding="utf-8").read()
tree = ast.parse(src)
ns = {"re": re, "json": json}
prompt_node = None
for node in ast.walk(tree):
    if isinstance(node, ast.FunctionDef) and node.name in (
            "_parse_relevance_response", "clean_code_extraction"):
        exec(compile(ast.Module(body=[node], type_ignores=[]), "ref", "exec"), ns)
    if (isinstance(node, ast.Assign) and isinstance(node.targets[0], ast.Name)
            and node.targets[0].id == "eval_prompt"):
        prompt_node = node
api = ast.parse(open(ref + "/core/serve/unified_api.py", encoding="utf-8").read())
msgs_node = next(n for n in ast.walk(api) if isinstance(n, ast.Assign) and
                 isinstance(n.targets[0], ast.Name) and n.targets[0].id == "messages")
with open(ref + "/config/task_config.yaml", encoding="utf-8") as f:
    f.readline()                    # the stray first line
    params = dict(yaml.safe_load(f)["CODE_FIXING"]["evaluation_model"]["params"])
params.pop("stream")                # passed twice as shipped; see the man page

def quiet(fn, *a, **k):
    with contextlib.redirect_stdout(io.StringIO()):
        return fn(*a, **k)

def published_request(original, answer):
    fixed = quiet(ns["clean_code_extraction"], None, answer)
    v = {"original_code": original, "fixed_code": fixed}
    exec(compile(ast.Module(body=[prompt_node], type_ignores=[]), "p", "exec"), v)
    m = {"prompt": v["eval_prompt"]}
    exec(compile(ast.Module(body=[msgs_node], type_ignores=[]), "m", "exec"), m)
    return m["messages"]

K = '"is_relevant_and_complete"'
replies = [
    '{%s: true}' % K, '{%s: false}' % K, '  {%s:false}  ' % K,
    'Sure: {%s: false}' % K, '{%s: true} I hope this helps.' % K,
    '%s: false' % K, '%s: true' % K, '%s: FALSE' % K, '%s : false' % K,
    '{"IS_RELEVANT_AND_COMPLETE": false}', '{%s: "false"}' % K,
    '{%s: FALSE}' % K, '{%s: tru}' % K, '{%s: false,}' % K,
    '{%s: false, %s: true}' % (K, K), '{%s: true, %s: false}' % (K, K),
    '{"x": 1} then {%s: false}' % K, '{%s: false, "x": NaN}' % K,
    '{%s: false, "x": -Infinity}' % K, '{%s: false, "x": 01}' % K,
    '{%s: false, "x": "\\ud800"}' % K, '{"note": {"a": 1}, %s: false}' % K,
    '{"a": "}", %s: false}' % K, '{%s : false}' % K,
    '{"is_relevant_and_complet\\u0065": false}',
    '%s: false {"\u0130s_relevant_and_complete": true}' % K,
    '%s: false {%s: fal\u017fe}' % (K, K),
    '{"\u0131S_RELEVANT_AND_COMPLETE": false}',
    '{"i\u017f_relevant_and_complete": true}',
    '\u00a0{%s: false}\u3000' % K, '{%s:\u2003false}' % K,
    '{%s: false}\u2028' % K, 'no verdict at all', '{}', '{%s: null}' % K,
]
answers = [
    lambda c: "```python\n%s\n```" % c,
    lambda c: "Here it is:\n```\n%s\n```\nDone." % c,
    lambda c: "  %s  \n" % c,
    lambda c: "```Python %s```" % c,
]
tmp = tempfile.mkdtemp()
port = tmp + "/port"
srv = subprocess.Popen([top + "/build/obj/helpers/fakeapi", "-p", "0", "--port-file",
                        port, "--record", tmp + "/bodies", "--idle-exit", "60",
                        "--lifetime", "600"], stdout=subprocess.DEVNULL,
                       stderr=subprocess.DEVNULL)
try:
    for _ in range(200):
        if os.path.exists(port) and os.path.getsize(port) > 0:
            break
        time.sleep(0.05)
    url = "http://127.0.0.1:%s/v1" % open(port).read().strip()
    recs, want = [], {}
    for i, r in enumerate(replies):
        code = 'def f(x):\n    """\nSAY: %s\n    """\n    return x' % r
        ans = answers[i % len(answers)](code)
        rid = "r%d" % i
        recs.append({"id": rid, "bench": "longweave", "task": "cf",
                     "vars": {"code": code}, "output": ans,
                     "scores": {"score": 0.5, "compat": True}})
        want[rid] = (quiet(ns["_parse_relevance_response"], None, r.strip()),
                     published_request(code, ans))
    inp = "".join(json.dumps(x) + "\n" for x in recs)
    p = subprocess.run([top + "/bin/lg-judge", "--cf-relevance", "--compat", "-P", "1",
                        "--judge-base-url", url, "--judge-model", "m"],
                       input=inp.encode(), capture_output=True)
    out = [json.loads(l) for l in p.stdout.decode().split("\n") if l]
    bodies = [json.loads(l) for l in open(tmp + "/bodies", encoding="utf-8")]
finally:
    srv.terminate()
bad = 0
for rec, body in zip(out, bodies):
    verdict, msgs = want[rec["id"]]
    v = rec["verdicts"][0]
    if v.get("pass") != verdict:
        bad += 1
        print("verdict: %s: lg %s, published %s: %r" % (rec["id"], v.get("pass"),
              verdict, v.get("reply")))
    if body["messages"] != msgs:
        bad += 1
        print("request: %s: the messages differ" % rec["id"])
    for k, val in params.items():
        if body.get(k) != val:
            bad += 1
            print("request: %s: %s is %r, published %r" % (rec["id"], k, body.get(k), val))
    extra = set(body) - set(params) - {"model", "messages", "stream"}
    if extra or body.get("stream") is not False:
        bad += 1
        print("request: %s: keys %s" % (rec["id"], sorted(body)))
if len(out) != len(recs) or len(bodies) != len(recs):
    bad += 1
    print("records %d, requests %d, of %d" % (len(out), len(bodies), len(recs)))
print("%d replies, %d requests: %d disagreements" % (len(out), len(bodies), bad))
sys.exit(1 if bad else 0)
PY
