/*
 * lg-judge: the rules for the LongWeave nw task (AP-style news).
 *
 * Each statement of gold.statements has its span in two forms: "fix", the
 * corrected one, and "flaw", the form the prompt showed.  The judged text is
 * the answer up to the end of its gold.words-th word (a word is a run of
 * word characters, as the published scorer counts), punctuation intact;
 * with --compat it is the published truncation: those words alone, joined
 * by single spaces, and the spans are normalised the same way.
 *
 * A span is looked for with PCRE2 as a literal whose white space matches
 * any run of white space, whose straight quotes and hyphens also match
 * their typographic forms, and which does not start or end inside a word.
 * Case is ignored, except when the two forms differ only in case: then it
 * counts, save for the span's first character.
 *
 * A form counts as found only inside running prose that carries its
 * statement: the sentence around it holds at least half of the
 * statement's own words (the content words of gold "correct", else
 * "statement", that are in neither span); under --compat, which leaves no
 * sentences, the words as many as the statement has either side.  Spans
 * alone make no article.
 *
 *   present    fix or flaw found
 *   compliant  fix found and flaw not found anywhere, in prose or not
 *              (when the two forms are the same after normalisation, as
 *              punctuation-only flaws are under --compat, fix found)
 *
 * recall and compliance are the means over the categories of
 * gold.categories that have statements of each one's present / statements
 * and compliant / statements (a category listed with none has nothing to
 * check and is left out, as tally() leaves out those the model judge
 * decided nothing in); score is their harmonic mean (0 when either is 0).
 * Neither can exceed 1.
 */
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "buf.h"
#include "longweave.h"
#include "pyloads.h"
#include "re.h"
#include "record.h"
#include "utf8.h"
#include "words.h"
#include "xalloc.h"

#define MAXSTMTS 10000
#define MAXSPAN 1000
#define MAXWORDS 1000000L
#define MAXCTX 64	/* a statement's own words looked for */
#define MAXTRIES 100	/* places of a span looked at */

static int
wordch(unsigned char c)
{
	return c >= 0x80 || c == '_' || (c >= '0' && c <= '9') ||
	    ((c | 0x20) >= 'a' && (c | 0x20) <= 'z');
}

/* The pattern for span s; keepcase: case counts after the first character. */
static char *
span_pattern(const char *s, int keepcase)
{
	struct buf b = { 0 };
	size_t n = strlen(s);
	const char *p;

	if (n > 0 && wordch((unsigned char)s[0]))
		buf_puts(&b, "(?<!\\w)");
	for (p = s; *p; p++) {
		unsigned char c = (unsigned char)*p;

		if (keepcase && p == s + 1 && (unsigned char)s[0] < 0x80)
			buf_puts(&b, "(?-i)");
		if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
			while (p[1] == ' ' || p[1] == '\t' || p[1] == '\n' || p[1] == '\r')
				p++;
			buf_puts(&b, "\\s+");
		} else if (c == '"')
			buf_puts(&b, "[\"\\x{201C}\\x{201D}]");
		else if (c == '\'')
			buf_puts(&b, "['\\x{2018}\\x{2019}]");
		else if (c == '-')
			buf_puts(&b, "[-\\x{2010}\\x{2011}]");
		else if (c < 0x80 && !wordch(c)) {
			buf_putc(&b, '\\');
			buf_putc(&b, (char)c);
		} else
			buf_putc(&b, (char)c);
	}
	if (n > 0 && wordch((unsigned char)s[n - 1]))
		buf_puts(&b, "(?!\\w)");
	return buf_take(&b);
}

/*
 * The statement's own words: the content words (words.h) of its corrected
 * sentence that are not words of either span, each once.
 */
typedef struct {
	struct buf w;			/* the words, each ended by a NUL */
	size_t off[MAXCTX];
	unsigned char hit[MAXCTX];
	int n, left;
	long words;		/* of the corrected sentence, stop words too */
	const char *fix, *flaw;	/* while gathering: the spans */
} context;

typedef struct {
	const char *w;
	size_t n;
	int found;
} lookfor;

static int
look(const char *w, size_t n, void *arg)
{
	lookfor *l = arg;

	if (n == l->n && memcmp(w, l->w, n) == 0)
		l->found = 1;
	return l->found;
}

