#!/bin/sh
# make install with DESTDIR and PREFIX: programs, man pages and share/ land
# where they should, and an installed program finds its share/ on its own;
# the build made for it leaves bin/ alone.
# plain build only: make install builds its own plain tree
set -eu
. "$TOP/tests/lib.sh"
# PREFIX is compiled in (common/share.o alone), so this build has folders
# of its own: the tests running beside it keep their bin/.  It starts from
# a copy of the plain build's objects (times kept), so that make builds
# again only what PREFIX changes and links.
flags=$(cat "$TOP/build/obj/flags" 2>/dev/null || :)
[ -d "$TOP/build/obj" ] && cp -pR "$TOP/build/obj" "$t/obj"
make --no-print-directory -C "$TOP" install O="$t/obj" B="$t/bin" \
    DESTDIR="$t/root" PREFIX=/opt/lg MANPREFIX=/opt/lg/man \
    > "$t/log" 2>&1 || fail "make install: $(tail -5 "$t/log")"
# what was compiled: share.o for PREFIX, nothing else of the copy
compiled=$(grep -c -- ' -c -o ' "$t/log")
[ ! -d "$TOP/build/obj" ] || [ "$compiled" -le 1 ] ||
    fail "make install compiled $compiled files, not share.o alone: $(grep -- ' -c -o ' "$t/log" | head -3)"
r=$t/root/opt/lg
for p in lg-gen lg-prompt lg-oracle lg-split lg-judge lg-agg; do
	[ -x "$r/bin/$p" ] || fail "$p not installed"
	[ -f "$r/man/man1/$p.1" ] || fail "$p.1 not installed"
done
[ -f "$r/man/man7/lg.7" ] || fail "lg.7 not installed"
[ -f "$r/share/lg/templates/longgenbench/city.tmpl" ] || fail "templates not installed"
[ -f "$r/share/lg/rubrics/longgenbench.tmpl" ] || fail "rubrics not installed"
[ -f "$r/share/lg/examples/Makefile" ] || fail "examples not installed"
unset LG_SHARE
"$r/bin/lg-gen" longgenbench -n 1 -t city | "$r/bin/lg-prompt" | "$r/bin/lg-oracle" |
    "$r/bin/lg-split" | "$r/bin/lg-judge" --rules | "$r/bin/lg-agg" -f json > "$t/out" ||
    fail "installed pipeline"
jq -e 'select(.bench == "longgenbench") | .cr == 100' "$t/out" > /dev/null || fail "installed pipeline: $(cat "$t/out")"
[ "$(cat "$TOP/build/obj/flags")" = "$flags" ] || fail "make install changed the flags of bin/"
echo ok
