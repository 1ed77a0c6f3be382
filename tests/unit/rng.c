/* Unit test: the CPython-compatible generator against CPython 3.11 vectors. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "rng.h"
#include "sha256.h"
#include "check.h"

int
main(void)
{
	rng r;
	size_t idx[10];
	int v[10], i;
	const double want_r[] = { 0.6394267984578837, 0.025010755222666936,
	    0.27502931836911926 };
	const unsigned long want_b[] = { 2746317213UL, 478163327UL, 107420369UL };
	const int want_ri[] = { 35, 9, 2, 26, 41 };
	const size_t want_s[] = { 41, 19, 50, 83, 6 };
	const int want_sh[] = { 8, 3, 1, 4, 7, 0, 9, 6, 2, 5 };
	const char *want_c = "bbabc";
	char hex[65];

	rng_seed(&r, 42);
	for (i = 0; i < 3; i++) {
		double x = rng_random(&r);
		CHECK(x == want_r[i], "seed 42 random() #%d = %.17g", i, x);
	}
	rng_seed(&r, 42);
	for (i = 0; i < 3; i++) {
		unsigned long b = (unsigned long)rng_getrandbits(&r, 32);
		CHECK(b == want_b[i], "seed 42 getrandbits(32) #%d = %lu", i, b);
	}
	rng_seed(&r, 2018);
	for (i = 0; i < 5; i++) {
		long x = (long)rng_randint(&r, 1, 52);
		CHECK(x == want_ri[i], "seed 2018 randint #%d = %ld", i, x);
	}
	rng_seed(&r, 7);
	rng_sample(&r, 100, idx, 5);
	for (i = 0; i < 5; i++)
		CHECK(idx[i] == want_s[i], "seed 7 sample #%d = %zu", i, idx[i]);
	rng_seed(&r, 7);
	for (i = 0; i < 10; i++)
		v[i] = i;
	rng_shuffle(&r, v, 10, sizeof v[0]);
	for (i = 0; i < 10; i++)
		CHECK(v[i] == want_sh[i], "seed 7 shuffle #%d = %d", i, v[i]);
	rng_seed(&r, 0);
	for (i = 0; i < 5; i++) {
		size_t c = rng_choice(&r, 3);
		CHECK("abc"[c] == want_c[i], "seed 0 choice #%d = %c", i, "abc"[c]);
	}
	/* LongWeave seeds from published sample ids */
	CHECK(rng_seed_of_id("GEN_KV_DICT/1k_0") == 2128227474U, "seed of GEN_KV_DICT/1k_0");
	CHECK(rng_seed_of_id("GEN_KV_DICT/8k_199") == 2537571191U, "seed of GEN_KV_DICT/8k_199");
	CHECK(rng_seed_of_id("STATE_MACHINE/1k_0") == 3544513812U, "seed of STATE_MACHINE/1k_0");
	sha256_hex("abc", 3, hex);
	CHECK(strcmp(hex, "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad") == 0,
	    "sha256(abc) = %s", hex);
	sha256_hex("", 0, hex);
	CHECK(strcmp(hex, "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855") == 0,
	    "sha256() = %s", hex);
	{
		/* KVG vector: choices(A-Z,k=32), choices(a-z0-9,k=32), choice(5..95) */
		const char *up = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
		const char *lo = "abcdefghijklmnopqrstuvwxyz0123456789";
		char key[33], val[33];
		size_t k[32];

		rng_seed(&r, rng_seed_of_id("GEN_KV_DICT/1k_0"));
		rng_choices(&r, 26, k, 32);
		for (i = 0; i < 32; i++)
			key[i] = up[k[i]];
		key[32] = 0;
		rng_choices(&r, 36, k, 32);
		for (i = 0; i < 32; i++)
			val[i] = lo[k[i]];
		val[32] = 0;
		CHECK(strcmp(key, "DKUNULZASGUKBXPBVUNROMKQMOKMTFBC") == 0, "kv key %s", key);
		CHECK(strcmp(val, "iwidr01birzxfv6s8hkdxysaoyw8ce4i") == 0, "kv value %s", val);
		CHECK(5 + 5 * (int)rng_choice(&r, 19) == 65, "kv percent");
	}
	{
		char in[56];
		size_t k[55];

		rng_seed(&r, rng_seed_of_id("STATE_MACHINE/1k_0"));
		rng_choices(&r, 3, k, 55);
		for (i = 0; i < 55; i++)
			in[i] = (char)('0' + k[i]);
		in[55] = 0;
		CHECK(strcmp(in, "2020112011201010121112012102100022202000222211212010110") == 0,
		    "fsm input %s", in);
	}
	{
		/* large seeds take two words; sample with a set for big n */
		rng_seed(&r, 1ULL << 40);
		(void)rng_random(&r);
		rng_seed(&r, 3);
		rng_sample(&r, 100000, idx, 10);
		CHECK(idx[0] < 100000, "sample range");
	}
	return CHECK_DONE();
}
