#!/bin/sh
# The originals' results carried in the records (lg-flake8 --prepare, the
# member "orig"): scoring a carried suite with an empty cache lints and
# runs no original (the cache gets no entry, flake8 sees no original) and
# gives, on every case, the records of a cold run without the member, byte
# for byte, the member passed on as it came; the carried counts and output
# are what is used (forged ones show through); a member made for another
# vars.code, with another fingerprint (edited, or a real change: another
# flake8 plugin version, --compat, --timeout) or not as lg-flake8 writes
# it is not used: the original is linted (or run) again, said once on
# stderr for all records; --prepare over a carried suite changes nothing
# and lints nothing, over a stale member writes the member afresh; under
# --compat it carries the lint alone, which --compat scoring uses.
set -u

. "$TOP/tests/lib.sh"
need_py
lg-gen longweave -t cf -l 1k -n 4 | lg-prompt > "$t/gen" || fail "lg-gen pipeline"
# the first original twice, under another id
{ cat "$t/gen"; head -n 1 "$t/gen" | sed 's/^{"id":"[^"]*"/{"id":"twice"/'; } \
    > "$t/prompts"
grep -q '^{"id":"twice"' "$t/prompts" || fail "no record twice"
# a flake8 that logs the files it is given; FAKE_VERSION=1 says another
# pyflakes version (the same counts, another fingerprint)
cat > "$t/f8.sh" <<EOF
for a; do case \$a in -*) ;; *) echo "\$a" >> "\$LINTED" ;; esac; done
if [ "\$1" = --version ] && [ -n "\${FAKE_VERSION:-}" ]; then
	$py -m flake8 --version | sed 's/pyflakes: /pyflakes: 0/'
	exit
fi
exec $py -m flake8 "\$@"
EOF
export LINTED="$t/linted"
run() {	# name, input, options...
	n=$1 in=$2
	shift 2
	: > "$t/linted"
	rm -rf "$t/c"
	lg-flake8 --flake8 "sh $t/f8.sh" --cache "$t/c" "$@" "$in" > "$t/$n" \
	    2> "$t/$n.err" || { cat "$t/$n.err"; fail "lg-flake8 $*"; }
	cp "$t/linted" "$t/$n.linted"
	lint=$(grep -c -E 'o(_l)?\.py$' "$t/linted")
	entries=$(find "$t/c" -name '*.json' 2>/dev/null | wc -l)
}
# the originals linted and the cache entries written, as expected
expect() {	# name, originals linted, cache entries
	[ "$lint" = "$2" ] || fail "$1: $lint originals linted, not $2"
	[ "$entries" = "$3" ] || fail "$1: $entries cache entries, not $3"
}
# the records of $1 are those of $2 with each one's "orig" as in $3, the
# rest byte for byte
same() {
	"$py" - "$t/$1" "$t/$2" "$t/$3" "$1" <<'PY' || exit 1
import json, sys
a, b, c = (open(p).readlines() for p in sys.argv[1:4])
assert len(a) == len(b) == len(c), "%s: numbers of records" % sys.argv[4]
for x, y, z in zip(a, b, c):
    o = json.loads(z)["orig"]
    m = ',"orig":' + json.dumps(o, separators=(",", ":"))
    assert m in x and x.replace(m, "", 1) == y, \
        "%s: %s differs from a cold run" % (sys.argv[4], json.loads(y)["id"])
PY
}
# the same stderr: one line, naming the first record affected
said() {	# name, what the line holds
	[ "$(wc -l < "$t/$1.err")" = 1 ] && grep -q -e "$2" "$t/$1.err" ||
	    fail "$1: stderr is not one line with '$2': $(cat "$t/$1.err")"
}
quiet() {
	[ ! -s "$t/$1.err" ] || fail "$1 said: $(cat "$t/$1.err")"
}
# a copy of the answers with each member changed by the Python expression
# $3 (o: the member, r: the record)
edit() {	# input, output, statement
	"$py" - "$t/$1" "$t/$2" "$3" <<'PY'
import json, sys
with open(sys.argv[2], "w") as f:
    for l in open(sys.argv[1]):
        r = json.loads(l)
        o = r.get("orig")
        exec(sys.argv[3])
        f.write(json.dumps(r, separators=(",", ":"), ensure_ascii=False) + "\n")
PY
}

run prep "$t/prompts" --prepare --no-cache
expect prep 4 0
quiet prep
lg-oracle --drop 0.3 "$t/prep" > "$t/in.carried" || fail "lg-oracle"
lg-oracle --drop 0.3 "$t/prompts" > "$t/in.plain" || fail "lg-oracle"

