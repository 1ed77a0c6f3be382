#!/bin/sh
# lg-flake8: hostile answers are contained.  A fork bomb, an endless loop,
# a 100 GB allocation, writes outside the box (its parent directory, a
# directory anyone may write, /tmp), a connection to a listener on the
# loopback, a sleep past the timeout and a process left behind: each
# scores 0 for runnability (the one left behind is killed), a good answer
# in the same batch still scores 1, no file appears, the listener sees
# nobody, and no sandboxed process outlives the run.
set -u
. "$TOP/tests/lib.sh"
need_py
esc=/tmp/lg-escape-$$
lpid=
mkdir -p "$t/open" || exit 1
chmod 1777 "$t/open"
cleanup() {
	[ -n "$lpid" ] && kill "$lpid" 2>/dev/null
	rm -rf "$esc"
}
at_exit cleanup

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
i=0
while [ ! -s "$t/port" ] && [ $i -lt 100 ]; do
	sleep 0.1
	i=$((i + 1))
done
port=$(cat "$t/port") || exit 1

"$py" - "$t/in.jsonl" "$port" "$t/open" "$esc" <<'PY'
import json, sys
out, port, opendir, esc = sys.argv[1:]
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
    "sleep": "import time\ntime.sleep(60)\n",
    "daemon": "import os\nimport time\nif os.fork() == 0:\n    time.sleep(60)\n",
}
with open(out, "w") as f:
    for k, v in progs.items():
        f.write(json.dumps({"id": k, "bench": "longweave", "task": "cf",
            "vars": {"code": good}, "output": "```python\n" + v + "```\n"}) + "\n")
PY
boxed() { ps -eo pid=,args= | grep -e '-I -B /dev/f[d]/3' | awk '{ print $1 }' | sort; }
boxed > "$t/before"
"$BIN/lg-flake8" --timeout 3 "$t/in.jsonl" > "$t/out.jsonl"
rc=$?
[ $rc -eq 0 ] || { echo "lg-flake8 exited $rc"; exit 1; }
# sandboxed processes that were not there before and are still there a
# second later are ours, left behind (other runs' come and go quickly)
sleep 0.5
boxed | comm -23 - "$t/before" > "$t/after1"
sleep 1
boxed | comm -12 - "$t/after1" > "$t/left"
if [ -s "$t/left" ]; then
	echo "a sandboxed process outlived the run:"
	ps -eo pid,user,args | grep -e '-I -B /dev/f[d]/3'
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
