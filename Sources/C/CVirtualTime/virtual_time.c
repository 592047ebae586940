#define _GNU_SOURCE
#include "CVirtualTime.h"

#include <dlfcn.h>
#include <locale.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/time.h>
#include <time.h>
#include <unistd.h>

// Per thread: whether it is inside a run, and the run's now in epoch milliseconds.
static __thread int inRun = 0;
static __thread double virtualNow = 0;

// The run's language; written only with the process-wide run lock held, read by the run's thread.
static char language[96];
static int languageSet = 0;
// Whether a query was answered by the C library since the language was last set: the engine
// may have cached that answer.
static _Atomic int answeredOutside = 1;

// WTF::languageDidChange(): the engine drops its cached preferred languages.
extern void _ZN3WTF17languageDidChangeEv(void) __attribute__((weak));

static void fill(struct timespec *spec, double ms) {
    double seconds = ms / 1000.0;
    time_t whole = (time_t)seconds;
    if ((double)whole > seconds) whole -= 1;  // floor for instants before 1970
    double rest = ms - (double)whole * 1000.0;
    long nanos = (long)(rest * 1000000.0);
    if (nanos < 0) nanos = 0;
    if (nanos > 999999999) nanos = 999999999;
    spec->tv_sec = whole;
    spec->tv_nsec = nanos;
}

int clock_gettime(clockid_t clock, struct timespec *spec) {
    if (inRun && (clock == CLOCK_REALTIME || clock == CLOCK_REALTIME_COARSE)) {
        fill(spec, virtualNow);
        return 0;
    }
    static int (*real)(clockid_t, struct timespec *) = NULL;
    if (!real) real = (int (*)(clockid_t, struct timespec *))dlsym(RTLD_NEXT, "clock_gettime");
    if (real) return real(clock, spec);
    return (int)syscall(SYS_clock_gettime, clock, spec);
}

int gettimeofday(struct timeval *restrict value, void *restrict zone) {
    if (inRun) {
        struct timespec spec;
        fill(&spec, virtualNow);
        value->tv_sec = spec.tv_sec;
        value->tv_usec = spec.tv_nsec / 1000;
        return 0;
    }
    static int (*real)(struct timeval *restrict, void *restrict) = NULL;
    if (!real) real = (int (*)(struct timeval *restrict, void *restrict))dlsym(RTLD_NEXT, "gettimeofday");
    if (real) return real(value, zone);
    return (int)syscall(SYS_gettimeofday, value, zone);
}

time_t time(time_t *out) {
    time_t now;
    if (inRun) {
        struct timespec spec;
        fill(&spec, virtualNow);
        now = spec.tv_sec;
    } else {
        struct timespec spec;
        clock_gettime(CLOCK_REALTIME, &spec);
        now = spec.tv_sec;
    }
    if (out) *out = now;
    return now;
}

char *setlocale(int category, const char *locale) {
    if (locale == NULL) {
        if (inRun && languageSet) return language;
        answeredOutside = 1;
    }
    static char *(*real)(int, const char *) = NULL;
    if (!real) real = (char *(*)(int, const char *))dlsym(RTLD_NEXT, "setlocale");
    return real ? real(category, locale) : NULL;
}

void widgethost_clock_begin(double epochMilliseconds) {
    virtualNow = epochMilliseconds;
    inRun = 1;
}

void widgethost_clock_set(double epochMilliseconds) { virtualNow = epochMilliseconds; }

void widgethost_clock_end(void) { inRun = 0; }

int widgethost_clock_is_interposed(void) {
    // The C library's own clock_gettime, looked up past this program, differs from the one
    // the program's calls (and the engine's) resolve to when this definition is in place.
    void *first = dlsym(RTLD_DEFAULT, "clock_gettime");
    return first == (void *)clock_gettime;
}

void widgethost_language_set(const char *tag) {
    int changed;
    if (tag == NULL) {
        changed = languageSet;
        languageSet = 0;
    } else {
        changed = !languageSet || strncmp(language, tag, sizeof language) != 0;
        strncpy(language, tag, sizeof language - 1);
        language[sizeof language - 1] = 0;
        languageSet = 1;
    }
    if (answeredOutside) changed = 1;
    answeredOutside = 0;
    if (changed && _ZN3WTF17languageDidChangeEv) _ZN3WTF17languageDidChangeEv();
}
