"""caseaddr.py PAGE N: the address fragment (without '#') of case N of
lg-report's page (its index row N): case=ID&of=MODEL, URL-encoded as the
page's script writes it (encodeURIComponent).  Only the page's head is
read, up to the end of its index: a page of a large run is large."""
import json
import sys
from urllib.parse import quote

START = 'id="index">'
text, on = [], False
with open(sys.argv[1], encoding="utf-8") as f:
    for line in f:
        if not on and START in line:
            on, line = True, line[line.index(START) + len(START):]
        if on:
            end = line.find("</script>")
            text.append(line if end < 0 else line[:end])
            if end >= 0:
                break
idx = json.loads("".join(text))
r = idx[int(sys.argv[2])]
enc = lambda s: quote(s, safe="-_.!~*'()")
print("case=" + enc(r[1]) + "&of=" + enc(r[5]))
