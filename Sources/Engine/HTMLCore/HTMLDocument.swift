import ErrorKinds

internal import CLibXML2

/// An HTML document parsed by libxml2's HTML parser (A6): no network, no scripts. The only
/// type in the package that holds libxml2 pointers; what it answers is plain Swift.
public final class HTMLDocument {
    private let api: UnsafePointer<widgethost_xml_api>
    private let document: xmlDocPtr

    /// Parses `html`, recovering from errors as a browser would; an empty text is `<html></html>`.
    /// Throws when libxml2 cannot be loaded (it is loaded on the first parse).
    public init(html: String) throws(HTMLLibraryError) {
        let api = try LibXML2.api()
        self.api = api
        let options = Int32(HTML_PARSE_RECOVER.rawValue | HTML_PARSE_NOERROR.rawValue | HTML_PARSE_NOWARNING.rawValue
            | HTML_PARSE_NONET.rawValue)
        let parsed: xmlDocPtr? = XMLErrors.silenced(api) { _ in
            var bytes = Array(html.utf8)
            if bytes.isEmpty { bytes = Array("<html></html>".utf8) }
            return bytes.withUnsafeBufferPointer { buffer in
                buffer.withMemoryRebound(to: CChar.self) {
                    widgethost_xml_read_html(api, $0.baseAddress, Int32(clamping: $0.count), options)
                }
            }
        }
        document = parsed ?? widgethost_xml_new_document(api)
    }

    deinit { api.pointee.xmlFreeDoc(document) }

    /// The nodes `expression` selects, in document order, or the reason the expression is invalid.
    public func xpath(_ expression: String) -> Result<[HTMLNode], XPathError> {
        guard let context = api.pointee.xmlXPathNewContext(document) else { return .failure(XPathError(message: "out of memory")) }
        defer { api.pointee.xmlXPathFreeContext(context) }
        var found: [HTMLNode] = []
        let failure: String? = XMLErrors.silenced(api) { errors -> String? in
            guard let result = widgethost_xml_xpath_eval(api, expression, context) else {
                return errors.messages.first ?? "the expression does not parse"
            }
            defer { api.pointee.xmlXPathFreeObject(result) }
            guard result.pointee.type == XPATH_NODESET, let set = result.pointee.nodesetval, let table = set.pointee.nodeTab else {
                return nil
            }
            for index in 0..<Int(set.pointee.nodeNr) {
                if let node = table[index] { found.append(describe(node)) }
            }
            return nil
        }
        if let failure { return .failure(XPathError(message: failure)) }
        return .success(found)
    }

    private func describe(_ node: xmlNodePtr) -> HTMLNode {
        let text = content(of: node)
        var inner = ""
        var child = node.pointee.children
        while let current = child {
            inner += serialize(current, html: true)
            child = current.pointee.next
        }
        return HTMLNode(
            text: text,
            innerHTML: node.pointee.type == XML_ATTRIBUTE_NODE ? text : inner,
            html: serialize(node, html: true),
            xml: serialize(node, html: false),
            className: attribute("class", of: node) ?? "",
            tagName: widgethost_xml_node_name(node).map { String(cString: $0) } ?? "")
    }

    private func content(of node: xmlNodePtr) -> String {
        guard let buffer = api.pointee.xmlBufferCreate() else { return "" }
        defer { api.pointee.xmlBufferFree(buffer) }
        _ = api.pointee.xmlNodeBufGetContent(buffer, node)
        return string(buffer)
    }

    private func attribute(_ name: String, of node: xmlNodePtr) -> String? {
        guard node.pointee.type == XML_ELEMENT_NODE else { return nil }
        var property = node.pointee.properties
        while let current = property {
            if let attributeName = widgethost_xml_attribute_name(current), String(cString: attributeName) == name {
                return content(of: widgethost_xml_attribute_node(current))
            }
            property = current.pointee.next
        }
        return nil
    }

