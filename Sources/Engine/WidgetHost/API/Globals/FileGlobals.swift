/// The declarations of `FileManager` and `HTMLDoc` (A5, A6): each global once,
/// with its members, their docs and TypeScript types, and how the host makes it.
extension APIRegistry {
    static let files: [APIGlobal] = [
        APIGlobal(
            "FileManager", .object, rules: "A5", receiver: "fm",
            summary: "Files in per-widget folders inside the state folder. A path that tries to leave its folder (`..`, absolute paths, another widget's id, NUL) throws an `Error`.",
            members: [
                .function("local", "()", returns: "FileManager", "The device's folders (`LD:`, `LL:`).",
                    type: .call("", "Omni.FileManager")),
                .function("iCloud", "()", returns: "FileManager", "The iCloud folders (`ID:`, `IL:`).",
                    type: .call("", "Omni.FileManager")),
                .method("documents", "()", returns: "string", "`\"LD:<widget id>/\"` (local) or `\"ID:<widget id>/\"` (iCloud).",
                    type: .call("", "string")),
                .method("library", "()", returns: "string", "`\"LL:<widget id>/\"` (local) or `\"IL:<widget id>/\"` (iCloud).",
                    type: .call("", "string")),
                .method("writeString", "(path, text)", returns: "undefined", "Writes UTF-8 text, creating folders as needed. Throws a `TypeError` when `text` is not a string.",
                    type: .call("path: string, text: string", "void")),
                .method("readString", "(path)", returns: "string", "The file's text; `\"\"` when it does not exist.",
                    type: .call("path: string", "string")),
                .method("saveImage", "(path, bytes)", returns: "undefined", "Writes bytes (the `Uint8Array` from `req.fetch()`). Throws a `TypeError` for anything but a typed array or ArrayBuffer.",
                    type: .call("path: string, bytes: Uint8Array | ArrayBuffer | ArrayBufferView", "void")),
                .method("fileExists", "(path)", returns: "boolean", "Whether the file exists.",
                    type: .call("path: string", "boolean")),
                .method("remove", "(path)", returns: "undefined", "Deletes the file (a missing file is fine).",
                    type: .call("path: string", "void")),
            ],
            made: .onFirstRead { state, _, context in state.makeFileManager(in: context) }),
        APIGlobal(
            "HTMLDoc", .constructor, rules: "A6", receiver: "doc",
            summary: "An HTML document parsed by libxml2 (no JavaScript runs): `new HTMLDoc(html)`.",
            members: [
                .constructor("(html)", returns: "HTMLDoc", "Parses `html` (broken markup is repaired, as browsers do). Throws a `TypeError` when `html` is not a string.",
                    type: .call("html: string", "HTMLDoc")),
                .method("xpath", "(expression)", returns: "JSON string", "The matching nodes as `[{text, innerHTML, toHTML, toXML, className, tagName, content}]`; `\"[]\"` when nothing matches. An invalid expression throws an `Error` naming it.",
                    type: .call("expression: string", "string", parsed: "Omni.HTMLNode[]")),
            ],
            made: .script),
    ]
}
