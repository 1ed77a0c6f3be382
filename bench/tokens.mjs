// bench/tokens.mjs: js-tiktoken's cl100k_base on the JSON Lines file given,
// counting the "text" field of every record as lg-tokens -f text does
// (special-token text as ordinary text).  Prints the total count and the
// seconds spent, reading and parsing included.
import { readFileSync } from 'node:fs';
import { Tiktoken } from 'js-tiktoken/lite';
import cl100k from 'js-tiktoken/ranks/cl100k_base';

const t0 = process.hrtime.bigint();
const enc = new Tiktoken(cl100k);
let total = 0;
for (const line of readFileSync(process.argv[2], 'utf8').split('\n')) {
  if (line === '')
    continue;
  total += enc.encode(JSON.parse(line).text, [], []).length;
}
const t1 = process.hrtime.bigint();
console.log(`${total} ${Number(t1 - t0) / 1e9}`);
