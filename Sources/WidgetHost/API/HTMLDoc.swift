import CLibXML2
import JSONKit
import ScriptCore

/// An HTML document parsed by libxml2's HTML parser (A6): no network, no scripts.
final class HTMLDocument {
    private let document: xmlDocPtr

    init(html: String) {
        let options = Int32(HTML_PARSE_RECOVER.rawValue | HTML_PARSE_NOERROR.rawValue | HTML_PARSE_NOWARNING.rawValue
            | HTML_PARSE_NONET.rawValue)
        let parsed: xmlDocPtr? = XMLErrors.silenced { _ in
            var bytes = Array(html.utf8)
            if bytes.isEmpty { bytes = Array("<html></html>".utf8) }
            return bytes.withUnsafeMutableBufferPointer { buffer in
                buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buffer.count) {
                    htmlReadMemory($0, Int32(clamping: buffer.count), "document.html", "UTF-8", options)
                }
            }
        }
        document = parsed ?? xmlNewDoc("1.0")
    }

    deinit { xmlFreeDoc(document) }

    /// The nodes `expression` selects as `[{text, innerHTML, toHTML, toXML, className, tagName, content}]`,
    /// or the reason the expression is invalid.
    func xpath(_ expression: String) -> Result<JSONValue, XPathError> {
        guard let context = xmlXPathNewContext(document) else { return .failure(XPathError(message: "out of memory")) }
        defer { xmlXPathFreeContext(context) }
        var found: [JSONValue] = []
        let failure: String? = XMLErrors.silenced { errors -> String? in
            let result = expression.withCString { text in
                text.withMemoryRebound(to: xmlChar.self, capacity: expression.utf8.count + 1) { xmlXPathEvalExpression($0, context) }
            }
            guard let result else { return errors.messages.first ?? "the expression does not parse" }
            defer { xmlXPathFreeObject(result) }
            guard result.pointee.type == XPATH_NODESET, let set = result.pointee.nodesetval, let table = set.pointee.nodeTab else {
                return nil
            }
            for index in 0..<Int(set.pointee.nodeNr) {
                if let node = table[index] { found.append(describe(node)) }
            }
            return nil
        }
        if let failure { return .failure(XPathError(message: failure)) }
        return .success(.array(found))
    }

    private func describe(_ node: xmlNodePtr) -> JSONValue {
        let text = content(of: node)
        var inner = ""
        var child = node.pointee.children
        while let current = child {
            inner += serialize(current, html: true)
            child = current.pointee.next
        }
        let name = node.pointee.name.map { String(cString: UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self)) } ?? ""
        return .object([
            "text": .string(text),
            "content": .string(text),
            "innerHTML": .string(node.pointee.type == XML_ATTRIBUTE_NODE ? text : inner),
            "toHTML": .string(serialize(node, html: true)),
            "toXML": .string(serialize(node, html: false)),
            "className": .string(attribute("class", of: node) ?? ""),
            "tagName": .string(name),
        ])
    }

    private func content(of node: xmlNodePtr) -> String {
        guard let buffer = xmlBufferCreate() else { return "" }
        defer { xmlBufferFree(buffer) }
        _ = xmlNodeBufGetContent(buffer, node)
        return string(buffer)
    }

    private func attribute(_ name: String, of node: xmlNodePtr) -> String? {
        guard node.pointee.type == XML_ELEMENT_NODE else { return nil }
        var property = node.pointee.properties
        while let current = property {
            if let attributeName = current.pointee.name,
                String(cString: UnsafeRawPointer(attributeName).assumingMemoryBound(to: CChar.self)) == name
            {
                return content(of: UnsafeMutableRawPointer(current).assumingMemoryBound(to: xmlNode.self))
            }
            property = current.pointee.next
        }
        return nil
    }

    private func serialize(_ node: xmlNodePtr, html: Bool) -> String {
        guard let buffer = xmlBufferCreate() else { return "" }
        defer { xmlBufferFree(buffer) }
        if html {
            let options = Int32(XML_SAVE_AS_HTML.rawValue | XML_SAVE_NO_DECL.rawValue)
            guard let saver = xmlSaveToBuffer(buffer, "UTF-8", options) else { return "" }
            _ = xmlSaveTree(saver, node)
            _ = xmlSaveClose(saver)
        } else {
            _ = xmlNodeDump(buffer, document, node, 0, 0)
        }
        return string(buffer)
    }

    private func string(_ buffer: xmlBufferPtr) -> String {
        guard let bytes = xmlBufferContent(buffer) else { return "" }
        let count = Int(xmlBufferLength(buffer))
        return String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
    }
}

struct XPathError: Error {
    let message: String
}

/// libxml2 reports errors through a thread-local handler; the host collects them instead of printing.
enum XMLErrors {
    final class Collected {
        var messages: [String] = []
    }

    static func silenced<R>(_ body: (Collected) -> R) -> R {
        let collected = Collected()
        let box = Unmanaged.passRetained(collected)
        defer { box.release() }
        let handler: xmlStructuredErrorFunc = { user, error in
            guard let user, let error, let message = error.pointee.message else { return }
            let text = String(cString: message).trimmingCharacters()
            Unmanaged<Collected>.fromOpaque(user).takeUnretainedValue().messages.append(text)
        }
        xmlSetStructuredErrorFunc(box.toOpaque(), handler)
        defer { xmlSetStructuredErrorFunc(nil, nil) }
        return body(collected)
    }
}

extension RunState {
    /// `native.htmlParse(html)`: parses a document and returns its handle for `native.xpath`.
    func htmlParse(_ call: NativeCall) throws -> JSValue {
        let html = call[0]
        guard html.isString else {
            throw NativeError(.typeError, "HTMLDoc(html) expects the HTML text as a string (e.g. await req.fetchString()); got \(ValueDescription.phrase(html))")
        }
        let handle = api.nextHTMLHandle
        api.nextHTMLHandle += 1
        api.htmlDocuments[handle] = HTMLDocument(html: try html.toString())
        return call.context.number(Double(handle))
    }

    /// `native.xpath(handle, expression)`: the documented JSON string; an invalid expression throws.
    func htmlXPath(_ call: NativeCall) throws -> JSValue {
        guard let handle = Int(exactly: (try? call[0].toNumber()) ?? .nan), let document = api.htmlDocuments[handle] else {
            throw NativeError(.typeError, "xpath() was called on something that is not an HTMLDoc")
        }
        let expression = call[1]
        guard expression.isString else {
            throw NativeError(.typeError, "doc.xpath(expression) expects an XPath expression string such as \"//h1\"; got \(ValueDescription.phrase(expression))")
        }
        let text = try expression.toString()
        switch document.xpath(text) {
        case .success(let nodes): return call.context.string(nodes.serialized())
        case .failure(let error):
            throw NativeError(.error, "doc.xpath(\(JSONValue.quote(text))): invalid XPath expression (\(error.message))")
        }
    }
}
