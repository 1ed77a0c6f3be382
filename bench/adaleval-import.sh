#!/bin/sh
# Ada-LEval imports against the published code: for each official file,
# the prompts of lg-gen adaleval --import | lg-prompt and those that the
# published ada_leval/dataset.py builds (TextSort and StackSelect,
# build_prompt() over the cases its constructor keeps), compared byte for
# byte, with the gold (TSort's answer, BestAnswer's A<k>) and the number of
# cases: -n 1000 and -n 200 (50 from 32k on) take what its 'normal' and
# 'less' modes take.
#   bench/adaleval-import.sh ADA-LEVAL-DIR [FILE ...]
# ADA-LEVAL-DIR holds the published ada_leval/; FILE is a textsort_TIER.json
# or stackselect_TIER.json (default: tests/adaleval/textsort_2k.json).
# The published modules import plotting, table and locking libraries that
# building a prompt does not use; those that are not installed are stood in
# for by empty modules.  Builds bin/ first; needs python3.  Exits 1 on any
# difference.
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
[ $# -ge 1 ] || { echo "usage: bench/adaleval-import.sh ADA-LEVAL-DIR [FILE ...]" >&2; exit 2; }
ref=$(cd "$1" && pwd)
shift
[ $# -ge 1 ] || set -- "$top/tests/adaleval/textsort_2k.json"
make -C "$top" --no-print-directory all >/dev/null
export LG_SHARE="$top/share"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/lg-bench-ada.XXXXXX")
trap 'rm -rf "$tmp"' EXIT INT TERM
fail=0
for f in "$@"; do
	base=${f##*/}
	name=${base%.json}
	kind=${name%%_*}
	setting=${name#*_}
	case $kind in
	textsort) task=tsort ;;
	stackselect) task=bestanswer ;;
	*) echo "$f: not a textsort_TIER.json or stackselect_TIER.json" >&2; exit 2 ;;
	esac
	mkdir -p "$tmp/$name/data"
	cp "$f" "$tmp/$name/data/$base"
	big=$(echo "$setting" | awk '{ print ($0 + 0 >= 32) }')
	for mode in normal less; do
		if [ "$mode" = normal ]; then
			n=$([ "$big" = 1 ] && echo 200 || echo 1000)
		else
			n=$([ "$big" = 1 ] && echo 50 || echo 200)
		fi
		"$top/bin/lg-gen" adaleval -t "$task" -n "$n" --import "$f" |
		    "$top/bin/lg-prompt" > "$tmp/$name/lg.$mode"
		(cd "$tmp/$name" && python3 - "$ref" "$kind" "$setting" "$mode" \
		    "lg.$mode") <<'EOF' || fail=1
import importlib, json, sys, types

ref, kind, setting, mode, ours = sys.argv[1:]

class Stub(types.ModuleType):
    def __getattr__(self, name):
        if name.startswith('__'):
            raise AttributeError(name)
        return Stub(name)

stubbed = []
for m in ['numpy', 'pandas', 'requests', 'tqdm', 'PIL', 'PIL.Image',
          'matplotlib', 'matplotlib.pyplot', 'seaborn', 'tabulate',
          'portalocker']:
    try:
        importlib.import_module(m)
    except ImportError:
        sys.modules[m] = Stub(m)
        stubbed.append(m)
sys.path.insert(0, ref)
from ada_leval.dataset import StackSelect, TextSort

ds = (TextSort if kind == 'textsort' else StackSelect)(setting=setting, mode=mode)
recs = [json.loads(l) for l in open(ours, encoding='utf-8')]
bad = 0
if len(recs) != len(ds):
    print(f'{kind}_{setting} {mode}: {len(recs)} cases, the published code {len(ds)}')
    bad += 1
for i, (r, item) in enumerate(zip(recs, ds.data)):
    if r['prompt'] != ds.build_prompt(i):
        print(f'{kind}_{setting} {mode}: case {i}: the prompts differ')
        bad += 1
    if kind == 'textsort':
        a = item['answer']
        a = json.loads(a) if isinstance(a, str) else a
        same = r['gold']['order'] == a
    else:
        same = r['gold']['answer'] == item['answer']
    if not same:
        print(f'{kind}_{setting} {mode}: case {i}: gold {r["gold"]}, answer {item["answer"]}')
        bad += 1
print(f'{kind}_{setting} {mode}: {len(recs)} cases, {len(ds)} published, '
      f'{bad} differences' + (f' (stand-ins: {" ".join(stubbed)})' if stubbed else ''))
sys.exit(1 if bad else 0)
EOF
	done
done
exit $fail
