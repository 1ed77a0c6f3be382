#!/bin/sh
# Records are written as they finish: one held up by a stalled first
# attempt comes out after all the others, unless --keep-order asks for
# input order.  Either way every record is there once.  (The stall, 3 s
# before the retry, leaves 40 quick answers time even on a loaded machine.)
. "$TOP/tests/lg-infer/fake.sh"
fake_start o --stall 10
{
	printf '{"id":"o/00","prompt":"FAULT:stall*1 slow"}\n'
	awk 'BEGIN { for (i = 1; i <= 40; i++)
		printf "{\"id\":\"o/%02d\",\"prompt\":\"question %d\"}\n", i, i }'
} > "$t/in"
lg-infer -q -m fake --base-url "$url" -P 4 --idle-timeout 3 \
    --backoff-base 0.001 "$t/in" > "$t/out1" 2> "$t/err1" || fail "$(cat "$t/err1")"
[ "$(tail -1 "$t/out1" | cut -d, -f1)" = '{"id":"o/00"' ] ||
    fail "the slow record was not written last"
printf '{"id":"o/00","prompt":"FAULT:stall*1 slow again"}\n' > "$t/in2"
tail -n +2 "$t/in" >> "$t/in2"
lg-infer -q -m fake --base-url "$url" -P 4 --idle-timeout 3 --keep-order \
    --backoff-base 0.001 "$t/in2" > "$t/out2" 2> "$t/err2" || fail "$(cat "$t/err2")"
cut -d, -f1 "$t/in2" > "$t/want"
cut -d, -f1 "$t/out2" > "$t/got"
cmp "$t/want" "$t/got" || fail "--keep-order: not in input order"
grep -q '"id":"o/00".*"attempts":2' "$t/out2" || fail "the first attempt did not stall"
cut -d, -f1 "$t/out1" | sort > "$t/got1"
sort "$t/want" | cmp - "$t/got1" || fail "records lost"
no_crash "$t/err1" "$t/err2"
fake_stop o
