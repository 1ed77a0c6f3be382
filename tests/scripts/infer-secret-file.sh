#!/bin/sh
# --api-key-file reads the file's first line and no more than 8 KiB of it:
# /dev/zero, a FIFO that never ends and a huge file without a line end are
# refused at once by lg-infer, lg-judge and lg-ppl (exit 2, a message that
# names the file), under limits of CPU time and memory far above what
# reading one line needs; the first line of a huge file is its key; a NUL
# inside the line is a control character, not the key's end; a file that
# cannot be opened is not named (it may be a key typed in its place).
. "$TOP/tests/lg-infer/fake.sh"
key=sk-test-5e1d0c3b9a8f7e6d
printf '%s\n' "$key" > "$t/key"
fake_start k --key-file "$t/key"
printf '{"id":"a","prompt":"question"}\n' > "$t/in"
printf '%s\n' '{"id":"j","bench":"longgenbench","gold":{"type":"Floor","number":1},"checks":[{"kind":"single","at":1,"want":"gym"}],"output":"#*# Floor 1:\na gym"}' |
    lg-split > "$t/judge.in"

# run TOOL KEYFILE: the tool's status in $rc, its stderr in $t/err;
# 60 s of CPU time and 1 GiB of address space (not under AddressSanitizer,
# whose shadow memory needs more), where reading one line needs a
# fraction of a second and a few MiB
vm=1048576
grep -q __asan_init "$BIN/lg-infer" && vm=unlimited
run() {
	rc=0
	case $1 in
	infer) set -- lg-infer -q -m fake --base-url "$url" --api-key-file "$2" "$t/in" ;;
	judge) set -- lg-judge --judge-base-url "$url" --judge-model fake \
	    --api-key-file "$2" "$t/judge.in" ;;
	ppl) set -- lg-ppl -q -m fake --base-url "$url" --api-key-file "$2" "$t/in" ;;
	esac
	(ulimit -t 60 && ulimit -v $vm && exec "$@") > "$t/out" 2> "$t/err" || rc=$?
	no_crash "$t/err"
}

# refused: status 2, the file named, nothing written, the key not shown
refused() {	# tool file what
	run "$1" "$2"
	[ "$rc" -eq 2 ] || fail "$1, $3: exit status $rc: $(head -c 300 "$t/err")"
	grep -q "^lg-$1: $2: --api-key-file: the first line is longer than 8192 bytes" \
	    "$t/err" || fail "$1, $3: $(head -c 300 "$t/err")"
	[ ! -s "$t/out" ] || fail "$1, $3: output"
}

# a huge sparse file: the key, then 8 GiB of NULs with no line end
printf '%s\n' "$key" > "$t/huge-key"
truncate -s 8G "$t/huge-key"
printf 'sk-test' > "$t/huge"
truncate -s 8G "$t/huge"
mkfifo "$t/fifo"
for tool in infer judge ppl; do
	refused "$tool" /dev/zero /dev/zero
	refused "$tool" "$t/huge" "a huge file"
	# a FIFO whose writer never stops: refused, and the writer then
	# ends of SIGPIPE
	yes sk-test | tr -d '\n' > "$t/fifo" &
	w=$!
	refused "$tool" "$t/fifo" "an endless FIFO"
	wait "$w" 2>/dev/null || true
done

# the first line of a huge file is read as the key: the server takes it
n=$(fake_count k)
run infer "$t/huge-key"
[ "$rc" -eq 0 ] || fail "huge file with a key: exit status $rc: $(cat "$t/err")"
[ "$(fake_count k)" -eq $((n + 1)) ] || fail "huge file with a key: not asked"
awk '$7 != "key"' "$t/k.log" | grep -q . && fail "a request went without the key"
# the key from a FIFO, a line that ends and a writer that goes on
{ printf '%s\n' "$key"; yes; } > "$t/fifo" &
w=$!
run infer "$t/fifo"
wait "$w" 2>/dev/null || true
[ "$rc" -eq 0 ] || fail "FIFO with a key: exit status $rc: $(cat "$t/err")"

# a NUL inside the first line: a control character, not a shorter key
printf 'sk-te\000st-0123456789\n' > "$t/nul"
run infer "$t/nul"
[ "$rc" -eq 2 ] || fail "NUL in the key: exit status $rc"
grep -q "^lg-infer: $t/nul: --api-key-file: the key holds a blank or a control character" \
    "$t/err" || fail "NUL in the key: $(cat "$t/err")"

# a key longer than a line is refused, one of 8192 bytes is taken
head -c 8193 /dev/zero | tr '\0' k > "$t/long"
refused infer "$t/long" "8193 bytes"
{ head -c 8192 /dev/zero | tr '\0' k; echo; } > "$t/long"
run infer "$t/long"
[ "$rc" -ne 2 ] || fail "a key of 8192 bytes: $(cat "$t/err")"
grep -q 'api-key-file' "$t/err" && fail "a key of 8192 bytes: $(cat "$t/err")"

# a name that cannot be opened may be a key given by mistake: not echoed
run infer sk-typed-in-0123456789
[ "$rc" -eq 3 ] || fail "missing file: exit status $rc"
grep -q 'cannot read the key file' "$t/err" || fail "missing file: $(cat "$t/err")"
grep -q sk-typed-in "$t/err" && fail "missing file: the name was echoed"
fake_stop k
echo ok
