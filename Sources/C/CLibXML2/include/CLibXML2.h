#ifndef WIDGETHOST_CLIBXML2_H
#define WIDGETHOST_CLIBXML2_H

/// libxml2's HTML parser and XPath, for HTMLDoc (A6), loaded with `dlopen` on the first HTML
/// parse through `CSharedLibrary`, so a run that never parses HTML never maps it. The types and
/// constants are libxml2's own headers'; the entry points are a table of their declared types,
/// called through the typed wrappers below, which also take and give the C strings the host
/// has where libxml2 speaks of `xmlChar`.

// libxml2's headers pull in the system ICU headers when libxml2 was built with ICU; those clash
// with the toolchain's own ICU module in any module that also imports Foundation (XCTest does).
// The host never touches the ICU fields of xmlCharEncodingHandler, so it hides them.
#include <libxml/xmlversion.h>
#undef LIBXML_ICU_ENABLED
#include <libxml/HTMLparser.h>
#include <libxml/tree.h>
#include <libxml/xmlerror.h>
#include <libxml/xmlsave.h>
#include <libxml/xpath.h>
#include <stddef.h>

/// The libxml2 entry points the host uses, with their declared types.
typedef struct {
    __typeof__(htmlReadMemory) *htmlReadMemory;
    __typeof__(xmlNewDoc) *xmlNewDoc;
    __typeof__(xmlFreeDoc) *xmlFreeDoc;
    __typeof__(xmlXPathNewContext) *xmlXPathNewContext;
    __typeof__(xmlXPathFreeContext) *xmlXPathFreeContext;
    __typeof__(xmlXPathEvalExpression) *xmlXPathEvalExpression;
    __typeof__(xmlXPathFreeObject) *xmlXPathFreeObject;
    __typeof__(xmlBufferCreate) *xmlBufferCreate;
    __typeof__(xmlBufferFree) *xmlBufferFree;
    __typeof__(xmlBufferContent) *xmlBufferContent;
    __typeof__(xmlBufferLength) *xmlBufferLength;
    __typeof__(xmlNodeBufGetContent) *xmlNodeBufGetContent;
    __typeof__(xmlNodeDump) *xmlNodeDump;
    __typeof__(xmlSaveToBuffer) *xmlSaveToBuffer;
    __typeof__(xmlSaveTree) *xmlSaveTree;
    __typeof__(xmlSaveClose) *xmlSaveClose;
    __typeof__(xmlSetStructuredErrorFunc) *xmlSetStructuredErrorFunc;
} widgethost_xml_api;

/// Loads libxml2 once per process (`libxml2.so.2`, else `libxml2.so`), resolves the entry
/// points and calls `xmlInitParser`. Returns the table, or NULL with a reason in `error` (at
/// most `size` bytes, NUL-terminated). Safe to call from several threads; every later call
/// returns the first answer.
const widgethost_xml_api *widgethost_xml_load(char *error, size_t size);

/// Parses `size` bytes of HTML (UTF-8) as `document.html` with `options` (`HTML_PARSE_*`).
static inline xmlDocPtr widgethost_xml_read_html(const widgethost_xml_api *api, const char *bytes, int size, int options) {
    return api->htmlReadMemory(bytes, size, "document.html", "UTF-8", options);
}

/// An empty XML 1.0 document.
static inline xmlDocPtr widgethost_xml_new_document(const widgethost_xml_api *api) {
    return api->xmlNewDoc((const xmlChar *)"1.0");
}

/// Evaluates the NUL-terminated XPath `expression` in `context`.
static inline xmlXPathObjectPtr widgethost_xml_xpath_eval(const widgethost_xml_api *api, const char *expression, xmlXPathContextPtr context) {
    return api->xmlXPathEvalExpression((const xmlChar *)expression, context);
}

/// A buffer's bytes (its length is `xmlBufferLength`'s), as C characters.
static inline const char *widgethost_xml_buffer_bytes(const widgethost_xml_api *api, const xmlBuffer *buffer) {
    return (const char *)api->xmlBufferContent(buffer);
}

/// Saves `node` into `buffer` as HTML, without an XML declaration.
static inline int widgethost_xml_save_html(const widgethost_xml_api *api, xmlBufferPtr buffer, xmlNodePtr node) {
    xmlSaveCtxtPtr saver = api->xmlSaveToBuffer(buffer, "UTF-8", XML_SAVE_AS_HTML | XML_SAVE_NO_DECL);
    if (saver == NULL) return -1;
    long saved = api->xmlSaveTree(saver, node);
    int closed = api->xmlSaveClose(saver);
    return saved < 0 ? -1 : closed;
}

/// Sends libxml2's errors on this thread to `handler` with `user` (NULL and NULL: the default).
static inline void widgethost_xml_set_error_handler(const widgethost_xml_api *api, void *user, xmlStructuredErrorFunc handler) {
    api->xmlSetStructuredErrorFunc(user, handler);
}

/// A node's or an attribute's name, as C characters (NULL when it has none).
static inline const char *widgethost_xml_node_name(const xmlNode *node) { return (const char *)node->name; }
static inline const char *widgethost_xml_attribute_name(const xmlAttr *attribute) { return (const char *)attribute->name; }

/// An attribute as the node it also is (libxml2 lays out both alike for the fields the
/// content reader uses).
static inline xmlNodePtr widgethost_xml_attribute_node(xmlAttrPtr attribute) { return (xmlNodePtr)attribute; }

#endif
