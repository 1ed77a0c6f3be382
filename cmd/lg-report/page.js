(function () {
'use strict';
window.onerror = function (msg, src, line) {
	document.body.setAttribute('data-error', String(msg) + ' at line ' + line);
};
var $ = function (id) { return document.getElementById(id); };
var idx = JSON.parse($('index').textContent);
/* idx rows: [n, id, bench, task, length, model, score or null, status] */
var PAGE = 200, page = 0, shown = [];
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
function filter() {
	var q = $('f-q').value.toLowerCase(), out = [], i, k, r, ok;
	for (i = 0; i < idx.length; i++) {
		r = idx[i];
		ok = q === '' || r[1].toLowerCase().indexOf(q) >= 0;
		for (k in keys) {
			var v = $('f-' + k).value;
			if (ok && v !== '' && String(r[keys[k]]) !== v) ok = false;
		}
		if (ok) out.push(r);
	}
	return out;
}
function render() {
	var body = $('cases-body'), i, r, tr;
	shown = filter();
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
		tr.onclick = function () { show(+this.getAttribute('data-n')); };
		body.appendChild(tr);
	}
	$('count').textContent = shown.length + ' of ' + idx.length + ' cases, page ' +
	    (page + 1) + ' of ' + (last + 1);
	$('prev').disabled = page === 0;
	$('next').disabled = page >= last;
}
function section(parent, title) {
	var s = el('section', 'part');
	s.appendChild(el('h3', null, title));
	parent.appendChild(s);
	return s;
}
/* the verdicts of each entry number: 'pass', 'fail' or 'undecided' */
function byEntry(vs) {
	var m = map(), i, v, k;
	for (i = 0; i < vs.length; i++) {
		v = vs[i];
		if (v === null || typeof v !== 'object' || typeof v.at !== 'number') continue;
		k = v.judged === false ? 'undecided' : v.pass ? 'pass' : 'fail';
		if (!(v.at in m) || k === 'fail' || m[v.at] === 'pass' && k === 'undecided')
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
			if (p >= 0) marks.push([p, p + a.length, v.pass ? 'pass' : 'fail']);
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
function verdicts(s, vs) {
	var t = el('table', 'verdicts'), h = el('tr'), i, k;
	var cols = ['#', 'kind', 'at', 'pass', 'by', 'details', 'judge reply'];
	for (i = 0; i < cols.length; i++) h.appendChild(el('th', null, cols[i]));
	t.appendChild(h);
	for (i = 0; i < vs.length; i++) {
		var v = vs[i] || {}, tr = el('tr', v.judged === false ? 'v-undecided' : v.pass ? 'v-pass' : 'v-fail');
		var rest = map();
		for (k in v)
			if (['kind', 'at', 'item', 'pass', 'by', 'reply'].indexOf(k) < 0) rest[k] = v[k];
		tr.appendChild(el('td', 'num', i));
		tr.appendChild(el('td', null, v.kind || v.type || ''));
		tr.appendChild(el('td', 'num', v.at !== undefined ? v.at : v.item !== undefined ? v.item : ''));
		tr.appendChild(el('td', null, v.judged === false ? 'undecided' : v.pass ? 'pass' : 'fail'));
		tr.appendChild(el('td', null, v.by || ''));
		tr.appendChild(el('td', 'small', JSON.stringify(rest)));
		var td = el('td');
		if (typeof v.reply === 'string') td.appendChild(el('pre', 'reply', v.reply));
		tr.appendChild(td);
		t.appendChild(tr);
	}
	s.appendChild(t);
}
function show(n, still) {
	var box = $('detail'), src = $('d' + n), d, i;
	while (box.firstChild) box.removeChild(box.firstChild);
	if (!src) {
		box.appendChild(el('p', null, document.readyState === 'loading' ?
		    'the page is still loading, try again in a moment' : 'no such case'));
		return;
	}
	d = JSON.parse(src.textContent);
	var r = idx[n];
	box.appendChild(el('h2', null, r[1] + ' (' + r[5] + ')'));
	var vs = Array.isArray(d.verdicts) ? d.verdicts : [];
	if (d.error) section(box, 'Error').appendChild(el('pre', 'text v-fail', JSON.stringify(d.error)));
	section(box, 'Scores').appendChild(el('pre', 'small', JSON.stringify(d.scores || null)));
	var sv = section(box, 'Verdicts (' + vs.length + ')');
	verdicts(sv, vs);
	var so = section(box, 'Output' + (d.cut ? ' (cut for the report)' : ''));
	output(so, d, vs);
	if (typeof d.system === 'string') section(box, 'System').appendChild(el('pre', 'text', d.system));
	section(box, 'Prompt' + (d.cut ? ' (cut for the report)' : '')).appendChild(
	    el('pre', 'text', typeof d.prompt === 'string' ? d.prompt : ''));
	section(box, 'Generation').appendChild(el('pre', 'small', JSON.stringify(d.gen || null)));
	box.setAttribute('data-case', n);
	if (!still) box.scrollIntoView();
}
var names = ['bench', 'task', 'length', 'model', 'status'];
for (var i = 0; i < names.length; i++) fill(names[i]);
$('f-q').oninput = function () { page = 0; render(); };
$('prev').onclick = function () { page--; render(); };
$('next').onclick = function () { page++; render(); };
render();
/* the script runs before the details are parsed: the list is usable at
 * once, and a case asked for by #case=N is shown when the page is whole */
var mm = /^#case=(\d+)$/.exec(location.hash);
function loaded() {
	if (mm && +mm[1] < idx.length) show(+mm[1], true);
	document.body.setAttribute('data-loaded', '1');
}
if (document.readyState === 'loading')
	document.addEventListener('DOMContentLoaded', loaded);
else
	loaded();
document.body.setAttribute('data-ready', String(idx.length));
})();
