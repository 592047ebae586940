#define _GNU_SOURCE
#include "CSharedLibrary.h"
#include <dlfcn.h>
#include <stdio.h>
#include <string.h>

bool widgethost_library_open(widgethost_library *library, const char *const *names, size_t count, const char *missing) {
    library->handle = NULL;
    library->name = NULL;
    library->reason[0] = 0;
    for (size_t index = 0; index < count && library->handle == NULL; index++) {
        library->handle = dlopen(names[index], RTLD_NOW | RTLD_LOCAL);
        library->name = names[index];
    }
    if (library->handle == NULL) {
        snprintf(library->reason, sizeof library->reason, "%s", missing);
        return false;
    }
    return true;
}

bool widgethost_library_resolve(widgethost_library *library, const char *symbol, void **slot) {
    *slot = dlsym(library->handle, symbol);
    if (*slot == NULL) {
        snprintf(library->reason, sizeof library->reason, "%s has no %s", library->name, symbol);
        return false;
    }
    return true;
}

void widgethost_library_reason(const widgethost_library *library, char *error, size_t size) {
    if (error == NULL || size == 0) return;
    strncpy(error, library->reason, size - 1);
    error[size - 1] = 0;
}