    private func serialize(_ node: xmlNodePtr, html: Bool) -> String {
        guard let buffer = api.pointee.xmlBufferCreate() else { return "" }
        defer { api.pointee.xmlBufferFree(buffer) }
        if html {
            _ = widgethost_xml_save_html(api, buffer, node)
        } else {
            _ = api.pointee.xmlNodeDump(buffer, document, node, 0, 0)
        }
        return string(buffer)
    }

    private func string(_ buffer: xmlBufferPtr) -> String {
        guard let bytes = widgethost_xml_buffer_bytes(api, buffer) else { return "" }
        let count = Int(api.pointee.xmlBufferLength(buffer))
        return bytes.withMemoryRebound(to: UInt8.self, capacity: count) {
            String(decoding: UnsafeBufferPointer(start: $0, count: count), as: UTF8.self)
        }
    }
}

/// One node an XPath expression selected: its text content, its children as HTML, itself as
/// HTML and as XML, its `class` attribute and its name.
public struct HTMLNode: Equatable, Sendable {
    /// The text content (of an attribute, its value).
    public let text: String
    /// The children serialised as HTML (of an attribute, its value).
    public let innerHTML: String
    /// The node serialised as HTML.
    public let html: String
    /// The node serialised as XML.
    public let xml: String
    /// The `class` attribute of an element, else empty.
    public let className: String
    /// The element's (or attribute's) name.
    public let tagName: String
}

/// Why an XPath expression was refused, in libxml2's words.
public struct XPathError: KindedError, Sendable {
    /// The script's expression is refused: the script's error.
    public var errorKind: ErrorKind { .script }
    /// libxml2's first error message, or a description of the failure.
    public let message: String
}

/// libxml2 could not be loaded: `message` says which library and package it needs.
public struct HTMLLibraryError: KindedError, Sendable {
    /// A library the host loads is not installed.
    public var errorKind: ErrorKind { .environment(.notInstalled) }
    /// What is missing and how to get it.
    public let message: String
}

/// libxml2's entry points as `CLibXML2` loads them (with `dlopen`, on the first parse).
enum LibXML2 {
    /// The table of entry points, or why there is none; the same answer for the whole process.
    private static let shared: Result<Table, HTMLLibraryError> = load()

    /// `@unchecked Sendable`: a table of function pointers that libxml2's loader fills once,
    /// inside `pthread_once`, before any caller can see it, and never changes after.
    private struct Table: @unchecked Sendable {
        let api: UnsafePointer<widgethost_xml_api>
    }

    static func api() throws(HTMLLibraryError) -> UnsafePointer<widgethost_xml_api> {
        try shared.get().api
    }

    private static func load() -> Result<Table, HTMLLibraryError> {
        var reason = [CChar](repeating: 0, count: 256)
        guard let api = widgethost_xml_load(&reason, reason.count) else {
            return .failure(HTMLLibraryError(message: String(decoding: reason.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)))
        }
        return .success(Table(api: api))
    }
}

/// libxml2 reports errors through a thread-local handler; the host collects them instead of printing.
enum XMLErrors {
    final class Collected {
        var messages: [String] = []

        /// Keeps `message` without leading and trailing spaces, tabs and line breaks (libxml2
        /// ends its messages with one).
        func add(_ message: String) {
            let isSpace: (UInt8) -> Bool = { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D || $0 == 0x0A }
            let bytes = Array(message.utf8)
            guard let first = bytes.firstIndex(where: { !isSpace($0) }), let last = bytes.lastIndex(where: { !isSpace($0) }) else {
                return messages.append("")
            }
            messages.append(String(decoding: bytes[first...last], as: UTF8.self))
        }
    }

    static func silenced<R>(_ api: UnsafePointer<widgethost_xml_api>, _ body: (Collected) -> R) -> R {
        let collected = Collected()
        let box = Unmanaged.passRetained(collected)
        defer { box.release() }
        let handler: xmlStructuredErrorFunc = { user, error in
            guard let user, let error, let message = error.pointee.message else { return }
            Unmanaged<Collected>.fromOpaque(user).takeUnretainedValue().add(String(cString: message))
        }
        widgethost_xml_set_error_handler(api, box.toOpaque(), handler)
        defer { widgethost_xml_set_error_handler(api, nil, nil) }
        return body(collected)
    }
}
