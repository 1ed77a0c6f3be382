/*
 * lg-gen longweave: the biog task (KG_TO_TEXT), biographies from a
 * knowledge graph.  The published data was never released; the generator
 * is ours.
 *
 * A case is a fictional protagonist: an archetype (nine, with their jobs and
 * how often each relation occurs), a socio-economic background, a birth
 * year from 1850 to 1975 and a lifespan of 45 to 95 years (alive when that
 * passes 2024).  Around the protagonist lie persons, organisations, places,
 * works and events, drawn from the name lists under
 * share/templates/longweave/biog/; the radius-1 subgraph gives the facts:
 * born in (full date), grew up in, child of, then relations drawn by the
 * archetype's weights (educated at with degree and year, worked at with
 * role and years, member of, founded, married, awarded, wrote, created,
 * invested in, participated in, lived in, knows, influenced by, parent of),
 * in date order, and died in (full date) when dead.  Every date lies
 * between birth and death (or 2024).  No object is another or holds another as whole words.
 *
 * Facts per tier: 15, 30, 60, 120 at 1k to 8k, so that a biography that
 * states each fact in about 60 words fills the word target of 1024, 2048,
 * 4096, 8192 words.  --facts replaces the tier's count, --words the word
 * target; once the name lists run short, objects may repeat.
 *
 * Draw order: archetype, background, sex, first name, last name, birth year,
 * month, day, lifespan, death month and day, then the facts one by one.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "diag.h"
#include "longweave.h"
#include "record.h"
#include "share.h"
#include "xalloc.h"

#define DIR "templates/longweave/biog/"
#define NOW 2024

enum { L_FIRST, L_LAST, L_PLACE, L_COMPANY, L_SCHOOL, L_SOCIETY, L_ADJ,
	L_NOUN, L_EVENT, L_AWARD, NLISTS };
static const char *const list_files[NLISTS] = {
	"first.txt", "last.txt", "places.txt", "companies.txt", "schools.txt",
	"societies.txt", "work_adj.txt", "work_noun.txt", "events.txt",
	"awards.txt",
};
static char **lists[NLISTS];
static size_t nlist[NLISTS];

static const long nfacts[] = { 15, 30, 60, 120 };
static const long words[] = { 1024, 2048, 4096, 8192 };

/* The drawn relations, in the order of the weights below. */
enum { R_EDU, R_WORK, R_MEMBER, R_FOUND, R_MARRY, R_AWARD, R_WROTE,
	R_CREATE, R_INVEST, R_EVENT, R_LIVED, R_KNOWS, R_INFL, R_PARENT, NREL };

static const struct {
	const char *name;
	const char *jobs[6];
	int weight[NREL];
} archetypes[] = {
	{ "scientist", { "researcher", "professor", "physicist", "chemist",
	    "astronomer", "lead scientist" },
	    { 17, 13, 11, 7, 5, 8, 16, 9, 4, 14, 5, 10, 15, 5 } },
	{ "artist", { "painter", "composer", "sculptor", "photographer",
	    "stage director", "poet" },
	    { 10, 8, 12, 7, 6, 9, 15, 18, 5, 15, 11, 12, 14, 5 } },
	{ "entrepreneur", { "chief executive", "founder", "investor",
	    "consultant", "chief technology officer", "board member" },
	    { 10, 15, 10, 20, 5, 6, 7, 6, 18, 12, 5, 14, 10, 5 } },
	{ "politician", { "senator", "minister", "mayor", "diplomat",
	    "governor", "party leader" },
	    { 12, 15, 17, 8, 5, 8, 9, 5, 6, 18, 11, 16, 12, 5 } },
	{ "healer", { "physician", "surgeon", "medical researcher",
	    "psychiatrist", "nurse practitioner", "public health officer" },
	    { 18, 17, 12, 8, 5, 7, 13, 7, 5, 13, 5, 12, 13, 5 } },
	{ "lawyer", { "lawyer", "attorney", "judge", "prosecutor",
	    "legal counsel", "law professor" },
	    { 18, 16, 13, 9, 5, 7, 12, 6, 7, 15, 5, 15, 13, 5 } },
	{ "teacher", { "teacher", "school principal", "lecturer", "tutor",
	    "curriculum developer", "education administrator" },
	    { 15, 18, 12, 6, 5, 6, 11, 8, 4, 11, 5, 13, 13, 6 } },
	{ "journalist", { "reporter", "editor", "broadcaster",
	    "war correspondent", "columnist", "photojournalist" },
	    { 11, 14, 10, 6, 5, 7, 17, 7, 5, 19, 13, 16, 12, 5 } },
	{ "explorer", { "explorer", "mountaineer", "field archaeologist",
	    "cartographer", "naturalist", "expedition pilot" },
	    { 9, 7, 13, 6, 5, 8, 14, 10, 4, 20, 16, 12, 13, 5 } },
};
#define NARCH (sizeof archetypes / sizeof archetypes[0])

