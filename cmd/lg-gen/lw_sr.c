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
init(const lw_opts *o)
{
	char **pl;
	size_t np, i;

	(void)o;
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

enum { M_REV, M_DEALS, M_UNITS, M_AVG, M_ACH, M_NEW };

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
	buf ans;
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

/* The question types. */
typedef struct {
	const char *type, *question, *cue;
} qtype;

static const qtype qtypes[] = {
	{ "total_revenue", "What was the total sales revenue for the month?", "total sales revenue" },
	{ "total_deals", "How many transactions were closed in the month?", "transactions" },
	{ "avg_deal", "What was the average deal size across all transactions?", "average deal size" },
	{ "target_achievement", "What percentage of the regional sales target was achieved?", "regional sales target" },
	{ "target_gap", "By how much did total sales exceed or fall short of the regional target?", "regional target" },
	{ "mom_growth", "What was the growth rate against the previous month's sales?", "previous month" },
	{ "mom_change", "What was the change in revenue against the previous month, in dollars?", "previous month" },
	{ "first_half_revenue", "How much revenue came in during the first half of the month?", "first half" },
	{ "second_half_revenue", "How much revenue came in during the second half of the month?", "second half" },
	{ "half_momentum", "How did sales momentum change between the first and second half of the month?", "second half" },
	{ "rep_top1_share", "Who was the top sales representative by revenue and what was their share of total revenue?", "top sales representative" },
	{ "rep_top1_revenue", "How much revenue did the top sales representative generate?", "top sales representative" },
	{ "rep_rank2", "Who was the second-ranked sales representative and how far behind the leader were they?", "second-ranked sales representative" },
	{ "rep_top3", "Who were the top 3 sales representatives by revenue and what share of revenue did they generate together?", "top 3 sales representatives" },
	{ "rep_bottom1", "Who was the lowest performing sales representative by revenue and how much did they sell?", "lowest performing sales representative" },
	{ "rep_bottom3", "Who were the bottom 3 sales representatives by revenue?", "bottom 3 sales representatives" },
	{ "rep_met_target", "How many sales representatives met or exceeded their sales targets?", "met or exceeded" },
	{ "rep_missed_target", "How many sales representatives missed their sales targets?", "missed" },
	{ "rep_avg_achievement", "What was the average target achievement percentage of the representatives?", "average target achievement" },
	{ "rep_highest_achievement", "Which sales representative had the highest target achievement percentage?", "highest target achievement" },
	{ "rep_lowest_achievement", "Which sales representative had the lowest target achievement percentage?", "lowest target achievement" },
	{ "rep_most_deals", "Which sales representative closed the most deals?", "most deals" },
	{ "rep_highest_avg_deal", "Which sales representative had the highest average deal size?", "highest average deal size" },
	{ "rep_lowest_avg_deal", "Which sales representative had the lowest average deal size?", "lowest average deal size" },
	{ "rep_top1_avg_deal", "What was the top sales representative's average deal size?", "average deal size" },
	{ "product_top1_share", "Which product generated the most revenue and what was its share of total revenue?", "most revenue" },
	{ "product_rank2", "Which product ranked second in revenue and how far behind the leader was it?", "second in revenue" },
	{ "product_top3", "What were the top 3 products by revenue and what share of revenue did they generate together?", "top 3 products" },
	{ "product_bottom1", "Which product had the lowest revenue and how much did it bring in?", "lowest revenue" },
	{ "product_top1_units", "Which product had the highest sales volume in units?", "units" },
	{ "product_top3_units", "What were the top 3 products by units sold?", "top 3 products by units" },
	{ "total_units", "How many units were sold in total?", "units" },
	{ "product_top1_avg_sale", "What was the average sale value of the top product by revenue?", "average sale value" },
	{ "category_top1_share", "Which product category generated the most revenue and what was its share?", "category" },
	{ "category_top1_revenue", "How much revenue did the leading product category generate?", "category" },
	{ "category_bottom1", "Which product category contributed the least revenue and how much?", "category" },
	{ "category_top1_avg_deal", "What was the average deal size in the leading product category?", "average deal size" },
	{ "category_top3", "What were the top 3 product categories by revenue and what share did they generate together?", "top 3 product categories" },
	{ "city_top1_share", "Which city had the highest sales revenue and what was its share?", "city" },
	{ "city_rank2", "Which city ranked second in sales revenue and how far behind the top city was it?", "second" },
	{ "city_top3", "What were the top 3 cities by sales revenue and what share did they generate together?", "top 3 cities" },
	{ "city_bottom1", "Which city had the lowest sales revenue and how much?", "lowest sales revenue" },
	{ "city_highest_avg_deal", "Which city had the highest average deal size?", "highest average deal size" },
	{ "city_lowest_avg_deal", "Which city had the lowest average deal size?", "lowest average deal size" },
	{ "city_most_deals", "Which city had the most transactions?", "most transactions" },
	{ "weekend_share", "What percentage of total revenue came from weekend sales?", "weekend" },
	{ "weekday_share", "What percentage of total revenue came from weekday sales?", "weekday" },
	{ "dow_top", "Which day of the week had the highest sales and how much?", "day of the week" },
	{ "dow_bottom", "Which day of the week had the lowest sales and how much?", "day of the week" },
	{ "week_top", "Which week of the month (days 1-7 are week 1, days 8-14 week 2, and so on) had the highest sales?", "week" },
	{ "new_customer_count", "How many orders came from new customers?", "new customers" },
	{ "new_customer_share", "What percentage of total revenue came from new customers?", "new customers" },
	{ "new_customer_revenue", "How much revenue did new customers bring in?", "new customers" },
	{ "new_vs_existing_deal", "How did the average deal size for new customers compare to existing customers?", "existing customers" },
	{ "rep_most_new", "Which sales representative won the most new customers?", "new customers" },
	{ "city_most_new", "In which city were the most new customers won?", "new customers" },
	{ "customer_top1", "Who was the single top customer by purchase value?", "top customer" },
	{ "customer_top3_share", "Who were the top 3 customers by purchase value and what share of sales did they account for?", "top 3 customers" },
	{ "distinct_customers", "How many distinct customers placed orders?", "distinct customers" },
	{ "cross_top_rep_product", "What was the primary product by revenue for the top sales representative?", "top sales representative" },
	{ "cross_top_rep_city", "In which city did the top sales representative make most of their sales?", "top sales representative" },
	{ "cross_top_category_rep", "Who was the top sales representative within the leading product category?", "leading product category" },
	{ "cross_top_city_product", "What was the best-selling product by revenue in the top city?", "top city" },
	{ "cross_top_city_rep", "Who was the leading sales representative by revenue in the top city?", "top city" },
};
#define NQ (sizeof qtypes / sizeof qtypes[0])

static const char *
week_name(int day)
{
	static const char *w[] = { "week 1", "week 2", "week 3", "week 4",
		"week 5" };

	return w[(day - 1) / 7];
}

/* Group the orders by field f (0 rep, 1 city, 2 product, 3 category,
 * 4 customer, 5 weekday, 6 week), keeping only orders that pass keep. */
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
		case 0: k = t->rep[o->rep]; break;
		case 1: k = cities[o->city]; break;
		case 2: k = prods[o->prod].name; break;
		case 3: k = prods[o->prod].cat; break;
		case 4: k = o->cust; break;
		case 5: k = dow_names[dow(t->year, t->month, o->day)]; break;
		default: k = week_name(o->day); break;
		}
		gs_add(s, k, o);
		if (f == 0)
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

