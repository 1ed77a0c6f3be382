#!/bin/sh
# UPDATE=1 rewrites golden folders from the build (tests/run.sh): copies of
# four lg-tau goldens, three of them damaged (an out, a cmd golden's out,
# an rc and a removed err), fail without UPDATE and are left as they were;
# with UPDATE=1 the damaged ones come back byte for byte and are named
# "updated:", the sound one is not named and gains no file; a second run
# names none.
. "$TOP/tests/lib.sh"

# a tree of its own: the runner, the share folder and the goldens
mkdir -p "$t/top/tests/lg-tau" "$t/want" || fail "mkdir"
cp "$TOP/tests/run.sh" "$TOP/tests/run-one.sh" "$t/top/tests/" || fail "cp"
ln -s "$TOP/share" "$t/top/share" || fail "ln"
for g in bad-input labels usage-task version; do
	cp -R "$TOP/tests/lg-tau/$g" "$t/want/" || fail "cp $g"
done
for f in labels/err labels/rc; do
	[ -f "$t/want/$f" ] && fail "lg-tau/$f: this test wants it missing"
done
for f in usage-task/err usage-task/rc version/cmd; do
	[ -f "$t/want/$f" ] || fail "lg-tau/$f: this test damages it"
done
[ "$(cat "$t/want/usage-task/rc")" != 0 ] || fail "lg-tau/usage-task/rc is 0"
cp -R "$t/want/." "$t/top/tests/lg-tau/" || fail "cp"
g=$t/top/tests/lg-tau
echo damaged >> "$g/bad-input/out"
echo 0 > "$g/usage-task/rc"
rm "$g/usage-task/err"
printf 'lg-tau 0.0.0\n' > "$g/version/out"
cp -R "$g" "$t/damaged" || fail "cp"

run() {	# OUTPUT: tests/run.sh on the copies; its status
	TESTS=lg-tau/ JOBS=1 sh "$t/top/tests/run.sh" "$BIN" "$OBJ" > "$1" 2>&1
}

# without UPDATE: the damage is seen, nothing is written
unset UPDATE TESTS JOBS LOGDIR RUN_LABEL
run "$t/plain" && fail "the damaged goldens passed: $(cat "$t/plain")"
grep -q '^1 passed, 3 failed, 0 skipped$' "$t/plain" ||
    fail "want 3 failures: $(cat "$t/plain")"
diff -r "$t/damaged" "$g" > /dev/null || fail "a run without UPDATE wrote"
grep -q '^updated' "$t/plain" && fail "updated without UPDATE"

# UPDATE=1: restored and named, the sound one untouched
UPDATE=1 run "$t/upd" || fail "the update failed: $(cat "$t/upd")"
grep '^updated: ' "$t/upd" > "$t/named"
printf 'updated: lg-tau/%s\n' bad-input usage-task version > "$t/want-named"
diff "$t/want-named" "$t/named" || fail "named as changed: $(cat "$t/upd")"
grep -q '^4 passed, 0 failed, 0 skipped$' "$t/upd" ||
    fail "count: $(cat "$t/upd")"
diff -r "$t/want" "$g" || fail "the update did not restore the goldens"

# again: nothing changed, nothing named
UPDATE=1 run "$t/again" || fail "second update: $(cat "$t/again")"
grep 'updated' "$t/again" && fail "a second update named goldens"
diff -r "$t/want" "$g" || fail "a second update changed the goldens"
exit 0
