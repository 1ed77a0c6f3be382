/*
 * lg-gen longweave: the sr task (SALES_REPORT_GENERATION), a sales report written from
 * a CSV table of one month's orders.  The table is synthetic and seeded;
 * the questions asked in the prompt are answered by the analysis engine
 * below, and each answer (entities and numbers) is the record's verifier.
 *
 * Lists: share/templates/longweave/sr/ (reps, products with category and
 * unit price, cities, customer name stems and suffixes).  Draws, in order:
 * the month of 2024; 20 representatives (sample of the list); the planted
 * biases (overall target exceed/meet/miss, growth positive/flat/negative,
 * top and bottom representative, top product (among those whose expected
 * order value is at least 1/2.5 of the largest), new-customer rate
 * low/medium/high); 30 existing customers (names and cities); then per
 * order: day, representative (weights 3.5 top, 0.2 bottom), product
 * (weight 3.5 top), new customer or not, quantity, price noise.  Orders:
 * 50, 100, 200, 400 at 1k to 8k, or --records.  Once every name of
 * stem and suffix is taken, new customers' names get a number: 2, 3, ....
 * --words replaces the report's word target (1024 to 8192 by tier).  The regional target and the previous
 * month's sales are set from the drawn total so that the planted outcome
 * holds; representatives' targets scatter around an even share.
 * Questions: 16, 32, 48 drawn from the question types at 1k to 4k, every
 * type at 8k, in type order.
 *
 * Money is in cents in the table's arithmetic and shown as "USD 1,093,253"
 * (whole dollars); percentages with one decimal.  Ties in rankings go to
 * the name that sorts first.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "diag.h"
#include "longweave.h"
#include "record.h"
#include "share.h"
#include "xalloc.h"

#define DIR "templates/longweave/sr/"
#define NREPS 20
#define NEXIST 30

typedef struct {
	char *name, *cat;
	long price;
} product;

static char **reps, **cities, **stems, **sufs;
static size_t nreps, ncities, nstems, nsufs, nprods;
static product *prods;

/* The list's entries: no empty ones, none that would need CSV quoting. */
static char **
read_list(const char *rel, size_t *n)
{
	char **v = lw_read_list(rel, "sr lists", n);
	size_t i, k = 0;

	if (v == NULL)
		return NULL;
	for (i = 0; i < *n; i++) {
		if (v[i][0] == '\0' || strchr(v[i], ',') || strchr(v[i], '"'))
			free(v[i]);
		else
			v[k++] = v[i];
	}
	v[k] = NULL;
	*n = k;
	return v;
}

static void
free_list(char **v, size_t n)
{
	size_t i;

	if (v == NULL)
		return;
	for (i = 0; i < n; i++)
		free(v[i]);
	free(v);
}

static void
fini(void)
{
	size_t i;

	free_list(reps, nreps);
	free_list(cities, ncities);
	free_list(stems, nstems);
	free_list(sufs, nsufs);
	for (i = 0; i < nprods; i++)
		free(prods[i].name);
	free(prods);
	reps = cities = stems = sufs = NULL;
	prods = NULL;
	nprods = 0;
}

static int
init(void)
{
	char **pl;
	size_t np, i;

	reps = read_list(DIR "reps.txt", &nreps);
	cities = read_list(DIR "cities.txt", &ncities);
	stems = read_list(DIR "stems.txt", &nstems);
	sufs = read_list(DIR "suffixes.txt", &nsufs);
	pl = read_list(DIR "products.txt", &np);
	if (reps == NULL || cities == NULL || stems == NULL || sufs == NULL ||
	    pl == NULL)
		goto bad;
	prods = xcalloc(np + 1, sizeof *prods);
	for (i = 0; i < np; i++) {
		char *a = strchr(pl[i], '|'), *b = a ? strchr(a + 1, '|') : NULL;
		char *end;

		if (b == NULL)
			continue;
		*a = *b = '\0';
		prods[nprods].price = strtol(b + 1, &end, 10);
		if (*end != '\0' || prods[nprods].price <= 0 ||
		    prods[nprods].price > 1000000)
			continue;
		prods[nprods].name = pl[i];
		prods[nprods].cat = a + 1;
		pl[i] = NULL;
		nprods++;
	}
	free_list(pl, np);
	if (nreps < NREPS || ncities < 2 || nprods < 3 ||
	    nstems * nsufs < NEXIST + 400) {
		lg_warn("the sr lists are too short");
		goto bad;
	}
	return 0;
bad:
	fini();
	return -1;
}

/* The table. */
typedef struct {
	int day, rep, city, isnew, prod;
	long qty;
	long long cents;
	char *cust;
} order;

typedef struct {
	int year, month, days;
	const char *rep[NREPS];
	long long rep_target[NREPS];	/* cents */
	long long target, prev;		/* cents */
	order *o;
	size_t n;
	/* sums of the orders: revenue (cents) of all, of the first half
	 * (days 1 to mid) and of the second; units */
	long long total, half1, half2;
	long units;
	int mid;
} table;

static const char *dow_names[] = { "Sunday", "Monday", "Tuesday",
	"Wednesday", "Thursday", "Friday", "Saturday" };

/* Day of week, 0 = Sunday (Sakamoto). */
static int
dow(int y, int m, int d)
{
	static const int t[] = { 0, 3, 2, 5, 0, 3, 5, 1, 4, 6, 2, 4 };

	if (m < 3)
		y--;
	return (y + y / 4 - y / 100 + y / 400 + t[m - 1] + d) % 7;
}

/* Grouping: one row per key. */
typedef struct {
	const char *key;
	long long cents, target;
	long deals, units, newc;
} grp;

typedef struct {
	grp *g;
	size_t n;
} grpset;

static grp *
gs_get(grpset *s, const char *key)
{
	size_t i;

	for (i = 0; i < s->n; i++)
		if (strcmp(s->g[i].key, key) == 0)
			return &s->g[i];
	s->g = xreallocarray(s->g, s->n + 1, sizeof *s->g);
	memset(&s->g[s->n], 0, sizeof *s->g);
	s->g[s->n].key = key;
	return &s->g[s->n++];
}

static void
gs_add(grpset *s, const char *key, const order *o)
{
	grp *g = gs_get(s, key);

	g->cents += o->cents;
	g->deals++;
	g->units += o->qty;
	g->newc += o->isnew;
}

enum { M_NONE, M_REV, M_DEALS, M_UNITS, M_AVG, M_ACH, M_NEW };

