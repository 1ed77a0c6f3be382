#!/bin/sh
# lg-kvcheck --compat against the published kvg scoring rule re-expressed in
# Python (json.loads with pairs, str() of the values, the published formula,
# and the pipeline's rule that an empty or "ERROR:" answer, or one whose
# scoring raised, has no score), on a few thousand odd answers: raw control
# characters in strings, leading zeros, form feeds, NaN and Infinity, lone
# surrogates, \u0000, raw NULs, numbers of every shape, lists and objects, Unicode
# strings inside them, huge integers, deep nesting, values long enough to
# divide by zero, trailing commas with Unicode spaces.  0 disagreements.
set -eu
. "$TOP/tests/lib.sh"
command -v python3 >/dev/null || fail "python3 is needed (mk/deps.sh check)"

cat > "$t/gen.py" <<'EOF'
import json, random, re, string, sys
rng = random.Random(20261122)
UP, LO = string.ascii_uppercase, string.ascii_lowercase + string.digits
def key(): return ''.join(rng.choices(UP, k=32))
def val(): return ''.join(rng.choices(LO, k=32))
ODD_STR = ['a\nb', 'a\tb', '\\n', '\\t', '\\u0000', 'x\\u0000y', '\\ud800',
    '\\udc00x', '\\ud83d\\ude00', '\\ud83d', '\\u00e9', 'caf\u00e9', '\u4e2d\u6587',
    '\U0001f600', '\u200b', '\u0085', '\u00a0', '\\u0085', '\\u00ad', 'e\u0301',
    '\\u2028', '\\\\', '\\"', '\\/', '\\b\\f', '\x7f', '\\u007f', '\\uFFFF',
    '\\u0378', '\\uE000', '\\uDBFF\\uDFFF', '\\x41', '\\a', '\\u12', '\ufeff']
NUMS = ['0', '-0', '-0.0', '0.0', '1e5', '1E5', '1e+5', '1e-5', '1.5e-7', '1e16',
    '1e15', '123456789012345678901234567890', '-98765432109876543210', '1.0',
    '0.1', '1e400', '-1e400', '1e-400', '-1e-400', '007', '01', '00', '-01',
    '1.', '.5', '1e', '1e+', '+1', '2.5E+3', '9007199254740993', '0.30000000000000004',
    '5e-324', '1.7976931348623157e308', '123.456e-3', '1' * 4300, '1' * 4301,
    '-' + '9' * 4301, 'NaN', 'Infinity', '-Infinity', 'nan', 'inf', '-NaN',
    'true', 'false', 'null', 'True', 'None', '1_000', '0x10', '100000000000000000.0',
    '1e22', '2**10', '4.35', '0.000123', '0.0001', '1234567890123456.7']
def randfloat():
    k = rng.random()
    if k < 0.3: return repr(rng.uniform(-1e6, 1e6))
    if k < 0.5: return '%.*e' % (rng.randint(0, 20), rng.uniform(-1, 1) * 10 ** rng.randint(-30, 30))
    if k < 0.7: return repr(2.0 ** rng.randint(-1074, 1023))
    return '%d.%de%d' % (rng.randint(0, 999), rng.randint(0, 999), rng.randint(-320, 320))
def strlit(s): return '"' + s + '"'
def nested(d=0):
    k = rng.random()
    if d > 3 or k < 0.3: return rng.choice([strlit(rng.choice(ODD_STR + ["it's", 'say "hi"', "a'b\\\"c", ''])),
        rng.choice(NUMS[:20]), randfloat(), 'true', 'null', 'NaN'])
    if k < 0.65: return '[' + ', '.join(nested(d + 1) for _ in range(rng.randint(0, 3))) + ']'
    return '{' + ', '.join('%s: %s' % (strlit(rng.choice(['a', 'k\\u00e9', "q'", key()])), nested(d + 1))
        for _ in range(rng.randint(0, 3))) + '}'
def oddval():
    k = rng.random()
    if k < 0.25: return rng.choice(NUMS)
    if k < 0.4: return randfloat()
    if k < 0.6: return strlit(rng.choice(ODD_STR) + rng.choice(['', val()]))
    if k < 0.9: return nested()
    return rng.choice(['[' * 2000 + ']' * 2000, '{"a":' * 600 + '1' + '}' * 600,
        '[' * 300 + ']' * 300, '[1, 2,]', '[1 2]', '{"a" 1}', '{"a":1,}'])
