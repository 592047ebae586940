import ErrorKinds
import HostSystem
import WidgetHost

/// `widgethost types`: the script API as a TypeScript declaration file, for editors and `tsc`.
enum TypesCommand {
    static let name = "types"
    static let command = Command(
        name: name,
        abstract: "Write the script API as TypeScript declarations (omni.d.ts) for editors.",
        discussion: """
            Prints omni.d.ts, generated from the same registry as 'widgethost api': every global
            with its documentation, the exact shapes of what it returns (a JSON string is
            typed string, and its comment names the shape JSON.parse gives), async calls as
            promises. --out writes it to a file (replacing it). --wrap DIR writes each script
            as the host runs it, the body of an async function whose 'this' is the global
            object, line for line, with omni.d.ts and a jsconfig.json, so 'tsc -p
            DIR/jsconfig.json' checks top-level await, return and this.name = ... as the
            host runs them; with no script named, the .js files of the current folder. It
            replaces only files it wrote, and removes its copies of scripts not wrapped this
            time. --edition harmony writes the HarmonyOS edition's declarations. See
            docs/editors.md.
            """,
        arguments: [.file("script", "With --wrap: the scripts to write in the checked form. Default: the .js files of the current folder.")],
        options: [edition.spec, outFile.spec, wrapFolder.spec],
        examples: [
            .init("Declarations for an editor, next to your scripts", "widgethost types --out omni.d.ts"),
            .init("Every script of the folder as the host runs it, for tsc -p .widgethost/typecheck/jsconfig.json", "widgethost types --wrap .widgethost/typecheck"),
            .init("The declarations of the HarmonyOS edition", "widgethost types --edition harmony --out omni.d.ts"),
        ],
        exitCodes: [
            (ExitStatus.success, "written"),
            (ExitStatus.usage, "a usage error"),
            (ExitStatus.dataError, "a script is not UTF-8"),
            (ExitStatus.noInput, "a script cannot be read, or --wrap found none to write (no-scripts)"),
            (ExitStatus.cannotCreate, "a file cannot be written, or --wrap would replace a file it did not write (file-exists)"),
        ],
        run: run)

    static let edition = RunOptions.edition.helped("The app's edition whose API is declared: ios or harmony. Default: ios.")
    static let outFile = Option<String>.file("out", "file", "Write the declarations to this file instead of stdout.", nonEmpty: "name a file")
    static let wrapFolder = Option<String>.folder(
        "wrap", "dir", "Write the scripts, omni.d.ts and jsconfig.json for tsc to this new folder.", nonEmpty: "name a folder")

    static func run(_ arguments: ParsedArguments, _ terminal: Terminal) throws -> Int32 {
        let text = TypeDeclarations.text(for: try arguments.get(edition) ?? .ios)
        if let folder = try arguments.get(wrapFolder) {
            if arguments.given(outFile) { throw UsageError("--out and --wrap do not go together; --wrap writes its own omni.d.ts") }
            return try wrap(arguments.positionals, into: folder, declarations: text, terminal)
        }
        if let extra = arguments.positionals.first {
            throw UsageError("unexpected argument '\(extra)'; scripts go with --wrap DIR")
        }
        guard let out = try arguments.get(outFile) else {
            terminal.writeOut(text)
            return ExitStatus.success
        }
        do {
            try AtomicFile.write(Array(text.utf8), toPath: out)
        } catch {
            throw CommandError("cannot write \(out): \(error.reason)\(ToolCode.cannotWrite.suffix)", kind: error.errorKind)
        }
        terminal.out("wrote the script API's declarations to \(out)")
        return ExitStatus.success
    }

    private static func wrap(_ named: [String], into folder: String, declarations: String, _ terminal: Terminal) throws -> Int32 {
        // No script named: every script of the project, the .js files of the current folder.
        let scripts = named.isEmpty ? (FileSystem.names(inFolder: ".") ?? []).filter { $0.hasSuffix(".js") && !$0.hasPrefix(".") }.sorted() : named
        guard !scripts.isEmpty else {
            throw CommandError("no scripts to wrap: the current folder has no .js file; name the scripts, e.g. --wrap .widgethost/typecheck widget.js [no-scripts]", kind: .input(.missing))
        }
        var names: [String: String] = [:]
        var files: [(String, String)] = []
        for script in scripts {
            let name = script.split(separator: "/").last.map(String.init) ?? script
            guard name.hasSuffix(".js"), name != "omni.d.ts" else {
                throw UsageError("'\(script)' is not a .js script")
            }
            if let other = names[name] {
                throw UsageError("'\(other)' and '\(script)' have the same name; wrap them into different folders")
            }
            names[name] = script
            let source = try ScriptSource.loadScript(path: script)
            files.append((name, CheckerWrap.wrap(source.text)))
        }
        let base = folder.hasSuffix("/") ? folder : folder + "/"
        files.append(("omni.d.ts", declarations))
        files.append(("jsconfig.json", EditorConfig.jsconfig(checkJs: true, include: ["*.js", "omni.d.ts"])))
        // Files this command wrote before are replaced; anything else is never touched.
        let foreign = NewFiles.existing(files.map { base + $0.0 }).filter { !isGenerated($0) }
        if !foreign.isEmpty {
            throw CommandError("\(foreign.joined(separator: ", ")) already exist\(foreign.count == 1 ? "s" : "") and \(foreign.count == 1 ? "was" : "were") not written by --wrap; it never overwrites such a file (choose another folder)\(ToolCode.fileExists.suffix)",
                               kind: .environment(.cannotCreate))
        }
        do {
            try NewFiles.makeFolders(folder)
        } catch {
            throw CommandError("cannot make \(error.path): \(error.message)\(ToolCode.cannotWrite.suffix)", kind: error.errorKind)
        }
        for (name, text) in files {
            do {
                try AtomicFile.write(Array(text.utf8), toPath: base + name)
            } catch {
                throw CommandError("cannot write \(base + name): \(error.reason)\(ToolCode.cannotWrite.suffix)", kind: error.errorKind)
            }
        }
        // Wrapped copies of scripts not wrapped this time (deleted or renamed since) would be
        // checked with the rest and their errors hide the real ones: they go.
        let stale = (FileSystem.names(inFolder: folder) ?? []).filter { $0.hasSuffix(".js") && names[$0] == nil }.sorted()
            .filter { isGenerated(base + $0) }
        for name in stale {
            do { try FileSystem.remove(FileSystem.location(ofUserPath: base + name)) } catch {
                throw CommandError("cannot remove the stale copy \(base + name): \(error.message)\(ToolCode.cannotWrite.suffix)", kind: .environment(.cannotCreate))
            }
        }
        let removed = stale.isEmpty ? "" : ", removed the stale cop\(stale.count == 1 ? "y" : "ies") \(stale.joined(separator: ", "))"
        terminal.out("wrote \(scripts.count) script\(scripts.count == 1 ? "" : "s") for the checker to \(base)\(removed); check them with: tsc -p \(base)jsconfig.json")
        return ExitStatus.success
    }

    /// Whether `path` holds what `--wrap` writes: a wrapped script, the declarations or the
    /// checker's configuration (regular files only).
    private static func isGenerated(_ path: String) -> Bool {
        guard let bytes = try? FileBytes.read(path: path) else { return false }
        let text = String(decoding: bytes, as: UTF8.self)
        if path.hasSuffix(".js") { return CheckerWrap.isWrapped(text) }
        if path.hasSuffix("omni.d.ts") { return text.hasPrefix(TypeDeclarations.firstLine) }
        return text == EditorConfig.jsconfig(checkJs: true, include: ["*.js", "omni.d.ts"])
    }
}
