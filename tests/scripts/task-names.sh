#!/bin/sh
# Where each task of the list (common/tasks.def) is named in the code of
# cmd/ and common/, outside its own files (lw_TASK*, ada_TASK*; a mention
# of one of them, "lw_cf.h", is not a naming): as a string ("kvg", or a
# field of a tab-separated line), as a symbol ending in _TASK (lw_kvg,
# tag_read_kvg), or as its list line.  It prints "TASK N: FILE..." for
# each task and fails when one is named in more than three files: its
# list line, its scorer's table and one more (HACKING).
# With CHECK_TOP=DIR the files are read from DIR (a copy to try it on).
# plain build only: it reads the source text
set -eu
. "$TOP/tests/lib.sh"
cd "${CHECK_TOP:-$TOP}"

tasks=$(sed -n 's/^\(LW\|ADA\)(\([a-z0-9_]*\),.*/\2/p' common/tasks.def)
[ -n "$tasks" ] || fail "common/tasks.def: no task"
find cmd common -name '*.[ch]' -o -name '*.def' | LC_ALL=C sort > "$t/files"
bad=
for task in $tasks; do
	grep -vE "/(lw|ada)_$task[._]" "$t/files" |
	    xargs perl -ne '
		BEGIN { $k = shift }
		s/\b(lw|ada)_\Q$k\E\.[ch]\b//g;
		if (/"\Q$k\E"|\\t\Q$k\E(\\t|")|[A-Za-z0-9]_\Q$k\E\b|^(LW|ADA)\(\Q$k\E,/) {
			print "$ARGV\n";
			close ARGV;
		}' "$task" > "$t/named"
	n=$(wc -l < "$t/named")
	echo "$task $n:" $(cat "$t/named")
	[ "$n" -le 3 ] || bad="$bad $task"
done
[ -z "$bad" ] || fail "named in more than three files:$bad"
