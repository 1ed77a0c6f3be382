#!/bin/sh
# How many times lg-flake8 starts flake8 (the fake one, behind a wrapper
# that logs each run over files): a batch of a few answers is one run
# whatever -j; an answer holding a NUL byte (which flake8 refuses, as the
# wrapper does) is linted in a run of its own, the others in one; a run
# that still fails is done again in halves, not file by file.  What is
# written stays what each answer gets alone or without the bad one.  The
# NUL answer does not compile: it scores as such (runnable 0, score 0,
# flake8's refusal in lint_error), no record error.  Under --compat an
# answer that does not compile is not linted at all, as the published
# scorer lints only what compiles: the NUL one and one with a syntax
# error never reach flake8, and the rest is one run.
set -u
. "$TOP/tests/lib.sh"
need_py
cat > "$t/f8.sh" <<EOF2
#!/bin/sh
[ "\$1" = --version ] || echo "\$*" >> "$t/log"
for a; do
	case \$a in -*) continue ;; esac
	cat "\$a" >> "$t/linted"
	if [ "\$(tr -d '\\000' < "\$a" | wc -c)" -ne "\$(wc -c < "\$a")" ]; then
		echo "ValueError: source code string cannot contain null bytes" >&2
		exit 1
	fi
done
exec sh "$TOP/tests/lg-flake8/fake/fake-flake8.sh" "\$@"
EOF2
# NAME N KIND: N answers of one original, and one of KIND (nul, crash),
# or (compat) a NUL one and one with a syntax error
make_in() {
	"$py" - "$t/$1.jsonl" "$2" "$3" <<'PY'
import json, sys
path, n, kind = sys.argv[1], int(sys.argv[2]), sys.argv[3]
orig = "def f(x):\n    return x  # BAD\n"
with open(path, "w") as f:
    for i in range(n):
        code = "def f(x):\n    return x + %d\n" % i
        if i == n // 2 and kind in ("nul", "compat"):
            code = "def f(x):\n    return x\n\x00\n"
        if i == n // 2 and kind == "crash":
            code = "def f(x):\n    return x  # CRASH\n"
        if i == n // 2 + 1 and kind == "compat":
            code = "def f(x):\n    return x +  # SYNTAX\n"
        f.write(json.dumps({"id": "a%d" % i, "bench": "longweave",
            "task": "cf", "vars": {"code": orig},
            "output": "```python\n" + code + "```"}) + "\n")
PY
}
# NAME ARGS...: lg-flake8 over NAME.jsonl; the runs over files in NAME.runs
run() {
	name=$1
	shift
	: > "$t/log"
	: > "$t/linted"
	"$BIN/lg-flake8" --no-cache --timeout 5 --flake8 "sh $t/f8.sh" "$@" \
	    "$t/$name.jsonl" > "$t/$name.out" 2> "$t/$name.err"
	[ $? -le 1 ] || { cat "$t/$name.err"; fail "$name: lg-flake8 failed"; }
	no_crash "$t/$name.err"
	wc -l < "$t/log" | tr -d ' ' > "$t/$name.runs"
}
runs() { cat "$t/$1.runs"; }

# a few answers, four jobs: one run
make_in few 3 none
run few -j 4
[ "$(runs few)" = 1 ] || fail "3 answers with -j 4: $(runs few) runs of flake8"

# one NUL answer in 40: its run, and one for the rest
make_in nul 40 nul
run nul -j 1
[ "$(runs nul)" -le 2 ] || fail "a NUL answer in 40: $(runs nul) runs of flake8"
grep '"id":"a20"' "$t/nul.out" | grep -q '"error"' &&
    fail "the NUL answer is a record error: $(grep '"a20"' "$t/nul.out")"
grep '"id":"a20"' "$t/nul.out" |
    grep -q '"scores":{"score":0,"runnable":0,"style":0,.*"lint_error":"exit status 1: ValueError: source code string cannot contain null bytes"' ||
    fail "the NUL answer is not scored as code that does not compile: $(grep '"a20"' "$t/nul.out")"
[ ! -s "$t/nul.err" ] || fail "lg-flake8 said: $(cat "$t/nul.err")"
# the same as that answer alone, and the others as without it
"$py" - "$t/nul.jsonl" "$t/alone.jsonl" "$t/rest.jsonl" a20 <<'PY'
import sys
lines, one = open(sys.argv[1]).readlines(), '"id": "%s"' % sys.argv[4]
open(sys.argv[2], "w").writelines(l for l in lines if one in l)
open(sys.argv[3], "w").writelines(l for l in lines if one not in l)
PY
run alone -j 1
run rest -j 1
grep -v '"id":"a20"' "$t/nul.out" | cmp -s - "$t/rest.out" ||
    fail "the others differ beside a NUL answer"
grep '"id":"a20"' "$t/nul.out" | cmp -s - "$t/alone.out" ||
    fail "the NUL answer differs from its own run"

# --compat: what does not compile is not linted
make_in nulc 40 compat
FAKE_COMPAT=1 run nulc -j 1 --compat
[ "$(runs nulc)" = 1 ] || fail "--compat, a NUL answer in 40: $(runs nulc) runs of flake8"
grep -q SYNTAX "$t/linted" && fail "--compat linted an answer that does not compile"
for id in a20 a21; do
	grep "\"id\":\"$id\"" "$t/nulc.out" |
	    grep -q '"scores":{"score":0,"runnable":0,"style":0,.*"flake8_fixed":null,' ||
	    fail "--compat $id: $(grep "\"id\":\"$id\"" "$t/nulc.out")"
done
grep -q '"error"' "$t/nulc.out" && fail "--compat: a record error: $(grep '"error"' "$t/nulc.out")"

# a run that fails on what is not known beforehand: halves
make_in crash 40 crash
run crash -j 1
# 41 files: a failed run of n is redone as two of n/2, down to one file
[ "$(runs crash)" -le 13 ] || fail "a crash in 41 files: $(runs crash) runs of flake8"
grep -q '"id":"a20".*flake8 failed on the answer' "$t/crash.out" ||
    fail "the crashing answer has no error"
grep -v '"id":"a20"' "$t/crash.out" | cmp -s - "$t/rest.out" ||
    fail "the others differ beside a crashing answer"
echo "ok: $(runs few) run for 3 answers, $(runs nul) and $(runs crash) for 41 files with a bad one"
