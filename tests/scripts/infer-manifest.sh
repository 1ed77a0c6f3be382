#!/bin/sh
# Every answer names what made it: gen.lg (this lg's version), and the
# server's word for itself, gen.server_model and gen.system_fingerprint, as
# the reply gave them, streamed (the fast chunk reader and cJSON's, for
# escaped strings) or whole, and again from the cache; gen.template is the
# record's template (lg-prompt's), copied, and absent when it has none.  A label that is not
# a short printable string is left out, never written raw.
. "$TOP/tests/lg-infer/fake.sh"
fake_start m
ver=$(lg-infer --version | awk '{ print $NF }')
printf '%s\n' '{"id":"a","prompt":"one","template":{"name":"x/y","sha256":"ab12"}}' \
    '{"id":"b","prompt":"two"}' > "$t/in"
for mode in stream --no-stream; do
	a=
	[ "$mode" = stream ] || a=$mode
	lg-infer -q -m 'fake/"q"' --base-url "$url" $a --cache "$t/c$mode" \
	    "$t/in" > "$t/o$mode" 2> "$t/e$mode" || fail "$mode: $(cat "$t/e$mode")"
	lg-infer -q -m 'fake/"q"' --base-url "$url" $a --cache "$t/c$mode" \
	    "$t/in" > "$t/h$mode" 2> "$t/e$mode" || fail "$mode: $(cat "$t/e$mode")"
	for f in "$t/o$mode" "$t/h$mode"; do
		py '
import sys
ver, path = sys.argv[1], sys.argv[2]
recs = [json.loads(l) for l in open(path, encoding="utf-8")]
assert len(recs) == 2, recs
for r in recs:
    g = r["gen"]
    assert g["lg"] == ver, g
    assert g["server_model"] == "fake/\"q\"", g
    assert g["system_fingerprint"] == "fp_fake\u00e9", g
    assert g.get("template") == r.get("template"), g
assert recs[0]["gen"]["template"] == {"name": "x/y", "sha256": "ab12"}, recs[0]
' "$ver" "$f" || fail "$mode: $(head -c 600 "$f")"
	done
	[ "$(jq -s 'map(.gen.cache_hit) | all' "$t/h$mode")" = true ] ||
	    fail "$mode: the second run was not from the cache"
done
# a model name with a control character or over 256 bytes is not written
long=$(awk 'BEGIN { for (i = 0; i < 300; i++) printf "m" }')
for m in "$(printf 'bad\001name')" "$long"; do
	lg-infer -q -m "$m" --base-url "$url" "$t/in" > "$t/x" 2> "$t/xe" ||
	    fail "odd model: $(cat "$t/xe")"
	[ "$(jq -s 'map(.gen | has("server_model")) | any' "$t/x")" = false ] ||
	    fail "an odd label was written: $(head -c 300 "$t/x")"
done
fake_stop m
