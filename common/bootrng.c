/* bootrng.c: the bootstrap's generator (bootrng.h). */
#include "bootrng.h"

static uint64_t
splitmix64(uint64_t *x)
{
	uint64_t z = (*x += 0x9e3779b97f4a7c15u);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
	return z ^ (z >> 31);
}

void
bootrng_seed(bootrng *r, const uint32_t *key, size_t n)
{
	uint64_t x = n;
	size_t i;

	/* each word mixed in turn: other words, another state */
	for (i = 0; i < n; i++) {
		x ^= key[i];
		x = splitmix64(&x);
	}
	for (i = 0; i < 4; i++)
		r->s[i] = splitmix64(&x);
}
