#ifndef WIDGETHOST_CPANGO_SHIM_H
#define WIDGETHOST_CPANGO_SHIM_H
// Pango with HarfBuzz, drawn through cairo (Debian's libpango1.0-dev).
#include <pango/pangocairo.h>
// PANGO_SCALE is a macro Swift imports, but the GObject unref is what frees a layout.
static inline void widgethost_pango_unref(void *object) { g_object_unref(object); }
// From pangofc-fontmap.h (libpangoft2), declared here so that the shim needs no FreeType headers:
// the fontconfig font map's type, and its configuration, which waits until the thread Pango
// starts with the map has loaded fontconfig's.
GType pango_fc_font_map_get_type(void);
struct _FcConfig *pango_fc_font_map_get_config(void *fcfontmap);
// Waits until fontconfig's configuration is loaded by this thread's Pango font map (made here
// if it is not yet), so that a fontconfig call made meanwhile does not load it a second time.
static inline void widgethost_pango_wait_for_fontconfig(void) {
    PangoFontMap *map = pango_cairo_font_map_get_default();
    if (G_TYPE_CHECK_INSTANCE_TYPE(map, pango_fc_font_map_get_type())) (void)pango_fc_font_map_get_config(map);
}
#endif
