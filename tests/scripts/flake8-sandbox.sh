#!/bin/sh
# lg-flake8: the sandbox holds for root and for an ordinary user.  One
# hostile answer per attack, each beside a good answer that must still
# score 1: kill(0, SIGKILL) and kill(-1, SIGKILL) may end only their own
# case; a 0600 file of the user and a world-readable file cannot be read,
# nor what they hold come back in the scores; a world-writable Unix
# socket under /tmp cannot be reached; preallocated files cannot fill the
# disk; nested user and mount namespaces cannot be made (by unshare(2),
# clone(2) or unshare(1)), while threads, child processes and files in its
# directory work; an answer in four processes that tries to hold 1 GiB
# and 64 MiB outside its address spaces (files of memory from
# memfd_create, System V shared memory kept after shmdt, message queues,
# semaphores, POSIX message queues, socket pairs, Unix and UDP datagrams
# to itself, files in /tmp and /dev/shm) holds no more than /tmp's
# 16 MiB, memfd_create and the System V calls answered ENOSYS, mq_open
# EMFILE, Unix and netlink sockets and socketpair EAFNOSUPPORT, and its
# pipes no more than the kernel's limit of pipe pages per user; a 6 MB
# one-line answer is linted within --lint-timeout and 1 GiB and scores 0
# with a reason; SIGTERM to lg-flake8 leaves no
# working directory and no process behind; and where the kernel refuses
# user namespaces, no answer runs and lg-flake8 says why and exits 3.
#
# Run as root, it runs every check as root, then again as the throwaway
# user lgtest (made when missing).  Run as anyone else, it runs them as
# that user.  Where the kernel refuses the namespaces the sandbox needs,
# lg-flake8 says so and this test fails.
set -u
. "$TOP/tests/lib.sh"
need_py

# The box's files and the copy of lg-flake8 are under /tmp, not in $t:
# what the sandboxed answers try to reach must be reachable but for the
# sandbox (a world-writable socket under /tmp, files in folders anyone
# may enter), and $t's parents may be closed to other users.
box_cleanup() {
	[ -n "${lpid:-}" ] && kill "$lpid" 2>/dev/null
	[ -n "${tpid:-}" ] && kill "$tpid" 2>/dev/null
	[ -n "${mark:-}" ] && pkill -KILL -f "$mark" 2>/dev/null
	rm -rf "${base:-}" "${c:-}"
}
at_exit box_cleanup