static double
metric(const grp *g, int m)
{
	switch (m) {
	case M_REV: return (double)g->cents;
	case M_DEALS: return (double)g->deals;
	case M_UNITS: return (double)g->units;
	case M_AVG: return (double)g->cents / (double)g->deals;
	case M_ACH: return 100.0 * (double)g->cents / (double)g->target;
	default: return (double)g->newc;
	}
}

static int sort_metric, sort_low;

static int
cmp_grp(const void *a, const void *b)
{
	const grp *x = a, *y = b;
	double u = metric(x, sort_metric), v = metric(y, sort_metric);

	if (u != v)
		return (u < v) == !sort_low ? 1 : -1;
	return strcmp(x->key, y->key);
}

/* Sort s by metric m, highest first (or lowest when low), ties by name. */
static void
rank(grpset *s, int m, int low)
{
	sort_metric = m;
	sort_low = low;
	qsort(s->g, s->n, sizeof *s->g, cmp_grp);
}

/* The verifier item being built. */
typedef struct {
	cJSON *ents, *nums;
	struct buf ans;
} item;

static void
fmt_usd(char *b, size_t sz, double dollars)
{
	char raw[64], *p = raw;
	size_t len, i, k = 0;
	int lead;

	snprintf(raw, sizeof raw, "%.0f", dollars);
	if (strcmp(raw, "-0") == 0)
		p++;
	k = (size_t)snprintf(b, sz, "USD ");
	if (*p == '-')
		b[k++] = *p++;
	len = strlen(p);
	lead = (int)(len % 3);
	for (i = 0; i < len && k + 2 < sz; i++) {
		if (i > 0 && (int)(i % 3) == lead % 3 && i != 0)
			b[k++] = ',';
		b[k++] = p[i];
	}
	b[k] = '\0';
}

static void
ent(item *it, const char *e)
{
	cJSON_AddItemToArray(it->ents, cJSON_CreateString(e));
}

static void
num(item *it, const char *kind, double v, const char *text)
{
	cJSON *n = cJSON_CreateObject();

	cJSON_AddStringToObject(n, "kind", kind);
	cJSON_AddNumberToObject(n, "value", v);
	cJSON_AddStringToObject(n, "text", text);
	cJSON_AddItemToArray(it->nums, n);
}

static double
parse_grouped(const char *s)
{
	double v = 0;

	for (; *s; s++)
		if (*s >= '0' && *s <= '9')
			v = v * 10 + (*s - '0');
	return v;
}

static void
usd_add(item *it, double cents, char *t, size_t sz)
{
	char b[64];

	fmt_usd(b, sizeof b, cents / 100.0);
	num(it, "usd", parse_grouped(b), b);
	snprintf(t, sz, "%s", b);
}

static void
pct(item *it, double v, char *t, size_t sz)
{
	char b[32];

	snprintf(b, sizeof b, "%.1f", fabs(v));
	if (strcmp(b, "-0.0") == 0)
		strcpy(b, "0.0");
	num(it, "pct", atof(b), b);
	snprintf(t, sz, "%s%%", b);
}

static void
cnt(item *it, long v, char *t, size_t sz)
{
	char b[32];

	snprintf(b, sizeof b, "%ld", v);
	num(it, "count", (double)v, b);
	snprintf(t, sz, "%s", b);
}

/* The groupings of the orders. */
enum { G_NONE, G_REP, G_CITY, G_PROD, G_CAT, G_CUST, G_DAY, G_WEEK };

/* What a grouping's row is, in answers. */
static const char *what[] = { "", "sales representative", "city",
	"product", "product category", "customer", "day", "week" };

/*
 * A question type: its question and cue; the function that answers it;
 * the grouping of the orders it looks at (by) and the metric that ranks
 * the groups (m, M_NONE to keep them in order of appearance), lowest
 * first when low (which otherwise picks the other side of a pair of
 * questions: missed targets, weekdays); and for a question within the
 * leader of by, the grouping ranked there (in).
 */
typedef struct question question;
typedef struct {
	const char *type, *question, *cue;
	void (*answer)(const question *, item *);
	int by, m, low, in;
} qtype;

/* A question being answered: its table, its type and the groups of the
 * type's grouping, ranked (none for G_NONE). */
struct question {
	const table *t;
	const qtype *type;
	grpset rows;
};

static const char *
week_name(int day)
{
	static const char *w[] = { "week 1", "week 2", "week 3", "week 4",
		"week 5" };

	return w[(day - 1) / 7];
}

/* Group the orders by field f (G_REP to G_WEEK), keeping only orders that
 * pass keep. */
static void
group(const table *t, int f, grpset *s, int (*keep)(const table *,
    const order *, const void *), const void *arg)
{
	size_t i;

	for (i = 0; i < t->n; i++) {
		const order *o = &t->o[i];
		const char *k;

		if (keep != NULL && !keep(t, o, arg))
			continue;
		switch (f) {
		case G_REP: k = t->rep[o->rep]; break;
		case G_CITY: k = cities[o->city]; break;
		case G_PROD: k = prods[o->prod].name; break;
		case G_CAT: k = prods[o->prod].cat; break;
		case G_CUST: k = o->cust; break;
		case G_DAY: k = dow_names[dow(t->year, t->month, o->day)]; break;
		default: k = week_name(o->day); break;
		}
		gs_add(s, k, o);
		if (f == G_REP)
			gs_get(s, k)->target = t->rep_target[o->rep];
	}
}

static int
keep_rep(const table *t, const order *o, const void *a)
{
	return strcmp(t->rep[o->rep], a) == 0;
}

static int
keep_cat(const table *t, const order *o, const void *a)
{
	(void)t;
	return strcmp(prods[o->prod].cat, a) == 0;
}

static int
keep_city(const table *t, const order *o, const void *a)
{
	(void)t;
	return strcmp(cities[o->city], a) == 0;
}

static double
share(long long part, long long total)
{
	return 100.0 * (double)part / (double)total;
}

#define T(x) x, sizeof x

/* The answers, one function per question type (or per family of them). */

static void
total_revenue(const question *q, item *it)
{
	char a[64];

	usd_add(it, (double)q->t->total, T(a));
	buf_printf(&it->ans, "The total sales revenue for the month was %s.", a);
}

static void
total_deals(const question *q, item *it)
{
	char a[64];

	cnt(it, (long)q->t->n, T(a));
	buf_printf(&it->ans, "The month saw %s transactions in all.", a);
}

