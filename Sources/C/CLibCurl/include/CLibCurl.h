#ifndef WIDGETHOST_CLIBCURL_H
#define WIDGETHOST_CLIBCURL_H

/// libcurl for live HTTP (A2), loaded with `dlopen` on the first live request, so a run that
/// never touches the network never maps it. The option and info numbers are curl.h's own;
/// `curl_easy_setopt` and `curl_easy_getinfo`, variadic in C, are called only from the typed
/// wrappers below, through their real variadic types, one wrapper for each argument type.

// The host sets CURLOPT_PROTOCOLS (a long, deprecated for a string since 7.85): it names the
// protocols the same way on every libcurl 7 and 8.
#define CURL_DISABLE_DEPRECATION 1
#define CURL_DISABLE_TYPECHECK 1
#include <curl/curl.h>
#include <stddef.h>

/// The libcurl entry points the host uses, with their declared types.
typedef struct {
    __typeof__(curl_easy_init) *easy_init;
    __typeof__(curl_easy_setopt) *easy_setopt;
    __typeof__(curl_easy_perform) *easy_perform;
    __typeof__(curl_easy_cleanup) *easy_cleanup;
    __typeof__(curl_easy_getinfo) *easy_getinfo;
    __typeof__(curl_easy_strerror) *easy_strerror;
    __typeof__(curl_slist_append) *slist_append;
    __typeof__(curl_slist_free_all) *slist_free_all;
} widgethost_curl_api;

/// Loads libcurl once per process through `CSharedLibrary` (`libcurl.so.4`, else `libcurl-gnutls.so.4`, else
/// `libcurl.so`), resolves the entry points and calls `curl_global_init(CURL_GLOBAL_DEFAULT)`.
/// Returns the table, or NULL with a reason in `error` (at most `size` bytes, NUL-terminated).
/// Safe to call from several threads; every later call returns the first answer.
const widgethost_curl_api *widgethost_curl_load(char *error, size_t size);

static inline CURLcode widgethost_curl_setopt_long(const widgethost_curl_api *api, CURL *easy, CURLoption option, long value) {
    return api->easy_setopt(easy, option, value);
}

static inline CURLcode widgethost_curl_setopt_pointer(const widgethost_curl_api *api, CURL *easy, CURLoption option, const void *value) {
    return api->easy_setopt(easy, option, value);
}

static inline CURLcode widgethost_curl_setopt_off(const widgethost_curl_api *api, CURL *easy, CURLoption option, curl_off_t value) {
    return api->easy_setopt(easy, option, value);
}

static inline CURLcode widgethost_curl_setopt_write_function(const widgethost_curl_api *api, CURL *easy, CURLoption option, curl_write_callback value) {
    return api->easy_setopt(easy, option, value);
}

static inline CURLcode widgethost_curl_setopt_xferinfo_function(const widgethost_curl_api *api, CURL *easy, CURLoption option, curl_xferinfo_callback value) {
    return api->easy_setopt(easy, option, value);
}

static inline CURLcode widgethost_curl_getinfo_off(const widgethost_curl_api *api, CURL *easy, CURLINFO info, curl_off_t *value) {
    return api->easy_getinfo(easy, info, value);
}

static inline CURLcode widgethost_curl_getinfo_long(const widgethost_curl_api *api, CURL *easy, CURLINFO info, long *value) {
    return api->easy_getinfo(easy, info, value);
}

#endif
