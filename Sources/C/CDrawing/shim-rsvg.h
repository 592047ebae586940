#ifndef WIDGETHOST_CRSVG_SHIM_H
#define WIDGETHOST_CRSVG_SHIM_H
// librsvg (Debian's librsvg2-dev) for the SVG icons of `widgethost render --icons DIR`.
#include <librsvg/rsvg.h>
// The GObject unref and GError free, as plain functions.
static inline void widgethost_rsvg_unref(void *object) { g_object_unref(object); }
static inline void widgethost_rsvg_error_free(GError *error) { g_error_free(error); }
#endif