static void
avg_deal(const question *q, item *it)
{
	char a[64];

	usd_add(it, (double)q->t->total / (double)q->t->n, T(a));
	buf_printf(&it->ans, "The average deal size across all transactions was %s.", a);
}

static void
target_achievement(const question *q, item *it)
{
	char a[64];

	pct(it, share(q->t->total, q->t->target), T(a));
	buf_printf(&it->ans, "Sales reached %s of the regional sales target.", a);
}

static void
target_gap(const question *q, item *it)
{
	char a[64];

	usd_add(it, (double)llabs(q->t->total - q->t->target), T(a));
	buf_printf(&it->ans, "Total sales %s the regional target by %s.",
	    q->t->total >= q->t->target ? "exceeded" : "fell short of", a);
}

static void
mom_growth(const question *q, item *it)
{
	char a[64];

	pct(it, 100.0 * (double)(q->t->total - q->t->prev) / (double)q->t->prev, T(a));
	buf_printf(&it->ans, "Against the previous month, revenue %s by %s.",
	    q->t->total >= q->t->prev ? "grew" : "declined", a);
}

static void
mom_change(const question *q, item *it)
{
	char a[64];

	usd_add(it, (double)llabs(q->t->total - q->t->prev), T(a));
	buf_printf(&it->ans, "Against the previous month, revenue %s by %s.",
	    q->t->total >= q->t->prev ? "rose" : "fell", a);
}

static void
first_half(const question *q, item *it)
{
	char a[64];

	usd_add(it, (double)q->t->half1, T(a));
	buf_printf(&it->ans, "The first half of the month (days 1 to %d) brought in %s.", q->t->mid, a);
}

static void
second_half(const question *q, item *it)
{
	char a[64];

	usd_add(it, (double)q->t->half2, T(a));
	buf_printf(&it->ans, "The second half of the month (from day %d) brought in %s.", q->t->mid + 1, a);
}

static void
half_momentum(const question *q, item *it)
{
	char a[64];

	pct(it, q->t->half1 ? 100.0 * (double)(q->t->half2 - q->t->half1) /
	    (double)q->t->half1 : 0, T(a));
	buf_printf(&it->ans, "Sales in the second half were %s %s than in the first half.",
	    a, q->t->half2 >= q->t->half1 ? "higher" : "lower");
}

static void
total_units(const question *q, item *it)
{
	char a[64];

	cnt(it, q->t->units, T(a));
	buf_printf(&it->ans, "In total, %s units were sold.", a);
}

/* The leader of q->by by revenue and its share of the total. */
static void
top1_share(const question *q, item *it)
{
	char a[64];

	ent(it, q->rows.g[0].key);
	pct(it, share(q->rows.g[0].cents, q->t->total), T(a));
	buf_printf(&it->ans, "The %s with the most revenue was %s, with %s of total revenue.",
	    what[q->type->by], q->rows.g[0].key, a);
}

static void
customer_top1(const question *q, item *it)
{
	char a[64];

	ent(it, q->rows.g[0].key);
	usd_add(it, (double)q->rows.g[0].cents, T(a));
	buf_printf(&it->ans, "The top customer by purchase value was %s, with %s.", q->rows.g[0].key, a);
}

static void
top1_revenue(const question *q, item *it)
{
	char a[64];

	ent(it, q->rows.g[0].key);
	usd_add(it, (double)q->rows.g[0].cents, T(a));
	buf_printf(&it->ans, "The top %s, %s, generated %s.", what[q->type->by],
	    q->rows.g[0].key, a);
}

static void
rank2(const question *q, item *it)
{
	char a[64];

	if (q->rows.n < 2) {
		ent(it, q->rows.g[0].key);
		usd_add(it, 0, T(a));
		buf_printf(&it->ans, "Only %s had sales, so no %s ranked second: a gap of %s.",
		    q->rows.g[0].key, what[q->type->by], a);
	} else {
		ent(it, q->rows.g[1].key);
		usd_add(it, (double)(q->rows.g[0].cents - q->rows.g[1].cents), T(a));
		buf_printf(&it->ans, "The %s ranked second in revenue was %s, %s behind the leader %s.",
		    what[q->type->by], q->rows.g[1].key, a, q->rows.g[0].key);
	}
}

/* The first 3 of s in a sentence, "The top 3 cities by revenue were ...";
 * the sum of their revenue. */
static long long
three(const grpset *s, const qtype *q, const char *by, item *it)
{
	long long sum = 0;
	size_t i, k = s->n < 3 ? s->n : 3;

	buf_printf(&it->ans, "The %s 3 %ss by %s were ", q->low ? "bottom" :
	    "top", what[q->by], by);
	for (i = 0; i < k; i++) {
		ent(it, s->g[i].key);
		sum += s->g[i].cents;
		buf_printf(&it->ans, "%s%s", i == 0 ? "" : i + 1 == k ? " and " :
		    ", ", s->g[i].key);
	}
	return sum;
}

/* The top 3 by revenue and their share together. */
static void
top3_share(const question *q, item *it)
{
	char a[64];

	pct(it, share(three(&q->rows, q->type, "revenue", it), q->t->total), T(a));
	buf_printf(&it->ans, ", with %s of revenue together.", a);
}

static void
bottom3(const question *q, item *it)
{
	three(&q->rows, q->type, "revenue", it);
	buf_puts(&it->ans, ".");
}

static void
top3_units(const question *q, item *it)
{
	three(&q->rows, q->type, "units sold", it);
	buf_puts(&it->ans, ".");
}

static void
bottom1(const question *q, item *it)
{
	char a[64];

	ent(it, q->rows.g[0].key);
	usd_add(it, (double)q->rows.g[0].cents, T(a));
	buf_printf(&it->ans, "The %s with the lowest revenue was %s, with %s.",
	    what[q->type->by], q->rows.g[0].key, a);
}

/* The strongest day of the week or week of the month. */
static void
strongest(const question *q, item *it)
{
	char a[64];

	ent(it, q->rows.g[0].key);
	usd_add(it, (double)q->rows.g[0].cents, T(a));
	buf_printf(&it->ans, "The strongest %s was %s, with %s.", q->type->by == G_DAY ?
	    "day of the week" : "week of the month", q->rows.g[0].key, a);
}

