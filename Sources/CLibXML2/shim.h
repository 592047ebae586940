#ifndef WIDGETHOST_CLIBXML2_SHIM_H
#define WIDGETHOST_CLIBXML2_SHIM_H
#include <libxml/HTMLparser.h>
#include <libxml/xpath.h>
#include <libxml/xpathInternals.h>
#include <libxml/tree.h>
#include <libxml/xmlsave.h>
#endif
