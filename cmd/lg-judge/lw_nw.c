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
 *   present    fix or flaw found
 *   compliant  fix found and flaw not found (when the two forms are the
 *              same after normalisation, as punctuation-only flaws are
 *              under --compat, fix found)
 *
 * recall and compliance are the means over gold.categories of each
 * category's present / statements and compliant / statements; score is
 * their harmonic mean (0 when either is 0).  Neither can exceed 1.
 */
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "buf.h"
#include "longweave.h"
#include "re.h"
#include "record.h"
#include "xalloc.h"

#define MAXSTMTS 10000
#define MAXSPAN 1000
#define MAXWORDS 1000000L

static lg_re *
word_re(void)
{
	static lg_re *w;

	if (w == NULL)
		w = re_compile("\\w+", 0);
	return w;
}

/*
 * The judged text: the first n words with what follows each up to the next
 * word (compat: the words alone, joined by single spaces).  Caller frees.
 */
char *
lw_word_text(const char *s, size_t len, long n, int compat, size_t *outlen)
{
	buf b = { 0 };
	size_t ov[2], at = 0, end = len;
	long k = 0;

	while (at <= len && re_match(word_re(), s, len, at, ov, 1) > 0) {
		if (k == n) {
			end = ov[0];
			break;
		}
		if (compat) {
			if (k > 0)
				buf_putc(&b, ' ');
			buf_add(&b, s + ov[0], ov[1] - ov[0]);
		}
		k++;
		at = ov[1] > ov[0] ? ov[1] : ov[0] + 1;
	}
	if (!compat)
		buf_add(&b, s, end);
	buf_putc(&b, '\0');
	*outlen = b.len - 1;
	return buf_take(&b);
}

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
	buf b = { 0 };
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

/* 1 when span is in text. */
static int
found(const char *text, size_t len, const char *span, int keepcase)
{
	char *pat = span_pattern(span, keepcase);
	lg_re *re = re_compile(pat, RE_ICASE);
	size_t ov[2];
	int hit = re_match(re, text, len, 0, ov, 1) > 0;

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
	return lw_word_text(s, strlen(s), MAXWORDS, 1, &n);
}

int
lw_rules_nw(cJSON *rec, const judge_at *in, const judge_opts *o)
{
	cJSON *gold = rec_get(rec, "gold"), *cats, *stmts, *st, *verdicts, *sc;
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
	text = lw_word_text(answer, len, words, o->compat, &tlen);
	present = xcalloc(ncat, sizeof *present);
	compliant = xcalloc(ncat, sizeof *compliant);
	total = xcalloc(ncat, sizeof *total);
	verdicts = cJSON_CreateArray();
	cJSON_ArrayForEach(st, stmts) {
		const char *c = rec_str(st, "category");
		char *fx = norm_span(rec_str(st, "fix"), o->compat),
		    *fl = norm_span(rec_str(st, "flaw"), o->compat);
		int same = strcasecmp(fx, fl) == 0, keep = same && strcmp(fx, fl) != 0;
		int hfix = found(text, tlen, fx, keep);
		int hflaw = strcmp(fx, fl) != 0 && found(text, tlen, fl, keep);
		int pres = hfix || hflaw, ok = hfix && !hflaw;
		cJSON *v = cJSON_CreateObject();

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
		    hfix ? "fix" : hflaw ? "flaw" : "none");
		cJSON_AddBoolToObject(v, "judged", 1);
		cJSON_AddStringToObject(v, "by", "rules");
		cJSON_AddItemToArray(verdicts, v);
		free(fx);
		free(fl);
	}
	for (i = 0; i < ncat; i++)
		if (total[i] > 0) {
			recall += present[i] / total[i];
			comp += compliant[i] / total[i];
		}
	recall /= (double)ncat;
	comp /= (double)ncat;
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
	return ret;
}
