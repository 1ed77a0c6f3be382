#!/bin/sh
# lg-flake8: hostile answers are contained.  A fork bomb, an endless loop,
# a 100 GB allocation, writes outside the box (its parent directory, a
# directory anyone may write, /tmp), a connection to a listener on the
# loopback, a sleep past the timeout and a process left behind: each
# scores 0 for runnability (the one left behind is killed), a good answer
# in the same batch still scores 1, no file appears, the listener sees
# nobody, and no sandboxed process outlives the run (those that sleep carry
# a mark of this run in their arguments).  Run as root, it runs again as
# the throwaway user lgtest.
set -u
. "$TOP/tests/lib.sh"
need_py
mark=lgadv$$x$(od -An -N4 -tx4 /dev/urandom | tr -d ' ')
esc=/tmp/lg-escape-$$
lpid=
# a folder anyone may enter, with one anyone may write in
chmod 755 "$t"
mkdir -p "$t/open" || exit 1
chmod 1777 "$t/open"
adv_cleanup() {
	[ -n "$lpid" ] && kill "$lpid" 2>/dev/null
	pkill -KILL -f "$mark" 2>/dev/null
	rm -rf "$esc"
}
at_exit adv_cleanup

# a listener in this network namespace, for 20 seconds at most
"$py" - "$t/port" "$t/hit" <<'PY' &
import socket, sys
s = socket.socket()
s.bind(("127.0.0.1", 0))
s.listen(1)
open(sys.argv[1] + ".tmp", "w").write(str(s.getsockname()[1]))
import os
os.rename(sys.argv[1] + ".tmp", sys.argv[1])
s.settimeout(20)
try:
    s.accept()
    open(sys.argv[2], "w").write("connected\n")
except OSError:
    pass
PY
lpid=$!
wait_ready "$t/port" "$lpid" "the listener"
port=$(cat "$t/port") || exit 1

"$py" - "$t/in.jsonl" "$port" "$t/open" "$esc" "$mark" <<'PY'
import json, sys
out, port, opendir, esc, mark = sys.argv[1:]
sleep = ("os.execv(sys.executable, [sys.executable, '-c',"
         " 'import time; time.sleep(60)', %r])\n" % mark)
good = "def main():\n    print(1)\n\n\nmain()\n"
progs = {
    "good": good,
    "fork": "import os\nwhile True:\n    os.fork()\n",
    "loop": "while True:\n    pass\n",
    "memory": "x = bytearray(100 * 2 ** 30)\nprint(len(x))\n",
    "escape": (
        "failed = 0\n"
        "for p in ['../escape', %r, %r]:\n"
        "    try:\n"
        "        with open(p, 'w') as f:\n"
        "            f.write('x')\n"
        "    except OSError:\n"
        "        failed += 1\n"
        "if failed:\n"
        "    raise SystemExit(1)\n") % (opendir + "/escape", esc),
    "socket": "import socket\nsocket.create_connection(('127.0.0.1', %s), timeout=3)\n" % port,
    "sleep": "import os\nimport sys\n" + sleep,
    "daemon": "import os\nimport sys\nif os.fork() == 0:\n    " + sleep,
}
with open(out, "w") as f:
    for k, v in progs.items():
        f.write(json.dumps({"id": k, "bench": "longweave", "task": "cf",
            "vars": {"code": good}, "output": "```python\n" + v + "```\n"}) + "\n")
PY
"$BIN/lg-flake8" --timeout 3 "$t/in.jsonl" > "$t/out.jsonl"
rc=$?
[ $rc -eq 0 ] || { echo "lg-flake8 exited $rc"; exit 1; }
# the kernel may take a moment to end what is left of a namespace
i=0
while pgrep -f "$mark" >/dev/null && [ $i -lt 50 ]; do
	sleep 0.1
	i=$((i + 1))
done
if pgrep -f "$mark" >/dev/null; then
	echo "a sandboxed process outlived the run:"
	ps -eo pid,user,args | grep -e "$mark" | grep -v grep
	exit 1
fi
sh -c true || { echo "cannot fork any more"; exit 1; }
for f in "$t/escape" "$t/open/escape" "$esc"; do
	[ -e "$f" ] && { echo "the answer wrote $f"; exit 1; }
done
"$py" - "$t/out.jsonl" "$t/hit" <<'PY'
import json, os, sys
recs = {}
for line in open(sys.argv[1]):
    r = json.loads(line)
    recs[r["id"]] = r["scores"]
bad = []
def want(cond, msg):
    if not cond:
        bad.append(msg)
want(recs["good"]["score"] == 1, "good answer: %r" % recs["good"])
for k in ("fork", "loop", "memory", "escape", "socket", "sleep"):
    want(recs[k]["runnable"] == 0 and recs[k]["score"] == 0, "%s ran: %r" % (k, recs[k]))
want(recs["sleep"]["sandbox"]["status"] == "timeout", "sleep: %r" % recs["sleep"]["sandbox"])
want(recs["loop"]["sandbox"].get("signal") == "SIGXCPU" or
     recs["loop"]["sandbox"]["status"] == "timeout", "loop: %r" % recs["loop"]["sandbox"])
want("MemoryError" in recs["memory"]["sandbox"].get("stderr", ""), "memory: %r" % recs["memory"]["sandbox"])
net = recs["socket"]["sandbox"]["network"]
if net == "namespace":
    want(not os.path.exists(sys.argv[2]), "the answer reached the listener")
else:
    print("note: no network namespace here (%s): the socket test is weaker" % net)
for b in bad:
    print("FAIL:", b)
sys.exit(1 if bad else 0)
PY
rc=$?
[ $rc -eq 0 ] && echo "ok ($(id -un))"
[ $rc -eq 0 ] && [ "${1:-}" != --body ] && [ "$(id -u)" -eq 0 ] || exit $rc
sh "$TOP/tests/helpers/as-lgtest.sh" "$0"