/* How many representatives met their targets, or with q->low missed them. */
static void
met_target(const question *q, item *it)
{
	long met = 0, miss = 0;
	size_t i;
	char a[64];

	for (i = 0; i < q->rows.n; i++) {
		if (q->rows.g[i].cents >= q->rows.g[i].target)
			met++;
		else
			miss++;
	}
	if (!q->type->low) {
		cnt(it, met, T(a));
		buf_printf(&it->ans, "Of the %zu representatives with sales, %s met or exceeded their sales targets.", q->rows.n, a);
	} else {
		cnt(it, miss, T(a));
		buf_printf(&it->ans, "Of the %zu representatives with sales, %s missed their sales targets.", q->rows.n, a);
	}
}

static void
avg_achievement(const question *q, item *it)
{
	double sum = 0;
	size_t i;
	char a[64];

	for (i = 0; i < q->rows.n; i++)
		sum += metric(&q->rows.g[i], M_ACH);
	pct(it, sum / (double)q->rows.n, T(a));
	buf_printf(&it->ans, "The average target achievement of the representatives was %s.", a);
}

static void
achievement(const question *q, item *it)
{
	char a[64];

	ent(it, q->rows.g[0].key);
	pct(it, metric(&q->rows.g[0], M_ACH), T(a));
	buf_printf(&it->ans, "%s had the %s target achievement, at %s of target.",
	    q->rows.g[0].key, q->type->low ? "lowest" : "highest", a);
}

static void
most_deals(const question *q, item *it)
{
	char a[64];

	ent(it, q->rows.g[0].key);
	cnt(it, q->rows.g[0].deals, T(a));
	buf_printf(&it->ans, "The %s with the most transactions was %s, with %s deals.",
	    what[q->type->by], q->rows.g[0].key, a);
}

static void
extreme_avg_deal(const question *q, item *it)
{
	char a[64];

	ent(it, q->rows.g[0].key);
	usd_add(it, metric(&q->rows.g[0], M_AVG), T(a));
	buf_printf(&it->ans, "The %s with the %s average deal size was %s, at %s.",
	    what[q->type->by], q->type->low ? "lowest" : "highest", q->rows.g[0].key, a);
}

static void
top1_avg_deal(const question *q, item *it)
{
	char a[64];

	ent(it, q->rows.g[0].key);
	usd_add(it, metric(&q->rows.g[0], M_AVG), T(a));
	buf_printf(&it->ans, "The top %s, %s, had an average deal size of %s.",
	    what[q->type->by], q->rows.g[0].key, a);
}

static void
top1_units(const question *q, item *it)
{
	char a[64];

	ent(it, q->rows.g[0].key);
	cnt(it, q->rows.g[0].units, T(a));
	buf_printf(&it->ans, "The product with the most units sold was %s, with %s units.",
	    q->rows.g[0].key, a);
}

static void
top1_avg_sale(const question *q, item *it)
{
	char a[64];

	ent(it, q->rows.g[0].key);
	usd_add(it, metric(&q->rows.g[0], M_AVG), T(a));
	buf_printf(&it->ans, "The top product by revenue, %s, had an average sale value of %s.",
	    q->rows.g[0].key, a);
}

static void
most_new(const question *q, item *it)
{
	char a[64];

	ent(it, q->rows.g[0].key);
	cnt(it, q->rows.g[0].newc, T(a));
	buf_printf(&it->ans, "%s won the most new customers, %s of them.",
	    q->rows.g[0].key, a);
}

/* The weekend's share of revenue, or with q->low the weekdays'. */
static void
weekend_share(const question *q, item *it)
{
	long long we = 0;
	size_t i;
	char a[64];

	for (i = 0; i < q->t->n; i++) {
		int d = dow(q->t->year, q->t->month, q->t->o[i].day);

		if (d == 0 || d == 6)
			we += q->t->o[i].cents;
	}
	if (!q->type->low) {
		pct(it, share(we, q->t->total), T(a));
		buf_printf(&it->ans, "Weekend sales made up %s of total revenue.", a);
	} else {
		pct(it, share(q->t->total - we, q->t->total), T(a));
		buf_printf(&it->ans, "Weekday sales made up %s of total revenue.", a);
	}
}

/* The orders of new customers: their number, and their revenue in *cents. */
static long
new_orders(const table *t, long long *cents)
{
	size_t i;
	long n = 0;

	*cents = 0;
	for (i = 0; i < t->n; i++)
		if (t->o[i].isnew) {
			*cents += t->o[i].cents;
			n++;
		}
	return n;
}

static void
new_count(const question *q, item *it)
{
	long long nc;
	char a[64];

	cnt(it, new_orders(q->t, &nc), T(a));
	buf_printf(&it->ans, "New customers placed %s orders.", a);
}

static void
new_share(const question *q, item *it)
{
	long long nc;
	char a[64];

	new_orders(q->t, &nc);
	pct(it, share(nc, q->t->total), T(a));
	buf_printf(&it->ans, "New customers brought %s of total revenue.", a);
}

static void
new_revenue(const question *q, item *it)
{
	long long nc;
	char a[64];

	new_orders(q->t, &nc);
	usd_add(it, (double)nc, T(a));
	buf_printf(&it->ans, "New customers brought in %s of revenue.", a);
}

static void
new_vs_existing(const question *q, item *it)
{
	long long nc;
	long nn = new_orders(q->t, &nc);
	char a[64], b[64];

	usd_add(it, nn ? (double)nc / (double)nn : 0, T(a));
	usd_add(it, (size_t)nn < q->t->n ? (double)(q->t->total - nc) /
	    (double)(q->t->n - (size_t)nn) : 0, T(b));
	buf_printf(&it->ans, "The average deal size was %s for new customers against %s for existing customers.", a, b);
}

static void
distinct(const question *q, item *it)
{
	char a[64];

	cnt(it, (long)q->rows.n, T(a));
	buf_printf(&it->ans, "Orders came from %s distinct customers.", a);
}

/* The leader by revenue of q->in within the leader of q->by. */
static void
cross(const question *q, item *it)
{
	int by = q->type->by;
	int (*keep)(const table *, const order *, const void *) =
	    by == G_REP ? keep_rep : by == G_CAT ? keep_cat : keep_city;
	grpset s2 = { 0 };
	char a[64];

	group(q->t, q->type->in, &s2, keep, q->rows.g[0].key);
	rank(&s2, M_REV, 0);
	ent(it, s2.g[0].key);
	usd_add(it, (double)s2.g[0].cents, T(a));
	buf_printf(&it->ans, "For the %s, %s, the leading %s by revenue was %s, with %s.",
	    by == G_REP ? "top sales representative" : by == G_CAT ?
	    "leading product category" : "top city", q->rows.g[0].key,
	    what[q->type->in], s2.g[0].key, a);
	free(s2.g);
}