static const char *const backgrounds[] = {
	"underprivileged", "working-class", "middle-class",
	"upper-middle-class", "wealthy",
};
static const char *const degrees[] = {
	"diploma", "B.A.", "B.Sc.", "M.A.", "M.Sc.", "Ph.D.", "J.D.", "M.D.",
};
static const char *const member_roles[] = {
	"member", "board member", "fellow", "volunteer", "committee chair",
	"trustee",
};
static const char *const event_roles[] = {
	"speaker", "organiser", "delegate", "witness", "panelist",
	"lead negotiator",
};
static const char *const ties[] = {
	"friend", "colleague", "mentor", "rival", "collaborator", "confidant",
};
static const char *const media[] = {
	"painting", "sculpture", "film", "symphony", "software", "theory",
};
static const char *const months[] = {
	"January", "February", "March", "April", "May", "June", "July",
	"August", "September", "October", "November", "December",
};

static void
biog_fini(void)
{
	int i;

	for (i = 0; i < NLISTS; i++) {
		lines_free(lists[i], nlist[i]);
		lists[i] = NULL;
	}
}

static int
biog_init(void)
{
	int i;

	for (i = 0; i < NLISTS; i++) {
		char *path = share_path(DIR) , *full;

		full = xasprintf("%s%s", path, list_files[i]);
		free(path);
		lists[i] = lines_read(full, &nlist[i]);
		if (lists[i] == NULL || nlist[i] == 0) {
			lg_warn("%s: cannot read the biog name list", full);
			free(full);
			if (lists[i] == NULL)
				nlist[i] = 0;
			biog_fini();
			return -1;
		}
		free(full);
	}
	return 0;
}

typedef struct {
	rng *r;
	long birth, death;	/* death: year of death, or NOW when alive */
	const char *last;
	char **used;
	size_t nused;
} ctx;

static const char *
pick(ctx *c, int l)
{
	return lists[l][rng_choice(c->r, nlist[l])];
}

/* Does a hold b as whole words? */
static int
holds(const char *a, const char *b)
{
	size_t n = strlen(b);
	const char *p;

	for (p = strstr(a, b); p != NULL; p = strstr(p + 1, b))
		if ((p == a || p[-1] == ' ') && (p[n] == '\0' || p[n] == ' '))
			return 1;
	return 0;
}

/* Is s an earlier name, or part of one, or one part of s?  ("Haldane" and
 * "Haldane Summit" would let one fact's words stand for the other's.) */
static int
used(const ctx *c, const char *s)
{
	size_t i;

	for (i = 0; i < c->nused; i++)
		if (holds(c->used[i], s) || holds(s, c->used[i]))
			return 1;
	return 0;
}

/* "{place}" and "{last}" in a pattern filled from the lists. */
static char *
fill(ctx *c, const char *pat)
{
	struct buf b = { 0 };
	const char *p;
	char *s;

	for (p = pat; *p; p++) {
		if (strncmp(p, "{place}", 7) == 0) {
			buf_puts(&b, pick(c, L_PLACE));
			p += 6;
		} else if (strncmp(p, "{last}", 6) == 0) {
			buf_puts(&b, pick(c, L_LAST));
			p += 5;
		} else
			buf_printf(&b, "%c", *p);
	}
	s = xstrdup(buf_str(&b));
	buf_free(&b);
	return s;
}

/* A new object name of the given kind, different from every earlier one. */
static char *
object(ctx *c, int kind)
{
	char *s = NULL;
	int tries;

	for (tries = 0; tries < 200; tries++) {
		free(s);
		switch (kind) {
		case L_FIRST:	/* a person of another family */
			s = xasprintf("%s %s", pick(c, L_FIRST), pick(c, L_LAST));
			break;
		case L_LAST:	/* a person of the protagonist's family */
			s = xasprintf("%s %s", pick(c, L_FIRST), c->last);
			break;
		case L_COMPANY:
			s = xasprintf("%s %s", pick(c, L_LAST), pick(c, L_COMPANY));
			break;
		case L_ADJ:
			s = xasprintf("The %s %s", pick(c, L_ADJ), pick(c, L_NOUN));
			break;
		case L_PLACE:
			s = xstrdup(pick(c, L_PLACE));
			break;
		default:
			s = fill(c, pick(c, kind));
			break;
		}
		if (!used(c, s))
			break;
	}
	c->used = xreallocarray(c->used, c->nused + 1, sizeof *c->used);
	c->used[c->nused++] = s;
	return s;
}