body() {
	who=$(id -un)
	base=$(mktemp -d /tmp/lg-sandbox.XXXXXX) || fail "no folder in /tmp"
	chmod 755 "$base"
	mark=lgsbx$$x$(od -An -N4 -tx4 /dev/urandom | tr -d ' ')
	lpid=
	tpid=
	bad=0
	no() { echo "FAIL ($who): $*"; bad=1; }

	# the user's private file, a world-readable one, a world-writable
	# socket in a directory anyone may enter
	mkdir -m 700 "$base/home"
	echo "secret-$mark-private" > "$base/home/id_rsa"
	chmod 600 "$base/home/id_rsa"
	echo "secret-$mark-public" > "$base/public"
	chmod 644 "$base/public"
	mkdir -m 755 "$base/sock" "$base/wd"
	mkfifo "$base/done"
	"$py" - "$base/sock/s" "$base/hit" "$base/done" <<'PY' &
import os, socket, sys
path, hit, done = sys.argv[1:]
s = socket.socket(socket.AF_UNIX)
s.bind(path)
os.chmod(path, 0o777)
s.listen(4)
open(done).read()  # until the attacks are over
s.setblocking(False)
try:
    s.accept()
except BlockingIOError:
    sys.exit(0)
open(hit, "w").write("connected\n")
PY
	lpid=$!
	while [ ! -S "$base/sock/s" ]; do	# readiness, not a time limit
		kill -0 "$lpid" 2>/dev/null || fail "the socket listener did not start"
		sleep 0.02
	done

	"$py" - "$base" "$mark" <<'PY' || exit 1
import json, sys
base, mark = sys.argv[1:]
good = "def main():\n    print(1)\n\n\nmain()\n"
def rec(k, v, tail="```\n"):
    return json.dumps({"id": k, "bench": "longweave", "task": "cf",
        "vars": {"code": good}, "output": "```python\n" + v + tail}) + "\n"
read = ("import sys\n"
        "try:\n"
        "    data = open(%r).read()\n"
        "except OSError as e:\n"
        "    sys.exit('cannot read: %%s' %% e.strerror)\n"
        "sys.stderr.write(data)\n"
        "sys.exit(1)\n")
hog = r'''
import ctypes
import errno
import fcntl
import os
import signal
import socket
import sys

CAP = (1 << 30) + (64 << 20)
MB = 1 << 20
chunk = b"x" * MB
held = {}
why = {}
signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
libc = ctypes.CDLL(None, use_errno=True)
libc.shmat.restype = ctypes.c_void_p
libc.shmat.argtypes = [ctypes.c_int, ctypes.c_void_p, ctypes.c_int]
libc.shmdt.argtypes = [ctypes.c_void_p]


def total():
    return sum(v for k, v in held.items() if k != "pipe")


def add(k, n):
    held[k] = held.get(k, 0) + n


def stop(k, e):
    why.setdefault(k, errno.errorcode.get(e, str(e)))


def memfd(cap):
    """Files of memory, kept open, until cap bytes."""
    n = 0
    try:
        while n < cap:
            fd = os.memfd_create("m")
            for _ in range(16):
                if n >= cap:
                    break
                os.write(fd, chunk)
                n += MB
    except OSError as e:
        stop("memfd", e.errno)
    return n


# three children and this process, a quarter each; the children hold
# theirs until this process has counted
r, w = os.pipe()
go_r, go_w = os.pipe()
kids = []
for _ in range(3):
    pid = os.fork()
    if pid == 0:
        n = memfd(CAP // 4)
        os.write(w, b"%d %s\n" % (n, why.get("memfd", "-").encode()))
        os.read(go_r, 1)
        os._exit(0)
    kids.append(pid)
add("memfd", memfd(CAP // 4))
with os.fdopen(r) as f:
    for _ in range(3):
        n, e = f.readline().split()
        add("memfd", int(n))
        if e != "-":
            why.setdefault("memfd", e)

# System V shared memory, detached and kept
try:
    while total() < CAP:
        i = libc.shmget(0, 64 * MB, 0o1600)
        if i < 0:
            raise OSError(ctypes.get_errno(), "shmget")
        a = libc.shmat(i, None, 0)
        if a is None or a == ctypes.c_void_p(-1).value:
            raise OSError(ctypes.get_errno(), "shmat")
        ctypes.memset(a, 1, 64 * MB)
        libc.shmdt(a)
        add("shm", 64 * MB)
except OSError as e:
    stop("shm", e.errno)

# System V message queues, each filled
class Msg(ctypes.Structure):
    _fields_ = [("type", ctypes.c_long), ("text", ctypes.c_char * 8192)]


m = Msg(1, b"x" * 8192)
try:
    while total() < CAP:
        q = libc.msgget(0, 0o1600)
        if q < 0:
            raise OSError(ctypes.get_errno(), "msgget")
        while libc.msgsnd(q, ctypes.byref(m), 8192, 0o4000) == 0:
            add("msg", 8192)
        if ctypes.get_errno() != errno.EAGAIN:
            raise OSError(ctypes.get_errno(), "msgsnd")
except OSError as e:
    stop("msg", e.errno)

# POSIX message queues: one is enough to know
libc.mq_open.restype = ctypes.c_int
if libc.mq_open(b"/lg", os.O_CREAT | os.O_RDWR, 0o600, None) < 0:
    stop("mq", ctypes.get_errno())
else:
    why["mq"] = "made"

# System V semaphores: one set is enough to know
if libc.semget(0, 1000, 0o1600) < 0:
    stop("sem", ctypes.get_errno())
else:
    why["sem"] = "made"

# sockets, each filled: a pair; a Unix datagram socket sending to itself;
# a UDP socket sending to this machine; netlink
def fill(k, s, send):
    s.setblocking(False)
    try:
        s.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, 1 << 30)
        s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 1 << 30)
    except OSError:
        pass
    try:
        for _ in range(4096):
            add(k, send(s))
    except BlockingIOError:
        pass


socks = []
try:
    while total() < CAP:
        a, b = socket.socketpair()
        socks.append((a, b))
        fill("socket", a, lambda s: s.send(b"x" * 65536))
except OSError as e:
    stop("socketpair", e.errno)


def dgram(k, fam, addr):
    """Datagrams to itself; what it holds is what it can read back."""
    try:
        u = socket.socket(fam, socket.SOCK_DGRAM)
        socks.append(u)
        u.bind(addr)
        was = held.get(k, 0)
        fill(k, u, lambda s: s.sendto(b"x" * 4096, s.getsockname()))
        held[k] = was
        try:
            while True:
                add(k, len(u.recv(65536)))
        except BlockingIOError:
            pass
    except OSError as e:
        stop(k, e.errno)


for i in range(64):
    dgram("unix", socket.AF_UNIX, "\0lg%d" % i)
for host in ("127.0.0.1", "0.0.0.0"):
    dgram("inet", socket.AF_INET, (host, 0))
try:
    socks.append(socket.socket(socket.AF_NETLINK, socket.SOCK_RAW, 0))
except OSError as e:
    stop("netlink", e.errno)
for x in socks:
    for y in x if isinstance(x, tuple) else (x,):
        y.close()

# pipes, each filled and as large as allowed: the kernel bounds their
# pages per user (fs.pipe-user-pages-soft), apart from the rest
pipes = []
try:
    while held.get("pipe", 0) < CAP:
        r, w = os.pipe()
        pipes.append((r, w))
        try:
            fcntl.fcntl(w, 1031, 1 << 20)
        except OSError:
            pass
        os.set_blocking(w, False)
        try:
            while True:
                add("pipe", os.write(w, b"x" * 65536))
        except BlockingIOError:
            pass
except OSError as e:
    stop("pipe", e.errno)
for r, w in pipes:
    os.close(r)
    os.close(w)

# files in /tmp and /dev/shm
for d in ("/tmp/t", "/dev/shm/s"):
    try:
        k = 0
        while total() < CAP:
            with open("%s%d" % (d, k), "wb") as f:
                for _ in range(16):
                    f.write(chunk)
                    f.flush()
                    add("tmp", MB)
            k += 1
    except OSError as e:
        stop("tmp", e.errno)

os.write(go_w, b"xxx")
for p in kids:
    os.waitpid(p, 0)
sys.exit("held %d MiB, pipes %d KiB: %s; %s" % (total() // MB,
    held.get("pipe", 0) // 1024,
    " ".join("%s=%d" % (k, v // MB) for k, v in sorted(held.items())),
    " ".join("%s=%s" % kv for kv in sorted(why.items()))))
'''
progs = {
    "good": good,
    # memory held outside the address space, in four processes
    "hog": hog,
    "kill0": "import os\nimport signal\nos.kill(0, signal.SIGKILL)\n",
    # every process it may signal, then its group: only the sandbox's
    "killall": ("import os\nimport signal\n"
                "try:\n    os.kill(-1, signal.SIGKILL)\nexcept OSError:\n    pass\n"
                "os.kill(0, signal.SIGKILL)\n"),
    "private": read % (base + "/home/id_rsa"),
    "public": read % (base + "/public"),
    "socket": ("import socket\n"
               "s = socket.socket(socket.AF_UNIX)\n"
               "s.connect(%r)\n") % (base + "/sock/s"),
    # 15 MiB files up to 240 MiB; runnable only when all were made
    "fill": ("import os\n"
             "for i in range(16):\n"
             "    fd = os.open('fill%d' % i, os.O_WRONLY | os.O_CREAT, 0o600)\n"
             "    os.posix_fallocate(fd, 0, 15 << 20)\n"
             "    os.close(fd)\n"),
    "unshare": ("import ctypes\n"
                "import os\n"
                "libc = ctypes.CDLL(None, use_errno=True)\n"
                "if libc.unshare(0x10000000 | 0x20000) != 0:\n"
                "    raise SystemExit(os.strerror(ctypes.get_errno()))\n"),
    # clone(2) with CLONE_NEWUSER, the flag seen by the filter
    "clone": ("import ctypes\n"
              "import os\n"
              "import platform\n"
              "nr = {'x86_64': 56, 'aarch64': 220}[platform.machine()]\n"
              "libc = ctypes.CDLL(None, use_errno=True)\n"
              "pid = libc.syscall(nr, 0x10000000 | 17, 0, 0, 0, 0)\n"
              "if pid == 0:\n"
              "    os._exit(0)\n"
              "if pid < 0:\n"
              "    raise SystemExit(os.strerror(ctypes.get_errno()))\n"
              "os.waitpid(pid, 0)\n"),
    # what an ordinary program does still works: threads (clone3 refused,
    # clone used), a child process, a file in the working directory
    "ordinary": ("import subprocess\n"
                 "import threading\n"
                 "t = threading.Thread(target=print, args=(1,))\n"
                 "t.start()\n"
                 "t.join()\n"
                 "subprocess.run(['true'], check=True)\n"
                 "with open('f', 'w') as f:\n"
                 "    f.write('x' * 100000)\n"),
    "unshare1": ("import subprocess\n"
                 "subprocess.run(['unshare', '--user', '--map-root-user',"
                 " '--mount', 'true'], check=True)\n"),
}
with open(base + "/in.jsonl", "w") as f:
    for k, v in progs.items():
        f.write(rec(k, v))
with open(base + "/big.jsonl", "w") as f:
    f.write(rec("good", good))
    f.write(rec("big", "x = [" + "1, " * 2000000 + "]\n"))
    f.write(rec("good2", good))
with open(base + "/sleep.jsonl", "w") as f:
    f.write(rec("sleep", "import os\nimport sys\n"
        "os.execv(sys.executable, [sys.executable, '-c',"
        " 'import time; time.sleep(60)', %r])\n" % mark))
PY

	# the attacks, in one batch
	TMPDIR=$base/wd "$BIN/lg-flake8" --timeout 10 "$base/in.jsonl" \
	    > "$base/out.jsonl" 2> "$base/err"
	rc=$?
	[ $rc -eq 0 ] || { no "lg-flake8 exited $rc:"; head -5 "$base/err"; }
	grep -q "$mark" "$base/out.jsonl" "$base/err" &&
	    no "a file's content came back: $(grep -o "secret-$mark-[a-z]*" \
	    "$base/out.jsonl" "$base/err" | sort -u | tr '\n' ' ')"
	echo > "$base/done"
	wait $lpid
	lpid=
	[ -e "$base/hit" ] && no "the answer reached the socket under /tmp"
	"$py" - "$base/out.jsonl" "$who" <<'PY' || bad=1
import json, re, sys
recs = {}
for line in open(sys.argv[1]):
    r = json.loads(line)
    recs[r["id"]] = r
bad = []
def want(cond, msg):
    if not cond:
        bad.append(msg)
def sc(k):
    return recs.get(k, {}).get("scores", {})
want(sc("good").get("score") == 1, "good answer: %r" % sc("good"))
want(sc("ordinary").get("runnable") == 1, "ordinary answer: %r" % sc("ordinary").get("sandbox"))
for k in ("kill0", "killall", "private", "public", "socket", "fill", "unshare",
          "clone", "unshare1", "hog"):
    s = sc(k)
    want(s.get("runnable") == 0, "%s: the attack worked: %r" % (k, s.get("sandbox")))
    want("error" not in recs.get(k, {}), "%s: an error: %r" % (k, recs.get(k, {}).get("error")))
hog = sc("hog").get("sandbox", {})
m = re.match(r"held (\d+) MiB, pipes (\d+) KiB: (.*); (.*)", hog.get("stderr", ""))
if hog.get("status") != "exit" or not m:
    bad.append("the hog did not report: %r" % hog)
else:
    want(int(m.group(1)) <= 16, "the hog held %s MiB outside its address "
         "space: %s" % (m.group(1), m.group(3)))
    # the user's pipe pages, and two pages more for each of its 256 files
    soft = int(open("/proc/sys/fs/pipe-user-pages-soft").read())
    want(soft == 0 or int(m.group(2)) <= soft * 4 + 256 * 8, "the hog held "
         "%s KiB in pipes, above %d pages" % (m.group(2), soft))
    why = dict(kv.split("=") for kv in m.group(4).split())
    for k in ("memfd", "shm", "msg", "sem"):
        want(why.get(k) == "ENOSYS", "hog: %s: %s, want ENOSYS" % (k, why.get(k)))
    want(why.get("mq") == "EMFILE", "hog: mq: %s, want EMFILE" % why.get("mq"))
    for k in ("socketpair", "unix", "netlink"):
        want(why.get(k) == "EAFNOSUPPORT", "hog: %s: %s, want EAFNOSUPPORT"
             % (k, why.get(k)))
    want(why.get("tmp") in ("ENOSPC", "EFBIG"), "hog: /tmp: %s" % why.get("tmp"))
for k in ("kill0", "killall"):
    sb = sc(k).get("sandbox", {})
    want(sb.get("status") == "signal" and sb.get("signal") == "SIGKILL",
         "%s: %r" % (k, sb))
for k in recs:
    sb = sc(k).get("sandbox", {})
    want(sb.get("filesystem") == "private-root" and sb.get("network") == "namespace",
         "%s: not in the full sandbox: %r" % (k, sb))
for b in bad:
    print("FAIL (%s): %s" % (sys.argv[2], b))
sys.exit(1 if bad else 0)
PY
	ls "$base/wd" | grep -q . && no "a working directory is left: $(ls "$base/wd")"

	# lint within bounds: the 6 MB line scores 0 with a reason (it passes
	# 1 GiB in seconds: the time limit is far above what the good answers
	# need on a loaded machine), the
	# others in its batch are scored
	TMPDIR=$base/wd "$BIN/lg-flake8" --lint-timeout 60 "$base/big.jsonl" \
	    > "$base/bout.jsonl" 2> "$base/berr"
	rc=$?
	[ $rc -eq 0 ] || { no "6 MB answer: lg-flake8 exited $rc:"; head -5 "$base/berr"; }
	"$py" - "$base/bout.jsonl" "$who" <<'PY' || bad=1
import json, sys
recs = {}
for line in open(sys.argv[1]):
    r = json.loads(line)
    recs[r["id"]] = r.get("scores", {})
bad = []
for k in ("good", "good2"):
    if recs.get(k, {}).get("score") != 1:
        bad.append("%s beside the 6 MB answer: %r" % (k, recs.get(k)))
b = recs.get("big", {})
if b.get("score") != 0 or b.get("flake8_fixed") is not None or \
        "limit" not in b.get("lint_error", ""):
    bad.append("6 MB answer: %r" % {k: v for k, v in b.items() if k != "flake8"})
for x in bad:
    print("FAIL (%s): %s" % (sys.argv[2], x))
sys.exit(1 if bad else 0)
PY
	ls "$base/wd" | grep -q . && no "a working directory is left: $(ls "$base/wd")"

	# SIGTERM while an answer runs: no working directory, no process left
	TMPDIR=$base/wd "$BIN/lg-flake8" --timeout 60 "$base/sleep.jsonl" \
	    > /dev/null 2>&1 &
	tpid=$!
	i=0
	while ! pgrep -f "$mark" >/dev/null && [ $i -lt 300 ]; do
		sleep 0.1
		i=$((i + 1))
	done
	pgrep -f "$mark" >/dev/null || no "the sleeping answer never ran"
	kill -TERM $tpid
	wait $tpid
	rc=$?
	tpid=
	[ $rc -eq 143 ] || no "SIGTERM: lg-flake8 exited $rc, want 143"
	ls "$base/wd" | grep -q . && no "SIGTERM left $(ls "$base/wd")"
	i=0
	while pgrep -f "$mark" >/dev/null && [ $i -lt 50 ]; do
		sleep 0.1
		i=$((i + 1))
	done
	pgrep -f "$mark" >/dev/null && no "SIGTERM left the answer running"
	[ $bad -eq 0 ] && echo "ok ($who)"
	box_cleanup
	lpid= tpid= base=
	return $bad
}

