#!/bin/sh
# lg-flake8's status line: drawn on a terminal (a pseudo-terminal here),
# with the summary at the end; nothing when stderr is a file; after SIGINT
# a line that says what was written and how to go on.
set -u
. "$TOP/tests/lib.sh"
need_py
fake="sh $TOP/tests/lg-flake8/fake/fake-flake8.sh"
py 'print(json.dumps({"id": "other", "bench": "longweave", "task": "kvg"}))
print(json.dumps({"id": "a", "bench": "longweave", "task": "cf",
    "vars": {"code": "print(1)\n"}, "output": "```python\nprint(1)\n```"}))' \
    > "$t/in.jsonl"
py 'print(json.dumps({"id": "other", "bench": "longweave", "task": "kvg"}))
print(json.dumps({"id": "slow", "bench": "longweave", "task": "cf",
    "vars": {"code": "print(1)\n"},
    "output": "```python\nimport time\ntime.sleep(60)\n```"}))' > "$t/slow.jsonl"
# run ARGV with a pseudo-terminal as stdin and stderr, stdout to a file;
# SIGINT after SEC seconds when SEC > 0; what the terminal got goes to stdout
cat > "$t/ptyrun.py" <<'PY'
import os, pty, select, signal, sys, time
out, after, argv = sys.argv[1], float(sys.argv[2]), sys.argv[3:]
pid, fd = pty.fork()
if pid == 0:
    # a shell that runs us in the background leaves SIGINT ignored: the
    # tool must see it as a user's Ctrl-C would
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    o = os.open(out, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
    os.dup2(o, 1)
    os.execvp(argv[0], argv)
got, t0, sent = b"", time.time(), False
while True:
    if after > 0 and not sent and time.time() - t0 > after:
        os.kill(pid, signal.SIGINT)
        sent = True
    if time.time() - t0 > 120:
        os.kill(pid, signal.SIGKILL)
    r, _, _ = select.select([fd], [], [], 0.1)
    if r:
        try:
            d = os.read(fd, 4096)
        except OSError:
            break
        if not d:
            break
        got += d
_, st = os.waitpid(pid, 0)
sys.stdout.write(got.decode("utf-8", "replace"))
sys.stdout.write("\n[status %d]\n" % (os.waitstatus_to_exitcode(st)))
PY
export TMPDIR="$t/tmp"
mkdir "$TMPDIR"

"$py" "$t/ptyrun.py" "$t/out" 0 lg-flake8 --no-cache --flake8 "$fake" "$t/in.jsonl" \
    > "$t/tty" || fail "tty driver"
grep -q 'lg-flake8: 0/2 done, [0-9.]* rec/s, 0 errors' "$t/tty" ||
    { cat "$t/tty"; fail "no status line on a terminal"; }
grep -q 'lg-flake8: 2 records: 1 scored, 0 failed, 1 passed on; .*lg [0-9]' "$t/tty" ||
    { cat "$t/tty"; fail "no summary on a terminal"; }
grep -q '\[status 0\]' "$t/tty" || { cat "$t/tty"; fail "exit status"; }
[ "$(wc -l < "$t/out")" -eq 2 ] || fail "records written: $(wc -l < "$t/out")"

# stderr a file: no status line, no summary
lg-flake8 --no-cache --flake8 "$fake" "$t/in.jsonl" > "$t/out2" 2> "$t/err" ||
    fail "lg-flake8 with stderr a file"
[ -s "$t/err" ] && { cat "$t/err"; fail "stderr not a terminal, yet: $(cat "$t/err")"; }
cmp -s "$t/out" "$t/out2" || fail "records differ on a terminal"

# SIGINT while the second record's answer sleeps: one record is written
"$py" "$t/ptyrun.py" "$t/out3" 6 lg-flake8 --no-cache --timeout 100 \
    --flake8 "$fake" "$t/slow.jsonl" > "$t/tty3" || fail "tty driver"
grep -q "lg-flake8: interrupted: 1 record(s) written, up to $t/slow.jsonl:1; to go on: tail -n +2 $t/slow.jsonl | lg-flake8 >> OUT" "$t/tty3" ||
    { cat "$t/tty3"; fail "no line after SIGINT"; }
grep -q '\[status -2\]' "$t/tty3" || { cat "$t/tty3"; fail "not ended by SIGINT"; }
[ "$(wc -l < "$t/out3")" -eq 1 ] || fail "records written before SIGINT: $(wc -l < "$t/out3")"
[ -z "$(ls "$TMPDIR")" ] || fail "left behind: $(ls "$TMPDIR")"
exit 0