/* A year from birth + lo to birth + hi, never after death. */
static long
year(ctx *c, long lo, long hi)
{
	long a = c->birth + lo, b = c->birth + hi;

	if (b > c->death)
		b = c->death;
	if (a > b)
		a = b;
	return (long)rng_randint(c->r, a, b);
}

typedef struct {
	const char *pred;
	char *obj, *detail, *sentence;
	char *dates[2];
	int ndates;
	long order;	/* the year the fact sorts by */
} fact;

static void
add_date(fact *f, long y)
{
	f->dates[f->ndates++] = xasprintf("%ld", y);
	if (f->order == 0)
		f->order = y;
}

static char *
iso(long y, int m, int d)
{
	return xasprintf("%04ld-%02d-%02d", y, m, d);
}

static char *
long_date(long y, int m, int d)
{
	return xasprintf("%s %d, %ld", months[m - 1], d, y);
}

static const char *
article(const char *w)
{
	return strchr("aeiouAEIOU", w[0]) ? "an" : "a";
}

static void
relation(ctx *c, int arch, int bg, int rel, const char *S, fact *f)
{
	const char *role, *deg;
	long y, y2;

	switch (rel) {
	case R_EDU:
		f->pred = "educated at";
		f->obj = object(c, L_SCHOOL);
		deg = degrees[bg < 2 ? rng_choice(c->r, 4) : 1 + rng_choice(c->r, 7)];
		y = year(c, 18, 30);
		add_date(f, y);
		f->detail = xasprintf("degree: %s; graduated: %ld", deg, y);
		f->sentence = xasprintf("%s earned %s %s at %s in %ld.", S,
		    article(deg), deg, f->obj, y);
		break;
	case R_WORK:
		f->pred = "worked at";
		f->obj = object(c, L_COMPANY);
		role = archetypes[arch].jobs[rng_choice(c->r, 6)];
		y = year(c, 18, (c->death - c->birth) * 4 / 5);
		y2 = y < c->death ? (long)rng_randint(c->r, y + 1,
		    y + 25 < c->death ? y + 25 : c->death) : y;
		add_date(f, y);
		add_date(f, y2);
		f->detail = xasprintf("role: %s; from %ld to %ld", role, y, y2);
		f->sentence = xasprintf("%s worked at %s as %s %s from %ld to %ld.",
		    S, f->obj, article(role), role, y, y2);
		break;
	case R_MEMBER:
		f->pred = "member of";
		f->obj = object(c, L_SOCIETY);
		role = member_roles[rng_choice(c->r, 6)];
		y = year(c, 16, 90);
		add_date(f, y);
		f->detail = xasprintf("role: %s; since %ld", role, y);
		f->sentence = xasprintf("%s joined the %s as %s %s in %ld.", S,
		    f->obj, article(role), role, y);
		break;
	case R_FOUND:
		f->pred = "founded";
		f->obj = object(c, L_COMPANY);
		y = year(c, 22, 90);
		add_date(f, y);
		f->detail = xasprintf("year: %ld", y);
		f->sentence = xasprintf("%s founded %s in %ld.", S, f->obj, y);
		break;
	case R_MARRY:
		f->pred = "married";
		f->obj = object(c, L_FIRST);
		y = year(c, 20, (c->death - c->birth) * 7 / 10);
		add_date(f, y);
		f->detail = xasprintf("year: %ld", y);
		f->sentence = xasprintf("%s married %s in %ld.", S, f->obj, y);
		break;
	case R_AWARD:
		f->pred = "awarded";
		f->obj = object(c, L_AWARD);
		y = year(c, 25, 95);
		add_date(f, y);
		f->detail = xasprintf("year: %ld", y);
		f->sentence = xasprintf("%s received the %s in %ld.", S, f->obj, y);
		break;
	case R_WROTE:
		f->pred = "wrote";
		f->obj = object(c, L_ADJ);
		y = year(c, 20, 95);
		add_date(f, y);
		f->detail = xasprintf("published: %ld", y);
		f->sentence = xasprintf("%s wrote %s, published in %ld.", S, f->obj, y);
		break;
	case R_CREATE:
		f->pred = "created";
		f->obj = object(c, L_ADJ);
		role = media[rng_choice(c->r, 6)];
		y = year(c, 25, 95);
		add_date(f, y);
		f->detail = xasprintf("medium: %s; year: %ld", role, y);
		f->sentence = xasprintf("%s created the %s %s in %ld.", S, role,
		    f->obj, y);
		break;
	case R_INVEST:
		f->pred = "invested in";
		f->obj = object(c, L_COMPANY);
		y2 = (long)rng_randint(c->r, 1, 100) * 1000;
		y = year(c, 30, 95);
		add_date(f, y);
		f->detail = xasprintf("amount: $%ld,000; year: %ld", y2 / 1000, y);
		f->sentence = xasprintf("%s invested $%ld,000 in %s in %ld.", S,
		    y2 / 1000, f->obj, y);
		break;
	case R_EVENT:
		f->pred = "participated in";
		f->obj = object(c, L_EVENT);
		role = event_roles[rng_choice(c->r, 6)];
		y = year(c, 10, 95);
		add_date(f, y);
		f->detail = xasprintf("role: %s; year: %ld", role, y);
		f->sentence = xasprintf("%s took part in the %s as %s %s in %ld.",
		    S, f->obj, article(role), role, y);
		break;
	case R_LIVED:
		f->pred = "lived in";
		f->obj = object(c, L_PLACE);
		y = year(c, 5, 95);
		add_date(f, y);
		f->detail = xasprintf("from %ld", y);
		f->sentence = xasprintf("%s moved to %s in %ld.", S, f->obj, y);
		break;
	case R_KNOWS:
		f->pred = "knows";
		f->obj = object(c, L_FIRST);
		role = ties[rng_choice(c->r, 6)];
		f->order = year(c, 15, 95);
		f->detail = xasprintf("relationship: %s", role);
		f->sentence = xasprintf("%s counted %s as %s %s.", S, f->obj,
		    article(role), role);
		break;
	case R_INFL:
		f->pred = "influenced by";
		f->obj = object(c, L_FIRST);
		f->order = year(c, 12, 40);
		f->detail = xstrdup("");
		f->sentence = xasprintf("%s was influenced by %s.", S, f->obj);
		break;
	default:	/* R_PARENT */
		f->pred = "parent of";
		f->obj = object(c, L_LAST);
		y = year(c, 20, 45);
		add_date(f, y);
		f->detail = xasprintf("born: %ld", y);
		f->sentence = xasprintf("%s became the parent of %s, born in %ld.",
		    S, f->obj, y);
		break;
	}
}

