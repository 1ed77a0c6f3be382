// Make the tokenizer test fixture: tiny.tiktoken, a small byte-pair table
// trained here on a few paragraphs, and vectors.jsonl, the encodings of
// tricky texts with that table as js-tiktoken computes them.  Not run by
// the test suite; run it again when the texts change:
//   npm install js-tiktoken && node tests/bpe/mkfixture.mjs tests/bpe
import { writeFileSync } from 'node:fs';
import { Tiktoken } from 'js-tiktoken/lite';

const dir = process.argv[2] || '.';
// the pattern of cl100k_base in the form js-tiktoken ships it
const pat = "('s|'S|'t|'T|'re|'rE|'Re|'RE|'ve|'vE|'Ve|'VE|'m|'M|'ll|'lL|'Ll|'LL|'d|'D)" +
  "|[^\\r\\n\\p{L}\\p{N}]?\\p{L}+|\\p{N}{1,3}| ?[^\\s\\p{L}\\p{N}]+[\\r\\n]*" +
  "|\\s*[\\r\\n]+|\\s+(?!\\S)|\\s+";
const specials = { '<|endoftext|>': 100257, '<|fim_prefix|>': 100258,
  '<|fim_middle|>': 100259, '<|fim_suffix|>': 100260, '<|endofprompt|>': 100276 };

const corpus = `It is a truth universally acknowledged, that a single man in
possession of a good fortune, must be in want of a wife.  I'm sure they're
right; we've seen it, you'll see it, she'd say it.  DON'T SHOUT, IT'S LATE.
The year 1813 had 365 days; 2024 had 366.  Prices: $1,234,567.89 and 3.14159.
    def count(tokens):
        return len(tokens)  # the number of tokens


Floor 12 holds the aerial gym; floor 34 the library.
日本語のテキストと中文文本，中文文本很好。東京と大阪。
Ελληνικά και русский текст, ещё немного текста.
emoji 🎉🚀 and 👍🏽 and 👨‍👩‍👧 again 🎉🎉.
naïve café résumé Zürich façade coöperate.
tabs\tand\ttabs, lines\r\nwith CRLF\r\nand   runs    of     spaces.
Answer: [4, 1, 3, 2].  The most helpful answer is A3.
`;
const pieces = corpus.match(new RegExp(pat, 'gu'));
const enc = new TextEncoder();
// words as byte sequences with their counts
const words = new Map();
for (const p of pieces) {
  const k = Array.from(enc.encode(p)).join(',');
  words.set(k, (words.get(k) || 0) + 1);
}
let seqs = [...words].map(([k, n]) => ({ t: k.split(',').map((b) => [Number(b)]), n }));
// bytes in a scrambled order, so no code may assume rank == byte
const vocab = [];
for (let r = 0; r < 256; r++)
  vocab.push([(r * 167 + 13) % 256]);
const key = (a) => a.join(',');
const known = new Set(vocab.map(key));
for (let m = 0; m < 420; m++) {
  const count = new Map();
  for (const { t, n } of seqs)
    for (let i = 0; i + 1 < t.length; i++) {
      const k = key(t[i]) + '|' + key(t[i + 1]);
      count.set(k, (count.get(k) || 0) + n);
    }
  let best = null, bn = 0;
  for (const [k, n] of count)
    if (n > bn || (n === bn && best !== null && k < best)) { best = k; bn = n; }
  if (best === null)
    break;
  const [a, b] = best.split('|').map((s) => s.split(',').map(Number));
  const ab = a.concat(b);
  if (!known.has(key(ab))) { vocab.push(ab); known.add(key(ab)); }
  for (const s of seqs) {
    const out = [];
    for (let i = 0; i < s.t.length; i++) {
      if (i + 1 < s.t.length && key(s.t[i]) === key(a) && key(s.t[i + 1]) === key(b)) {
        out.push(ab); i++;
      } else out.push(s.t[i]);
    }
    s.t = out;
  }
}
const b64 = (a) => Buffer.from(a).toString('base64');
writeFileSync(`${dir}/tiny.tiktoken`, vocab.map((t, r) => `${b64(t)} ${r}\n`).join(''));
const tok = new Tiktoken({ pat_str: pat, special_tokens: specials,
  bpe_ranks: '! 0 ' + vocab.map(b64).join(' ') });

const texts = [
  '', 'a', 'hello world', 'It is a truth universally acknowledged',
  "I'm they're we've you'll she'd IT'S DON'T We'Re i'M",
  "'s 's's ''s' ll'll x'sx",
  '1 12 123 1234 12345 1234567 3.14159 1,000,000 ٣٤٥٦ ¼½',
  '  leading', 'trailing   ', ' \n', '\n\n\n', 'a\n\n  b', 'a \n \n b',
  'x  \t \ny', '    def f(x):\n        return x  # c\n', 'mixed\r\nCRLF\r\n\r\nlines\r',
  'tabs\tand\ttabs\t\t\tend', '..........!!!!!????', '#*# Week 1 (January 1st):',
  '日本語のテキストと中文文本', '中文文本很好。東京と大阪。',
  'emoji 🎉🚀 test 👍🏽 👨‍👩‍👧', 'Ελληνικά и русский текст ещё',
  'naïve café résumé Zürich', 'a\u0301 combining', ' non-breaking\u2009thin\u3000ideographic',
  'x'.repeat(300), 'ab'.repeat(150) + ' ' + 'the'.repeat(90), 'ﬁ ǅ Ǆ ǆ',
  'universallyacknowledgedtruthpossessionfortune'.repeat(5),
  'a <|endoftext|> b<|fim_prefix|>c<|fim_middle|><|fim_suffix|> <|endofprompt|>',
  '<|endoftext', '<||endoftext|>|>',
];
const out = [];
const hex = (u8) => Buffer.from(u8).toString('hex');
for (const t of texts) {
  out.push({ hex: hex(enc.encode(t)), tokens: tok.encode(t, [], []) });
  if (t.includes('<|'))
    out.push({ hex: hex(enc.encode(t)), special: true, tokens: tok.encode(t, 'all') });
}
// a small book: words of the corpus drawn by a fixed generator, in
// sentences, lines and paragraphs
{
  const words = corpus.split(/\s+/).filter(Boolean);
  let seed = 7, book = '';
  const rnd = (n) => { seed = (seed * 1103515245 + 12345) % 2147483648; return seed % n; };
  while (book.length < 20000) {
    book += words[rnd(words.length)];
    const r = rnd(100);
    book += r < 80 ? ' ' : r < 90 ? '.  ' : r < 97 ? '\n' : '\n\n';
  }
  out.push({ hex: hex(enc.encode(book)), tokens: tok.encode(book, [], []) });
}
// ill-formed UTF-8: what Python's decode(errors="replace") gives, as the
// WHATWG decoder gives it too
const bad = ['ff', 'c0af', 'e08080', 'eda080', 'f4908080', 'f0908041', 'e282',
  'c3', '80bf', '61e2ac', 'f8888080', 'e2828228', '41c3284242', 'eda0bdedb28a'];
const dec = new TextDecoder('utf-8');
for (const h of bad) {
  const b = Buffer.from(h, 'hex');
  out.push({ hex: h, tokens: tok.encode(dec.decode(b), [], []) });
}
writeFileSync(`${dir}/vectors.jsonl`, out.map((o) => JSON.stringify(o) + '\n').join(''));
console.log(`${vocab.length} ranks, ${out.length} vectors`);
