#ifndef WIDGETHOST_CDEFLATE_SHIM_H
#define WIDGETHOST_CDEFLATE_SHIM_H
// libdeflate (Debian's libdeflate-dev): the PNG writer's whole-buffer deflate and its CRC-32.
#include <libdeflate.h>
#endif