static int
ctx_word(const char *w, size_t n, void *arg)
{
	context *c = arg;
	lookfor l = { w, n, 0 };
	int i;

	c->words++;
	if (words_stop(w, n) || c->n == MAXCTX)
		return 0;
	words_each(c->fix, strlen(c->fix), look, &l);
	if (!l.found)
		words_each(c->flaw, strlen(c->flaw), look, &l);
	for (i = 0; i < c->n && !l.found; i++)
		if (strlen(c->w.s + c->off[i]) == n &&
		    memcmp(c->w.s + c->off[i], w, n) == 0)
			l.found = 1;
	if (l.found)
		return 0;
	c->off[c->n++] = c->w.len;
	buf_add(&c->w, w, n);
	buf_putc(&c->w, '\0');
	return 0;
}

static void
context_load(context *c, const cJSON *st)
{
	const char *s = rec_str(st, "correct");

	if (s == NULL)
		s = rec_str(st, "statement");
	buf_reset(&c->w);
	c->n = 0;
	c->words = 0;
	c->fix = rec_str(st, "fix");
	c->flaw = rec_str(st, "flaw");
	if (s != NULL)
		words_each(s, strlen(s), ctx_word, c);
}

static int
ctx_seen(const char *w, size_t n, void *arg)
{
	context *c = arg;
	int i;

	for (i = 0; i < c->n; i++)
		if (!c->hit[i] && strlen(c->w.s + c->off[i]) == n &&
		    memcmp(c->w.s + c->off[i], w, n) == 0) {
			c->hit[i] = 1;
			c->left--;
		}
	return c->left <= 0;
}

/* Does [s, e) hold at least half of the statement's own words? */
static int
in_context(context *c, const char *s, const char *e)
{
	int need = (c->n + 1) / 2;

	if (c->n == 0)
		return 1;
	memset(c->hit, 0, sizeof c->hit);
	c->left = need;
	words_each(s, (size_t)(e - s), ctx_seen, c);
	return c->left <= 0;
}

/* A sentence ends at '.', '!' or '?' before white space, or at a line
 * break. */
static int
ends_at(const char *t, size_t len, size_t i)
{
	return t[i] == '\n' || t[i] == '\r' ||
	    ((t[i] == '.' || t[i] == '!' || t[i] == '?') &&
	    (i + 1 == len || t[i + 1] == ' ' || t[i + 1] == '\t' ||
	    t[i + 1] == '\n' || t[i + 1] == '\r'));
}

/*
 * Where the statement's words are looked for around a match [a, b): its
 * sentence (compat: no sentences are left, so the n words either side).
 */
static void
around(const char *t, size_t len, size_t a, size_t b, int compat, long n,
    size_t *s, size_t *e)
{
	long k;

	*s = a;
	*e = b;
	if (compat) {
		for (k = 0; *s > 0 && k <= n; (*s)--)
			k += t[*s - 1] == ' ';
		for (k = 0; *e < len && k <= n; (*e)++)
			k += t[*e] == ' ';
		return;
	}
	while (*s > 0 && !ends_at(t, len, *s - 1))
		(*s)--;
	while (*e < len && !(*e > b && ends_at(t, len, *e - 1)))
		(*e)++;
}

/*
 * 1 when span is in text, at a place whose sentence carries the
 * statement (c, or anywhere when c is NULL).
 */
static int
found(const char *text, size_t len, const char *span, int keepcase,
    context *c, int compat, long n)
{
	char *pat = span_pattern(span, keepcase);
	lg_re *re = re_compile(pat, RE_ICASE);
	size_t ov[2], at = 0, s, e;
	int hit = 0, tries;

	for (tries = 0; !hit && tries < MAXTRIES && at <= len &&
	    re_match(re, text, len, at, ov, 1) > 0; tries++) {
		around(text, len, ov[0], ov[1], compat, n, &s, &e);
		hit = c == NULL || in_context(c, text + s, text + e);
		at = ov[1] > ov[0] ? ov[1] : ov[0] + 1;
	}
	re_free(re);
	free(pat);
	return hit;
}

/* compat: the span's words joined by single spaces; else a copy. */
static char *
norm_span(const char *s, int compat)
{
	size_t n;

	if (!compat)
		return xstrdup(s);
	return words_text(s, strlen(s), MAXWORDS, 1, &n);
}