def answer(g):
    n, idx = g['entries'], g['index']
    m = max(1, n + rng.choice([0, 0, 0, -1, 1, -3, 5]))
    at = min(m - 1, max(0, idx + rng.choice([0, 0, 0, 1, -2, 7])))
    pairs = []
    for i in range(m):
        if i == at and rng.random() < 0.85:
            v = g.get('odd', strlit(g['value']))
            pairs.append((strlit(g['key']), v if rng.random() < 0.9 else oddval()))
        else:
            pairs.append((strlit(key()), strlit(val()) if rng.random() < 0.8 else oddval()))
    if rng.random() < 0.1:   # a repeated key: first position, last value
        j = rng.randrange(m)
        pairs.append((pairs[j][0], strlit(val())))
    if rng.random() < 0.05:   # long entries: the mean length passes 830
        ln = rng.choice([700, 820, 830, 840, 900, 3000])
        pairs = [(strlit(k[1:-1] + 'K' * ln), strlit(v[1:-1] + 'v' * ln)) if k != strlit(g['key']) else (k, v)
            for k, v in pairs]
    sep = rng.choice([', ', ',', ',\n', ', ', ',\f', ',\x0b', ', # note\n', ',\u3000', ',\u2003'])
    colon = rng.choice([': ', ':', ' : ', ':\t', ':\r\n', ':\f'])
    body = sep.join(k + colon + v for k, v in pairs)
    if rng.random() < 0.2: body += rng.choice([',', ', ', ',\n', ',\u3000', ',\x1c', ',\u0085', ',\f', ', ,'])
    d = '{' + body + '}'
    if rng.random() < 0.3: d = d.replace('"', "'")
    if rng.random() < 0.1: d = d.replace('"', "'", rng.randint(1, 4))
    wrap = rng.random()
    if wrap < 0.15: d = '```python\n' + d + '\n```'
    elif wrap < 0.25: d = 'Here it is: ' + d + ' Done {ok}.'
    elif wrap < 0.3: d = d + ' }'
    elif wrap < 0.35: d = '{' + d
    elif wrap < 0.38: d = rng.choice(['', 'ERROR: timed out', 'ERROR:', ' ', 'no dictionary', '}{', 'ERROR x {}'])
    elif wrap < 0.4: d = d + ' {"b": 1}'
    elif wrap < 0.42: d = d[:rng.randrange(len(d))]
    if rng.random() < 0.04:   # a raw NUL: before, inside or after the dictionary
        j = rng.choice([0, 0, rng.randrange(len(d) + 1), len(d)])
        d = d[:j] + '\0' + d[j:]
    return d
def case(i):
    n = rng.choice([4, 20, 40])
    g = {'key': key(), 'value': val(), 'entries': n, 'key_length': 32, 'value_length': 32}
    g['index'] = rng.randrange(n)
    k = rng.random()
    if k < 0.03: g['value'] = '100000.0'   # str(1e5)
    elif k < 0.05: g['value'] = 'True'
    elif k < 0.3:   # the gold value is str() of an odd value: found only when printed right
        v = rng.choice([randfloat(), randfloat(), randfloat(), nested(), rng.choice(NUMS)])
        try:
            gv = str(json.loads(re.sub(r",\s*}", "}", v.replace("'", '"')),
                                object_pairs_hook=list))
            gv.encode()   # a record holds no lone surrogate
            if '\0' not in gv:
                g['value'], g['odd'] = gv, v
        except Exception:
            pass
    out = answer(g)
    if 'odd' in g and rng.random() < 0.5:   # a clean dictionary around it
        out = '{' + ', '.join('"%s": %s' % ((g['key'], g['odd']) if j == g['index']
            else (key(), strlit(val()))) for j in range(n)) + '}'
    if g['value'] in ('100000.0', 'True') and rng.random() < 0.7:
        out = out.replace(strlit(g['value']), rng.choice(['1e5', '100000.0', '1E+5', 'true']))
    g.pop('odd', None)
    return {'id': 'p%04d' % i, 'bench': 'longweave', 'task': 'kvg', 'length': '1k',
        'gold': g, 'output': out}
for i in range(int(sys.argv[1])):
    print(json.dumps(case(i)))
EOF

# The published rule, from the published algorithm (not from lg's code).
cat > "$t/ref.py" <<'EOF'
import json, re, sys
def published(r, g):
    zero = dict(exists=0.0, position=0.0, count=0.0, length=0.0, score=0.0)
    if r == "" or r.startswith("ERROR:"):
        return None                      # the pipeline never scores it
    a, b = r.find("{"), r.rfind("}")
    if a == -1 or b == -1 or a >= b:
        return zero
    try:
        e = dict(json.loads(re.sub(r",\s*}", "}", r[a:b + 1].replace("'", '"')),
                            object_pairs_hook=list))
        keys, vals = list(e), [str(v) for v in e.values()]
        if g["key"] not in keys or g["value"] not in vals:
            return zero
        n, m = g["entries"], len(keys)
        bell = lambda d, s: 1 / (1 + (d / s) ** 2)
        pos = bell(abs(keys.index(g["key"]) - g["index"]), n * 0.25)
        cnt = bell(abs(m - n), max(1, n * 0.25))
        ln = round((bell(abs(sum(map(len, keys)) / m - 32), 8) +
                    bell(abs(sum(map(len, vals)) / m - 32), 8)) / 2, 4)
        return dict(exists=1.0, position=round(pos, 4), count=round(cnt, 4),
                    length=ln, score=3 / (1 / pos + 1 / cnt + 1 / ln))
    except (json.JSONDecodeError, KeyError, TypeError):
        return zero
    except Exception:                    # ZeroDivisionError, ValueError, ...
        return None                      # the evaluation failed: no score
bad = 0
for line in open(sys.argv[1]):
    rec = json.loads(line)
    want = published(rec["output"], rec["gold"])
    got = rec.get("scores", {})
    if want is None:
        ok = got.get("evaluated") == 0
    else:
        ok = got.get("evaluated", 1) == 1 and all(
            abs(got.get(k, -1) - v) <= 1e-12 * max(1, abs(v)) for k, v in want.items())
    if not ok:
        bad += 1
        if bad <= 5:
            print("differs:", rec["id"], repr(rec["output"][:160]), want, got)
print(bad, "disagreements")
sys.exit(bad != 0)
EOF

python3 "$t/gen.py" 3000 > "$t/cases"
"$BIN/lg-kvcheck" --compat < "$t/cases" > "$t/scored" || fail "lg-kvcheck exit $?"
python3 "$t/ref.py" "$t/scored" || fail "lg-kvcheck --compat is not the published scorer"
# the sample holds the odd kinds it claims to hold
for k in evaluated exists; do
	n=$(jq -s "map(select(.scores.$k == (if \"$k\" == \"evaluated\" then 0 else 1 end))) | length" "$t/scored")
	[ "$n" -ge 30 ] || fail "only $n answers with $k"
done
echo ok