/* Answer question type q over t into it. */
static void
answer(const table *t, size_t q, item *it)
{
	const char *ty = qtypes[q].type;
	grpset s = { 0 }, s2 = { 0 };
	long long total = 0, half = 0, half2 = 0;
	long units = 0;
	char a[64], b[64], c[64];
	size_t i;
	int mid = (t->days + 1) / 2;

	for (i = 0; i < t->n; i++) {
		total += t->o[i].cents;
		units += t->o[i].qty;
		if (t->o[i].day <= mid)
			half += t->o[i].cents;
		else
			half2 += t->o[i].cents;
	}
	if (strcmp(ty, "total_revenue") == 0) {
		usd_add(it, (double)total, T(a));
		buf_printf(&it->ans, "The total sales revenue for the month was %s.", a);
	} else if (strcmp(ty, "total_deals") == 0) {
		cnt(it, (long)t->n, T(a));
		buf_printf(&it->ans, "The month saw %s transactions in all.", a);
	} else if (strcmp(ty, "avg_deal") == 0) {
		usd_add(it, (double)total / (double)t->n, T(a));
		buf_printf(&it->ans, "The average deal size across all transactions was %s.", a);
	} else if (strcmp(ty, "target_achievement") == 0) {
		pct(it, share(total, t->target), T(a));
		buf_printf(&it->ans, "Sales reached %s of the regional sales target.", a);
	} else if (strcmp(ty, "target_gap") == 0) {
		usd_add(it, (double)llabs(total - t->target), T(a));
		buf_printf(&it->ans, "Total sales %s the regional target by %s.",
		    total >= t->target ? "exceeded" : "fell short of", a);
	} else if (strcmp(ty, "mom_growth") == 0) {
		pct(it, 100.0 * (double)(total - t->prev) / (double)t->prev, T(a));
		buf_printf(&it->ans, "Against the previous month, revenue %s by %s.",
		    total >= t->prev ? "grew" : "declined", a);
	} else if (strcmp(ty, "mom_change") == 0) {
		usd_add(it, (double)llabs(total - t->prev), T(a));
		buf_printf(&it->ans, "Against the previous month, revenue %s by %s.",
		    total >= t->prev ? "rose" : "fell", a);
	} else if (strcmp(ty, "first_half_revenue") == 0) {
		usd_add(it, (double)half, T(a));
		buf_printf(&it->ans, "The first half of the month (days 1 to %d) brought in %s.", mid, a);
	} else if (strcmp(ty, "second_half_revenue") == 0) {
		usd_add(it, (double)half2, T(a));
		buf_printf(&it->ans, "The second half of the month (from day %d) brought in %s.", mid + 1, a);
	} else if (strcmp(ty, "half_momentum") == 0) {
		pct(it, half ? 100.0 * (double)(half2 - half) / (double)half : 0, T(a));
		buf_printf(&it->ans, "Sales in the second half were %s %s than in the first half.",
		    a, half2 >= half ? "higher" : "lower");
	} else if (strncmp(ty, "rep_", 4) == 0 || strncmp(ty, "product_", 8) == 0 ||
	    strncmp(ty, "category_", 9) == 0 || strncmp(ty, "city_", 5) == 0 ||
	    strncmp(ty, "customer_", 9) == 0 || strncmp(ty, "dow_", 4) == 0 ||
	    strcmp(ty, "week_top") == 0) {
		int f = ty[0] == 'r' ? 0 : ty[1] == 'i' ? 1 : ty[0] == 'p' ? 2 :
		    ty[1] == 'a' ? 3 : ty[1] == 'u' ? 4 : ty[0] == 'd' ? 5 : 6;
		const char *rest = strchr(ty, '_') + 1;
		static const char *what[] = { "sales representative", "city",
			"product", "product category", "customer", "day", "week" };

		group(t, f, &s, NULL, NULL);
		if (strcmp(ty, "city_most_new") == 0 || strcmp(ty, "rep_most_new") == 0) {
			rank(&s, M_NEW, 0);
			ent(it, s.g[0].key);
			cnt(it, s.g[0].newc, T(a));
			buf_printf(&it->ans, "%s won the most new customers, %s of them.",
			    s.g[0].key, a);
		} else if (strcmp(rest, "top1_share") == 0 || strcmp(rest, "top1") == 0) {
			rank(&s, M_REV, 0);
			ent(it, s.g[0].key);
			if (f == 4) {
				usd_add(it, (double)s.g[0].cents, T(a));
				buf_printf(&it->ans, "The top customer by purchase value was %s, with %s.", s.g[0].key, a);
			} else {
				pct(it, share(s.g[0].cents, total), T(a));
				buf_printf(&it->ans, "The %s with the most revenue was %s, with %s of total revenue.",
				    what[f], s.g[0].key, a);
			}
		} else if (strcmp(rest, "top1_revenue") == 0) {
			rank(&s, M_REV, 0);
			ent(it, s.g[0].key);
			usd_add(it, (double)s.g[0].cents, T(a));
			buf_printf(&it->ans, "The top %s, %s, generated %s.", f == 0 ?
			    "sales representative" : "product category", s.g[0].key, a);
		} else if (strcmp(rest, "rank2") == 0) {
			rank(&s, M_REV, 0);
			if (s.n < 2) {
				ent(it, s.g[0].key);
				usd_add(it, 0, T(a));
				buf_printf(&it->ans, "Only %s had sales, so no %s ranked second: a gap of %s.",
				    s.g[0].key, what[f], a);
			} else {
				ent(it, s.g[1].key);
				usd_add(it, (double)(s.g[0].cents - s.g[1].cents), T(a));
				buf_printf(&it->ans, "The %s ranked second in revenue was %s, %s behind the leader %s.",
				    what[f], s.g[1].key, a, s.g[0].key);
			}
		} else if (strcmp(rest, "top3") == 0 || strcmp(rest, "top3_share") == 0 ||
		    strcmp(rest, "top3_units") == 0 || strcmp(rest, "bottom3") == 0) {
			long long sum = 0;
			int u = strcmp(rest, "top3_units") == 0;
			int low = strcmp(rest, "bottom3") == 0;
			size_t k = s.n < 3 ? s.n : 3;

			rank(&s, u ? M_UNITS : M_REV, low);
			buf_printf(&it->ans, "The %s 3 %ss by %s were ", low ? "bottom" : "top",
			    what[f], u ? "units sold" : "revenue");
			for (i = 0; i < k; i++) {
				ent(it, s.g[i].key);
				sum += s.g[i].cents;
				buf_printf(&it->ans, "%s%s", i == 0 ? "" : i + 1 == k ? " and " : ", ",
				    s.g[i].key);
			}
			if (!u && !low) {
				pct(it, share(sum, total), T(a));
				buf_printf(&it->ans, ", with %s of revenue together.", a);
			} else
				buf_puts(&it->ans, ".");
		} else if (strcmp(rest, "bottom1") == 0 || strcmp(ty, "dow_bottom") == 0) {
			rank(&s, M_REV, 1);
			ent(it, s.g[0].key);
			usd_add(it, (double)s.g[0].cents, T(a));
			buf_printf(&it->ans, "The %s with the lowest revenue was %s, with %s.",
			    what[f], s.g[0].key, a);
		} else if (strcmp(ty, "dow_top") == 0 || strcmp(ty, "week_top") == 0) {
			rank(&s, M_REV, 0);
			ent(it, s.g[0].key);
			usd_add(it, (double)s.g[0].cents, T(a));
			buf_printf(&it->ans, "The strongest %s was %s, with %s.",
			    f == 5 ? "day of the week" : "week of the month", s.g[0].key, a);
		} else if (strcmp(rest, "met_target") == 0 || strcmp(rest, "missed_target") == 0) {
			long met = 0, miss = 0;

			for (i = 0; i < s.n; i++) {
				if (s.g[i].cents >= s.g[i].target)
					met++;
				else
					miss++;
			}
			if (rest[1] == 'e') {
				cnt(it, met, T(a));
				buf_printf(&it->ans, "Of the %zu representatives with sales, %s met or exceeded their sales targets.", s.n, a);
			} else {
				cnt(it, miss, T(a));
				buf_printf(&it->ans, "Of the %zu representatives with sales, %s missed their sales targets.", s.n, a);
			}
		} else if (strcmp(rest, "avg_achievement") == 0) {
			double sum = 0;

			for (i = 0; i < s.n; i++)
				sum += metric(&s.g[i], M_ACH);
			pct(it, sum / (double)s.n, T(a));
			buf_printf(&it->ans, "The average target achievement of the representatives was %s.", a);
		} else if (strcmp(rest, "highest_achievement") == 0 ||
		    strcmp(rest, "lowest_achievement") == 0) {
			int low = rest[0] == 'l';

			rank(&s, M_ACH, low);
			ent(it, s.g[0].key);
			pct(it, metric(&s.g[0], M_ACH), T(a));
			buf_printf(&it->ans, "%s had the %s target achievement, at %s of target.",
			    s.g[0].key, low ? "lowest" : "highest", a);
		} else if (strcmp(rest, "most_deals") == 0) {
			rank(&s, M_DEALS, 0);
			ent(it, s.g[0].key);
			cnt(it, s.g[0].deals, T(a));
			buf_printf(&it->ans, "The %s with the most transactions was %s, with %s deals.",
			    what[f], s.g[0].key, a);
		} else if (strcmp(rest, "highest_avg_deal") == 0 ||
		    strcmp(rest, "lowest_avg_deal") == 0) {
			int low = rest[0] == 'l';

			rank(&s, M_AVG, low);
			ent(it, s.g[0].key);
			usd_add(it, metric(&s.g[0], M_AVG), T(a));
			buf_printf(&it->ans, "The %s with the %s average deal size was %s, at %s.",
			    what[f], low ? "lowest" : "highest", s.g[0].key, a);
		} else if (strcmp(rest, "top1_avg_deal") == 0) {
			rank(&s, M_REV, 0);
			ent(it, s.g[0].key);
			usd_add(it, metric(&s.g[0], M_AVG), T(a));
			buf_printf(&it->ans, "The top %s, %s, had an average deal size of %s.",
			    what[f], s.g[0].key, a);
		} else if (strcmp(rest, "top1_units") == 0) {
			rank(&s, M_UNITS, 0);
			ent(it, s.g[0].key);
			cnt(it, s.g[0].units, T(a));
			buf_printf(&it->ans, "The product with the most units sold was %s, with %s units.",
			    s.g[0].key, a);
		} else if (strcmp(rest, "top1_avg_sale") == 0) {
			rank(&s, M_REV, 0);
			ent(it, s.g[0].key);
			usd_add(it, metric(&s.g[0], M_AVG), T(a));
			buf_printf(&it->ans, "The top product by revenue, %s, had an average sale value of %s.",
			    s.g[0].key, a);
		}
	} else if (strcmp(ty, "total_units") == 0) {
		cnt(it, units, T(a));
		buf_printf(&it->ans, "In total, %s units were sold.", a);
	} else if (strcmp(ty, "weekend_share") == 0 || strcmp(ty, "weekday_share") == 0) {
		long long we = 0;

		for (i = 0; i < t->n; i++) {
			int d = dow(t->year, t->month, t->o[i].day);

			if (d == 0 || d == 6)
				we += t->o[i].cents;
		}
		if (ty[4] == 'e') {
			pct(it, share(we, total), T(a));
			buf_printf(&it->ans, "Weekend sales made up %s of total revenue.", a);
		} else {
			pct(it, share(total - we, total), T(a));
			buf_printf(&it->ans, "Weekday sales made up %s of total revenue.", a);
		}
	} else if (strncmp(ty, "new_", 4) == 0) {
		long long nc = 0;
		long nn = 0;

		for (i = 0; i < t->n; i++)
			if (t->o[i].isnew) {
				nc += t->o[i].cents;
				nn++;
			}
		if (strcmp(ty, "new_customer_count") == 0) {
			cnt(it, nn, T(a));
			buf_printf(&it->ans, "New customers placed %s orders.", a);
		} else if (strcmp(ty, "new_customer_share") == 0) {
			pct(it, share(nc, total), T(a));
			buf_printf(&it->ans, "New customers brought %s of total revenue.", a);
		} else if (strcmp(ty, "new_customer_revenue") == 0) {
			usd_add(it, (double)nc, T(a));
			buf_printf(&it->ans, "New customers brought in %s of revenue.", a);
		} else {
			usd_add(it, nn ? (double)nc / (double)nn : 0, T(a));
			usd_add(it, (size_t)nn < t->n ? (double)(total - nc) /
			    (double)(t->n - (size_t)nn) : 0, T(b));
			buf_printf(&it->ans, "The average deal size was %s for new customers against %s for existing customers.", a, b);
		}
	} else if (strcmp(ty, "distinct_customers") == 0) {
		group(t, 4, &s, NULL, NULL);
		cnt(it, (long)s.n, T(a));
		buf_printf(&it->ans, "Orders came from %s distinct customers.", a);
	} else if (strncmp(ty, "cross_", 6) == 0) {
		int f = strstr(ty, "_rep_") && strncmp(ty, "cross_top_rep", 13) == 0 ? 0 :
		    strncmp(ty, "cross_top_category", 18) == 0 ? 3 : 1;
		int g = strcmp(ty + strlen(ty) - 3, "rep") == 0 ? 0 :
		    strcmp(ty + strlen(ty) - 4, "city") == 0 ? 1 : 2;
		int (*keep)(const table *, const order *, const void *) =
		    f == 0 ? keep_rep : f == 3 ? keep_cat : keep_city;
		static const char *lead[] = { "top sales representative", "top city",
			"", "leading product category" };

		group(t, f, &s, NULL, NULL);
		rank(&s, M_REV, 0);
		group(t, g, &s2, keep, s.g[0].key);
		rank(&s2, M_REV, 0);
		ent(it, s2.g[0].key);
		usd_add(it, (double)s2.g[0].cents, T(c));
		buf_printf(&it->ans, "For the %s, %s, the leading %s by revenue was %s, with %s.",
		    lead[f], s.g[0].key, g == 0 ? "sales representative" : g == 1 ?
		    "city" : "product", s2.g[0].key, c);
	}
	free(s.g);
	free(s2.g);
}

