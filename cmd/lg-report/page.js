(function () {
'use strict';
window.onerror = function (msg, src, line) {
	document.body.setAttribute('data-error', String(msg) + ' at line ' + line);
};
var $ = function (id) { return document.getElementById(id); };
var idx = JSON.parse($('index').textContent);
/* idx rows: [n, id, bench, task, length, model, score or null, status,
 * case (else id), tags (lg-tags) or null]; the details of case n are in
 * the element dN, parsed only when the case is shown, or in a page of a
 * folder (lg-report -o) in the file cases/K.js of the chunk K that holds
 * it (chunks: the first case of each), loaded by a script element when
 * one of its cases is shown: lgReportChunk(K, FIRST, TEXT), TEXT the JSON
 * array of its cases' details */
var chunks = $('chunks') ? JSON.parse($('chunks').textContent) : null;
var got = [], kept = [], waiting = [], KEEP = 8;
var PAGE = 200, page = 0, shown = [], sortKey = 0, sortDir = 1, partners = null;
var keys = { bench: 2, task: 3, length: 4, model: 5, status: 7 };
/* the baseline (A, lg-report --baseline) and, per row, r[10]: its value
 * of the chosen metric (r[11]) less the baseline's on the same case (same
 * bench, task, length and case, r.a), null for the baseline's rows and
 * where either has no value.  The metrics: the score, then those of the
 * benches (metrics: {BENCH: [[name, label, unit], ...]}), whose values a
 * row of the index has after its tags, moved to r.m */
var base = $('baseline') ? JSON.parse($('baseline').textContent) : null;
var benchMetrics = $('metrics') ? JSON.parse($('metrics').textContent) : {};
var metric = '', metricAt = map(), metricUnit = map(), metricLabel = map();
metricUnit[''] = '%';
metricLabel[''] = 'score';
var multi = false;
var sortNames = { 1: 'id', 3: 'task', 4: 'length', 5: 'model', 11: 'score', 7: 'status', 10: 'change' };

function el(tag, cls, text) {
	var e = document.createElement(tag);
	if (cls) e.className = cls;
	if (text !== undefined && text !== null) e.textContent = String(text);
	return e;
}
/* maps keyed by record text: no prototype, so that no name a record
 * holds (hasOwnProperty, __proto__, constructor) can shadow a method */
function map() { return Object.create(null); }
function fill(name) {
	var sel = $('f-' + name), seen = map(), vals = [], i, v;
	for (i = 0; i < idx.length; i++) {
		v = idx[i][keys[name]];
		if (!(v in seen)) { seen[v] = 1; vals.push(v); }
	}
	vals.sort();
	for (i = 0; i < vals.length; i++) {
		var o = el('option', null, vals[i]);
		o.value = vals[i];
		sel.appendChild(o);
	}
	sel.onchange = changed;
}
/* a filter changed: the list from its first page, the address after it */
function changed() { page = 0; render(); regressions(); sync(true); }
/* the tag filter: 't' and a tag name, 'n' for tagged without a tag,
 * 'u' for not tagged (lg-tags not run, or failed); hidden when no record
 * is tagged */
function fillTags() {
	var sel = $('f-tag'), seen = map(), vals = [], none = 0, un = 0, i, j, t;
	for (i = 0; i < idx.length; i++) {
		t = idx[i][9];
		if (!Array.isArray(t)) { un = 1; continue; }
		if (t.length === 0) none = 1;
		for (j = 0; j < t.length; j++)
			if (!(t[j] in seen)) { seen[t[j]] = 1; vals.push(t[j]); }
	}
	if (vals.length === 0 && !none) { sel.style.display = 'none'; return; }
	vals.sort();
	var opt = function (v, text) {
		var o = el('option', null, text);
		o.value = v;
		sel.appendChild(o);
	};
	for (i = 0; i < vals.length; i++) opt('t' + vals[i], vals[i]);
	if (none) opt('n', 'no failure tag');
	if (un) opt('u', 'not tagged');
	sel.onchange = changed;
}
function tagged(t, want) {
	if (want === '') return true;
	if (want === 'u') return !Array.isArray(t);
	if (!Array.isArray(t)) return false;
	if (want === 'n') return t.length === 0;
	return t.indexOf(want.slice(1)) >= 0;
}
/* a value within [lo, hi] as shown (a rate in percent; null: no bound);
 * no value is in no range */
function inRange(v, lo, hi) {
	if (lo === null && hi === null) return true;
	if (v === null) return false;
	v = metricUnit[metric] === '%' ? Math.round(1e6 * v) / 1e4 : v;
	return (lo === null || v >= lo) && (hi === null || v <= hi);
}
/* the change against the baseline: neg (B below A), pos, zero, none */
function changeIs(c, want) {
	if (want === '') return true;
	if (c === null || c === undefined) return want === 'none';
	return want === 'neg' ? c < 0 : want === 'pos' ? c > 0 : want === 'zero' ? c === 0 : false;
}
/* a value of the chosen metric, and a change of it, as shown: a rate in
 * percent, words whole, tau with three decimals */
function fmtv(v, unit) {
	var u = unit || metricUnit[metric];
	return u === 'words' ? v.toFixed(0) : u === 'tau' ? v.toFixed(3) : (100 * v).toFixed(1);
}
function pct(v) { return v === null || v === undefined ? '-' : fmtv(v); }
function signed(v) {
	if (v === null || v === undefined) return '-';
	return (v > 0 ? '+' : v < 0 ? '\u2212' : '') + fmtv(Math.abs(v));
}
/* row r's value of metric m ('': the score), or null */
function valueOf(r, m) {
	if (m === '') return r[6];
	var at = metricAt[r[2] + '\u0000' + m];
	return at === undefined || !r.m || r.m[at] === undefined ? null : r.m[at];
}
function filter() {
	var q = $('f-q').value.toLowerCase(), out = [], i, k, r, ok, want = [];
	var tag = $('f-tag').value, ch = $('f-change').value;
	var lo = $('f-smin').value, hi = $('f-smax').value;
	lo = lo === '' || isNaN(+lo) ? null : +lo;
	hi = hi === '' || isNaN(+hi) ? null : +hi;
	for (k in keys) {
		var v = $('f-' + k).value;
		if (v !== '') want.push([keys[k], v]);
	}
	for (i = 0; i < idx.length; i++) {
		r = idx[i];
		ok = (q === '' || r[1].toLowerCase().indexOf(q) >= 0) && tagged(r[9], tag) &&
		    inRange(r[11], lo, hi) && changeIs(r[10], ch);
		for (k = 0; ok && k < want.length; k++)
			if (String(r[want[k][0]]) !== want[k][1]) ok = false;
		if (ok) out.push(r);
	}
	return out;
}
function cmp(a, b) {
	if (a === b) return 0;
	if (a === null) return 1;
	if (b === null) return -1;
	if (typeof a === 'number' && typeof b === 'number') return a < b ? -1 : 1;
	return String(a) < String(b) ? -1 : 1;
}
function render() {
	var body = $('cases-body'), i, r, tr;
	shown = filter();
	if (sortKey)
		shown.sort(function (a, b) { return sortDir * cmp(a[sortKey], b[sortKey]) || a[0] - b[0]; });
	while (body.firstChild) body.removeChild(body.firstChild);
	var last = Math.max(0, Math.ceil(shown.length / PAGE) - 1);
	if (page > last) page = last;
	for (i = page * PAGE; i < shown.length && i < (page + 1) * PAGE; i++) {
		r = shown[i];
		tr = el('tr', 'st-' + r[7]);
		tr.appendChild(el('td', 'id', r[1]));
		tr.appendChild(el('td', null, r[3]));
		tr.appendChild(el('td', null, r[4]));
		tr.appendChild(el('td', null, r[5]));
		tr.appendChild(el('td', 'num', pct(r[11])));
		tr.appendChild(el('td', 'status', r[7]));
		if (multi) tr.appendChild(el('td', 'num' + (r[10] < 0 ? ' neg' : ''), signed(r[10])));
		tr.setAttribute('data-n', r[0]);
		body.appendChild(tr);
	}
	$('count').textContent = shown.length + ' of ' + idx.length + ' cases, page ' +
	    (page + 1) + ' of ' + (last + 1);
	$('prev').disabled = page === 0;
	$('next').disabled = page >= last;
}
/* every table of numbers sorts by the column clicked (again: reversed) */
function sortable(t) {
	var ths = t.tHead ? t.tHead.rows[0].cells : [], j;
	for (j = 0; j < ths.length; j++)
		ths[j].onclick = (function (col) {
			return function () {
				var b = t.tBodies[0], rows = [], i, dir;
				dir = this.getAttribute('data-dir') === '1' ? -1 : 1;
				this.setAttribute('data-dir', dir);
				for (i = 0; i < b.rows.length; i++)
					if (b.rows[i].className !== 'total') rows.push(b.rows[i]);
				rows.sort(function (x, y) {
					var a = x.cells[col].textContent, c = y.cells[col].textContent;
					var p = parseFloat(a), q = parseFloat(c);
					if (!isNaN(p) && !isNaN(q) && p !== q) return dir * (p - q);
					return dir * (a < c ? -1 : a > c ? 1 : 0);
				});
				for (i = 0; i < rows.length; i++) b.appendChild(rows[i]);
				var tot = b.querySelectorAll('tr.total');
				for (i = 0; i < tot.length; i++) b.appendChild(tot[i]);
			};
		})(j);
}
function section(parent, title, closed) {
	var s = el(closed ? 'details' : 'section', 'part');
	s.appendChild(el(closed ? 'summary' : 'h3', null, title));
	parent.appendChild(s);
	return s;
}
/* a verdict's state: undecided only when the judge could not decide it
 * (lg-agg's word), missing when the entry is not in the output */
function state(v) {
	if (v === null || typeof v !== 'object') return 'fail';
	if (v.undecided === true) return 'undecided';
	if (v.judged === false) return 'missing';
	return v.pass ? 'pass' : 'fail';
}
/* the verdicts of each entry number: 'pass', 'fail', 'missing' or 'undecided' */
function byEntry(vs) {
	var m = map(), i, v, k;
	for (i = 0; i < vs.length; i++) {
		v = vs[i];
		if (v === null || typeof v !== 'object' || typeof v.at !== 'number') continue;
		k = state(v);
		if (!(v.at in m) || k === 'fail' || m[v.at] === 'pass')
			m[v.at] = k;
	}
	return m;
}
function output(s, d, vs) {
	var pre = el('pre', 'text'), i;
	if (d.segs) {
		var m = byEntry(vs);
		for (i = 0; i < d.segs.length; i++) {
			var at = d.segs[i][1], t = d.segs[i][0], sp;
			if (at !== null && at in m) {
				sp = el('mark', 'v-' + m[at], t);
				sp.title = 'entry ' + at + ': ' + m[at];
				sp.setAttribute('data-at', at);
			} else {
				sp = document.createTextNode(t);
			}
			pre.appendChild(sp);
		}
	} else {
		var text = typeof d.output === 'string' ? d.output : '', marks = [];
		for (i = 0; i < vs.length; i++) {
			var v = vs[i], a = v && (v.answer || v.found || v.value || v.quote);
			if (typeof a !== 'string' || a.length < 2) continue;
			var p = text.indexOf(a);
			if (p >= 0) marks.push([p, p + a.length, state(v), i]);
		}
		marks.sort(function (x, y) { return x[0] - y[0]; });
		var at2 = 0;
		for (i = 0; i < marks.length; i++) {
			if (marks[i][0] < at2) continue;
			pre.appendChild(document.createTextNode(text.slice(at2, marks[i][0])));
			var mk = el('mark', 'v-' + marks[i][2], text.slice(marks[i][0], marks[i][1]));
			mk.setAttribute('data-v', marks[i][3]);
			pre.appendChild(mk);
			at2 = marks[i][1];
		}
		pre.appendChild(document.createTextNode(text.slice(at2)));
	}
	s.appendChild(pre);
}
/* a value in words: lists joined, objects as key: value */
function words(v) {
	if (v === null || v === undefined) return '';
	if (Array.isArray(v)) return v.map(words).join(', ');
	if (typeof v === 'object') {
		var out = [], k;
		for (k in v) out.push(k + ': ' + words(v[k]));
		return out.join('; ');
	}
	if (typeof v === 'number' && !Number.isInteger(v)) return String(+v.toFixed(4));
	return String(v);
}
/* an object as rows of key and value, nested objects as nested rows */
function kv(o, depth) {
	var t = el('table', 'kv'), k, tr, td, v;
	for (k in o) {
		v = o[k];
		tr = el('tr');
		tr.appendChild(el('th', null, k));
		td = el('td');
		if (v !== null && typeof v === 'object' && !Array.isArray(v) && depth < 2)
			td.appendChild(kv(v, depth + 1));
		else if (typeof v === 'string' && (v.length > 120 || v.indexOf('\n') >= 0))
			td.appendChild(el('pre', 'reply', v));
		else
			td.textContent = words(v);
		tr.appendChild(td);
		t.appendChild(tr);
	}
	return t;
}
/* verdict i (on entry at, or null) of column col: its entry marked in the
 * output and scrolled to (col's data-hit: the entry, or "none" when the
 * output does not hold it) */
function hit(col, tr, i, at) {
	var old = col.querySelectorAll('.hit'), j, ms;
	for (j = 0; j < old.length; j++) old[j].classList.remove('hit');
	tr.classList.add('hit');
	ms = col.querySelectorAll(typeof at === 'number' ? 'mark[data-at="' + at + '"]' :
	    'mark[data-v="' + i + '"]');
	if (ms.length === 0 && typeof at === 'number')
		ms = col.querySelectorAll('mark[data-v="' + i + '"]');
	for (j = 0; j < ms.length; j++) ms[j].classList.add('hit');
	col.setAttribute('data-hit', ms.length ? (typeof at === 'number' ? at : 'v' + i) : 'none');
	if (ms.length && ms[0].scrollIntoView) ms[0].scrollIntoView({ block: 'center' });
}
function verdicts(s, vs, checks, col) {
	var t = el('table', 'verdicts'), h = el('tr'), i, k;
	var cols = ['#', 'check', 'entry', 'verdict', 'why', 'by', 'judge reply'];
	var known = ['kind', 'type', 'at', 'item', 'pass', 'judged', 'by', 'reply', 'undecided'];
	for (i = 0; i < cols.length; i++) h.appendChild(el('th', null, cols[i]));
	t.appendChild(h);
	for (i = 0; i < vs.length; i++) {
		var v = vs[i] || {}, st = state(v), tr = el('tr', 'v-' + st), why = [];
		var c = Array.isArray(checks) && checks[i] && typeof checks[i] === 'object' ? checks[i] : {};
		var what = v.kind || v.type || '';
		if (typeof c.want === 'string') what += ': ' + c.want;
		if (Array.isArray(v.missing)) why.push('words not found: ' + v.missing.join(', '));
		if (st === 'missing') why.push('the entry is not in the output');
		for (k in v)
			if (known.indexOf(k) < 0 && k !== 'missing') why.push(k + ': ' + words(v[k]));
		tr.appendChild(el('td', 'num', i));
		tr.setAttribute('data-i', i);
		tr.title = 'show ' + (typeof v.at === 'number' ? 'entry ' + v.at : 'what it judged') + ' in the output';
		tr.onclick = (function (tr, i, at) {
			return function () { hit(col, tr, i, at); };
		})(tr, i, typeof v.at === 'number' ? v.at : null);
		tr.appendChild(el('td', null, what));
		tr.appendChild(el('td', 'num', v.at !== undefined ? v.at : v.item !== undefined ? v.item : ''));
		tr.appendChild(el('td', 'verdict', st));
		tr.appendChild(el('td', 'small', why.join('; ')));
		tr.appendChild(el('td', null, v.by || ''));
		var td = el('td');
		if (typeof v.reply === 'string') td.appendChild(el('pre', 'reply', v.reply));
		tr.appendChild(td);
		t.appendChild(tr);
	}
	s.appendChild(t);
}
/* why the case lost points, in words, from its error and its scores */
function reasons(d) {
	var out = [], s = d.scores && typeof d.scores === 'object' ? d.scores : {}, e = d.error;
	if (e) out.push(typeof e === 'object' ? 'failed' + (e.stage ? ' at ' + e.stage : '') +
	    ': ' + (e.message !== undefined ? e.message : words(e)) : 'failed: ' + e);
	if (d.gen && d.gen.finish_reason === 'length') out.push('the output was cut by the token limit');
	if (typeof s.entries_found === 'number' && typeof s.entries_expected === 'number' && s.entries_found < s.entries_expected)
		out.push((s.entries_expected - s.entries_found) + ' of ' + s.entries_expected + ' entries missing');
	if (s.extracted === 'empty') out.push('no code found in the answer');
	if (s.compile_error) out.push('does not compile: ' + s.compile_error);
	if (s.lint_error) out.push('flake8 gave no count: ' + s.lint_error);
	var sb = s.sandbox;
	if (sb && typeof sb === 'object') {
		if (sb.status === 'exit') out.push('the program exited with status ' + sb.exit);
		else if (sb.status === 'signal') out.push('the program was killed by signal ' + sb.signal);
		else if (sb.status === 'timeout') out.push('the program ran out of time');
		else if (sb.status === 'failed') out.push('the sandbox failed: ' + words(sb.message));
		if (sb.output === 'differs') out.push('it prints something other than the original');
		if (sb.stderr) out.push('its last error line: ' + sb.stderr);
	}
	if (s.remaining && typeof s.remaining === 'object' && Object.keys(s.remaining).length)
		out.push('flake8 still reports ' + words(s.remaining));
	if (typeof s.defs_fixed === 'number' && typeof s.defs_orig === 'number' && s.defs_fixed < s.defs_orig)
		out.push(s.defs_fixed + ' of ' + s.defs_orig + ' functions kept');
	if (s.missing > 0) out.push(s.missing + ' item(s) missing from the answer');
	if (s.duplicate > 0) out.push(s.duplicate + ' item(s) given twice');
	if (s.unknown > 0) out.push(s.unknown + ' unknown item(s)');
	if (s.valid === 0) out.push('the answer does not follow the instruction (no valid choice)');
	if (s.copy === 1) out.push('the answer copies the example of the instruction');
	if (s.found_index === -1) out.push('the key was not found');
	if (s.problem) out.push('undecided: ' + words(s.problem));
	if (typeof s.undecided === 'number' && s.undecided > 0) out.push(s.undecided + ' item(s) the judge could not decide');
	return out;
}
/* the failure tags of lg-tags in words (lg(7), "Failure tags") */
var tagWords = {
	'cut-reasoning': 'cut while reasoning: no answer after the reasoning, or a <think> left open',
	'truncated': 'cut by the token limit',
	'refused': 'a short answer that declines the task',
	'format': 'the form of the answer could not be read',
	'stopped': 'stopped early: items missing at the end',
	'skipped': 'items missing before the last one written, or in an answer that reached its end',
	'repeated': 'an item or a piece of text written twice',
	'looping': 'the answer ends in three or more copies of one span'
};
function tagList(s, d) {
	if (!Array.isArray(d.tags)) return;
	var sec = section(s, 'Failure tags'), ul = el('ul', 'tags'), i, t, u = d.units;
	if (d.tags.length === 0) ul.appendChild(el('li', null, 'none: no rule of lg-tags holds'));
	for (i = 0; i < d.tags.length; i++) {
		t = String(d.tags[i]);
		ul.appendChild(el('li', null, t + (t in tagWords ? ': ' + tagWords[t] : '')));
	}
	sec.appendChild(ul);
	if (u && typeof u === 'object')
		sec.appendChild(el('p', 'small', 'counted: ' + words(u)));
}
/* the gold answer, its main part first (an order, a choice, a key) */
function gold(s, g) {
	if (g === null || typeof g !== 'object') return;
	var sec = section(s, 'Gold answer'), line = [];
	if (Array.isArray(g.order)) line.push('order: ' + g.order.join(', '));
	if (g.answer !== undefined) line.push('answer: ' + words(g.answer));
	if (g.key !== undefined && g.value !== undefined) line.push(g.key + ' = ' + words(g.value) + (g.index !== undefined ? ' (entry ' + g.index + ')' : ''));
	if (line.length) sec.appendChild(el('p', 'gold', line.join('; ')));
	var all = section(sec, 'all of it', true);
	all.appendChild(kv(g, 0));
}
/* the chunk of case n, by halving the chunks' first cases */
function chunkOf(n) {
	var lo = 0, hi = chunks.length - 1, mid;
	while (lo < hi) {
		mid = (lo + hi + 1) >> 1;
		if (chunks[mid] <= n) lo = mid; else hi = mid - 1;
	}
	return lo;
}
function pad(k) { var s = String(k); while (s.length < 4) s = '0' + s; return s; }
window.lgReportChunk = function (k, first, text) {
	if (!chunks || chunks[k] !== first || got[k]) return;
	var v = JSON.parse(text);
	if (!Array.isArray(v)) return;
	got[k] = v;
	kept.push(k);
	if (kept.length > KEEP) delete got[kept.shift()];
};
/* the chunks of cases ns loaded (or failed), then done() */
function need(ns, done) {
	var want = [], i, k, left = 0;
	if (!chunks) { done(); return; }
	for (i = 0; i < ns.length; i++) {
		k = chunkOf(ns[i]);
		if (!got[k] && want.indexOf(k) < 0) want.push(k);
	}
	if (want.length === 0) { done(); return; }
	var one = function () { if (--left === 0) done(); };
	for (i = 0; i < want.length; i++) {
		k = want[i];
		left++;
		if (waiting[k]) { waiting[k].push(one); continue; }
		waiting[k] = [one];
		var sc = document.createElement('script');
		sc.src = 'cases/' + pad(k) + '.js';
		sc.onload = sc.onerror = (function (k, sc) {
			return function () {
				var w = waiting[k];
				delete waiting[k];
				sc.parentNode.removeChild(sc);
				for (var j = 0; j < w.length; j++) w[j]();
			};
		})(k, sc);
		document.head.appendChild(sc);
	}
}
function load(n) {
	if (chunks) {
		var k = chunkOf(n), c = got[k];
		return c && c[n - chunks[k]] ? c[n - chunks[k]] : null;
	}
	var src = $('d' + n);
	return src ? JSON.parse(src.textContent) : null;
}
/* the prompt as chat messages: the system message, then the user's */
function chat(s, d) {
	var ms = [], i, m, box;
	if (Array.isArray(d.messages)) {
		for (i = 0; i < d.messages.length; i++) {
			m = d.messages[i];
			if (m && typeof m === 'object' && typeof m.content === 'string')
				ms.push([String(m.role || 'user'), m.content]);
		}
	} else {
		if (typeof d.system === 'string') ms.push(['system', d.system]);
		ms.push(['user', typeof d.prompt === 'string' ? d.prompt : '']);
	}
	for (i = 0; i < ms.length; i++) {
		box = el('div', 'msg role-' + ms[i][0].replace(/[^a-z]/g, ''));
		box.appendChild(el('div', 'role', ms[i][0]));
		box.appendChild(el('pre', 'text', ms[i][1]));
		s.appendChild(box);
	}
}
/* one case, in a column */
function caseView(n, d) {
	var col = el('div', 'case'), r = idx[n], i;
	col.appendChild(el('h3', 'model', r[5]));
	col.appendChild(el('p', 'st-' + r[7], 'status ' + r[7] + (r[6] === null ? '' : ', score ' + (100 * r[6]).toFixed(1))));
	var why = reasons(d), vs = Array.isArray(d.verdicts) ? d.verdicts : [];
	if (why.length) {
		var ul = el('ul', 'why');
		for (i = 0; i < why.length; i++) ul.appendChild(el('li', null, why[i]));
		section(col, 'Why').appendChild(ul);
	}
	tagList(col, d);
	gold(col, d.gold);
	if (vs.length) verdicts(section(col, 'Verdicts (' + vs.length + ', click one to see its entry)'), vs, d.checks, col);
	if (d.scores && typeof d.scores === 'object') section(col, 'Scores').appendChild(kv(d.scores, 0));
	output(section(col, 'Output' + (d.cut ? ' (cut for the report)' : '')), d, vs);
	chat(section(col, 'Prompt, as the model got it' + (d.cut ? ' (cut for the report)' : ''), true), d);
	if (d.gen && typeof d.gen === 'object') section(col, 'Generation', true).appendChild(kv(d.gen, 0));
	return col;
}
/* the same case of the other models: same bench, task, length and case */
function caseKey(r) { return JSON.stringify([r[2], r[3], r[4], r[8]]); }
function pairUp() {
	var i, j, k, list, a, r;
	partners = map();
	for (i = 0; i < idx.length; i++) {
		k = caseKey(idx[i]);
		(partners[k] = partners[k] || []).push(i);
		if (idx[i][5] !== idx[0][5]) multi = true;
		idx[i].m = Array.isArray(idx[i][10]) ? idx[i][10] : null;
	}
	for (k in partners) {
		list = partners[k];
		for (a = -1, j = 0; j < list.length && a < 0; j++)
			if (idx[list[j]][5] === base) a = list[j];
		for (j = 0; j < list.length; j++) {
			r = idx[list[j]];
			r.a = a >= 0 && r[5] !== base ? a : -1;
		}
	}
	changes();
}
/* r[11], each row's value of the chosen metric, and r[10], its change
 * against the baseline's on the same case */
function changes() {
	var i, r, v, w;
	for (i = 0; i < idx.length; i++) {
		r = idx[i];
		v = r[11] = valueOf(r, metric);
		w = r.a >= 0 ? valueOf(idx[r.a], metric) : null;
		r[10] = v !== null && w !== null ? v - w : null;
	}
}
/* the metric filter: the score, then each metric of the benches listed
 * that some row has a value of; hidden when there is none but the score */
function fillMetrics() {
	var sel = $('f-metric'), b, i, j, ms, seen = map(), o;
	for (b in benchMetrics) {
		ms = benchMetrics[b];
		if (!Array.isArray(ms)) continue;
		for (i = 0; i < ms.length; i++) {
			metricAt[b + '\u0000' + ms[i][0]] = i;
			metricUnit[ms[i][0]] = ms[i][2];
			metricLabel[ms[i][0]] = ms[i][1];
		}
	}
	for (i = 0; i < idx.length; i++) {
		if (!idx[i].m) continue;
		ms = benchMetrics[idx[i][2]] || [];
		for (j = 0; j < ms.length; j++)
			if (idx[i].m[j] !== null && idx[i].m[j] !== undefined && !(ms[j][0] in seen)) {
				seen[ms[j][0]] = 1;
				o = el('option', null, ms[j][1] + ' (' + idx[i][2] + ')');
				o.value = ms[j][0];
				sel.appendChild(o);
			}
	}
	if (sel.options.length < 2) sel.style.display = 'none';
	sel.onchange = function () { metric = sel.value; metricShown(); changed(); };
}
/* the list's headings and range say the chosen metric */
function metricShown() {
	metric = metric in metricLabel ? metric : '';
	var lab = metricLabel[metric], u = metricUnit[metric];
	changes();
	$('th-value').textContent = lab;
	$('th-change').textContent = 'B\u2212A' + (metric ? ' (' + lab + ')' : '');
	$('l-range').textContent = lab + (u === '%' ? ' %' : u === 'words' ? ' (words)' : '') + ' ';
}
function others(n) {
	var i, r = idx[n], out = [];
	var list = partners[caseKey(r)] || [];
	for (i = 0; i < list.length; i++)
		if (idx[list[i]][5] !== r[5]) out.push(list[i]);
	/* the baseline first, so that a case is seen beside it */
	out.sort(function (x, y) { return (idx[y][5] === base) - (idx[x][5] === base) || x - y; });
	return out;
}
var asked = -1, besideN = -1, lastHash = null;
/* case n (beside case other of another model): its chunks loaded first;
 * the address follows unless quiet (the address asked for it) */
function show(n, still, other, quiet) {
	var alt = others(n), t0 = performance.now();
	var m = alt.length ? (other !== undefined ? other : alt[0]) : n;
	asked = n;
	besideN = m !== n ? m : -1;
	if (!quiet) sync(true);
	need([n, m], function () {
		if (asked === n) view(n, still, m !== n ? m : undefined, alt, t0);
	});
}
function view(n, still, other, alt, t0) {
	var box = $('detail'), d = load(n), i;
	var close = el('button', 'close', 'close (Esc)');
	close.onclick = function () { hide(); };
	while (box.firstChild) box.removeChild(box.firstChild);
	box.appendChild(close);
	box.setAttribute('data-case', n);
	if (!d) {
		box.appendChild(el('p', 'fail', chunks ? 'the details of this case could ' +
		    'not be loaded from cases/' + pad(chunkOf(n)) + '.js: open the ' +
		    'report in its folder, whole' : document.readyState === 'loading' ?
		    'the page is still loading, try again in a moment' : 'no such case'));
		box.className = 'open';
		return;
	}
	var r = idx[n];
	box.appendChild(el('h2', null, r[1] + ' (' + r[2] + ' ' + r[3] + ' ' + r[4] + ')'));
	if (alt.length) {
		var p = el('p', null, 'Beside it: '), sel = el('select');
		for (i = 0; i < alt.length; i++) {
			var o = el('option', null, idx[alt[i]][5] + (idx[alt[i]][5] === base ? ' (baseline)' : ''));
			o.value = alt[i];
			sel.appendChild(o);
		}
		if (other !== undefined) sel.value = other;
		sel.onchange = function () { show(n, true, +sel.value); };
		p.appendChild(sel);
		if (r[10] !== null && r[10] !== undefined)
			p.appendChild(document.createTextNode(' change against the baseline (' + metricLabel[metric] + '): ' + signed(r[10])));
		box.appendChild(p);
	}
	var grid = el('div', alt.length ? 'ab' : 'one');
	grid.appendChild(caseView(n, d));
	if (alt.length) {
		var m = other !== undefined ? other : alt[0], d2 = load(m);
		if (d2) grid.appendChild(caseView(m, d2));
		box.setAttribute('data-beside', m);
	} else {
		box.removeAttribute('data-beside');
	}
	box.appendChild(grid);
	box.className = 'open';
	if (!still) box.scrollTop = 0;
	/* how long opening it took, and when, for bench/report-scale.sh */
	var now = performance.now();
	box.setAttribute('data-open-ms', String(Math.round(now - t0)));
	if (window.console) console.log('lg-report: case ' + n + ' shown in ' +
	    Math.round(now - t0) + ' ms, at ' + Math.round(now) + ' ms');
}
function hide(quiet) {
	var box = $('detail');
	asked = -1;
	besideN = -1;
	box.className = '';
	box.removeAttribute('data-case');
	box.removeAttribute('data-beside');
	while (box.firstChild) box.removeChild(box.firstChild);
	if (!quiet) sync(true);
}
/*
 * The address: what is shown, as #KEY=VALUE&... (each URL-encoded), so
 * that a copied address shows what its sender saw: the filters (q, bench,
 * task, length, model, status, tag, smin, smax, change), the metric of
 * the values, changes and regressions (metric, else the score), the sort, the
 * list's page, the regressions' model (regr), and the open case (case:
 * its id, of: its model, beside: the model beside it).
 */
var filters = ['q', 'bench', 'task', 'length', 'model', 'status', 'tag', 'smin', 'smax', 'change', 'metric'];
var regrB = null;
function enc(v) { return encodeURIComponent(v); }
function address() {
	var p = [], i, v;
	for (i = 0; i < filters.length; i++) {
		v = $('f-' + filters[i]).value;
		if (filters[i] === 'tag' && v !== '')
			v = v === 'n' ? ':none' : v === 'u' ? ':untagged' : v.slice(1);
		if (v !== '') p.push(filters[i] + '=' + enc(v));
	}
	if (sortKey) p.push('sort=' + sortNames[sortKey] + (sortDir < 0 ? '&desc=1' : ''));
	if (page) p.push('page=' + (page + 1));
	if (regrB !== null) p.push('regr=' + enc(regrB));
	if (asked >= 0) {
		p.push('case=' + enc(idx[asked][1]));
		if (multi) p.push('of=' + enc(idx[asked][5]));
		if (besideN >= 0) p.push('beside=' + enc(idx[besideN][5]));
	}
	return p.length ? '#' + p.join('&') : '';
}
/* the address after a change (push: a new entry of the history, so that
 * back returns to what was shown before) */
function sync(push) {
	var h = address();
	if (h === location.hash) return;
	lastHash = h;
	if (push) location.hash = h || '#';
	else location.replace(h || '#');
}
/* the address's values, or null when it is no state (a plain anchor such
 * as #cases): decoding errors leave a value out */
function params() {
	var h = location.hash.slice(1), out = map(), parts, i, e, k;
	if (h.indexOf('=') < 0) return null;
	parts = h.split('&');
	for (i = 0; i < parts.length; i++) {
		e = parts[i].indexOf('=');
		if (e < 0) continue;
		try {
			k = decodeURIComponent(parts[i].slice(0, e));
			out[k] = decodeURIComponent(parts[i].slice(e + 1));
		} catch (err) { /* a bad escape: left out */ }
	}
	return out;
}
function setControl(name, v) {
	var c = $('f-' + name), i, ok = false;
	if (v === undefined) v = '';
	if (name === 'tag' && v !== '') v = v === ':none' ? 'n' : v === ':untagged' ? 'u' : 't' + v;
	if (c.tagName === 'SELECT') {
		for (i = 0; i < c.options.length; i++) if (c.options[i].value === v) ok = true;
		c.value = ok ? v : '';
	} else {
		c.value = v;
	}
}
/* the row of case id (of model of, when given), or -1 */
function findCase(id, of) {
	for (var i = 0; i < idx.length; i++)
		if (idx[i][1] === id && (of === undefined || idx[i][5] === of)) return i;
	return -1;
}
/* show what the address says */
function apply() {
	var p = params(), i, k, n, b, alt;
	if (p === null) return;
	for (i = 0; i < filters.length; i++) setControl(filters[i], p[filters[i]]);
	metric = $('f-metric').value;
	metricShown();
	sortKey = 0;
	sortDir = p.desc === '1' ? -1 : 1;
	for (k in sortNames) if (sortNames[k] === p.sort) sortKey = +k;
	page = p.page && /^[0-9]+$/.test(p.page) ? Math.max(0, +p.page - 1) : 0;
	regrB = p.regr !== undefined ? p.regr : null;
	render();
	regressions();
	if (p['case'] !== undefined && (n = findCase(p['case'], p.of)) >= 0) {
		alt = others(n);
		for (b = undefined, i = 0; i < alt.length; i++)
			if (idx[alt[i]][5] === p.beside) b = alt[i];
		show(n, true, b, true);
		return;
	}
	if (asked >= 0) hide(true);
	if (p['case'] !== undefined) {
		$('detail').className = 'open';
		$('detail').setAttribute('data-missing', p['case']);
		$('detail').appendChild(el('p', 'fail', 'no case ' + p['case'] +
		    (p.of !== undefined ? ' of ' + p.of : '') + ' in this report'));
		return;
	}
	var target = regrB !== null && $('regressions') ? $('regressions') : $('cases');
	if (target.scrollIntoView) target.scrollIntoView();
}
window.addEventListener('hashchange', function () {
	if (location.hash === lastHash || (location.hash === '' && lastHash === '')) return;
	lastHash = null;
	apply();
});
/*
 * The regressions: the cases where a model (B) scores below the baseline
 * (A) on the same case, worst first, at most PAGE; regr names B (empty:
 * every model), the list's bench, task and length filters apply.
 */
function regressions() {
	var box = $('regr'), rows = [], i, r, t, tr, want = [], k;
	if (!box || base === null) return;
	while (box.firstChild) box.removeChild(box.firstChild);
	for (k = 0; k < 3; k++) {
		var v = $('f-' + ['bench', 'task', 'length'][k]).value;
		if (v !== '') want.push([k + 2, v]);
	}
	for (i = 0; i < idx.length; i++) {
		r = idx[i];
		if (!(r[10] < 0) || (regrB !== null && regrB !== '' && r[5] !== regrB)) continue;
		for (k = 0; k < want.length && String(r[want[k][0]]) === want[k][1]; k++)
			;
		if (k === want.length) rows.push(r);
	}
	rows.sort(function (a, b) { return a[10] - b[10] || cmp(a[1], b[1]) || a[0] - b[0]; });
	var what = (regrB ? regrB : 'every model') + ' against ' + base + ', by ' + metricLabel[metric];
	for (k = 0; k < want.length; k++) what += ', ' + ['bench', 'task', 'length'][want[k][0] - 2] + ' ' + want[k][1];
	box.appendChild(el('p', null, rows.length + ' case' + (rows.length === 1 ? '' : 's') +
	    ' where B is below A (' + what + '), worst first' +
	    (rows.length > PAGE ? '; the first ' + PAGE + ' shown, every one in the case list ' +
	    '(change: B below A)' : '') + '.'));
	if (rows.length === 0) return;
	t = el('table', 'regr');
	tr = el('tr');
	var lab = metricLabel[metric];
	var cols = ['id', 'bench', 'task', 'length', 'B', 'A ' + lab, 'B ' + lab, 'B\u2212A'];
	for (i = 0; i < cols.length; i++) tr.appendChild(el('th', null, cols[i]));
	t.appendChild(tr);
	var body = el('tbody');
	for (i = 0; i < rows.length && i < PAGE; i++) {
		r = rows[i];
		tr = el('tr');
		tr.setAttribute('data-n', r[0]);
		tr.appendChild(el('td', 'id', r[1]));
		tr.appendChild(el('td', null, r[2]));
		tr.appendChild(el('td', null, r[3]));
		tr.appendChild(el('td', null, r[4]));
		tr.appendChild(el('td', null, r[5]));
		tr.appendChild(el('td', 'num', pct(r[11] - r[10])));
		tr.appendChild(el('td', 'num', pct(r[11])));
		tr.appendChild(el('td', 'num neg', signed(r[10])));
		body.appendChild(tr);
	}
	t.appendChild(body);
	body.onclick = function (ev) {
		var x = ev.target;
		while (x && x.tagName !== 'TR') x = x.parentNode;
		if (x && x.getAttribute('data-n') !== null) show(+x.getAttribute('data-n'));
	};
	box.appendChild(t);
}
/* a bar of height 0 drawn as a line of its colour, so that a 0 is seen */
function zeroBars() {
	var rs = document.querySelectorAll('figure rect'), i, r, ln;
	for (i = 0; i < rs.length; i++) {
		r = rs[i];
		if (parseFloat(r.getAttribute('height')) !== 0 || !(parseFloat(r.getAttribute('width')) > 0) ||
		    !r.getAttribute('stroke')) continue;
		ln = document.createElementNS('http://www.w3.org/2000/svg', 'line');
		ln.setAttribute('x1', r.getAttribute('x'));
		ln.setAttribute('x2', parseFloat(r.getAttribute('x')) + parseFloat(r.getAttribute('width')));
		ln.setAttribute('y1', r.getAttribute('y'));
		ln.setAttribute('y2', r.getAttribute('y'));
		ln.setAttribute('stroke', r.getAttribute('fill'));
		ln.setAttribute('stroke-width', '3');
		ln.setAttribute('class', 'zero');
		r.parentNode.insertBefore(ln, r.nextSibling);
	}
}
document.addEventListener('keydown', function (ev) {
	if (ev.key === 'Escape' && asked >= 0) hide();
});
pairUp();
var names = ['bench', 'task', 'length', 'model', 'status'];
for (var i = 0; i < names.length; i++) fill(names[i]);
fillTags();
fillMetrics();
metricShown();
if (!multi || base === null) {
	$('f-change').style.display = 'none';
	$('th-change').style.display = 'none';
}
$('f-change').onchange = changed;
$('f-smin').onchange = $('f-smax').onchange = changed;
$('f-q').oninput = function () { page = 0; render(); sync(false); };
$('prev').onclick = function () { page--; render(); sync(false); };
$('next').onclick = function () { page++; render(); sync(false); };
$('cases-body').onclick = function (ev) {
	var t = ev.target;
	while (t && t.tagName !== 'TR') t = t.parentNode;
	if (t && t.getAttribute('data-n') !== null) show(+t.getAttribute('data-n'));
};
var heads = $('cases-table').tHead.rows[0].cells;
for (i = 0; i < heads.length; i++)
	heads[i].onclick = function () {
		var k = +this.getAttribute('data-k');
		sortDir = sortKey === k ? -sortDir : 1;
		sortKey = k;
		page = 0;
		render();
		sync(false);
	};
/* a chart of more than two bands: the bands (95% intervals) hidden, so
 * that they do not cover each other, and a box to show them */
function bands(fig) {
	var b = fig.querySelectorAll('g.band');
	if (b.length <= 2) return;
	fig.className = 'nobands';
	var lab = el('label', 'bands'), box = el('input');
	box.type = 'checkbox';
	box.onchange = function () { fig.className = box.checked ? '' : 'nobands'; };
	lab.appendChild(box);
	lab.appendChild(document.createTextNode(' show the 95% bands of the ' + b.length + ' lines'));
	fig.parentNode.insertBefore(lab, fig);
}
var figs = document.querySelectorAll('figure');
for (i = 0; i < figs.length; i++) bands(figs[i]);
zeroBars();
var tabs = document.querySelectorAll('table.sortable');
for (i = 0; i < tabs.length; i++) sortable(tabs[i]);
render();
regressions();
/* the script runs before the details are parsed: the list is usable at
 * once, and a case the address asks for is shown when the page is whole */
function loaded() {
	lastHash = location.hash;
	apply();
	document.body.setAttribute('data-loaded', '1');
	document.body.setAttribute('data-loaded-ms', String(Math.round(performance.now())));
	if (window.console) console.log('lg-report: list usable after ' +
	    document.body.getAttribute('data-ready-ms') + ' ms, page whole after ' +
	    document.body.getAttribute('data-loaded-ms') + ' ms, case shown: ' +
	    ($('detail').getAttribute('data-case') || 'none'));
}
if (document.readyState === 'loading')
	document.addEventListener('DOMContentLoaded', loaded);
else
	loaded();
document.body.setAttribute('data-ready', String(idx.length));
/* when the list was usable and when the page was whole, for bench/report.sh */
document.body.setAttribute('data-ready-ms', String(Math.round(performance.now())));
})();
