/* sha256.h: SHA-256 of a byte string (FIPS 180-4).  No allocation. */
#ifndef LG_SHA256_H
#define LG_SHA256_H

#include <stddef.h>

void sha256(const void *data, size_t len, unsigned char out[32]);
/* Lowercase hex digest into out[65]. */
void sha256_hex(const void *data, size_t len, char out[65]);

#endif
