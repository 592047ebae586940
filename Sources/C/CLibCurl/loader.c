#include "CLibCurl.h"
#include <CSharedLibrary.h>
#include <pthread.h>

static widgethost_library library;
static widgethost_curl_api api;
static const widgethost_curl_api *loaded = NULL;
static pthread_once_t once = PTHREAD_ONCE_INIT;

static void load(void) {
    static const char *const names[] = {"libcurl.so.4", "libcurl-gnutls.so.4", "libcurl.so"};
    if (!widgethost_library_open(&library, names, sizeof names / sizeof names[0],
            "live network needs libcurl (libcurl.so.4, Debian package libcurl4); use --network replay with --fixtures to run offline")) {
        return;
    }
    WIDGETHOST_LIBRARY_RESOLVE(&library, api, easy_init, "curl_easy_init");
    WIDGETHOST_LIBRARY_RESOLVE(&library, api, easy_setopt, "curl_easy_setopt");
    WIDGETHOST_LIBRARY_RESOLVE(&library, api, easy_perform, "curl_easy_perform");
    WIDGETHOST_LIBRARY_RESOLVE(&library, api, easy_cleanup, "curl_easy_cleanup");
    WIDGETHOST_LIBRARY_RESOLVE(&library, api, easy_getinfo, "curl_easy_getinfo");
    WIDGETHOST_LIBRARY_RESOLVE(&library, api, easy_strerror, "curl_easy_strerror");
    WIDGETHOST_LIBRARY_RESOLVE(&library, api, slist_append, "curl_slist_append");
    WIDGETHOST_LIBRARY_RESOLVE(&library, api, slist_free_all, "curl_slist_free_all");
    struct {
        __typeof__(curl_global_init) *global_init;
    } setup;
    WIDGETHOST_LIBRARY_RESOLVE(&library, setup, global_init, "curl_global_init");
    setup.global_init(CURL_GLOBAL_DEFAULT);
    loaded = &api;
}

const widgethost_curl_api *widgethost_curl_load(char *error, size_t size) {
    pthread_once(&once, load);
    if (loaded == NULL) widgethost_library_reason(&library, error, size);
    return loaded;
}