static int
rules(cJSON *rec, const judge_at *in, const judge_opts *o)
{
	cJSON *gold = rec_get(rec, "gold"), *cats, *stmts, *st, *verdicts, *sc;
	context ctx = { 0 };
	const char *answer, *why;
	char *text;
	size_t len, tlen, ncat, i, k;
	long words;
	double *present, *compliant, *total, recall = 0, comp = 0, score;
	int ret = REC_OK, at = 0;
	long npresent = 0, ncompliant = 0;

	if (!cJSON_IsObject(gold))
		return judge_fail(rec, in, "gold: not an object");
	cats = rec_get(gold, "categories");
	stmts = rec_get(gold, "statements");
	words = rec_long(gold, "words", -1);
	if (!cJSON_IsArray(cats) || !cJSON_IsArray(stmts))
		return judge_fail(rec, in,
		    "gold.categories and gold.statements must be arrays");
	if (words < 1 || words > MAXWORDS)
		return judge_fail(rec, in,
		    "gold.words must be an integer from 1 to 1000000");
	ncat = (size_t)cJSON_GetArraySize(cats);
	if (ncat == 0 || ncat > 100 || cJSON_GetArraySize(stmts) > MAXSTMTS)
		return judge_fail(rec, in,
		    "gold: want 1 to 100 categories and at most "
		    "10000 statements");
	for (i = 0; i < ncat; i++)
		if (!cJSON_IsString(cJSON_GetArrayItem(cats, (int)i)))
			return judge_fail(rec, in,
			    "gold.categories: not strings");
	cJSON_ArrayForEach(st, stmts) {
		const char *c = rec_str(st, "category"), *fx = rec_str(st, "fix"),
		    *fl = rec_str(st, "flaw");

		if (c == NULL || fx == NULL || fl == NULL || !*fx || !*fl ||
		    strlen(fx) > MAXSPAN || strlen(fl) > MAXSPAN)
			return judge_fail(rec, in,
			    "gold.statements: each needs category, "
			    "and fix and flaw of 1 to 1000 bytes");
		for (i = 0; i < ncat; i++)
			if (strcmp(c, cJSON_GetArrayItem(cats, (int)i)->valuestring) == 0)
				break;
		if (i == ncat)
			return judge_fail(rec, in,
			    "gold.statements: a category not in "
			    "gold.categories");
	}

	answer = rec_answer_len(rec, &len, &why);
	if (why != NULL)
		ret = judge_fail(rec, in, why);
	text = words_text(answer, len, words, o->compat, &tlen);
	present = xcalloc(ncat, sizeof *present);
	compliant = xcalloc(ncat, sizeof *compliant);
	total = xcalloc(ncat, sizeof *total);
	verdicts = cJSON_CreateArray();
	cJSON_ArrayForEach(st, stmts) {
		const char *c = rec_str(st, "category");
		char *fx = norm_span(rec_str(st, "fix"), o->compat),
		    *fl = norm_span(rec_str(st, "flaw"), o->compat);
		int same = strcasecmp(fx, fl) == 0, keep = same && strcmp(fx, fl) != 0;
		int hfix, hflaw, inprose, pres, ok;
		cJSON *v;

		context_load(&ctx, st);
		hfix = found(text, tlen, fx, keep, &ctx, o->compat, ctx.words);
		hflaw = strcmp(fx, fl) != 0 && found(text, tlen, fl, keep, NULL, 0, 0);
		inprose = hflaw && found(text, tlen, fl, keep, &ctx, o->compat, ctx.words);
		pres = hfix || inprose;
		ok = hfix && !hflaw;
		v = cJSON_CreateObject();

		for (k = 0; strcmp(c, cJSON_GetArrayItem(cats, (int)k)->valuestring) != 0; k++)
			;
		total[k]++;
		present[k] += pres;
		compliant[k] += ok;
		npresent += pres;
		ncompliant += ok;
		cJSON_AddStringToObject(v, "kind", "ap_statement");
		cJSON_AddNumberToObject(v, "at", at++);
		cJSON_AddStringToObject(v, "category", c);
		if (rec_str(st, "rule"))
			cJSON_AddStringToObject(v, "rule", rec_str(st, "rule"));
		cJSON_AddBoolToObject(v, "pass", ok);
		cJSON_AddBoolToObject(v, "present", pres);
		cJSON_AddBoolToObject(v, "compliant", ok);
		cJSON_AddStringToObject(v, "found", hfix && hflaw ? "both" :
		    hfix ? "fix" : inprose ? "flaw" : "none");
		cJSON_AddBoolToObject(v, "judged", 1);
		cJSON_AddStringToObject(v, "by", "rules");
		cJSON_AddItemToArray(verdicts, v);
		free(fx);
		free(fl);
	}
	/* a category with nothing to check counts for nothing; under
	 * --compat 0, as the published scorer divides by every category */
	for (i = k = 0; i < ncat; i++)
		if (total[i] > 0) {
			recall += present[i] / total[i];
			comp += compliant[i] / total[i];
			k++;
		} else if (o->compat)
			k++;
	if (k > 0) {
		recall /= (double)k;
		comp /= (double)k;
	}
	score = recall > 0 && comp > 0 ? 2 * recall * comp / (recall + comp) : 0;
	rec_set(rec, "verdicts", verdicts);
	sc = rec_obj(rec, "scores");
	rec_set_num(sc, "score", score);
	rec_set_num(sc, "recall", recall);
	rec_set_num(sc, "compliance", comp);
	rec_set_num(sc, "statements", cJSON_GetArraySize(stmts));
	rec_set_num(sc, "present", (double)npresent);
	rec_set_num(sc, "compliant", (double)ncompliant);
	free(present);
	free(compliant);
	free(total);
	free(text);
	buf_free(&ctx.w);
	return ret;
}

