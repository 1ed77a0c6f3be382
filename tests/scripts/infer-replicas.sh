#!/bin/sh
# Several --base-url values spread the requests over the replicas; one that
# is down costs retries but no records; $LG_BASE_URL gives the default.
. "$TOP/tests/lg-infer/fake.sh"
fake_start a --delay-ms 5
ua=$url
fake_start b --delay-ms 5
ub=$url
fake_start dead
ud=$url
fake_stop dead		# its port is now closed
awk 'BEGIN { for (i = 1; i <= 400; i++)
	printf "{\"id\":\"m/%03d\",\"prompt\":\"question %d\"}\n", i, i }' > "$t/in"
lg-infer -q -m fake --base-url "$ua" --base-url "$ub/v1/" -P 8 "$t/in" > "$t/out1" \
    2> "$t/err1" || fail "two replicas: $(cat "$t/err1")"
na=$(fake_count a)
nb=$(fake_count b)
[ "$na" -ge 100 ] && [ "$nb" -ge 100 ] || fail "uneven spread: $na and $nb"
[ $((na + nb)) -eq 400 ] || fail "$na + $nb requests for 400 records"
# gen.endpoint names the replica that answered, as given (no /v1 added)
[ "$(grep -c "\"endpoint\":\"$ua\"" "$t/out1")" -eq "$na" ] || fail "endpoint a"
[ "$(grep -c "\"endpoint\":\"$ub/v1\"" "$t/out1")" -eq "$nb" ] || fail "endpoint b"
# with a dead replica among them, from the environment
LG_BASE_URL="$ud,$ua $ub" lg-infer -q -m fake -P 8 --backoff-base 0.001 \
    "$t/in" > "$t/out2" 2> "$t/err2" || fail "dead replica: $(cat "$t/err2")"
[ "$(wc -l < "$t/out2")" -eq 400 ] || fail "records lost"
if grep -q -e '"error"' -e "\"endpoint\":\"$ud\"" "$t/out2"; then
	fail "the dead replica answered or failed records"
fi
no_crash "$t/err1" "$t/err2"
fake_stop a
fake_stop b
