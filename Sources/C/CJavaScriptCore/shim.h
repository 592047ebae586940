#ifndef WIDGETHOST_CJAVASCRIPTCORE_SHIM_H
#define WIDGETHOST_CJAVASCRIPTCORE_SHIM_H

#include <JavaScriptCore/JavaScript.h>
#include <pthread.h>
#include <stdbool.h>
#include <stddef.h>

// ---------------------------------------------------------------------------
// Private API: exported by libjavascriptcoregtk-4.1 but missing from its public
// headers. The prototypes match WebKit's JSContextRefPrivate.h, JSBasePrivate.h
// and JSScriptRefPrivate.h. ScriptCoreTests cover every one of them, so a
// library update that changes them fails the tests instead of the host.
// ---------------------------------------------------------------------------

/// Called at most once per armed limit; return true to terminate the script.
/// Returning false does not re-arm the limit: call
/// JSContextGroupSetExecutionTimeLimit again from inside the callback.
typedef bool (*JSShouldTerminateCallback)(JSContextRef ctx, void *context);

void JSContextGroupSetExecutionTimeLimit(JSContextGroupRef group, double limit,
                                         JSShouldTerminateCallback callback, void *context);
void JSContextGroupClearExecutionTimeLimit(JSContextGroupRef group);

/// Installs `function(promise, reason)` as the handler of rejections nothing handled.
void JSGlobalContextSetUnhandledRejectionCallback(JSGlobalContextRef ctx, JSObjectRef function,
                                                  JSValueRef *exception);

/// Disables `eval` and `new Function` in one context (they throw EvalError with `message`).
void JSGlobalContextSetEvalEnabled(JSGlobalContextRef ctx, bool enabled, JSStringRef message);

/// A text backtrace of the current JavaScript stack: one "#N name() at url:line" per frame.
JSStringRef JSContextCreateBacktrace(JSContextRef ctx, unsigned maxStackSize);

/// A script parsed once per context group and evaluated in many contexts (JSScriptRefPrivate.h).
typedef struct OpaqueJSScript *JSScriptRef;
JSScriptRef JSScriptCreateFromString(JSContextGroupRef group, JSStringRef url, int startingLineNumber,
                                     JSStringRef source, JSStringRef *errorMessage, int *errorLine);
void JSScriptRelease(JSScriptRef script);
JSValueRef JSScriptEvaluate(JSContextRef ctx, JSScriptRef script, JSValueRef thisValue, JSValueRef *exception);

/// Heap statistics as an object: heapSize, objectCount, globalObjectCount, protectedObjectCount, …
JSObjectRef JSGetMemoryUsageStatistics(JSContextRef ctx);

/// Forces a full collection (JSGarbageCollect is only a hint).
void JSSynchronousGarbageCollectForDebugging(JSContextRef ctx);

/// Whether new contexts offer themselves to a remote inspector (JSRemoteInspector.h). It is
/// on by default; each context made then registers with the inspector, a cost per context.
void JSRemoteInspectorSetInspectionEnabledByDefault(bool enabled);
bool JSRemoteInspectorGetInspectionEnabledByDefault(void);

/// Sets and reads an engine option by name (the GObject API's jsc_options_set_boolean and
/// jsc_options_get_boolean, exported by the same library; gboolean is an int). Setting takes
/// effect before the first context group exists. Both return false for an unknown name.
int jsc_options_set_boolean(const char *option, int value);
int jsc_options_get_boolean(const char *option, int *value);

// ---------------------------------------------------------------------------
// GNU C library calls that Swift's Glibc module leaves out (they need _GNU_SOURCE), for
// giving memory back after a run that grew the process (ProcessMemory).
// ---------------------------------------------------------------------------

/// Returns the free memory of the C library's heaps to the kernel.
int malloc_trim(size_t pad);
/// The attributes of a running thread, its stack's bounds among them.
int pthread_getattr_np(pthread_t thread, pthread_attr_t *attr);

#endif