/* ---- the model judge (lw_model.c, lw_ask.c) ---- */

/* Clear: a statement found in prose in exactly one of its forms. */
static int
clear(const cJSON *v)
{
	const char *found = rec_str(v, "found");

	return found != NULL && (strcmp(found, "fix") == 0 ||
	    strcmp(found, "flaw") == 0);
}

static void
item(cJSON *o, const cJSON *it)
{
	lw_copy_str(o, "fix", it, "fix", NULL);
	lw_copy_str(o, "flaw", it, "flaw", NULL);
	lw_copy_str(o, "category", it, "category", NULL);
}

static void
published_item(cJSON *o, const cJSON *it)
{
	lw_copy_str(o, "statement", it, "statement", "flaw");
	lw_copy_str(o, "expression", it, "correct", "fix");
	lw_copy_str(o, "flaw", it, "flaw", NULL);
	lw_copy_str(o, "fix", it, "fix", NULL);
}

static void
apply(cJSON *v, const int *b)
{
	cJSON_DeleteItemFromObjectCaseSensitive(v, "found");
	lw_set_bool(v, "pass", b[0] && b[1]);
	lw_set_bool(v, "present", b[0]);
	lw_set_bool(v, "compliant", b[0] && b[1]);
}

/* recall and compliance, the means over the categories with a decided
 * statement of each one's present / decided and compliant / decided;
 * results the judge gave beyond the statements (--compat) count too. */
static void
tally(const cJSON *rec, cJSON *sc, long pass, long ans, long dec, int compat)
{
	const cJSON *cats = rec_get(rec_get(rec, "gold"), "categories"), *c, *v;
	double recall = 0, comp = 0;
	long npres = 0, ncomp = 0, ncat = 0;

	(void)pass;
	(void)ans;
	(void)dec;

	cJSON_ArrayForEach(c, cats) {
		long tot = 0, pres = 0, ok = 0, listed = 0;

		cJSON_ArrayForEach(v, rec_get(rec, "verdicts")) {
			const char *vc = rec_str(v, "category");
			const cJSON *x = rec_get(v, "extra");

			if (!cJSON_IsString(c) || vc == NULL ||
			    strcmp(vc, c->valuestring) != 0)
				continue;
			listed++;
			if (cJSON_IsTrue(rec_get(v, "undecided")))
				continue;
			tot++;
			pres += cJSON_IsTrue(rec_get(v, "present"));
			ok += cJSON_IsTrue(rec_get(v, "compliant"));
			if (compat && x != NULL) {
				pres += rec_long(x, "present", 0);
				ok += rec_long(x, "compliant", 0);
			}
		}
		if (tot > 0) {
			recall += (double)pres / (double)tot;
			comp += (double)ok / (double)tot;
			ncat++;
		} else if (compat && listed == 0)
			ncat++;	/* no statement: 0, as published */
		npres += pres;
		ncomp += ok;
	}
	if (ncat > 0) {
		recall /= (double)ncat;
		comp /= (double)ncat;
	}
	rec_set_num(sc, "score", compat ? lw_published_hmean(comp, recall) :
	    lw_hmean(recall, comp));
	rec_set_num(sc, "recall", recall);
	rec_set_num(sc, "compliance", comp);
	rec_set_num(sc, "present", (double)npres);
	rec_set_num(sc, "compliant", (double)ncomp);
}