# a cold run without members: 4 originals linted, 2 entries each
run ref "$t/in.plain" --no-cache -j 1
run cold "$t/in.plain"
expect cold 4 8
cmp -s "$t/ref" "$t/cold" || fail "cold: records differ from --no-cache"
# carried: nothing of the originals is done, the same records
run carried "$t/in.carried"
expect carried 0 0
quiet carried
same carried ref in.carried
grep -q 'f_l\.py$' "$t/carried.linted" || fail "carried: answers not linted"
run carried1 "$t/in.carried" -j 1 --no-cache
cmp -s "$t/carried" "$t/carried1" || fail "carried: -j 1 --no-cache differs"

# the carried values are the ones used: forged counts and output show
edit in.carried in.forged 'o["lint"]["count"] = 999; o["run"]["sha256"] = "0" * 64'
run forged "$t/in.forged"
expect forged 0 0
"$py" - "$t/forged" <<'PY' || exit 1
import json, sys
for l in open(sys.argv[1]):
    s = json.loads(l)["scores"]
    assert s["flake8_orig"] == 999, "forged count not used: %r" % s["flake8_orig"]
    if s["sandbox"]["status"] == "ok":
        assert s["sandbox"]["output"] == "differs" and s["runnable"] == 0, \
            "forged output not used: %r" % s["sandbox"]
PY

# stale: made for another vars.code (one record edited, then all)
edit in.carried in.stale1 'o["sha256"] = o["sha256"][::-1] if r["id"] == "twice" else o["sha256"]'
run stale1 "$t/in.stale1"
expect stale1 1 2
said stale1 'twice: orig: made for another vars.code'
same stale1 ref in.stale1
edit in.carried in.stale 'r["vars"]["code"] += "\n"'
run stale "$t/in.stale"
expect stale 4 8
said stale 'orig: made for another vars.code'
# the same records as a cold run over those texts
edit in.plain in.stale.plain 'r["vars"]["code"] += "\n"'
run stale.ref "$t/in.stale.plain"
same stale stale.ref in.stale

# another fingerprint, edited: lint, run
edit in.carried in.env 'o["lint"]["env"] = "0" * 64; o["run"]["env"] = "1" * 64'
run env "$t/in.env"
expect env 4 8
[ "$(wc -l < "$t/env.err")" = 2 ] && grep -q 'orig.lint: made with another' \
    "$t/env.err" && grep -q 'orig.run: made with another' "$t/env.err" ||
    fail "env: $(cat "$t/env.err")"
same env ref in.env
# another fingerprint for real: a pyflakes version, the lint again only
export FAKE_VERSION=1
run fake.ref "$t/in.plain" --no-cache
run fake "$t/in.carried"
unset FAKE_VERSION
expect fake 4 4
said fake 'orig.lint: made with another'
same fake fake.ref in.carried
# --timeout: the runs again only
run ref20 "$t/in.plain" --no-cache --timeout 20
run timeout "$t/in.carried" --timeout 20
expect timeout 0 4
said timeout 'orig.run: made with another'
same timeout ref20 in.carried
# --compat: the lint again, no run at all
run compat.ref "$t/in.plain" --no-cache --compat
run compat "$t/in.carried" --compat
expect compat 4 4
said compat 'orig.lint: made with another'
same compat compat.ref in.carried
# carried under --compat: the lint alone, used by --compat
run cprep "$t/prompts" --prepare --no-cache --compat
expect cprep 4 0
"$py" -c '
import json, sys
for l in open(sys.argv[1]):
    assert set(json.loads(l)["orig"]) == {"sha256", "lint"}, l' "$t/cprep" ||
    fail "--prepare --compat: not the lint alone"
run cprep2 "$t/cprep" --prepare --compat
expect cprep2 0 0
cmp -s "$t/cprep" "$t/cprep2" || fail "--prepare --compat again changed records"
lg-oracle --drop 0.3 "$t/cprep" > "$t/in.ccarried" || fail "lg-oracle"
run ccarried "$t/in.ccarried" --compat
expect ccarried 0 0
quiet ccarried
same ccarried compat.ref in.ccarried

# not what lg-flake8 writes: not used, the rest of the member neither
for bad in 'o["lint"]["count"] = -1' 'o["lint"]["fam"] = [1]' \
    'o["run"]["len"] = 1.5' 'o["run"]["env"] = "x"' 'o["sha256"] = 7' \
    'r["orig"] = []'; do
	edit in.carried in.bad "$bad"
	run bad "$t/in.bad"
	expect "bad ($bad)" 4 8
	said bad 'orig: not what lg-flake8 writes'
	same bad ref in.bad
done

# --prepare again: nothing to do, nothing changed; a stale member made anew
run again "$t/prep" --prepare
expect again 0 0
quiet again
cmp -s "$t/prep" "$t/again" || fail "--prepare over a carried suite changed it"
edit prep in.prep.env 'o["lint"]["env"] = "0" * 64'
run renew "$t/in.prep.env" --prepare --no-cache
expect renew 4 0
cmp -s "$t/prep" "$t/renew" || fail "--prepare did not write a stale member anew"
exit 0