/* The question types, in type order. */
static const qtype qtypes[] = {
	{ "total_revenue", "What was the total sales revenue for the month?",
	    "total sales revenue", total_revenue, G_NONE, M_NONE },
	{ "total_deals", "How many transactions were closed in the month?",
	    "transactions", total_deals, G_NONE, M_NONE },
	{ "avg_deal", "What was the average deal size across all transactions?",
	    "average deal size", avg_deal, G_NONE, M_NONE },
	{ "target_achievement", "What percentage of the regional sales target was achieved?",
	    "regional sales target", target_achievement, G_NONE, M_NONE },
	{ "target_gap", "By how much did total sales exceed or fall short of the regional target?",
	    "regional target", target_gap, G_NONE, M_NONE },
	{ "mom_growth", "What was the growth rate against the previous month's sales?",
	    "previous month", mom_growth, G_NONE, M_NONE },
	{ "mom_change", "What was the change in revenue against the previous month, in dollars?",
	    "previous month", mom_change, G_NONE, M_NONE },
	{ "first_half_revenue", "How much revenue came in during the first half of the month?",
	    "first half", first_half, G_NONE, M_NONE },
	{ "second_half_revenue", "How much revenue came in during the second half of the month?",
	    "second half", second_half, G_NONE, M_NONE },
	{ "half_momentum", "How did sales momentum change between the first and second half of the month?",
	    "second half", half_momentum, G_NONE, M_NONE },
	{ "rep_top1_share", "Who was the top sales representative by revenue and what was their share of total revenue?",
	    "top sales representative", top1_share, G_REP, M_REV },
	{ "rep_top1_revenue", "How much revenue did the top sales representative generate?",
	    "top sales representative", top1_revenue, G_REP, M_REV },
	{ "rep_rank2", "Who was the second-ranked sales representative and how far behind the leader were they?",
	    "second-ranked sales representative", rank2, G_REP, M_REV },
	{ "rep_top3", "Who were the top 3 sales representatives by revenue and what share of revenue did they generate together?",
	    "top 3 sales representatives", top3_share, G_REP, M_REV },
	{ "rep_bottom1", "Who was the lowest performing sales representative by revenue and how much did they sell?",
	    "lowest performing sales representative", bottom1, G_REP, M_REV, 1 },
	{ "rep_bottom3", "Who were the bottom 3 sales representatives by revenue?",
	    "bottom 3 sales representatives", bottom3, G_REP, M_REV, 1 },
	{ "rep_met_target", "How many sales representatives met or exceeded their sales targets?",
	    "met or exceeded", met_target, G_REP, M_NONE },
	{ "rep_missed_target", "How many sales representatives missed their sales targets?",
	    "missed", met_target, G_REP, M_NONE, 1 },
	{ "rep_avg_achievement", "What was the average target achievement percentage of the representatives?",
	    "average target achievement", avg_achievement, G_REP, M_NONE },
	{ "rep_highest_achievement", "Which sales representative had the highest target achievement percentage?",
	    "highest target achievement", achievement, G_REP, M_ACH },
	{ "rep_lowest_achievement", "Which sales representative had the lowest target achievement percentage?",
	    "lowest target achievement", achievement, G_REP, M_ACH, 1 },
	{ "rep_most_deals", "Which sales representative closed the most deals?",
	    "most deals", most_deals, G_REP, M_DEALS },
	{ "rep_highest_avg_deal", "Which sales representative had the highest average deal size?",
	    "highest average deal size", extreme_avg_deal, G_REP, M_AVG },
	{ "rep_lowest_avg_deal", "Which sales representative had the lowest average deal size?",
	    "lowest average deal size", extreme_avg_deal, G_REP, M_AVG, 1 },
	{ "rep_top1_avg_deal", "What was the top sales representative's average deal size?",
	    "average deal size", top1_avg_deal, G_REP, M_REV },
	{ "product_top1_share", "Which product generated the most revenue and what was its share of total revenue?",
	    "most revenue", top1_share, G_PROD, M_REV },
	{ "product_rank2", "Which product ranked second in revenue and how far behind the leader was it?",
	    "second in revenue", rank2, G_PROD, M_REV },
	{ "product_top3", "What were the top 3 products by revenue and what share of revenue did they generate together?",
	    "top 3 products", top3_share, G_PROD, M_REV },
	{ "product_bottom1", "Which product had the lowest revenue and how much did it bring in?",
	    "lowest revenue", bottom1, G_PROD, M_REV, 1 },
	{ "product_top1_units", "Which product had the highest sales volume in units?",
	    "units", top1_units, G_PROD, M_UNITS },
	{ "product_top3_units", "What were the top 3 products by units sold?",
	    "top 3 products by units", top3_units, G_PROD, M_UNITS },
	{ "total_units", "How many units were sold in total?",
	    "units", total_units, G_NONE, M_NONE },
	{ "product_top1_avg_sale", "What was the average sale value of the top product by revenue?",
	    "average sale value", top1_avg_sale, G_PROD, M_REV },
	{ "category_top1_share", "Which product category generated the most revenue and what was its share?",
	    "category", top1_share, G_CAT, M_REV },
	{ "category_top1_revenue", "How much revenue did the leading product category generate?",
	    "category", top1_revenue, G_CAT, M_REV },
	{ "category_bottom1", "Which product category contributed the least revenue and how much?",
	    "category", bottom1, G_CAT, M_REV, 1 },
	{ "category_top1_avg_deal", "What was the average deal size in the leading product category?",
	    "average deal size", top1_avg_deal, G_CAT, M_REV },
	{ "category_top3", "What were the top 3 product categories by revenue and what share did they generate together?",
	    "top 3 product categories", top3_share, G_CAT, M_REV },
	{ "city_top1_share", "Which city had the highest sales revenue and what was its share?",
	    "city", top1_share, G_CITY, M_REV },
	{ "city_rank2", "Which city ranked second in sales revenue and how far behind the top city was it?",
	    "second", rank2, G_CITY, M_REV },
	{ "city_top3", "What were the top 3 cities by sales revenue and what share did they generate together?",
	    "top 3 cities", top3_share, G_CITY, M_REV },
	{ "city_bottom1", "Which city had the lowest sales revenue and how much?",
	    "lowest sales revenue", bottom1, G_CITY, M_REV, 1 },
	{ "city_highest_avg_deal", "Which city had the highest average deal size?",
	    "highest average deal size", extreme_avg_deal, G_CITY, M_AVG },
	{ "city_lowest_avg_deal", "Which city had the lowest average deal size?",
	    "lowest average deal size", extreme_avg_deal, G_CITY, M_AVG, 1 },
	{ "city_most_deals", "Which city had the most transactions?",
	    "most transactions", most_deals, G_CITY, M_DEALS },
	{ "weekend_share", "What percentage of total revenue came from weekend sales?",
	    "weekend", weekend_share, G_NONE, M_NONE },
	{ "weekday_share", "What percentage of total revenue came from weekday sales?",
	    "weekday", weekend_share, G_NONE, M_NONE, 1 },
	{ "dow_top", "Which day of the week had the highest sales and how much?",
	    "day of the week", strongest, G_DAY, M_REV },
	{ "dow_bottom", "Which day of the week had the lowest sales and how much?",
	    "day of the week", bottom1, G_DAY, M_REV, 1 },
	{ "week_top", "Which week of the month (days 1-7 are week 1, days 8-14 week 2, and so on) had the highest sales?",
	    "week", strongest, G_WEEK, M_REV },
	{ "new_customer_count", "How many orders came from new customers?",
	    "new customers", new_count, G_NONE, M_NONE },
	{ "new_customer_share", "What percentage of total revenue came from new customers?",
	    "new customers", new_share, G_NONE, M_NONE },
	{ "new_customer_revenue", "How much revenue did new customers bring in?",
	    "new customers", new_revenue, G_NONE, M_NONE },
	{ "new_vs_existing_deal", "How did the average deal size for new customers compare to existing customers?",
	    "existing customers", new_vs_existing, G_NONE, M_NONE },
	{ "rep_most_new", "Which sales representative won the most new customers?",
	    "new customers", most_new, G_REP, M_NEW },
	{ "city_most_new", "In which city were the most new customers won?",
	    "new customers", most_new, G_CITY, M_NEW },
	{ "customer_top1", "Who was the single top customer by purchase value?",
	    "top customer", customer_top1, G_CUST, M_REV },
	{ "customer_top3_share", "Who were the top 3 customers by purchase value and what share of sales did they account for?",
	    "top 3 customers", top3_share, G_CUST, M_REV },
	{ "distinct_customers", "How many distinct customers placed orders?",
	    "distinct customers", distinct, G_CUST, M_NONE },
	{ "cross_top_rep_product", "What was the primary product by revenue for the top sales representative?",
	    "top sales representative", cross, G_REP, M_REV, 0, G_PROD },
	{ "cross_top_rep_city", "In which city did the top sales representative make most of their sales?",
	    "top sales representative", cross, G_REP, M_REV, 0, G_CITY },
	{ "cross_top_category_rep", "Who was the top sales representative within the leading product category?",
	    "leading product category", cross, G_CAT, M_REV, 0, G_REP },
	{ "cross_top_city_product", "What was the best-selling product by revenue in the top city?",
	    "top city", cross, G_CITY, M_REV, 0, G_PROD },
	{ "cross_top_city_rep", "Who was the leading sales representative by revenue in the top city?",
	    "top city", cross, G_CITY, M_REV, 0, G_REP },
};
#define NQ (sizeof qtypes / sizeof qtypes[0])

