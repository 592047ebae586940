#ifndef WIDGETHOST_CPANGO_SHIM_H
#define WIDGETHOST_CPANGO_SHIM_H
// Pango with HarfBuzz, drawn through cairo (Debian's libpango1.0-dev).
#include <pango/pangocairo.h>
// PANGO_SCALE is a macro Swift imports, but the GObject unref is what frees a layout.
static inline void widgethost_pango_unref(void *object) { g_object_unref(object); }
#endif
