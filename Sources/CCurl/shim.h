// libcurl (Debian's libcurl4-openssl-dev, 7.88.1) for the Network target. `curl_easy_setopt` and
// `curl_easy_getinfo` are C variadic macros/functions, which Swift cannot call: the typed wrappers
// below pass exactly one argument of the type each option documents.
#include <curl/curl.h>

/// The signature of CURLOPT_WRITEFUNCTION and CURLOPT_HEADERFUNCTION.
typedef size_t (*plumage_curl_data_callback)(char *data, size_t size, size_t count, void *context);
/// The signature of CURLSHOPT_LOCKFUNC.
typedef void (*plumage_curl_lock_callback)(CURL *handle, curl_lock_data data, curl_lock_access access, void *context);
/// The signature of CURLSHOPT_UNLOCKFUNC.
typedef void (*plumage_curl_unlock_callback)(CURL *handle, curl_lock_data data, void *context);
/// The signature of CURLOPT_XFERINFOFUNCTION.
typedef int (*plumage_curl_progress_callback)(void *context, curl_off_t download_total, curl_off_t download_now,
                                              curl_off_t upload_total, curl_off_t upload_now);

static inline CURLcode plumage_curl_set_long(CURL *handle, CURLoption option, long value) {
    return curl_easy_setopt(handle, option, value);
}
static inline CURLcode plumage_curl_set_offset(CURL *handle, CURLoption option, curl_off_t value) {
    return curl_easy_setopt(handle, option, value);
}
static inline CURLcode plumage_curl_set_string(CURL *handle, CURLoption option, const char *value) {
    return curl_easy_setopt(handle, option, value);
}
static inline CURLcode plumage_curl_set_pointer(CURL *handle, CURLoption option, void *value) {
    return curl_easy_setopt(handle, option, value);
}
static inline CURLcode plumage_curl_set_data_callback(CURL *handle, CURLoption option, plumage_curl_data_callback value) {
    return curl_easy_setopt(handle, option, value);
}
static inline CURLcode plumage_curl_set_progress_callback(CURL *handle, plumage_curl_progress_callback value) {
    return curl_easy_setopt(handle, CURLOPT_XFERINFOFUNCTION, value);
}
static inline CURLcode plumage_curl_get_long(CURL *handle, CURLINFO info, long *value) {
    return curl_easy_getinfo(handle, info, value);
}
static inline CURLcode plumage_curl_get_offset(CURL *handle, CURLINFO info, curl_off_t *value) {
    return curl_easy_getinfo(handle, info, value);
}
static inline CURLcode plumage_curl_get_string(CURL *handle, CURLINFO info, char **value) {
    return curl_easy_getinfo(handle, info, value);
}
static inline CURLSHcode plumage_curl_share_set_data(CURLSH *share, CURLSHoption option, curl_lock_data data) {
    return curl_share_setopt(share, option, (int)data); /* share.c reads it with va_arg(param, int) */
}
static inline CURLSHcode plumage_curl_share_set_pointer(CURLSH *share, CURLSHoption option, void *value) {
    return curl_share_setopt(share, option, value);
}
static inline CURLSHcode plumage_curl_share_set_lock_callback(CURLSH *share, plumage_curl_lock_callback value) {
    return curl_share_setopt(share, CURLSHOPT_LOCKFUNC, value);
}
static inline CURLSHcode plumage_curl_share_set_unlock_callback(CURLSH *share, plumage_curl_unlock_callback value) {
    return curl_share_setopt(share, CURLSHOPT_UNLOCKFUNC, value);
}
