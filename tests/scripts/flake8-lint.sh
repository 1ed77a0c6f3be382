#!/bin/sh
# lg-flake8 with the real flake8: counts of violations every flake8 has
# (pycodestyle, pyflakes), noqa comments taken out (and honoured under
# --compat), functions counted by the parser (and as "def " under
# --compat), the published W292 under --compat, and the plugins recorded.
set -u
. "$TOP/tests/lib.sh"
need_py
"$py" - "$t/in.jsonl" <<'PY'
import json, sys
orig = "def f():\n    return 1\n"
answers = {
    # F401 os, E225 x=1, E302 before def: three, whatever the plugins
    "three": "import os\nx=1\ndef f():\n    return x\n",
    # the same three behind a file-wide noqa, and an inline one
    "filenoqa": "# flake8: noqa\nimport os\nx=1\ndef f():\n    return x\n",
    "inline": "import os  # noqa\n\n\ndef f():\n    return 1\n",
    # "def " three times in the text, one function for the parser
    "defs": "s = \"def undef def\"\n\n\ndef f():\n    return s\n",
    "clean": "def f():\n    return 1\n",
}
with open(sys.argv[1], "w") as f:
    for k, v in answers.items():
        f.write(json.dumps({"id": k, "bench": "longweave", "task": "cf",
            "vars": {"code": orig}, "output": "```python\n" + v + "```"}) + "\n")
PY
"$BIN/lg-flake8" "$t/in.jsonl" > "$t/out.jsonl" || exit 1
"$BIN/lg-flake8" --compat "$t/in.jsonl" > "$t/compat.jsonl" || exit 1
"$py" -m flake8 --version > "$t/version" || exit 1
"$py" - "$t/out.jsonl" "$t/compat.jsonl" "$t/version" <<'PY'
import json, sys
def load(p):
    return {json.loads(l)["id"]: json.loads(l)["scores"] for l in open(p)}
s, c = load(sys.argv[1]), load(sys.argv[2])
version = open(sys.argv[3]).read()
bad = []
def want(cond, msg):
    if not cond:
        bad.append(msg)
want(s["three"]["flake8_fixed"] == 3, "three: %r" % s["three"])
want(s["three"]["remaining"] == {"E": 2, "F": 1}, "three by family: %r" % s["three"]["remaining"])
want(abs(s["three"]["style"] - 1 / (1 + 3 / 50)) < 1e-12, "three style %r" % s["three"]["style"])
want(s["filenoqa"]["flake8_fixed"] == 3, "file-wide noqa still hides: %r" % s["filenoqa"])
want(s["inline"]["flake8_fixed"] == 1 and s["inline"]["remaining"] == {"F": 1},
     "inline noqa still hides: %r" % s["inline"])
want(s["defs"]["defs_fixed"] == 1 and s["defs"]["functions"] == 1, "defs: %r" % s["defs"])
want(s["clean"]["score"] == 1 and s["clean"]["flake8_orig"] == 0, "clean: %r" % s["clean"])
want(s["clean"]["improvement"] is None, "improvement over nothing: %r" % s["clean"])
# the published scorer: no final newline (W292), noqa honoured, "def " counted
want(c["clean"]["flake8_fixed"] == 1 and c["clean"]["remaining"] == {"W": 1}, "compat W292: %r" % c["clean"])
want(c["filenoqa"]["flake8_fixed"] == 0, "compat file-wide noqa: %r" % c["filenoqa"])
want(c["inline"]["flake8_fixed"] == 1 and c["inline"]["remaining"] == {"W": 1}, "compat inline noqa: %r" % c["inline"])
want(c["defs"]["defs_fixed"] == 3 and c["defs"]["functions"] == 0.2, "compat defs: %r" % c["defs"])
want(all(v.get("compat") is True for v in c.values()), "compat flag")
# what ran is recorded: the version flake8 gives, and each family
# reported missing exactly when no plugin for it is named
info = s["clean"]["flake8"]
want(version.startswith(info["version"] + " "), "version %r vs %r" % (info["version"], version))
plugins = " ".join(info["plugins"]).replace("_", "-")
for fam, name in (("B", "bugbear"), ("N", "naming"), ("SIM", "simplify"), ("C4", "comprehensions"), ("F", "pyflakes"), ("E", "pycodestyle")):
    want((fam in info["missing"]) == (name not in plugins), "missing %s vs plugins %r" % (fam, info))
    want((name in version) == (name in plugins), "plugin %s: %r" % (name, info["plugins"]))
for b in bad:
    print("FAIL:", b)
sys.exit(1 if bad else 0)
PY
