#!/bin/sh
# lg-flake8 counts the functions of each program as Python's ast.walk()
# finds them, wherever a def sits: at the top, in a class, in a function,
# under if/else, for/else, while, with, try/except/else/finally,
# try/except*, match/case, async, decorated; never a lambda; in the answer
# and in the original.
set -u
. "$TOP/tests/lib.sh"
need_py
"$py" - "$t/in.jsonl" <<'PY'
import json, sys
progs = {
    "flat": "def a():\n    pass\n\n\nasync def b():\n    pass\n",
    "nested": (
        "class C:\n"
        "    def m(self):\n"
        "        def inner():\n"
        "            class D:\n"
        "                def n(self):\n"
        "                    pass\n"
        "            return D\n"
        "        return inner\n"
        "\n"
        "    @staticmethod\n"
        "    async def s():\n"
        "        pass\n"),
    "blocks": (
        "import sys\n"
        "f = lambda x: x\n"
        "g = [lambda: 1 for _ in range(2)]\n"
        "if sys:\n"
        "    def a():\n"
        "        pass\n"
        "elif f:\n"
        "    def b():\n"
        "        pass\n"
        "else:\n"
        "    def c():\n"
        "        pass\n"
        "for i in range(1):\n"
        "    def d():\n"
        "        pass\n"
        "else:\n"
        "    def e():\n"
        "        pass\n"
        "while False:\n"
        "    def h():\n"
        "        pass\n"
        "with open('/dev/null') as fh:\n"
        "    def j():\n"
        "        pass\n"
        "try:\n"
        "    def k():\n"
        "        pass\n"
        "except ValueError:\n"
        "    def m():\n"
        "        pass\n"
        "else:\n"
        "    def n():\n"
        "        pass\n"
        "finally:\n"
        "    def o():\n"
        "        pass\n"),
    "newer": (
        "try:\n"
        "    pass\n"
        "except* ValueError:\n"
        "    def a():\n"
        "        pass\n"
        "match 1:\n"
        "    case 1 if True:\n"
        "        def b():\n"
        "            def c():\n"
        "                pass\n"
        "    case _:\n"
        "        def d():\n"
        "            pass\n"),
}
with open(sys.argv[1], "w") as f:
    for k, v in progs.items():
        # the answer, and the same program as the original with one more def
        orig = v + "\n\ndef extra():\n    pass\n"
        f.write(json.dumps({"id": k, "bench": "longweave", "task": "cf",
            "vars": {"code": orig}, "output": "```python\n" + v + "```"}) + "\n")
PY
lg-flake8 --no-cache "$t/in.jsonl" > "$t/out.jsonl" 2> "$t/err" ||
    { cat "$t/err"; fail "lg-flake8"; }
"$py" - "$t/in.jsonl" "$t/out.jsonl" <<'PY' || exit 1
import ast, json, sys
def walk(src):
    return sum(isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))
               for n in ast.walk(ast.parse(src)))
bad = []
for i, o in zip(open(sys.argv[1]), open(sys.argv[2])):
    i, o = json.loads(i), json.loads(o)
    s = o["scores"]
    code = i["output"][len("```python\n"):-3]
    for key, src in (("defs_fixed", code), ("defs_orig", i["vars"]["code"])):
        if s.get(key) != walk(src):
            bad.append("%s %s: %r, ast.walk %r" % (i["id"], key, s.get(key),
                       walk(src)))
if bad:
    print("FAIL: " + "; ".join(bad))
    sys.exit(1)
PY
exit 0
