#ifndef WIDGETHOST_CDEFLATE_SHIM_H
#define WIDGETHOST_CDEFLATE_SHIM_H
// libdeflate (Debian's libdeflate-dev): the PNG writer's whole-buffer deflate.
#include <libdeflate.h>
#endif
