#define _GNU_SOURCE
#include "CLibCurl.h"
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>

static widgethost_curl_api api;
static const widgethost_curl_api *loaded = NULL;
static char reason[256];
static pthread_once_t once = PTHREAD_ONCE_INIT;

static void load(void) {
    static const char *const names[] = {"libcurl.so.4", "libcurl-gnutls.so.4", "libcurl.so"};
    void *handle = NULL;
    for (size_t index = 0; index < sizeof names / sizeof names[0] && handle == NULL; index++) {
        handle = dlopen(names[index], RTLD_NOW | RTLD_LOCAL);
    }
    if (handle == NULL) {
        snprintf(reason, sizeof reason, "live network needs libcurl (libcurl.so.4, Debian package libcurl4); use --network replay with --fixtures to run offline");
        return;
    }
#define RESOLVE(field, name)                                                         \
    do {                                                                             \
        *(void **)(&api.field) = dlsym(handle, name);                                \
        if (api.field == NULL) {                                                     \
            snprintf(reason, sizeof reason, "libcurl has no %s", name);              \
            return;                                                                  \
        }                                                                            \
    } while (0)
    RESOLVE(easy_init, "curl_easy_init");
    RESOLVE(easy_setopt, "curl_easy_setopt");
    RESOLVE(easy_perform, "curl_easy_perform");
    RESOLVE(easy_cleanup, "curl_easy_cleanup");
    RESOLVE(easy_getinfo, "curl_easy_getinfo");
    RESOLVE(easy_strerror, "curl_easy_strerror");
    RESOLVE(slist_append, "curl_slist_append");
    RESOLVE(slist_free_all, "curl_slist_free_all");
    __typeof__(curl_global_init) *global_init;
    *(void **)(&global_init) = dlsym(handle, "curl_global_init");
    if (global_init == NULL) {
        snprintf(reason, sizeof reason, "libcurl has no curl_global_init");
        return;
    }
#undef RESOLVE
    global_init(CURL_GLOBAL_DEFAULT);
    loaded = &api;
}

const widgethost_curl_api *widgethost_curl_load(char *error, size_t size) {
    pthread_once(&once, load);
    if (loaded == NULL && error != NULL && size > 0) {
        strncpy(error, reason, size - 1);
        error[size - 1] = 0;
    }
    return loaded;
}