/* The sums of t's orders. */
static void
sum_up(table *t)
{
	size_t i;

	t->mid = (t->days + 1) / 2;
	t->total = t->half1 = t->half2 = t->units = 0;
	for (i = 0; i < t->n; i++) {
		t->total += t->o[i].cents;
		t->units += t->o[i].qty;
		if (t->o[i].day <= t->mid)
			t->half1 += t->o[i].cents;
		else
			t->half2 += t->o[i].cents;
	}
}

/* Money of the CSV: cents to "1234.56". */
static void
csv_money(struct buf *b, long long cents)
{
	buf_printf(b, "%lld.%02lld", cents / 100, cents % 100);
}

/* Mean quantity of an order of category cat (see the draws in gen()). */
static double
mean_qty(const char *cat)
{
	if (strcmp(cat, "Hardware") == 0)
		return 5.5;
	if (strcmp(cat, "Consumables") == 0)
		return 30;
	if (strcmp(cat, "Software") == 0)
		return 3;
	return 1;
}

/*
 * The planted top product: drawn among those whose expected order value is
 * at least 1/2.5 of the largest, so that its weight of 3.5 makes it lead.
 */
static int
draw_top_product(rng *r)
{
	double ev, max = 0;
	size_t i, n = 0, k;

	for (i = 0; i < nprods; i++)
		if ((ev = (double)prods[i].price * mean_qty(prods[i].cat)) > max)
			max = ev;
	for (i = 0; i < nprods; i++)
		n += (double)prods[i].price * mean_qty(prods[i].cat) * 2.5 >= max;
	k = rng_below(r, n);
	for (i = 0; i < nprods; i++)
		if ((double)prods[i].price * mean_qty(prods[i].cat) * 2.5 >= max &&
		    k-- == 0)
			return (int)i;
	return 0;
}

/*
 * The draws of a case besides its orders: the planted biases, the
 * existing customers, the customer names taken so far (used, nused, in
 * rounds) and the weights' scratch (cum).
 */
typedef struct {
	int otarget, growth, top, bottom, topprod, newrate;
	char *ecust[NEXIST];
	int ecity[NEXIST];
	size_t *used, ncombo, nused, round;
	double *cum;
} plan;

/* The month, the representatives, the biases and the existing customers. */
static void
draw_plan(table *t, plan *p, rng *r)
{
	static const int mdays[] = { 31, 29, 31, 30, 31, 30, 31, 31, 30, 31,
		30, 31 };
	size_t ri[NREPS], i;

	t->year = 2024;
	t->month = (int)rng_randint(r, 1, 12);
	t->days = mdays[t->month - 1];
	rng_sample(r, nreps, ri, NREPS);
	for (i = 0; i < NREPS; i++)
		t->rep[i] = reps[ri[i]];
	p->otarget = (int)rng_below(r, 3);
	p->growth = (int)rng_below(r, 3);
	p->top = (int)rng_below(r, NREPS);
	p->bottom = (int)((p->top + 1 + rng_below(r, NREPS - 1)) % NREPS);
	p->topprod = draw_top_product(r);
	p->newrate = (int)rng_below(r, 3);
	p->ncombo = nstems * nsufs;
	p->used = xcalloc(p->ncombo, sizeof *p->used);
	p->nused = NEXIST;
	p->round = 0;
	for (i = 0; i < NEXIST; i++) {
		size_t x;

		do
			x = rng_below(r, p->ncombo);
		while (p->used[x]);
		p->used[x] = 1;
		p->ecust[i] = xasprintf("%s %s", stems[x / nsufs], sufs[x % nsufs]);
		p->ecity[i] = (int)rng_below(r, ncities);
	}
	p->cum = xcalloc(NREPS > nprods ? NREPS : nprods, sizeof *p->cum);
}