/* Money of the CSV: cents to "1234.56". */
static void
csv_money(buf *b, long long cents)
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

static int
gen(const lw_case *c, cJSON *rec, rng *r)
{
	static const int mdays[] = { 31, 29, 31, 30, 31, 30, 31, 31, 30, 31,
		30, 31 };
	static const char *mnames[] = { "January", "February", "March", "April",
		"May", "June", "July", "August", "September", "October",
		"November", "December" };
	static const long nord[] = { 50, 100, 200, 400 };
	static const size_t nquest[] = { 16, 32, 48, NQ };
	static const int wtarget[] = { 1024, 2048, 4096, 8192 };
	size_t ri[NREPS], *used, ncombo = nstems * nsufs, nq, i, k;
	size_t nused = NEXIST, round = 0;
	long nwords = c->opts->words ? c->opts->words : wtarget[c->tier_index];
	size_t *qi;
	int otarget, growth, top, bottom, topprod, newrate;
	double *cum, w, acc;
	long long total = 0, even;
	char *ecust[NEXIST];
	int ecity[NEXIST];
	table t;
	buf csv = { 0 };
	cJSON *vars, *qs, *gold, *items, *checks, *chk;

	memset(&t, 0, sizeof t);
	t.year = 2024;
	t.month = (int)rng_randint(r, 1, 12);
	t.days = mdays[t.month - 1];
	rng_sample(r, nreps, ri, NREPS);
	for (i = 0; i < NREPS; i++)
		t.rep[i] = reps[ri[i]];
	otarget = (int)rng_below(r, 3);
	growth = (int)rng_below(r, 3);
	top = (int)rng_below(r, NREPS);
	bottom = (int)((top + 1 + rng_below(r, NREPS - 1)) % NREPS);
	topprod = draw_top_product(r);
	newrate = (int)rng_below(r, 3);
	used = xcalloc(ncombo, sizeof *used);
	for (i = 0; i < NEXIST; i++) {
		size_t x;

		do
			x = rng_below(r, ncombo);
		while (used[x]);
		used[x] = 1;
		ecust[i] = xasprintf("%s %s", stems[x / nsufs], sufs[x % nsufs]);
		ecity[i] = (int)rng_below(r, ncities);
	}
	t.n = (size_t)(c->opts->records ? c->opts->records : nord[c->tier_index]);
	t.o = xcalloc(t.n, sizeof *t.o);
	cum = xcalloc(NREPS > nprods ? NREPS : nprods, sizeof *cum);
	for (i = 0; i < t.n; i++) {
		order *o = &t.o[i];
		const product *p;
		double mult;

		o->day = (int)rng_randint(r, 1, t.days);
		for (k = 0, acc = 0; k < NREPS; k++) {
			w = (int)k == top ? 3.5 : (int)k == bottom ? 0.2 : 1.0;
			cum[k] = acc += w;
		}
		rng_choices_cum(r, cum, NREPS, &k, 1);
		o->rep = (int)k;
		for (k = 0, acc = 0; k < nprods; k++) {
			w = (int)k == topprod ? 3.5 : 1.0;
			cum[k] = acc += w;
		}
		rng_choices_cum(r, cum, nprods, &k, 1);
		o->prod = (int)k;
		p = &prods[o->prod];
		o->isnew = rng_random(r) < (newrate == 0 ? 0.08 : newrate == 1 ?
		    0.20 : 0.35);
		if (o->isnew) {
			size_t x;

			if (nused == ncombo) {	/* every name taken: a new round */
				memset(used, 0, ncombo * sizeof *used);
				nused = 0;
				round++;
			}
			do
				x = rng_below(r, ncombo);
			while (used[x]);
			used[x] = 1;
			nused++;
			o->cust = round == 0 ? xasprintf("%s %s", stems[x / nsufs],
			    sufs[x % nsufs]) : xasprintf("%s %s %zu", stems[x / nsufs],
			    sufs[x % nsufs], round + 1);
			o->city = (int)rng_below(r, ncities);
		} else {
			k = rng_below(r, NEXIST);
			o->cust = xstrdup(ecust[k]);
			o->city = ecity[k];
		}
		if (strcmp(p->cat, "Hardware") == 0)
			o->qty = (long)rng_randint(r, 1, 10);
		else if (strcmp(p->cat, "Consumables") == 0)
			o->qty = (long)rng_randint(r, 10, 50);
		else if (strcmp(p->cat, "Software") == 0)
			o->qty = (long)rng_randint(r, 1, 5);
		else
			o->qty = 1;
		mult = 0.9 + 0.2 * rng_random(r);
		if (o->rep == top)
			mult *= 1.1 + 0.4 * rng_random(r);
		else if (o->rep == bottom)
			mult *= 0.6 + 0.25 * rng_random(r);
		if (o->isnew)
			mult *= 0.9;
		o->cents = llround((double)o->qty * (double)p->price * 100.0 * mult);
		if (o->cents < 5000)
			o->cents = 5000;
		total += o->cents;
	}
	/* the planted outcome: target and previous month from the total */
	w = otarget == 0 ? 1.1 + 0.2 * rng_random(r) : otarget == 1 ?
	    0.99 + 0.02 * rng_random(r) : 0.7 + 0.2 * rng_random(r);
	t.target = llround((double)total / w / 100000.0) * 100000;
	w = growth == 0 ? 1.08 + 0.14 * rng_random(r) : growth == 1 ?
	    0.99 + 0.02 * rng_random(r) : 0.82 + 0.14 * rng_random(r);
	t.prev = llround((double)total / w / 100.0) * 100;	/* whole dollars, as shown */
	even = total / NREPS;
	for (i = 0; i < NREPS; i++)
		t.rep_target[i] = llround((double)even * (0.6 + 0.8 *
		    rng_random(r)) / 100000.0) * 100000 + 100000;
	if (t.target <= 0)
		t.target = 100000;
	if (t.prev <= 0)
		t.prev = 100;

	/* the CSV, in date order */
	buf_puts(&csv, "OrderID,OrderDate,SalespersonName,SalespersonTarget,"
	    "City,CustomerName,IsNewCustomer,ProductName,ProductCategory,"
	    "Quantity,UnitPrice,TotalSaleAmount\n");
	{
		size_t *ord = xcalloc(t.n, sizeof *ord), j, x;

		for (i = 0; i < t.n; i++)
			ord[i] = i;
		for (i = 1; i < t.n; i++)	/* stable insertion by day */
			for (j = i; j > 0 && t.o[ord[j - 1]].day > t.o[ord[j]].day; j--) {
				x = ord[j];
				ord[j] = ord[j - 1];
				ord[j - 1] = x;
			}
		for (i = 0; i < t.n; i++) {
			const order *o = &t.o[ord[i]];

			buf_printf(&csv, "ORD-%04zu,%d-%02d-%02d,%s,", i + 1, t.year,
			    t.month, o->day, t.rep[o->rep]);
			csv_money(&csv, t.rep_target[o->rep]);
			buf_printf(&csv, ",%s,%s,%s,%s,%s,%ld,%ld.00,", cities[o->city],
			    o->cust, o->isnew ? "Yes" : "No", prods[o->prod].name,
			    prods[o->prod].cat, o->qty, prods[o->prod].price);
			csv_money(&csv, o->cents);
			buf_putc(&csv, '\n');
		}
		free(ord);
	}

	nq = nquest[c->tier_index] < NQ ? nquest[c->tier_index] : NQ;
	qi = xcalloc(NQ, sizeof *qi);
	if (nq < NQ) {
		rng_sample(r, NQ, qi, nq);
		/* type order */
		for (i = 1; i < nq; i++)
			for (k = i; k > 0 && qi[k - 1] > qi[k]; k--) {
				size_t x = qi[k];

				qi[k] = qi[k - 1];
				qi[k - 1] = x;
			}
	} else
		for (i = 0; i < NQ; i++)
			qi[i] = i;

	vars = cJSON_CreateObject();
	{
		char m[64];

		snprintf(m, sizeof m, "%s %d", mnames[t.month - 1], t.year);
		cJSON_AddStringToObject(vars, "month", m);
		fmt_usd(m, sizeof m, (double)t.target / 100.0);
		cJSON_AddStringToObject(vars, "target", m);
		fmt_usd(m, sizeof m, (double)t.prev / 100.0);
		cJSON_AddStringToObject(vars, "previous", m);
	}
	cJSON_AddStringToObject(vars, "csv", buf_str(&csv));
	cJSON_AddNumberToObject(vars, "rows", (double)t.n);
	cJSON_AddNumberToObject(vars, "words", (double)nwords);
	qs = cJSON_AddArrayToObject(vars, "questions");
	gold = cJSON_CreateObject();
	{
		static const char *ot[] = { "exceed", "meet", "miss" };
		static const char *gr[] = { "positive", "flat", "negative" };
		static const char *nr[] = { "low", "medium", "high" };
		cJSON *bias = cJSON_AddObjectToObject(gold, "biases");

		cJSON_AddStringToObject(bias, "overall_target", ot[otarget]);
		cJSON_AddStringToObject(bias, "growth", gr[growth]);
		cJSON_AddStringToObject(bias, "top_rep", t.rep[top]);
		cJSON_AddStringToObject(bias, "bottom_rep", t.rep[bottom]);
		cJSON_AddStringToObject(bias, "top_product", prods[topprod].name);
		cJSON_AddStringToObject(bias, "new_customer", nr[newrate]);
	}
	cJSON_AddNumberToObject(gold, "words", (double)nwords);
	items = cJSON_AddArrayToObject(gold, "items");
	for (i = 0; i < nq; i++) {
		cJSON *q = cJSON_CreateObject(), *g = cJSON_CreateObject();
		item it;

		cJSON_AddNumberToObject(q, "n", (double)i + 1);
		cJSON_AddStringToObject(q, "question", qtypes[qi[i]].question);
		cJSON_AddItemToArray(qs, q);
		it.ents = cJSON_CreateArray();
		it.nums = cJSON_CreateArray();
		memset(&it.ans, 0, sizeof it.ans);
		answer(&t, qi[i], &it);
		cJSON_AddStringToObject(g, "type", qtypes[qi[i]].type);
		cJSON_AddStringToObject(g, "question", qtypes[qi[i]].question);
		cJSON_AddStringToObject(g, "cue", qtypes[qi[i]].cue);
		cJSON_AddItemToObject(g, "entities", it.ents);
		cJSON_AddItemToObject(g, "numbers", it.nums);
		cJSON_AddStringToObject(g, "answer", buf_str(&it.ans));
		cJSON_AddItemToArray(items, g);
		buf_free(&it.ans);
	}
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
	for (i = 0; i < NEXIST; i++)
		free(ecust[i]);
	free(t.o);
	free(cum);
	free(used);
	free(qi);
	buf_free(&csv);
	return 0;
}

const lw_task lw_sr = { "sr", "SALES_REPORT_GENERATION", init, gen, fini };
