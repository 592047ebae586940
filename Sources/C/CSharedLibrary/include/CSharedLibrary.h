#ifndef WIDGETHOST_CSHAREDLIBRARY_H
#define WIDGETHOST_CSHAREDLIBRARY_H

/// The one loading policy of the C libraries only some runs need (libcurl for live HTTP,
/// libxml2 for HTMLDoc): each is opened with `dlopen` the first time a run needs it, once per
/// process, so `widgethost` starts without mapping it. A library's loader fills a table of its
/// entry points, with their declared types, through these calls, inside `pthread_once`.

#include <stdbool.h>
#include <stddef.h>

/// A library being loaded: its handle, the name it was opened by, and why loading failed
/// (empty while it has not).
typedef struct {
    void *handle;
    const char *name;
    char reason[256];
} widgethost_library;

/// Opens the first of `names` that loads (`RTLD_NOW | RTLD_LOCAL`). When none does, the reason
/// is `missing` and the call returns false.
bool widgethost_library_open(widgethost_library *library, const char *const *names, size_t count, const char *missing);

/// Resolves `symbol` into `*slot` (a function pointer's storage; POSIX lets `dlsym`'s answer
/// be one). When the library has no such symbol, the reason says so ("libxml2.so.2 has no
/// htmlReadMemory") and the call returns false.
bool widgethost_library_resolve(widgethost_library *library, const char *symbol, void **slot);

/// Resolves the entry point `name` into the table's field `field`, returning false from the
/// loader when the library lacks it.
#define WIDGETHOST_LIBRARY_RESOLVE(library, table, field, name)                              \
    do {                                                                                     \
        if (!widgethost_library_resolve((library), (name), (void **)&(table).field)) return; \
    } while (0)

/// Copies the reason loading failed into `error` (at most `size` bytes, NUL-terminated).
void widgethost_library_reason(const widgethost_library *library, char *error, size_t size);

#endif
