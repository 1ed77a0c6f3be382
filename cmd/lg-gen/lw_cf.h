/*
 * lw_cf.h: the parts of lg-gen's cf task (lw_cf.c), private to them.
 *
 *   lw_cf_lib.c   the library: domains, function templates, comments and
 *                 imports of share/templates/longweave/cf/, loaded once
 *   lw_cf_draw.c  words and draws: a domain's words bound to a case, the
 *                 planted places and names drawn, templates rendered
 *   lw_cf_prog.c  the program: functions added up to the tier's size,
 *                 main() and the module assembled
 *   lw_cf_edit.c  line edits: a small Python lexer and the pycodestyle
 *                 violations planted in rendered lines, imports polluted
 *   lw_cf.c       the case: the parts above put together (gen)
 */
#ifndef LG_GEN_LW_CF_H
#define LG_GEN_LW_CF_H

#include <stddef.h>
#include <cjson/cJSON.h>

#include "buf.h"
#include "longweave.h"
#include "rng.h"

#define DIR "templates/longweave/cf/"
#define BYTES_PER_TOKEN 3.5
#define MAXLINE 79

enum { K_HELPER, K_STAGE, K_REPORT };
extern const char *const cf_kinds[3];	/* "helper", "stage", "report" */
enum { F_E, F_W, F_F, F_B, F_N, F_SIM, F_C4, NFAM };
extern const char *const cf_fams[NFAM];	/* "E", "W", ... "C4" */

typedef struct {
	char *plural, *noun, *text, *cat, *num;
	char **texts;
	size_t ntexts;
	char *cats[4];
	char *ints[2];
	long lo[2], hi[2];
	double nlo, nhi;
} domain;

typedef struct {
	int kind;
	char *name;		/* template of its function name */
	char **imp, **con, **need;
	size_t nimp, ncon, nneed;
	char *body;
	long line;		/* in functions.txt */
} frag;

/* The library, loaded by cf_init(), freed by cf_fini(). */
typedef struct {
	domain *dom;
	size_t ndom;
	frag *frag;
	size_t nfrag;
	char **comments, **imports;
	size_t ncomments, nimports;
} cf_library;
extern cf_library cf_lib;

typedef struct {
	char **k, **v;
	size_t n;
} dict;

/* A planted place (TAG) or a local name, and whether it is polluted. */
typedef struct {
	char **name;
	int *dirty;
	size_t n;
} picks;

typedef struct {
	const dict *w;
	const picks *tags, *ids;
	int dirty;		/* render the polluted form */
	char *err;
} render_ctx;

typedef struct {
	char **v;
	size_t n;
} strs;

typedef struct {
	const lw_case *c;
	const domain *d;
	rng *r;
	double rate;
	strs names;		/* function names used (clean) */
	strs cnames, cvals;	/* module constants */
	strs imports;		/* modules the clean program uses */
	struct buf clean, dirty;	/* the functions, in order */
	struct buf mclean, mdirty;	/* the body of main() */
	long planted[NFAM];
	long defs;
	char *err;
} program;

typedef struct {
	char *s;
	char *code;		/* 1 where s is code, not a string or a comment */
	int *depth;		/* bracket depth before each byte */
	size_t n;
	int depth0, depth1;	/* at the start and the end of the line */
} lexed;

/* Candidates of a pattern in code: collect, then pick one at random. */
typedef struct {
	size_t at[256];
	size_t n;
} spots;

/* lw_cf.c: --rows, the table's rows; 0: drawn by the tier */
extern long lw_cf_rows;

/* lw_cf_lib.c: the library: init and fini of the task, and small list helpers */
int cf_init(void);
void cf_fini(void);
char *cf_field(char **s, int sep);
void cf_push(char ***v, size_t *n, char *s);

/* lw_cf_draw.c: words bound to a case, planted places drawn, templates rendered */
char *cf_badcase(const char *s, int camel);
void cf_bind(dict *w, const domain *d, rng *r);
char *cf_capital(const char *s);
void cf_dict_free(dict *d);
void cf_dict_set(dict *d, const char *k, char *v);
void cf_draw_picks(const char *s, picks *tags, picks *ids, double rate, rng *r);
int cf_family(const char *tag);
void cf_picks_free(picks *p);
char *cf_render(render_ctx *x, const char *body);

/* lw_cf_prog.c: the program: names, functions, rows, the assembled module */
int cf_add_frag(program *p, const frag *f, int as_helper);
char *cf_assemble(program *p, const char *rowtext, int dirty);
long cf_count_lines(const char *s);
void cf_rows(program *p, struct buf *b);
void cf_strs_add(strs *l, char *s);
void cf_strs_free(strs *l);
int cf_strs_has(const strs *l, const char *s);
int cf_cmp_str(const void *a, const void *b);

/* lw_cf_edit.c: pollution: line edits and imports */
char *cf_pollute(program *p, char *text);
void cf_program_free(program *p);

#endif
