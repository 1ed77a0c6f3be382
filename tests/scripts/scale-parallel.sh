#!/bin/sh
# examples/parallel.sh across two "hosts" with GNU parallel --sshlogin:
# both are this machine, reached through an OpenSSH server that the test
# starts on a free port of 127.0.0.1 with throwaway host and user keys.
# The merged records are byte for byte those of one lg-oracle process,
# with every path (and LGBIN) under a folder whose name holds a blank,
# quotes, '$(id>PWNED)' and more, which no shell runs.
set -eu
. "$TOP/tests/lib.sh"
sshd_pid=
at_exit '[ -n "$sshd_pid" ] && kill "$sshd_pid"'
command -v parallel > /dev/null || fail "GNU parallel is missing (make deps-check installs it)"
[ -x /usr/sbin/sshd ] || fail "/usr/sbin/sshd is missing: apt-get install openssh-server"
command -v ssh > /dev/null || fail "ssh is missing: apt-get install openssh-client"
# sshd refuses to start without its privilege separation folder
if [ ! -d /run/sshd ]; then
	mkdir -p /run/sshd 2> /dev/null ||
	    fail "sshd needs /run/sshd, which only root can make here"
fi
ssh-keygen -q -t ed25519 -N '' -f "$t/host" || fail "ssh-keygen"
ssh-keygen -q -t ed25519 -N '' -f "$t/user" || fail "ssh-keygen"
cp "$t/user.pub" "$t/auth"
port=$("$py" -c 'import socket
s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
cat > "$t/sshd_config" <<X
Port $port
ListenAddress 127.0.0.1
HostKey $t/host
AuthorizedKeysFile $t/auth
PidFile $t/sshd.pid
StrictModes no
UsePAM no
PasswordAuthentication no
KbdInteractiveAuthentication no
PermitRootLogin prohibit-password
X
/usr/sbin/sshd -D -e -f "$t/sshd_config" 2> "$t/sshd.log" &
sshd_pid=$!
PARALLEL_SSH="ssh -i $t/user -p $port -o BatchMode=yes -o StrictHostKeyChecking=no -o UserKnownHostsFile=/dev/null -o LogLevel=ERROR"
export PARALLEL_SSH
me=$(id -un)
i=0
until $PARALLEL_SSH "$me@127.0.0.1" true 2> "$t/ssh.err"; do
	i=$((i + 1))
	kill -0 "$sshd_pid" 2> /dev/null ||
	    fail "sshd did not start: $(tail -3 "$t/sshd.log")"
	[ "$i" -le 100 ] || fail "no ssh login: $(cat "$t/ssh.err") $(tail -3 "$t/sshd.log")"
	sleep 0.1
done

# the paths, LGBIN's too, under a folder whose name the local shell and
# the remote one must both take as it is
# (a mark of this run's own: a file left by another is not this run's)
pw=PWNED$(basename "$t" | tr -dc A-Za-z0-9)
w="$t/a b'c\"d\$(id>$pw)e\`id>$pw\`f;g*h&i%aj"
mkdir -p "$w/bin"
for f in "$BIN"/lg-*; do
	ln -s "$f" "$w/bin/"
done
lg-gen longgenbench -l 16k -n 3 -s 9 | lg-prompt > "$w/cases"
printf 'ENGINE=oracle\nARGS="--drop 0.2 -s 2"\n' > "$w/oracle.conf"
lg-oracle --drop 0.2 -s 2 "$w/cases" > "$t/one"
# two logins, two jobs each; lg comes through LGBIN, copied with --env
LGBIN=$w/bin sh "$TOP/examples/parallel.sh" "$w/oracle.conf" "$w/cases" "$w/run" 8 \
    "2/$me@127.0.0.1" "2/$me@localhost" > "$t/log" 2>&1 ||
    fail "parallel.sh: $(tail -5 "$t/log")"
cmp "$t/one" "$w/run/out.jsonl" || fail "the sharded run differs"
if find "$t" "$HOME" -maxdepth 8 -name "$pw*" 2>/dev/null | grep -q .; then
	fail "a command in a path was run"
fi
# every shard was run through ssh: sshd logged a session for each
n=$(grep -c 'Accepted publickey' "$t/sshd.log" || true)
[ "$n" -ge 8 ] || fail "only $n ssh logins: $(tail -5 "$t/sshd.log")"
echo ok
