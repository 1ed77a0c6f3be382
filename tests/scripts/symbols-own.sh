#!/bin/sh
# A tool's symbols stay inside it: no external symbol is defined by two
# tools, nor by a tool and common/ (liblg.a), so that a unit test linking a
# tool's archive gets that tool's functions and no other's.  Read with nm
# from the objects of the build under test: each tool folder's archive
# (OBJ/lg-X.a) and main.o, each single-file tool's object; main is left
# out.
# plain build only: the same symbols in either build
. "$TOP/tests/lib.sh"
command -v nm > /dev/null || fail "no nm (binutils)"

# Pending: these move to common/fields.c (issue 25, "one namespace for all
# tools"); remove them here when they have.  A name listed here that is no
# longer defined twice fails the test, so that the list does not outlive
# its reason.
pending=

cd "$TOP" || fail "no $TOP"
: > "$t/defs"
defs() {	# OWNER FILE...: "symbol owner" of each external definition
	owner=$1
	shift
	for f in "$@"; do
		[ -f "$f" ] || fail "no $f: build first (make)"
	done
	nm -gP --defined-only "$@" > "$t/nm" || fail "nm $*"
	awk -v o="$owner" 'NF >= 2 && $1 !~ /:$/ && $2 != "U" && $1 != "main" {
		print $1, o
	}' "$t/nm" | sort -u >> "$t/defs"
}
n=0
for d in cmd/lg-*/; do
	tool=${d#cmd/}
	tool=${tool%/}
	defs "$tool" "$OBJ/$tool.a" "$OBJ/cmd/$tool/main.o"
	n=$((n + 1))
done
for f in cmd/lg-*.c; do
	[ -f "$f" ] || continue
	tool=${f#cmd/}
	tool=${tool%.c}
	defs "$tool" "$OBJ/cmd/$tool.o"
	n=$((n + 1))
done
defs common "$OBJ/liblg.a"
[ "$n" -ge 2 ] || fail "found $n tools under cmd/"

sort "$t/defs" | awk '
	$1 == last { owners = owners ", " $2; dup = 1; next }
	{ if (dup) print last ": " owners; last = $1; owners = $2; dup = 0 }
	END { if (dup) print last ": " owners }' > "$t/twice"
for s in $pending; do
	grep -q "^$s: " "$t/twice" ||
	    fail "$s is no longer defined twice: remove it from pending"
	grep -v "^$s: " "$t/twice" > "$t/rest"
	mv "$t/rest" "$t/twice"
done
if [ -s "$t/twice" ]; then
	sed 's/^/  /' "$t/twice"
	fail "symbols defined in more than one tool (make them static, rename them, or move them to common/)"
fi