static int
draw_relation(rng *r, int arch)
{
	double cum[NREL], t = 0;
	size_t k;
	int i;

	for (i = 0; i < NREL; i++)
		cum[i] = t += archetypes[arch].weight[i];
	rng_choices_cum(r, cum, NREL, &k, 1);
	return (int)k;
}

/* --facts, --words; 0: the tier's */
static long opt_facts, opt_words;
static const lw_option options[] = {
	{ .name = "facts", .min = 4, .max = LW_MAX_FACTS,
	    .num = &opt_facts },
	{ .name = "words", .min = 1, .max = LW_MAX_WORDS, .num = &opt_words },
	{ .name = NULL }
};

static int
gen(const lw_case *cs, cJSON *rec, rng *r)
{
	long n = opt_facts ? opt_facts : nfacts[cs->tier_index];
	long nwords = opt_words ? opt_words : words[cs->tier_index];
	long i, j;
	int arch, bg, sex, bm, bd, dm, dd, dead;
	char *S, *bdate, *triples;
	const char *first;
	ctx c = { 0 };
	fact *f = xcalloc((size_t)n, sizeof *f), tmp;
	cJSON *vars, *gold, *facts, *checks, *check;
	struct buf tb = { 0 };

	c.r = r;
	arch = (int)rng_choice(r, NARCH);
	bg = (int)rng_choice(r, 5);
	sex = (int)rng_choice(r, 2);
	first = pick(&c, L_FIRST);
	c.last = pick(&c, L_LAST);
	S = xasprintf("%s %s", first, c.last);
	c.used = xreallocarray(NULL, 1, sizeof *c.used);
	c.used[c.nused++] = xstrdup(S);
	c.birth = (long)rng_randint(r, 1850, 1975);
	bm = (int)rng_randint(r, 1, 12);
	bd = (int)rng_randint(r, 1, 28);
	c.death = c.birth + (long)rng_randint(r, 45, 95);
	dm = (int)rng_randint(r, 1, 12);
	dd = (int)rng_randint(r, 1, 28);
	dead = c.death <= NOW;
	if (!dead)
		c.death = NOW;

	f[0].pred = "born in";
	f[0].obj = object(&c, L_PLACE);
	f[0].dates[f[0].ndates++] = iso(c.birth, bm, bd);
	f[0].order = c.birth;
	f[0].detail = xasprintf("date: %s", f[0].dates[0]);
	bdate = long_date(c.birth, bm, bd);
	f[0].sentence = xasprintf("%s was born in %s on %s.", S, f[0].obj, bdate);
	free(bdate);
	f[1].pred = "grew up in";
	f[1].obj = object(&c, L_PLACE);
	f[1].order = c.birth;
	f[1].detail = xasprintf("background: %s family", backgrounds[bg]);
	f[1].sentence = xasprintf("%s grew up in %s in %s %s family.", S,
	    f[1].obj, article(backgrounds[bg]), backgrounds[bg]);
	f[2].pred = "child of";
	f[2].obj = object(&c, L_LAST);
	f[2].order = c.birth;
	f[2].detail = xstrdup("");
	f[2].sentence = xasprintf("%s was the child of %s.", S, f[2].obj);
	for (i = 3; i < n - dead; i++)
		relation(&c, arch, bg, draw_relation(r, arch), S, &f[i]);
	if (dead) {
		f[n - 1].pred = "died in";
		f[n - 1].obj = object(&c, L_PLACE);
		f[n - 1].dates[f[n - 1].ndates++] = iso(c.death, dm, dd);
		f[n - 1].order = c.death;
		f[n - 1].detail = xasprintf("date: %s", f[n - 1].dates[0]);
		bdate = long_date(c.death, dm, dd);
		f[n - 1].sentence = xasprintf("%s died in %s on %s.", S,
		    f[n - 1].obj, bdate);
		free(bdate);
	}
	/* the drawn relations in date order (stable) */
	for (i = 4; i < n - dead; i++)
		for (j = i; j > 3 && f[j - 1].order > f[j].order; j--) {
			tmp = f[j];
			f[j] = f[j - 1];
			f[j - 1] = tmp;
		}

	gold = cJSON_CreateObject();
	cJSON_AddStringToObject(gold, "subject", S);
	cJSON_AddStringToObject(gold, "first", first);
	cJSON_AddStringToObject(gold, "last", c.last);
	cJSON_AddStringToObject(gold, "pronoun", sex ? "she" : "he");
	cJSON_AddStringToObject(gold, "archetype", archetypes[arch].name);
	cJSON_AddStringToObject(gold, "background", backgrounds[bg]);
	cJSON_AddNumberToObject(gold, "words", (double)nwords);
	facts = cJSON_AddArrayToObject(gold, "facts");
	for (i = 0; i < n; i++) {
		cJSON *o = cJSON_CreateObject(), *d;

		cJSON_AddStringToObject(o, "subject", S);
		cJSON_AddStringToObject(o, "predicate", f[i].pred);
		cJSON_AddStringToObject(o, "object", f[i].obj);
		d = cJSON_AddArrayToObject(o, "dates");
		for (j = 0; j < f[i].ndates; j++)
			cJSON_AddItemToArray(d, cJSON_CreateString(f[i].dates[j]));
		cJSON_AddStringToObject(o, "sentence", f[i].sentence);
		cJSON_AddItemToArray(facts, o);
		buf_printf(&tb, "%s- %s - %s - %s", i ? "\n" : "", S, f[i].pred,
		    f[i].obj);
		if (*f[i].detail)
			buf_printf(&tb, " (%s)", f[i].detail);
	}
	triples = xstrdup(buf_str(&tb));
	buf_free(&tb);

	vars = cJSON_CreateObject();
	cJSON_AddStringToObject(vars, "subject", S);
	cJSON_AddStringToObject(vars, "triples", triples);
	cJSON_AddNumberToObject(vars, "facts", (double)n);
	cJSON_AddNumberToObject(vars, "words", (double)nwords);
	rec_set(rec, "vars", vars);
	checks = cJSON_CreateArray();
	check = cJSON_CreateObject();
	cJSON_AddStringToObject(check, "kind", "facts");
	cJSON_AddNumberToObject(check, "count", (double)n);
	cJSON_AddItemToArray(checks, check);
	rec_set(rec, "checks", checks);
	rec_set(rec, "gold", gold);

	for (i = 0; i < n; i++) {
		free(f[i].detail);
		free(f[i].sentence);
		for (j = 0; j < f[i].ndates; j++)
			free(f[i].dates[j]);
	}
	for (i = 0; i < (long)c.nused; i++)
		free(c.used[i]);
	free(c.used);
	free(f);
	free(S);
	free(triples);
	return 0;
}

const lw_task lw_biog = {
	.name = "biog", .published = "KG_TO_TEXT",
	.init = biog_init, .gen = gen, .fini = biog_fini, .options = options,
};
