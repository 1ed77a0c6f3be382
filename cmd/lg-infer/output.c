/*
 * Writing finished records.  Each goes out with one writev(2), unbuffered,
 * so every record is in the file (or the pipe) as soon as it is finished,
 * and a kill cuts at most the record being written (the kernel may stop a
 * write of more than a page at a page boundary; --resume mends that).
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/uio.h>
#include <unistd.h>

#include "diag.h"
#include "infer.h"
#include "record.h"

static void
write_all(struct iovec *iov, int n)
{
	while (n > 0) {
		ssize_t w = writev(STDOUT_FILENO, iov, n);

		if (w < 0) {
			if (errno == EINTR)
				continue;
			lg_write_failed(errno);
		}
		while (n > 0 && (size_t)w >= iov->iov_len) {
			w -= (ssize_t)iov->iov_len;
			iov++;
			n--;
		}
		if (n > 0) {
			iov->iov_base = (char *)iov->iov_base + w;
			iov->iov_len -= (size_t)w;
		}
	}
}

char *
output_line(const cJSON *rec, size_t *len)
{
	return rec_print(rec, len);
}

void
output_write(const char *line, size_t len)
{
	static char nl[] = "\n";
	struct iovec iov[2];

	iov[0].iov_base = (char *)line;
	iov[0].iov_len = len;
	iov[1].iov_base = nl;
	iov[1].iov_len = 1;
	write_all(iov, 2);
}