static void
plan_free(plan *p)
{
	size_t i;

	for (i = 0; i < NEXIST; i++)
		free(p->ecust[i]);
	free(p->used);
	free(p->cum);
}

/* A new customer's name not taken yet: once every one is, a new round
 * begins whose names carry its number. */
static char *
new_name(plan *p, rng *r)
{
	size_t x;

	if (p->nused == p->ncombo) {	/* every name taken: a new round */
		memset(p->used, 0, p->ncombo * sizeof *p->used);
		p->nused = 0;
		p->round++;
	}
	do
		x = rng_below(r, p->ncombo);
	while (p->used[x]);
	p->used[x] = 1;
	p->nused++;
	return p->round == 0 ? xasprintf("%s %s", stems[x / nsufs],
	    sufs[x % nsufs]) : xasprintf("%s %s %zu", stems[x / nsufs],
	    sufs[x % nsufs], p->round + 1);
}

/* One order: day, representative, product, customer, quantity, price. */
static void
draw_order(plan *p, int days, order *o, rng *r)
{
	const product *pr;
	double w, acc, mult;
	size_t k;

	o->day = (int)rng_randint(r, 1, days);
	for (k = 0, acc = 0; k < NREPS; k++) {
		w = (int)k == p->top ? 3.5 : (int)k == p->bottom ? 0.2 : 1.0;
		p->cum[k] = acc += w;
	}
	rng_choices_cum(r, p->cum, NREPS, &k, 1);
	o->rep = (int)k;
	for (k = 0, acc = 0; k < nprods; k++) {
		w = (int)k == p->topprod ? 3.5 : 1.0;
		p->cum[k] = acc += w;
	}
	rng_choices_cum(r, p->cum, nprods, &k, 1);
	o->prod = (int)k;
	pr = &prods[o->prod];
	o->isnew = rng_random(r) < (p->newrate == 0 ? 0.08 : p->newrate == 1 ?
	    0.20 : 0.35);
	if (o->isnew) {
		o->cust = new_name(p, r);
		o->city = (int)rng_below(r, ncities);
	} else {
		k = rng_below(r, NEXIST);
		o->cust = xstrdup(p->ecust[k]);
		o->city = p->ecity[k];
	}
	if (strcmp(pr->cat, "Hardware") == 0)
		o->qty = (long)rng_randint(r, 1, 10);
	else if (strcmp(pr->cat, "Consumables") == 0)
		o->qty = (long)rng_randint(r, 10, 50);
	else if (strcmp(pr->cat, "Software") == 0)
		o->qty = (long)rng_randint(r, 1, 5);
	else
		o->qty = 1;
	mult = 0.9 + 0.2 * rng_random(r);
	if (o->rep == p->top)
		mult *= 1.1 + 0.4 * rng_random(r);
	else if (o->rep == p->bottom)
		mult *= 0.6 + 0.25 * rng_random(r);
	if (o->isnew)
		mult *= 0.9;
	o->cents = llround((double)o->qty * (double)pr->price * 100.0 * mult);
	if (o->cents < 5000)
		o->cents = 5000;
}

/* The planted outcome: the targets and the previous month from the total. */
static void
plant(table *t, const plan *p, rng *r)
{
	long long even;
	double w;
	size_t i;

	w = p->otarget == 0 ? 1.1 + 0.2 * rng_random(r) : p->otarget == 1 ?
	    0.99 + 0.02 * rng_random(r) : 0.7 + 0.2 * rng_random(r);
	t->target = llround((double)t->total / w / 100000.0) * 100000;
	w = p->growth == 0 ? 1.08 + 0.14 * rng_random(r) : p->growth == 1 ?
	    0.99 + 0.02 * rng_random(r) : 0.82 + 0.14 * rng_random(r);
	t->prev = llround((double)t->total / w / 100.0) * 100;	/* whole dollars, as shown */
	even = t->total / NREPS;
	for (i = 0; i < NREPS; i++)
		t->rep_target[i] = llround((double)even * (0.6 + 0.8 *
		    rng_random(r)) / 100000.0) * 100000 + 100000;
	if (t->target <= 0)
		t->target = 100000;
	if (t->prev <= 0)
		t->prev = 100;
}

/* The table as CSV, in date order. */
static void
write_csv(const table *t, struct buf *csv)
{
	size_t *ord = xcalloc(t->n, sizeof *ord), i, j, x;

	buf_puts(csv, "OrderID,OrderDate,SalespersonName,SalespersonTarget,"
	    "City,CustomerName,IsNewCustomer,ProductName,ProductCategory,"
	    "Quantity,UnitPrice,TotalSaleAmount\n");
	for (i = 0; i < t->n; i++)
		ord[i] = i;
	for (i = 1; i < t->n; i++)	/* stable insertion by day */
		for (j = i; j > 0 && t->o[ord[j - 1]].day > t->o[ord[j]].day; j--) {
			x = ord[j];
			ord[j] = ord[j - 1];
			ord[j - 1] = x;
		}
	for (i = 0; i < t->n; i++) {
		const order *o = &t->o[ord[i]];

		buf_printf(csv, "ORD-%04zu,%d-%02d-%02d,%s,", i + 1, t->year,
		    t->month, o->day, t->rep[o->rep]);
		csv_money(csv, t->rep_target[o->rep]);
		buf_printf(csv, ",%s,%s,%s,%s,%s,%ld,%ld.00,", cities[o->city],
		    o->cust, o->isnew ? "Yes" : "No", prods[o->prod].name,
		    prods[o->prod].cat, o->qty, prods[o->prod].price);
		csv_money(csv, o->cents);
		buf_putc(csv, '\n');
	}
	free(ord);
}

/* The question types asked (indexes into qtypes[], in type order), nq of
 * them: all at 8k, else a sample.  Caller frees. */
