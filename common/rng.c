#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "rng.h"
#include "sha256.h"
#include "xalloc.h"

#define N 624
#define M 397
#define MATRIX_A 0x9908b0dfU
#define UPPER 0x80000000U
#define LOWER 0x7fffffffU

static void
init_genrand(rng *r, uint32_t s)
{
	int i;

	r->mt[0] = s;
	for (i = 1; i < N; i++)
		r->mt[i] = 1812433253U * (r->mt[i - 1] ^ (r->mt[i - 1] >> 30)) + (uint32_t)i;
	r->mti = N;
}

void
rng_seed_words(rng *r, const uint32_t *key, size_t n)
{
	static const uint32_t zero = 0;
	size_t i = 1, j = 0, k;

	if (n == 0) {
		key = &zero;
		n = 1;
	}
	init_genrand(r, 19650218U);
	for (k = N > n ? N : n; k; k--) {
		r->mt[i] = (r->mt[i] ^ ((r->mt[i - 1] ^ (r->mt[i - 1] >> 30)) * 1664525U))
		    + key[j] + (uint32_t)j;
		i++;
		j++;
		if (i >= N) {
			r->mt[0] = r->mt[N - 1];
			i = 1;
		}
		if (j >= n)
			j = 0;
	}
	for (k = N - 1; k; k--) {
		r->mt[i] = (r->mt[i] ^ ((r->mt[i - 1] ^ (r->mt[i - 1] >> 30)) * 1566083941U))
		    - (uint32_t)i;
		i++;
		if (i >= N) {
			r->mt[0] = r->mt[N - 1];
			i = 1;
		}
	}
	r->mt[0] = 0x80000000U;
	r->mti = N;
}

void
rng_seed(rng *r, uint64_t n)
{
	uint32_t key[2] = { (uint32_t)n, (uint32_t)(n >> 32) };

	rng_seed_words(r, key, key[1] ? 2 : 1);
}

void
rng_twist(rng *r)
{
	static const uint32_t mag01[2] = { 0, MATRIX_A };
	uint32_t y;
	int kk;

	for (kk = 0; kk < N - M; kk++) {
		y = (r->mt[kk] & UPPER) | (r->mt[kk + 1] & LOWER);
		r->mt[kk] = r->mt[kk + M] ^ (y >> 1) ^ mag01[y & 1];
	}
	for (; kk < N - 1; kk++) {
		y = (r->mt[kk] & UPPER) | (r->mt[kk + 1] & LOWER);
		r->mt[kk] = r->mt[kk + (M - N)] ^ (y >> 1) ^ mag01[y & 1];
	}
	y = (r->mt[N - 1] & UPPER) | (r->mt[0] & LOWER);
	r->mt[N - 1] = r->mt[M - 1] ^ (y >> 1) ^ mag01[y & 1];
	r->mti = 0;
}

double
rng_random(rng *r)
{
	uint32_t a = rng_u32(r) >> 5, b = rng_u32(r) >> 6;

	return (a * 67108864.0 + b) * (1.0 / 9007199254740992.0);
}

uint64_t
rng_getrandbits(rng *r, int k)
{
	uint64_t lo, hi;

	if (k <= 0)
		return 0;
	if (k <= 32)
		return rng_u32(r) >> (32 - k);
	/* CPython fills 32-bit words least significant first; the last word
	 * is shifted right to keep only the bits asked for. */
	lo = rng_u32(r);
	hi = rng_u32(r) >> (64 - k);
	return lo | hi << 32;
}

static int
bit_length(uint64_t n)
{
	return n ? 64 - __builtin_clzll(n) : 0;
}

uint64_t
rng_below(rng *r, uint64_t n)
{
	int k;
	uint64_t v;

	if (n == 0)
		return 0;
	k = bit_length(n);
	do
		v = rng_getrandbits(r, k);
	while (v >= n);
	return v;
}

int64_t
rng_randrange(rng *r, int64_t start, int64_t stop, int64_t step)
{
	int64_t width = stop - start, n;

	if (step == 1)
		return start + (int64_t)rng_below(r, (uint64_t)width);
	if (step > 0)
		n = (width + step - 1) / step;
	else
		n = (width + step + 1) / step;
	return start + step * (int64_t)rng_below(r, (uint64_t)n);
}

int64_t
rng_randint(rng *r, int64_t a, int64_t b)
{
	return rng_randrange(r, a, b + 1, 1);
}

size_t
rng_choice(rng *r, size_t n)
{
	return (size_t)rng_below(r, n);
}

void
rng_choices(rng *r, size_t n, size_t *out, size_t k)
{
	size_t i;

	for (i = 0; i < k; i++)
		out[i] = (size_t)floor(rng_random(r) * (double)n);
}

void
rng_choices_cum(rng *r, const double *cum, size_t n, size_t *out, size_t k)
{
	double total = cum[n - 1];
	size_t i;

	for (i = 0; i < k; i++) {
		double x = rng_random(r) * total;
		size_t lo = 0, hi = n - 1;

		/* bisect_right(cum, x, 0, n - 1) */
		while (lo < hi) {
			size_t mid = (lo + hi) / 2;

			if (x < cum[mid])
				hi = mid;
			else
				lo = mid + 1;
		}
		out[i] = lo;
	}
}

void
rng_sample(rng *r, size_t n, size_t *out, size_t k)
{
	size_t setsize = 21, i;

	if (k > 5) {
		/* 4 ** ceil(log(k * 3, 4)), computed as CPython does */
		setsize += (size_t)pow(4.0, ceil(log((double)(k * 3)) / log(4.0)));
	}
	if (n <= setsize) {
		size_t *pool = xreallocarray(NULL, n, sizeof *pool);

		for (i = 0; i < n; i++)
			pool[i] = i;
		for (i = 0; i < k; i++) {
			size_t j = (size_t)rng_below(r, n - i);

			out[i] = pool[j];
			pool[j] = pool[n - i - 1];
		}
		free(pool);
	} else {
		unsigned char *sel = xcalloc(n, 1);

		for (i = 0; i < k; i++) {
			size_t j = (size_t)rng_below(r, n);

			while (sel[j])
				j = (size_t)rng_below(r, n);
			sel[j] = 1;
			out[i] = j;
		}
		free(sel);
	}
}

void
rng_shuffle(rng *r, void *base, size_t n, size_t sz)
{
	unsigned char *b = base, tmp[256];
	size_t i;

	if (n < 2 || sz > sizeof tmp)
		return;
	for (i = n - 1; i > 0; i--) {
		size_t j = (size_t)rng_below(r, i + 1);

		memcpy(tmp, b + i * sz, sz);
		memcpy(b + i * sz, b + j * sz, sz);
		memcpy(b + j * sz, tmp, sz);
	}
}

uint32_t
rng_seed_of_id(const char *id)
{
	unsigned char d[32];

	sha256(id, strlen(id), d);
	/* the integer is big-endian; mod 2^32 keeps the last four bytes */
	return (uint32_t)d[28] << 24 | (uint32_t)d[29] << 16 | (uint32_t)d[30] << 8 | d[31];
}
