/*
 * bootrng.h: the generator of the bootstrap's draws, lg-agg's and the
 * charts' (chartci.h), so that their intervals agree: xoshiro256** (Blackman
 * and Vigna), its state filled by splitmix64 from the seed words, and
 * draws in [0, n) by Lemire's multiply-and-reject ("Fast random integer
 * generation in an interval", 2019): unbiased, one product per draw but
 * for a rare rejection.  Not CPython's generator (rng.h): nothing
 * published is reproduced by these draws, only their distribution.
 */
#ifndef LG_BOOTRNG_H
#define LG_BOOTRNG_H

#include <stddef.h>
#include <stdint.h>

typedef struct {
	uint64_t s[4];
} bootrng;

/* A state from n seed words (the same words, the same draws). */
void bootrng_seed(bootrng *r, const uint32_t *key, size_t n);

static inline uint64_t
bootrng_rotl(uint64_t x, int k)
{
	return (x << k) | (x >> (64 - k));
}

static inline uint64_t
bootrng_u64(bootrng *r)
{
	uint64_t *s = r->s, v = bootrng_rotl(s[1] * 5, 7) * 9, t = s[1] << 17;

	s[2] ^= s[0];
	s[3] ^= s[1];
	s[1] ^= s[2];
	s[0] ^= s[3];
	s[2] ^= t;
	s[3] = bootrng_rotl(s[3], 45);
	return v;
}

/*
 * Draws past 2^32 values: masked rejection of 64-bit draws.  Inline, as
 * the rest: a state whose address no call takes stays in registers.
 */
static inline uint64_t
bootrng_below_big(bootrng *r, uint64_t n)
{
	uint64_t mask = n - 1, v;

	mask |= mask >> 1;
	mask |= mask >> 2;
	mask |= mask >> 4;
	mask |= mask >> 8;
	mask |= mask >> 16;
	mask |= mask >> 32;
	do
		v = bootrng_u64(r) & mask;
	while (v >= n);
	return v;
}

/* A uniform draw in [0, n), n > 0. */

static inline uint64_t
bootrng_below(bootrng *r, uint64_t n)
{
	uint64_t m;
	uint32_t l, t;

	if (n > UINT32_MAX)
		return bootrng_below_big(r, n);
	m = (bootrng_u64(r) >> 32) * n;
	l = (uint32_t)m;
	if (l < n) {
		t = (uint32_t)(-(uint32_t)n % (uint32_t)n);
		while (l < t) {
			m = (bootrng_u64(r) >> 32) * n;
			l = (uint32_t)m;
		}
	}
	return m >> 32;
}

#endif