static size_t *
pick_questions(size_t tier_index, rng *r, size_t *nq)
{
	static const size_t nquest[] = { 16, 32, 48, NQ };
	size_t *qi = xcalloc(NQ, sizeof *qi), i, k;

	*nq = nquest[tier_index] < NQ ? nquest[tier_index] : NQ;
	if (*nq < NQ) {
		rng_sample(r, NQ, qi, *nq);
		/* type order */
		for (i = 1; i < *nq; i++)
			for (k = i; k > 0 && qi[k - 1] > qi[k]; k--) {
				size_t x = qi[k];

				qi[k] = qi[k - 1];
				qi[k - 1] = x;
			}
	} else
		for (i = 0; i < NQ; i++)
			qi[i] = i;
	return qi;
}

/* The vars of the template, but for the questions. */
static cJSON *
make_vars(const table *t, struct buf *csv, long nwords)
{
	static const char *mnames[] = { "January", "February", "March", "April",
		"May", "June", "July", "August", "September", "October",
		"November", "December" };
	cJSON *vars = cJSON_CreateObject();
	char m[64];

	snprintf(m, sizeof m, "%s %d", mnames[t->month - 1], t->year);
	cJSON_AddStringToObject(vars, "month", m);
	fmt_usd(m, sizeof m, (double)t->target / 100.0);
	cJSON_AddStringToObject(vars, "target", m);
	fmt_usd(m, sizeof m, (double)t->prev / 100.0);
	cJSON_AddStringToObject(vars, "previous", m);
	cJSON_AddStringToObject(vars, "csv", buf_str(csv));
	cJSON_AddNumberToObject(vars, "rows", (double)t->n);
	cJSON_AddNumberToObject(vars, "words", (double)nwords);
	return vars;
}

/* The gold, but for the items: the planted biases and the word target. */
static cJSON *
make_gold(const table *t, const plan *p, long nwords)
{
	static const char *ot[] = { "exceed", "meet", "miss" };
	static const char *gr[] = { "positive", "flat", "negative" };
	static const char *nr[] = { "low", "medium", "high" };
	cJSON *gold = cJSON_CreateObject();
	cJSON *bias = cJSON_AddObjectToObject(gold, "biases");

	cJSON_AddStringToObject(bias, "overall_target", ot[p->otarget]);
	cJSON_AddStringToObject(bias, "growth", gr[p->growth]);
	cJSON_AddStringToObject(bias, "top_rep", t->rep[p->top]);
	cJSON_AddStringToObject(bias, "bottom_rep", t->rep[p->bottom]);
	cJSON_AddStringToObject(bias, "top_product", prods[p->topprod].name);
	cJSON_AddStringToObject(bias, "new_customer", nr[p->newrate]);
	cJSON_AddNumberToObject(gold, "words", (double)nwords);
	return gold;
}

/* Question n (from 1) of type q: its entry in qs, its answer in items. */
static void
ask(const table *t, const qtype *q, size_t n, cJSON *qs, cJSON *items)
{
	cJSON *o = cJSON_CreateObject(), *g = cJSON_CreateObject();
	question qa;
	item it;

	cJSON_AddNumberToObject(o, "n", (double)n);
	cJSON_AddStringToObject(o, "question", q->question);
	cJSON_AddItemToArray(qs, o);
	it.ents = cJSON_CreateArray();
	it.nums = cJSON_CreateArray();
	memset(&it.ans, 0, sizeof it.ans);
	qa.t = t;
	qa.type = q;
	memset(&qa.rows, 0, sizeof qa.rows);
	if (q->by != G_NONE)
		group(t, q->by, &qa.rows, NULL, NULL);
	if (q->m != M_NONE)
		rank(&qa.rows, q->m, q->low);
	q->answer(&qa, &it);
	free(qa.rows.g);
	cJSON_AddStringToObject(g, "type", q->type);
	cJSON_AddStringToObject(g, "question", q->question);
	cJSON_AddStringToObject(g, "cue", q->cue);
	cJSON_AddItemToObject(g, "entities", it.ents);
	cJSON_AddItemToObject(g, "numbers", it.nums);
	cJSON_AddStringToObject(g, "answer", buf_str(&it.ans));
	cJSON_AddItemToArray(items, g);
	buf_free(&it.ans);
}

/* --records, the orders; --words; 0: the tier's */
static long records, opt_words;
static const lw_option options[] = {
	{ .name = "records", .min = 1, .max = LW_MAX_RECORDS, .num = &records },
	{ .name = "words", .min = 1, .max = LW_MAX_WORDS, .num = &opt_words },
	{ .name = NULL }
};

static int
gen(const lw_case *c, cJSON *rec, rng *r)
{
	static const long nord[] = { 50, 100, 200, 400 };
	static const int wtarget[] = { 1024, 2048, 4096, 8192 };
	long nwords = opt_words ? opt_words : wtarget[c->tier_index];
	size_t *qi, nq, i;
	table t;
	plan p;
	struct buf csv = { 0 };
	cJSON *vars, *qs, *gold, *items, *checks, *chk;

	memset(&t, 0, sizeof t);
	draw_plan(&t, &p, r);
	t.n = (size_t)(records ? records : nord[c->tier_index]);
	t.o = xcalloc(t.n, sizeof *t.o);
	for (i = 0; i < t.n; i++)
		draw_order(&p, t.days, &t.o[i], r);
	sum_up(&t);
	plant(&t, &p, r);
	write_csv(&t, &csv);
	qi = pick_questions(c->tier_index, r, &nq);

	vars = make_vars(&t, &csv, nwords);
	qs = cJSON_AddArrayToObject(vars, "questions");
	gold = make_gold(&t, &p, nwords);
	items = cJSON_AddArrayToObject(gold, "items");
	for (i = 0; i < nq; i++)
		ask(&t, &qtypes[qi[i]], i + 1, qs, items);
	rec_set(rec, "vars", vars);
	checks = cJSON_CreateArray();
	chk = cJSON_CreateObject();
	cJSON_AddStringToObject(chk, "kind", "questions");
	cJSON_AddNumberToObject(chk, "count", (double)nq);
	cJSON_AddItemToArray(checks, chk);
	rec_set(rec, "checks", checks);
	rec_set(rec, "gold", gold);

	for (i = 0; i < t.n; i++)
		free(t.o[i].cust);
	free(t.o);
	plan_free(&p);
	free(qi);
	buf_free(&csv);
	return 0;
}

const lw_task lw_sr = {
	.name = "sr", .published = "SALES_REPORT_GENERATION",
	.init = init, .gen = gen, .fini = fini, .options = options,
};
