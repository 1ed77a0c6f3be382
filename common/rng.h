/*
 * rng.h: the Mersenne Twister exactly as CPython's random module drives it,
 * so that a seed draws the same values as the published Python generators
 * (checked against CPython 3.11).  The state is a plain struct the caller
 * owns; nothing is allocated except by rng_sample() (caller frees).
 */
#ifndef LG_RNG_H
#define LG_RNG_H

#include <stddef.h>
#include <stdint.h>

typedef struct {
	uint32_t mt[624];
	int mti;
} rng;

/* random.seed(n) for a non-negative integer given as 32-bit words, least
 * significant first (CPython uses abs(n)). */
void rng_seed_words(rng *r, const uint32_t *key, size_t n);
void rng_seed(rng *r, uint64_t n);

/* The next 624 words of the state (rng_u32() calls it). */
void rng_twist(rng *r);

static inline uint32_t
rng_u32(rng *r)
{
	uint32_t y;

	if (r->mti >= 624)
		rng_twist(r);
	y = r->mt[r->mti++];
	y ^= y >> 11;
	y ^= (y << 7) & 0x9d2c5680U;
	y ^= (y << 15) & 0xefc60000U;
	y ^= y >> 18;
	return y;
}
double rng_random(rng *r);			/* random() */
uint64_t rng_getrandbits(rng *r, int k);	/* getrandbits(k), k <= 64 */
uint64_t rng_below(rng *r, uint64_t n);		/* _randbelow(n), n > 0 */
int64_t rng_randrange(rng *r, int64_t start, int64_t stop, int64_t step);
int64_t rng_randint(rng *r, int64_t a, int64_t b);
size_t rng_choice(rng *r, size_t n);		/* index chosen by choice() */
/* choices(population of n, k=k) without weights: indexes into out[k]. */
void rng_choices(rng *r, size_t n, size_t *out, size_t k);
/* choices with cumulative weights cum[0..n). */
void rng_choices_cum(rng *r, const double *cum, size_t n, size_t *out, size_t k);
/* sample(range(n), k): indexes into out[k]; k <= n. */
void rng_sample(rng *r, size_t n, size_t *out, size_t k);
/* shuffle(x) of n elements of size sz. */
void rng_shuffle(rng *r, void *base, size_t n, size_t sz);

/* Seed of a LongWeave sample id: SHA-256 of the id as an integer, mod 2^32. */
uint32_t rng_seed_of_id(const char *id);

#endif
