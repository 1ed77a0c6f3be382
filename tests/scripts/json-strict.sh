#!/bin/sh
# Records are read as strict RFC 8259 JSON.  Nesting deeper than the limit
# is reported as too deep (not as a syntax error at some byte); a
# byte-order mark is skipped at the start of a file and refused with a
# message anywhere else; what the grammar forbids (leading zeros, raw
# control characters in strings, trailing commas, a lone minus) is
# refused with the byte where it goes wrong.  Good records around the bad
# ones go through, and the exit status is 1.
set -eu
. "$TOP/tests/lib.sh"
"$PY" - "$t" <<'PY'
import sys
t = sys.argv[1]
bom = b"\xef\xbb\xbf"
good = b'{"id":"g%d","bench":"other"}\n'
deep = b'{"id":"deep","x":' + b"[" * 100000 + b"]" * 100000 + b"}\n"
ok600 = b'{"id":"d511","x":' + b"[" * 511 + b"]" * 511 + b"}\n"
lines = [bom + good % 1, deep, ok600, bom + good % 2,
         b'{"id":"z","n":01}\n', b'{"id":"c","s":"a\tb"}\n',
         b'{"id":"tc","a":[1,],"b":2}\n', b'{"id":"m","n":-}\n', good % 3]
open(t + "/a", "wb").write(b"".join(lines))
open(t + "/b", "wb").write(bom + good % 4)
PY
rc=0
"$BIN/lg-split" "$t/a" "$t/b" > "$t/out" 2> "$t/err" || rc=$?
[ "$rc" -eq 1 ] || fail "exit status $rc, want 1"
cat > "$t/want" <<EOF2
lg-split: $t/a:2: invalid JSON: nested more than 512 levels deep at byte 529
lg-split: $t/a:4: byte-order mark at the start of a line (only a file may start with one), skipped
lg-split: $t/a:5: invalid JSON near byte 16
lg-split: $t/a:6: invalid JSON near byte 17
lg-split: $t/a:7: invalid JSON near byte 19
lg-split: $t/a:8: invalid JSON near byte 16
EOF2
diff "$t/want" "$t/err" || fail "messages differ"
printf '%s\n' '{"id":"g1","bench":"other"}' \
    "{\"id\":\"d511\",\"x\":$(printf '%511s' | tr ' ' '[')$(printf '%511s' | tr ' ' ']')}" \
    '{"id":"g3","bench":"other"}' '{"id":"g4","bench":"other"}' > "$t/wantout"
cmp "$t/wantout" "$t/out" || fail "records differ: $(head -c 300 "$t/out")"