if [ "${1:-}" = --body ]; then
	body
	exit $?
fi
body || exit 1
[ "$(id -u)" -eq 0 ] || exit 0

# where the kernel refuses user namespaces (here: a user namespace whose
# limit is 0), the answer is not run, lg-flake8 says why and exits 3
c=$(mktemp -d /tmp/lg-sandbox-bin.XXXXXX) || fail "no folder in /tmp"
chmod 755 "$c"
cp "$BIN/lg-flake8" "$c/lg-flake8" || exit 1
chmod 755 "$c/lg-flake8"
printf '%s\n' '{"id":"a","bench":"longweave","task":"cf","vars":{"code":"x = 1\n"},"output":"x = 1\n"}' \
    > "$c/in.jsonl"
chmod 644 "$c/in.jsonl"
mkdir -m 1777 "$c/wd"
"$py" - "$c" <<'PY' > "$c/out" 2> "$c/err"
import ctypes, os, sys
c = sys.argv[1]
r1, w1 = os.pipe()
r2, w2 = os.pipe()
pid = os.fork()
if pid == 0:
    if ctypes.CDLL(None, use_errno=True).unshare(0x10000000) != 0:
        os._exit(99)
    os.write(w1, b"x")
    os.read(r2, 1)
    with open("/proc/sys/user/max_user_namespaces", "w") as f:
        f.write("0")
    os.setgroups([])
    os.setresgid(65534, 65534, 65534)
    os.setresuid(65534, 65534, 65534)
    os.chdir("/")
    os.environ["TMPDIR"] = c + "/wd"
    os.execv(c + "/lg-flake8", ["lg-flake8", c + "/in.jsonl"])
os.read(r1, 1)
for m in ("uid_map", "gid_map"):
    with open("/proc/%d/%s" % (pid, m), "w") as f:
        f.write("0 0 65537\n")
os.write(w2, b"x")
sys.exit(os.waitstatus_to_exitcode(os.waitpid(pid, 0)[1]))
PY
rc=$?
if [ $rc -ne 3 ] || ! grep -q 'refuses the namespaces' "$c/err" ||
    ! grep -q '"status":"failed"' "$c/out"; then
	echo "FAIL: without user namespaces: exit $rc, want 3 and a message:"
	head -3 "$c/err" "$c/out" | cut -c1-300
	exit 1
fi

# again as an unprivileged user
sh "$TOP/tests/helpers/as-lgtest.sh" "$0"
