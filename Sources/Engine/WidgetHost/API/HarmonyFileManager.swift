import ScriptCore

/// The HarmonyOS edition's `FileManager` (H11): static async calls on the card's folder, and
/// callable (`FileManager()` gives a manager with the same calls). Paths are checked by
/// ``CardFilePath``; a refused path rejects the call's promise with an `Error`.
extension BindingContext {
    func makeHarmonyFileManager(_ name: String, in context: ScriptContext) -> JSValue {
        let manager = context.function(name) { [unowned self] call in self.harmonyFileCalls(in: call.context) }
        for (member, length, body) in harmonyFileMembers() {
            manager.define(member, context.function(member, length: length, body), attributes: .dontEnum)
        }
        return manager
    }

    private func harmonyFileCalls(in context: ScriptContext) -> JSValue {
        nativeObject(in: context, harmonyFileMembers())
    }

    /// A promise of `work`'s answer for the file at the call's first argument, settled by the host loop.
    private func fileCall(_ call: NativeCall, _ function: String, optionalPath: Bool = false,
                          _ work: @escaping (Self, [[UInt8]], ScriptContext) throws -> JSValue) -> JSValue {
        let site = callSite(call.context, name: function.split(separator: ".").last.map(String.init) ?? function)
        let argument = call[0]
        let checked: Result<[[UInt8]], NativeError>
        if optionalPath && argument.isNullOrUndefined {
            checked = .success([])
        } else if !argument.isString || argument.hasLoneSurrogate {
            checked = .failure(NativeError(.typeError, "\(function)(path) expects a path string such as \"data.json\"; got \(ValueDescription.phrase(argument))"))
        } else {
            let text = (try? argument.toString()) ?? ""
            switch CardFilePath.parse(text) {
            case .failure(let refusal): checked = .failure(NativeError(.error, "\(function): the path \(JSONValueQuote.short(text)) was refused: \(refusal.message)"))
            case .success(let segments): checked = .success(segments)
            }
        }
        return deferred(call.context, function, site: site, function: function) { [unowned self] context in
            switch checked {
            case .failure(let error): return .failure(error)
            case .success(let segments):
                // The card's files are its storage too: the run holds its lock from here (A12).
                guard self.api.holdWidgetStorage() else {
                    return .failure(NativeError(.error, "\(function): the card's storage is in use by another run (state-busy); nothing was read or written"))
                }
                do { return .value(try work(self, segments, context)) } catch let error as NativeError {
                    return .failure(error)
                } catch let error as StateStoreError {
                    return .failure(NativeError(.error, "\(function): \(CardFilePath.canonical(segments)) \(error.message)"))
                } catch {
                    return .failure(NativeError(.error, "\(function): \(error)"))
                }
            }
        }
    }

    /// The bytes `write` takes: a string as UTF-8, a `Uint8Array` (any typed array or buffer), or an array of byte numbers.
    private func fileContent(_ value: JSValue) throws -> [UInt8]? {
        if value.isString { return Array(try value.toString().utf8) }
        if let bytes = value.bytes() { return bytes }
        guard value.isArray else { return nil }
        var bytes: [UInt8] = []
        for element in try value.arrayElements() {
            guard element.isNumber, let byte = UInt8(exactly: try element.toNumber()) else { return nil }
            bytes.append(byte)
        }
        return bytes
    }

    private func harmonyFileMembers() -> [(String, Int, NativeFunctionBody)] {
        [
            ("read", 1, { [unowned self] (call: NativeCall) throws -> JSValue in
                self.fileCall(call, "FileManager.read") { state, segments, context in
                    guard !segments.isEmpty else { throw NativeError(.error, "FileManager.read: the path names the card's folder, not a file") }
                    let bytes = try state.api.store.readCardFile(widget: state.api.identity.id, segments: segments)
                    return context.string(bytes.map { String(decoding: $0, as: UTF8.self) } ?? "")
                }
            }),
            ("write", 2, { [unowned self] (call: NativeCall) throws -> JSValue in
                let content = call[1]
                let bytes = try self.fileContent(content)
                return self.fileCall(call, "FileManager.write") { state, segments, context in
                    guard !segments.isEmpty else { throw NativeError(.error, "FileManager.write: the path names the card's folder, not a file") }
                    guard let bytes else {
                        throw NativeError(.typeError, "FileManager.write(path, content) takes a string, a Uint8Array or an array of byte numbers (0-255); got \(ValueDescription.phrase(content))")
                    }
                    try state.api.store.writeCardFile(widget: state.api.identity.id, segments: segments, bytes)
                    return context.string(CardFilePath.canonical(segments))
                }
            }),
            ("exists", 1, { [unowned self] (call: NativeCall) throws -> JSValue in
                self.fileCall(call, "FileManager.exists") { state, segments, context in
                    let id = state.api.identity.id
                    if segments.isEmpty { return context.boolean(true) }
                    if try state.api.store.readCardFile(widget: id, segments: segments) != nil { return context.boolean(true) }
                    return context.boolean(try state.api.store.listCardFolder(widget: id, segments: segments) != nil)
                }
            }),
            ("list", 1, { [unowned self] (call: NativeCall) throws -> JSValue in
                self.fileCall(call, "FileManager.list", optionalPath: true) { state, segments, context in
                    let names = try state.api.store.listCardFolder(widget: state.api.identity.id, segments: segments) ?? []
                    return context.array(names.map { context.string(String(decoding: $0, as: UTF8.self)) })
                }
            }),
            ("remove", 1, { [unowned self] (call: NativeCall) throws -> JSValue in
                self.fileCall(call, "FileManager.remove") { state, segments, context in
                    guard !segments.isEmpty else { throw NativeError(.error, "FileManager.remove: the path names the card's folder, not a file") }
                    return context.boolean(try state.api.store.removeCardFile(widget: state.api.identity.id, segments: segments))
                }
            }),
            ("root", 0, { (call: NativeCall) throws -> JSValue in call.context.string(CardFilePath.root) }),
        ]
    }
}
