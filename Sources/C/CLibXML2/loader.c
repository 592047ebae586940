#include "CLibXML2.h"
#include <CSharedLibrary.h>
#include <pthread.h>

static widgethost_library library;
static widgethost_xml_api api;
static const widgethost_xml_api *loaded = NULL;
static pthread_once_t once = PTHREAD_ONCE_INIT;

static void load(void) {
    static const char *const names[] = {"libxml2.so.2", "libxml2.so"};
    if (!widgethost_library_open(&library, names, sizeof names / sizeof names[0],
            "HTMLDoc needs libxml2 (libxml2.so.2, Debian package libxml2)")) {
        return;
    }
    WIDGETHOST_LIBRARY_RESOLVE(&library, api, htmlReadMemory, "htmlReadMemory");
    WIDGETHOST_LIBRARY_RESOLVE(&library, api, xmlNewDoc, "xmlNewDoc");
    WIDGETHOST_LIBRARY_RESOLVE(&library, api, xmlFreeDoc, "xmlFreeDoc");
    WIDGETHOST_LIBRARY_RESOLVE(&library, api, xmlXPathNewContext, "xmlXPathNewContext");
    WIDGETHOST_LIBRARY_RESOLVE(&library, api, xmlXPathFreeContext, "xmlXPathFreeContext");
    WIDGETHOST_LIBRARY_RESOLVE(&library, api, xmlXPathEvalExpression, "xmlXPathEvalExpression");
    WIDGETHOST_LIBRARY_RESOLVE(&library, api, xmlXPathFreeObject, "xmlXPathFreeObject");
    WIDGETHOST_LIBRARY_RESOLVE(&library, api, xmlBufferCreate, "xmlBufferCreate");
    WIDGETHOST_LIBRARY_RESOLVE(&library, api, xmlBufferFree, "xmlBufferFree");
    WIDGETHOST_LIBRARY_RESOLVE(&library, api, xmlBufferContent, "xmlBufferContent");
    WIDGETHOST_LIBRARY_RESOLVE(&library, api, xmlBufferLength, "xmlBufferLength");
    WIDGETHOST_LIBRARY_RESOLVE(&library, api, xmlNodeBufGetContent, "xmlNodeBufGetContent");
    WIDGETHOST_LIBRARY_RESOLVE(&library, api, xmlNodeDump, "xmlNodeDump");
    WIDGETHOST_LIBRARY_RESOLVE(&library, api, xmlSaveToBuffer, "xmlSaveToBuffer");
    WIDGETHOST_LIBRARY_RESOLVE(&library, api, xmlSaveTree, "xmlSaveTree");
    WIDGETHOST_LIBRARY_RESOLVE(&library, api, xmlSaveClose, "xmlSaveClose");
    WIDGETHOST_LIBRARY_RESOLVE(&library, api, xmlSetStructuredErrorFunc, "xmlSetStructuredErrorFunc");
    struct {
        __typeof__(xmlInitParser) *xmlInitParser;
    } setup;
    WIDGETHOST_LIBRARY_RESOLVE(&library, setup, xmlInitParser, "xmlInitParser");
    // Once, before any thread parses: libxml2's global state is made here.
    setup.xmlInitParser();
    loaded = &api;
}

const widgethost_xml_api *widgethost_xml_load(char *error, size_t size) {
    pthread_once(&once, load);
    if (loaded == NULL) widgethost_library_reason(&library, error, size);
    return loaded;
}
