/*
 * tags.h: lg-tags, failure tags of scored records.  main.c parses the
 * options and runs tag_record() on each record (rec_filter); tag.c decides
 * the tags from what the record carries, with the units of its task
 * (tasks.c) and the text tests of text.c.  The record gets "tags" (an
 * array of the tag names, in the order of tag_names[]) and "units" (what
 * was counted); nothing else of it changes.
 */
#ifndef LG_TAGS_H
#define LG_TAGS_H

#include <stddef.h>
#include <stdint.h>
#include <cjson/cJSON.h>

#include "jsonl.h"

enum {
	TAG_REASONING,	/* cut-reasoning */
	TAG_TRUNCATED,	/* truncated */
	TAG_REFUSED,	/* refused */
	TAG_FORMAT,	/* format */
	TAG_STOPPED,	/* stopped */
	TAG_SKIPPED,	/* skipped */
	TAG_REPEATED,	/* repeated */
	TAG_LOOPING,	/* looping */
	NTAGS
};
extern const char *const tag_names[NTAGS];

/* The fewest words of a paragraph or an entry compared for repeats. */
#define TAG_UNIT_WORDS 5

/* The most items or units a record may declare or hold. */
#define TAG_MAX_UNITS 10000000L

/*
 * What a task's reader finds in an answer.  Items are what the case asks
 * for, numbered 1..want (entries, facts, questions, segments); units are
 * the pieces of text the answer is made of (entries, paragraphs, pairs,
 * rows, blocks), hashed to find repeats.  The arrays belong to the
 * structure (tag_units_free()).
 */
typedef struct {
	const char *kind;	/* "entry", "paragraph", "pair", ... */
	long want;		/* items asked for; 0 when the task has none */
	unsigned char *seen;	/* want + 1 counts, capped at 2, of items 1..want */
	long written;		/* items written, repeats included */
	int counted;		/* items are counted, not named: seen unused,
				 * present says how many of want are there */
	long present;
	int ends;		/* the answer reached its end (a closing brace,
				 * a closed fence, its word target) */
	int readable;		/* the scorer could read the answer's form */
	int units_present;	/* the answer holds at least one item or unit */
	int dup_item;		/* an item written twice */
	long copies;		/* units that repeat one already counted,
				 * known without their text */
	uint64_t *hash;		/* each unit's text, hashed */
	size_t nunits, capunits;
} tag_units;

void tag_units_init(tag_units *u, const char *kind, long want);
void tag_units_free(tag_units *u);
/* An item written: at in 1..want, anything else is not counted. */
void tag_item(tag_units *u, long at);
/* A unit of text s[0..len), blanks folded; empty units are not counted. */
void tag_unit(tag_units *u, const char *s, size_t len);
/* Distinct units over units, or -1 when there are none. */
double tag_distinct(const tag_units *u);

/*
 * A task's reader: fill u from the record and its answer s[0..len).
 * Returns NULL, or the problem that keeps the record from being tagged
 * (a field a scorer should have written, out of range).
 */
typedef const char *(*tag_reader)(const cJSON *rec, const char *s, size_t len,
    tag_units *u);

typedef struct {
	const char *bench, *task;
	tag_reader read;
} tag_task;
extern const tag_task tag_tasks[];
extern const size_t tag_ntasks;

/* text.c */
/* The output ends in three or more copies of one span (see lg-tags(1)). */
int tag_looping(const char *s, size_t len);
/* A short answer that opens with a refusal. */
int tag_refusal(const char *s, size_t len);
/* Nothing but white space. */
int tag_blank(const char *s, size_t len);
/* "<think>" without a "</think>" after it. */
int tag_open_think(const char *s, size_t len);
/* Paragraphs: pieces between blank lines, each given to tag_unit(). */
void tag_paragraphs(tag_units *u, const char *s, size_t len);

/* rec_filter's function: arg unused. */
int tag_record(cJSON *rec, jsonl *in, void *arg);
/* --list-tasks */
void tag_list_tasks(void);

#endif
