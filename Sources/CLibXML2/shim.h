#ifndef WIDGETHOST_CLIBXML2_SHIM_H
#define WIDGETHOST_CLIBXML2_SHIM_H
// libxml2's headers pull in the system ICU headers when libxml2 was built with ICU;
// those clash with the toolchain's own ICU module in any module that also imports
// Foundation (XCTest does). The host never touches the ICU fields of
// xmlCharEncodingHandler, so it hides them.
#include <libxml/xmlversion.h>
#undef LIBXML_ICU_ENABLED
#include <libxml/HTMLparser.h>
#include <libxml/xpath.h>
#include <libxml/xpathInternals.h>
#include <libxml/tree.h>
#include <libxml/xmlsave.h>
#endif
