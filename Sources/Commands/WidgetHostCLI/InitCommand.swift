import WidgetHost

/// `widgethost init [DIR]`: a new widget project.
enum InitCommand {
    static let name = "init"
    static let command = Command(
        name: name,
        abstract: "Make a new widget project: a script, layout, profile, fixtures, types and a CI workflow.",
        discussion: """
            Writes into DIR (default: the current folder; made if missing): widget.js, a
            script that runs and whose leading /*--- ---*/ block is a conformance fixture
            that passes; widget.layout.txt; widget.profile.json; widget.fixtures.json, the
            recorded answer of its request; omni.d.ts and jsconfig.json, for editors; and
            .github/workflows/widgethost.yml, which runs 'widgethost test' in shards across
            a matrix and keeps each shard's JUnit report. It never overwrites a file: when
            any of them exists, it writes nothing. With --edition harmony the project is a
            HarmonyOS card's (--kind desk|lock, --dimension), its script written as that
            edition's docs write them and omni.d.ts that edition's. See docs/editors.md.
            """,
        arguments: [.folder("dir", "The project folder. Default: the current folder.")],
        options: [RunOptions.edition.helped("The app's edition the project is for: ios or harmony. Default: ios.").spec, kind.spec,
                  RunOptions.dimension.spec],
        examples: [
            .init("A new project in a new folder", "widgethost init my-widget"),
            .init("A Live Activity project in the current folder", "widgethost init --kind live"),
            .init("A wide HarmonyOS desk card", "widgethost init my-card --edition harmony --kind desk --dimension 2*4"),
        ],
        exitCodes: [
            (ExitCode.success, "the project was written"),
            (ExitCode.usage, "a usage error"),
            (ExitCode.cannotCreate, "a file exists (file-exists) or cannot be written (cannot-write)"),
        ],
        run: run)

    static let kind = RunOptions.kind.helped(
        "Widget kind of the script: \(ScriptKind.namesList) (ios); desk or lock (harmony). Default: small, or desk.")

    static func run(_ arguments: ParsedArguments, _ terminal: Terminal) throws -> Int32 {
        guard arguments.positionals.count <= 1 else {
            throw UsageError("unexpected argument '\(arguments.positionals[1])'; init takes one folder")
        }
        let folder = arguments.positionals.first ?? "."
        guard !folder.isEmpty else { throw UsageError("bad folder ''; name a folder, or leave it out for the current one") }
        let options = try RunOptions.decode(arguments)
        let configuration = options.configuration
        let harmony = configuration.edition == .harmony
        let kind = configuration.kind
        let base = folder == "." ? "" : folder.hasSuffix("/") ? folder : folder + "/"
        let source = SourceRecord.installed()
        let files = harmony ? ProjectTemplate.files(card: configuration.card, source: source) : ProjectTemplate.files(kind: kind, source: source)
        let existing = NewFiles.existing(files.map { base + $0.path })
        if !existing.isEmpty {
            let list = existing.joined(separator: ", ")
            throw CommandError("\(list) already exist\(existing.count == 1 ? "s" : ""); init never overwrites a file and wrote nothing (choose an empty folder, or move \(existing.count == 1 ? "it" : "them") away)\(ToolCode.fileExists.suffix)",
                               kind: .environment(.cannotCreate))
        }
        do {
            for (path, text) in files {
                let full = base + path
                if let slash = full.lastIndex(of: "/") { try NewFiles.makeFolders(String(full[..<slash])) }
                try NewFiles.create(full, text)
            }
        } catch {
            throw CommandError("cannot write \(error.path): \(error.message)\((error.exists ? ToolCode.fileExists : .cannotWrite).suffix)",
                               kind: error.errorKind)
        }
        let shown = folder == "." ? "" : "cd \(folder) && "
        let what = harmony ? "HarmonyOS \(configuration.card.description) card" : "\(kind.rawValue) widget"
        terminal.out("made a \(what) project in \(folder == "." ? "the current folder" : folder): \(files.map(\.path).joined(separator: ", "))")
        let runOptions = harmony
            ? "--edition harmony --kind \(configuration.card.kind.rawValue) --dimension \(configuration.card.dimension.rawValue)"
            : "--kind \(kind.rawValue)"
        terminal.out("next: \(shown)widgethost run widget.js \(runOptions) --profile widget.profile.json --fixtures widget.fixtures.json")
        terminal.out("      widgethost test .")
        if source == nil { terminal.out("for CI, set WIDGETHOST_GIT and WIDGETHOST_COMMIT in .github/workflows/widgethost.yml: where widgethost's sources are, and the commit to build") }
        return ExitCode.success
    }
}
