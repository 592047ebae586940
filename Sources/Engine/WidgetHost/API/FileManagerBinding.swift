import ScriptCore

/// `FileManager` (A5): files in per-widget folders inside the state folder.
///
/// Every path is checked by ``FilePath``: it must start with `LD:`, `LL:`, `ID:` or
/// `IL:` and this widget's id, and may not leave that folder. A refused path throws
/// an `Error` into the script; nothing outside the state folder is read or written.
extension BindingContext {
    func makeFileManager(in context: ScriptContext) -> JSValue {
        nativeObject(in: context, [
            ("local", 0, { [unowned self] (call: NativeCall) throws -> JSValue in self.fileManagerInstance(iCloud: false, in: call.context) }),
            ("iCloud", 0, { [unowned self] (call: NativeCall) throws -> JSValue in self.fileManagerInstance(iCloud: true, in: call.context) }),
        ])
    }

    /// A path argument checked against the widget's folders; throws an `Error` naming the problem.
    private func checkedPath(_ call: NativeCall, _ function: String, folderAllowed: Bool = false) throws -> FilePath {
        let value = call[0]
        guard value.isString else {
            throw NativeError(.typeError, "\(function)(path) expects a path string such as fm.documents() + \"data.json\"; got \(ValueDescription.phrase(value))")
        }
        // A file name is UTF-8 bytes, where every lone surrogate would become U+FFFD.
        guard !value.hasLoneSurrogate else {
            throw NativeError(.error, "\(function): the path \(JSONValueQuote.short(try value.toString())) was refused: it contains a lone surrogate (a \\uD800–\\uDFFF without its pair), which a file name cannot hold apart from others")
        }
        let text = try value.toString()
        switch FilePath.parse(text, widget: api.identity.id) {
        case .failure(let refusal):
            throw NativeError(.error, "\(function): the path \(JSONValueQuote.short(text)) was refused: \(refusal.message)")
        case .success(let path):
            if path.segments.isEmpty && !folderAllowed {
                throw NativeError(.error, "\(function): the path \(JSONValueQuote.short(text)) names the widget's folder, not a file; add a file name")
            }
            // The widget's files are its storage too: the run holds its lock from here (A12).
            guard api.holdWidgetStorage() else {
                throw NativeError(.error, "\(function): the widget's storage is in use by another run (state-busy); nothing was read or written")
            }
            return path
        }
    }

    /// A failed store call, naming the script's path: `fm.readString: "LD:<id>/link/a.txt" is reached through …`.
    private func storeFailure(_ function: String, _ path: FilePath, _ error: any Error) -> NativeError {
        let message = (error as? StateStoreError)?.message ?? "\(error)"
        let shown = "\(path.area.rawValue):\(path.widget)/" + String(decoding: path.relative, as: UTF8.self)
        return NativeError(.error, "\(function): \(JSONValueQuote.short(shown)) \(message)")
    }

    func fileManagerInstance(iCloud: Bool, in context: ScriptContext) -> JSValue {
        let id = api.identity.id
        let documents = iCloud ? FileArea.iCloudDocuments : .localDocuments
        let library = iCloud ? FileArea.iCloudLibrary : .localLibrary
        return nativeObject(in: context, [
            ("documents", 0, { (call: NativeCall) throws -> JSValue in call.context.string("\(documents.rawValue):\(id)/") }),
            ("library", 0, { (call: NativeCall) throws -> JSValue in call.context.string("\(library.rawValue):\(id)/") }),
            ("writeString", 2, { [unowned self] (call: NativeCall) throws -> JSValue in
                let path = try self.checkedPath(call, "fm.writeString")
                guard call[1].isString else {
                    throw NativeError(.typeError, "fm.writeString(path, text) expects the text as a string; got \(ValueDescription.phrase(call[1])) (use JSON.stringify for objects)")
                }
                do {
                    try self.api.store.writeFile(widget: path.widget, area: path.area, segments: path.segments, Array(try call[1].toString().utf8))
                } catch { throw self.storeFailure("fm.writeString", path, error) }
                return call.context.undefined
            }),
            ("readString", 1, { [unowned self] (call: NativeCall) throws -> JSValue in
                let path = try self.checkedPath(call, "fm.readString")
                let bytes: [UInt8]?
                do { bytes = try self.api.store.readFile(widget: path.widget, area: path.area, segments: path.segments) } catch {
                    throw self.storeFailure("fm.readString", path, error)
                }
                return call.context.string(bytes.map { String(decoding: $0, as: UTF8.self) } ?? "")
            }),
            ("saveImage", 2, { [unowned self] (call: NativeCall) throws -> JSValue in
                let path = try self.checkedPath(call, "fm.saveImage")
                guard let bytes = call[1].bytes() else {
                    throw NativeError(.typeError, "fm.saveImage(path, bytes) expects the image bytes (the Uint8Array from await req.fetch()); got \(ValueDescription.phrase(call[1]))")
                }
                do { try self.api.store.writeFile(widget: path.widget, area: path.area, segments: path.segments, bytes) } catch {
                    throw self.storeFailure("fm.saveImage", path, error)
                }
                return call.context.undefined
            }),
            ("fileExists", 1, { [unowned self] (call: NativeCall) throws -> JSValue in
                let path = try self.checkedPath(call, "fm.fileExists", folderAllowed: true)
                if path.segments.isEmpty { return call.context.boolean(true) }
                return call.context.boolean(self.api.store.fileExists(widget: path.widget, area: path.area, segments: path.segments))
            }),
            ("remove", 1, { [unowned self] (call: NativeCall) throws -> JSValue in
                let path = try self.checkedPath(call, "fm.remove")
                do { try self.api.store.removeFile(widget: path.widget, area: path.area, segments: path.segments) } catch {
                    throw self.storeFailure("fm.remove", path, error)
                }
                return call.context.undefined
            }),
        ])
    }
}

/// Paths quoted for messages, shortened and with control characters escaped.
enum JSONValueQuote {
    static func short(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars.prefix(120) {
            if scalar == "\0" { result += "\\0" } else if scalar.value < 0x20 { result += "\\u{\(String(scalar.value, radix: 16))}" } else if scalar == "\"" { result += "\\\"" } else { result.unicodeScalars.append(scalar) }
        }
        return result + (text.unicodeScalars.count > 120 ? "…\"" : "\"")
    }
}
