#ifndef WIDGETHOST_CFONTCONFIG_SHIM_H
#define WIDGETHOST_CFONTCONFIG_SHIM_H
// fontconfig (Debian's libfontconfig-dev): which installed family a name resolves to.
#include <fontconfig/fontconfig.h>
// FC_FAMILY is a string macro; Swift imports it, but a C constant keeps the call sites plain.
static const char *const widgethost_fc_family = FC_FAMILY;
#endif