/*
 * The published reader (--compat): a Markdown fence of backticks taken
 * off, the span from the first [ to the last ]; each result an object
 * with exists_in_article (and follows_rules when it exists), read as
 * Python's truth; every result counts, those beyond the category's
 * statements too (extra[0..1]).  0: none read.
 */
static int
published(const char *reply, size_t len, int n, int *val, long extra[2])
{
	const char *s = reply, *e = reply + len, *lb, *rb = NULL, *p;
	const cJSON *x;
	cJSON *j;
	int k = 0;

	/* a Markdown fence: backticks off both ends, then white space */
	if (len >= 3 && strncmp(s, "```", 3) == 0 && strncmp(e - 3, "```", 3) == 0) {
		size_t m;

		while (s < e && *s == '`')
			s++;
		while (e > s && e[-1] == '`')
			e--;
		m = (size_t)(e - s);
		s = utf8_pystrip(s, &m);
		e = s + m;
	}
	if ((lb = memchr(s, '[', (size_t)(e - s))) == NULL)
		return 0;
	for (p = lb; p < e; p++)
		if (*p == ']')
			rb = p;
	if (rb == NULL)
		return 0;
	if ((j = py_loads(lb, (size_t)(rb - lb) + 1)) == NULL)
		return 0;
	if (!cJSON_IsArray(j))
		goto bad;
	/* a result that is no object, or lacks a member read, fails the call */
	cJSON_ArrayForEach(x, j) {
		const cJSON *ex = py_member(x, "exists_in_article"), *fo;
		int pres, comp = 0;

		if (!cJSON_IsObject(x) || ex == NULL)
			goto bad;
		if ((pres = py_truth(ex))) {
			if ((fo = py_member(x, "follows_rules")) == NULL)
				goto bad;
			comp = py_truth(fo);
		}
		if (k < n) {
			val[2 * k] = pres;
			val[2 * k + 1] = comp;
		} else {
			extra[0] += pres;
			extra[1] += comp;
		}
		k++;
	}
	for (; k < n; k++)
		val[2 * k] = val[2 * k + 1] = 0;
	cJSON_Delete(j);
	return 1;
bad:
	cJSON_Delete(j);
	return 0;
}



static const char *const scored[] = {
	"score", "recall", "compliance", "present", "compliant", NULL
};

/* a category's criteria: ours, and the published AP rubric's */
static const lw_criteria criteria = {
	"rubrics/longweave/nw/rubric.json", "categories", "name",
	{ "criteria", "incorrect", "correct" },
	"the AP style rules of this category"
};
static const lw_criteria ap = {
	"rubrics/longweave/nw/AP_Style_Evaluation.json",
	"AP_Style_Scoring_Table", "Category",
	{ "Scoring_Criteria", "Incorrect_Examples", "Correct_Examples" }, NULL
};

static const lw_judge own = {
	"rubrics/longweave/nw.tmpl", JUDGED_WORDS, item, &criteria,
	"statement", NULL
};

static const lw_judge pub = {
	"rubrics/longweave/nw-published.tmpl", JUDGED_WORDS, published_item,
	&ap, NULL, published
};

const lw_task judged_nw = {
	.task = "nw", .rules = rules,
	.items = "statements", .batch = 0, /* one call per category */
	.fields = { "present", "compliant" }, .nfields = 2,
	.clear = clear, .apply = apply, .count = "statements",
	.scored = scored, .tally = tally, .own = &own, .published = &pub,
};
