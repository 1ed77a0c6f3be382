#include "stale.h"

int
stale_conn(CURL *c, CURLcode rc)
{
	long conns = -1, head = -1;
	curl_off_t body = -1;

	if (rc != CURLE_SEND_ERROR && rc != CURLE_RECV_ERROR &&
	    rc != CURLE_GOT_NOTHING)
		return 0;
	/* no new connection for this transfer: it went on a kept one */
	if (curl_easy_getinfo(c, CURLINFO_NUM_CONNECTS, &conns) != CURLE_OK ||
	    conns != 0)
		return 0;
	if (curl_easy_getinfo(c, CURLINFO_HEADER_SIZE, &head) != CURLE_OK ||
	    head != 0)
		return 0;
	return curl_easy_getinfo(c, CURLINFO_SIZE_DOWNLOAD_T, &body) ==
	    CURLE_OK && body == 0;
}
