import HTMLCore
import JSONKit
import ScriptCore

extension BindingContext {
    /// `native.htmlParse(html)`: parses a document and returns its handle for `native.xpath`.
    func htmlParse(_ call: NativeCall) throws -> JSValue {
        let html = call[0]
        guard html.isString else {
            throw NativeError(.typeError, "HTMLDoc(html) expects the HTML text as a string (e.g. await req.fetchString()); got \(ValueDescription.phrase(html))")
        }
        let handle = api.nextHTMLHandle
        api.nextHTMLHandle += 1
        let text = try html.toString()
        do {
            api.htmlDocuments[handle] = try HTMLDocument(html: text)
        } catch {
            throw NativeError(.error, "HTMLDoc(html): \(error.message)")
        }
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
        case .success(let nodes): return call.context.string(JSONValue.array(nodes.map(Self.describe)).serialized())
        case .failure(let error):
            throw NativeError(.error, "doc.xpath(\(JSONValue.quote(text))): invalid XPath expression (\(error.message))")
        }
    }

    /// A selected node as the documented `{text, innerHTML, toHTML, toXML, className, tagName, content}`.
    private static func describe(_ node: HTMLNode) -> JSONValue {
        .object([
            "text": .string(node.text),
            "content": .string(node.text),
            "innerHTML": .string(node.innerHTML),
            "toHTML": .string(node.html),
            "toXML": .string(node.xml),
            "className": .string(node.className),
            "tagName": .string(node.tagName),
        ])
    }
}
