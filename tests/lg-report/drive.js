/* drive.js: put in a copy of lg-report's page after its script, it uses
 * the page as a reader would (clicks a case of the list, closes it, clicks
 * a verdict, changes the address, goes back) and writes what it saw as
 * JSON into a pre element of id "drive", for report-address.sh. */
window.addEventListener('load', function () {
	'use strict';
	var out = { clicks: [], closed: [], regr: [], verdict: null, jump: null, back: null };
	var idx = JSON.parse(document.getElementById('index').textContent);
	var detail = document.getElementById('detail');
	var steps = [], i;
	function done() {
		var pre = document.createElement('pre');
		pre.id = 'drive';
		pre.textContent = JSON.stringify(out);
		document.body.appendChild(pre);
	}
	function next() {
		var f = steps.shift();
		if (f) { f(); setTimeout(next, 20); } else done();
	}
	function row(n) { return document.querySelector('#cases-body tr[data-n="' + n + '"]'); }
	var rs = document.querySelectorAll('#regr tr[data-n]');
	for (i = 0; i < rs.length; i++) out.regr.push(+rs[i].getAttribute('data-n'));
	/* each case of the list opened by a click, then closed by Escape */
	for (i = 0; i < idx.length; i++)
		(function (n) {
			steps.push(function () { row(n).click(); });
			steps.push(function () {
				out.clicks.push([n, location.hash, detail.getAttribute('data-case')]);
				document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' }));
			});
			steps.push(function () { out.closed.push(location.hash); });
		})(i);
	/* a verdict of a LongGenBench case of the model below the baseline
	 * whose entry is in the output: clicked */
	var lgb = -1;
	for (i = 0; i < idx.length && lgb < 0; i++)
		if (idx[i][2] === 'longgenbench' && idx[i][5] === 'm-tuned') lgb = i;
	steps.push(function () { row(lgb).click(); });
	steps.push(function () {
		var col = detail.querySelector('div.case'), trs = col.querySelectorAll('table.verdicts tr[data-i]'), j;
		for (j = 0; j < trs.length; j++) {
			var at = trs[j].cells[2].textContent;
			if (at !== '' && col.querySelector('mark[data-at="' + at + '"]')) {
				trs[j].click();
				out.verdict = { at: at, hit: col.getAttribute('data-hit'),
				    marked: col.querySelectorAll('mark.hit[data-at="' + at + '"]').length,
				    others: col.querySelectorAll('mark.hit:not([data-at="' + at + '"])').length,
				    row: trs[j].classList.contains('hit') };
				return;
			}
		}
		out.verdict = { none: trs.length };
	});
	/* the address changed by hand: the case it names is shown; back: the
	 * case before it again */
	steps.push(function () {
		out.before = detail.getAttribute('data-case');
		location.hash = '#case=' + encodeURIComponent(idx[0][1]) + '&of=' + encodeURIComponent(idx[0][5]);
	});
	steps.push(function () { out.jump = detail.getAttribute('data-case'); history.back(); });
	steps.push(function () {});
	steps.push(function () { out.back = detail.getAttribute('data-case'); });
	/* each metric the list offers chosen in turn: the regressions by it,
	 * the B-A heading, the address, and the list sorted by the change */
	out.metrics = {};
	var sel = document.getElementById('f-metric');
	for (i = 0; i < sel.options.length; i++)
		(function (v) {
			steps.push(function () {
				var th = document.getElementById('th-change');
				sel.value = v;
				sel.onchange();
				th.click();
				var m = { regr: [], head: th.textContent, hash: location.hash, list: [],
				    says: document.querySelector('#regr p').textContent };
				var rs = document.querySelectorAll('#regr tr[data-n]'), j;
				for (j = 0; j < rs.length; j++) m.regr.push(+rs[j].getAttribute('data-n'));
				rs = document.querySelectorAll('#cases-body tr[data-n]');
				for (j = 0; j < rs.length; j++) m.list.push([+rs[j].getAttribute('data-n'), rs[j].cells[6].textContent]);
				out.metrics[v] = m;
			});
		})(sel.options[i].value);
	setTimeout(next, 20);
});
