#ifndef WIDGETHOST_CZLIB_SHIM_H
#define WIDGETHOST_CZLIB_SHIM_H
// zlib (Debian's zlib1g-dev): deflate and CRC-32 for the PNG writer.
#include <zlib.h>
#endif
