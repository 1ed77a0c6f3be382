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
	sel.onchange = function () { page = 0; render(); };
}
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
	sel.onchange = function () { page = 0; render(); };
	var m = /^#tag=([a-z-]+)$/.exec(location.hash);
	if (m && m[1] in seen) sel.value = 't' + m[1];
}
function tagged(t, want) {
	if (want === '') return true;
	if (want === 'u') return !Array.isArray(t);
	if (!Array.isArray(t)) return false;
	if (want === 'n') return t.length === 0;
	return t.indexOf(want.slice(1)) >= 0;
}
function filter() {
	var q = $('f-q').value.toLowerCase(), out = [], i, k, r, ok, want = [];
	var tag = $('f-tag').value;
	for (k in keys) {
		var v = $('f-' + k).value;
		if (v !== '') want.push([keys[k], v]);
	}
	for (i = 0; i < idx.length; i++) {
		r = idx[i];
		ok = (q === '' || r[1].toLowerCase().indexOf(q) >= 0) && tagged(r[9], tag);
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
		tr.appendChild(el('td', 'num', r[6] === null ? '-' : (100 * r[6]).toFixed(1)));
		tr.appendChild(el('td', 'status', r[7]));
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
			if (p >= 0) marks.push([p, p + a.length, state(v)]);
		}
		marks.sort(function (x, y) { return x[0] - y[0]; });
		var at2 = 0;
		for (i = 0; i < marks.length; i++) {
			if (marks[i][0] < at2) continue;
			pre.appendChild(document.createTextNode(text.slice(at2, marks[i][0])));
			pre.appendChild(el('mark', 'v-' + marks[i][2], text.slice(marks[i][0], marks[i][1])));
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
function verdicts(s, vs, checks) {
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
	if (vs.length) verdicts(section(col, 'Verdicts (' + vs.length + ')'), vs, d.checks);
	if (d.scores && typeof d.scores === 'object') section(col, 'Scores').appendChild(kv(d.scores, 0));
	output(section(col, 'Output' + (d.cut ? ' (cut for the report)' : '')), d, vs);
	if (typeof d.system === 'string') section(col, 'System', true).appendChild(el('pre', 'text', d.system));
	section(col, 'Prompt' + (d.cut ? ' (cut for the report)' : ''), true).appendChild(
	    el('pre', 'text', typeof d.prompt === 'string' ? d.prompt : ''));
	if (d.gen && typeof d.gen === 'object') section(col, 'Generation', true).appendChild(kv(d.gen, 0));
	return col;
}
/* the same case of the other models: same bench, task, length and case */
function others(n) {
	var i, k, r = idx[n], out = [];
	if (partners === null) {
		partners = map();
		for (i = 0; i < idx.length; i++) {
			k = JSON.stringify([idx[i][2], idx[i][3], idx[i][4], idx[i][8]]);
			(partners[k] = partners[k] || []).push(i);
		}
	}
	var list = partners[JSON.stringify([r[2], r[3], r[4], r[8]])] || [];
	for (i = 0; i < list.length; i++)
		if (idx[list[i]][5] !== r[5]) out.push(list[i]);
	return out;
}
var asked = -1;
/* case n (beside case other of another model): its chunks loaded first */
function show(n, still, other) {
	var alt = others(n), t0 = performance.now();
	var m = alt.length ? (other !== undefined ? other : alt[0]) : n;
	asked = n;
	need([n, m], function () {
		if (asked === n) view(n, still, other, alt, t0);
	});
}
function view(n, still, other, alt, t0) {
	var box = $('detail'), d = load(n), i;
	var close = el('button', 'close', 'close (Esc)');
	close.onclick = hide;
	while (box.firstChild) box.removeChild(box.firstChild);
	box.appendChild(close);
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
			var o = el('option', null, idx[alt[i]][5]);
			o.value = alt[i];
			sel.appendChild(o);
		}
		if (other !== undefined) sel.value = other;
		sel.onchange = function () { show(n, true, +sel.value); };
		p.appendChild(sel);
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
	box.setAttribute('data-case', n);
	box.className = 'open';
	if (!still) box.scrollTop = 0;
	/* how long opening it took, and when, for bench/report-scale.sh */
	var now = performance.now();
	box.setAttribute('data-open-ms', String(Math.round(now - t0)));
	if (window.console) console.log('lg-report: case ' + n + ' shown in ' +
	    Math.round(now - t0) + ' ms, at ' + Math.round(now) + ' ms');
}
function hide() {
	var box = $('detail');
	asked = -1;
	box.className = '';
	box.removeAttribute('data-case');
	while (box.firstChild) box.removeChild(box.firstChild);
}
document.addEventListener('keydown', function (ev) {
	if (ev.key === 'Escape') hide();
});
var names = ['bench', 'task', 'length', 'model', 'status'];
for (var i = 0; i < names.length; i++) fill(names[i]);
fillTags();
$('f-q').oninput = function () { page = 0; render(); };
$('prev').onclick = function () { page--; render(); };
$('next').onclick = function () { page++; render(); };
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
var tabs = document.querySelectorAll('table.sortable');
for (i = 0; i < tabs.length; i++) sortable(tabs[i]);
render();
/* the script runs before the details are parsed: the list is usable at
 * once, and a case asked for by #case=N is shown when the page is whole */
var mm = /^#case=(\d+)$/.exec(location.hash);
function loaded() {
	if (mm && +mm[1] < idx.length) show(+mm[1], true);
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
