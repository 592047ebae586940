#ifndef WIDGETHOST_CCAIRO_SHIM_H
#define WIDGETHOST_CCAIRO_SHIM_H
// cairo from Debian's libcairo2-dev: image surfaces, PNG and SVG output.
#include <cairo.h>
#include <cairo-svg.h>
#endif
