import ErrorKinds
import HostSystem
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
            that passes (with --kind live, a Live Activity that counts down a delivery and
            ends itself); widget.layout.json, a component tree that studio and preview
            draw at once; widget.profile.json; widget.fixtures.json, the recorded answer of
            its request; omni.d.ts and jsconfig.json, for editors; and
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
            (ExitStatus.success, "the project was written"),
            (ExitStatus.usage, "a usage error"),
            (ExitStatus.cannotCreate, "a file exists (file-exists) or cannot be written (cannot-write)"),
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
        // Each file below the folder (followed as named, the user's choice), reached without
        // following a link: a folder on the way that is one (`.github` -> elsewhere) is refused
        // before anything is written, and a new file never replaces what is at its name.
        let locations = files.map { file -> FileSystem.Location in
            var parts = file.path.split(separator: "/").map { Array($0.utf8) }
            let name = parts.removeLast()
            return FileSystem.Location(base: folder, folders: parts, name: name, display: base + file.path)
        }
        var existing: [String] = []
        for location in locations {
            do {
                if try FileSystem.exists(location) { existing.append(location.display) }
            } catch where error.kind == .link {
                throw CommandError("cannot write \(location.display): \(error.message); init writes only inside its folder and wrote nothing (remove the link, or choose another folder)\(ToolCode.cannotWrite.suffix)",
                                   kind: .environment(.cannotCreate))
            } catch {
                // A folder that cannot be opened is reported when it is made, below.
            }
        }
        if !existing.isEmpty {
            let list = existing.joined(separator: ", ")
            throw CommandError("\(list) already exist\(existing.count == 1 ? "s" : ""); init never overwrites a file and wrote nothing (choose an empty folder, or move \(existing.count == 1 ? "it" : "them") away)\(ToolCode.fileExists.suffix)",
                               kind: .environment(.cannotCreate))
        }
        do { try NewFiles.makeFolders(folder) } catch {
            throw CommandError("cannot write \(error.path): \(error.message)\(ToolCode.cannotWrite.suffix)", kind: error.errorKind)
        }
        for (location, file) in zip(locations, files) {
            do { try FileSystem.create(location, Array(file.text.utf8)) } catch {
                throw CommandError("cannot write \(error.path): \(error.message)\((error.exists ? ToolCode.fileExists : .cannotWrite).suffix)",
                                   kind: .environment(.cannotCreate))
            }
        }
        let shown = folder == "." ? "" : "cd \(folder) && "
        let what = harmony ? "HarmonyOS \(configuration.card.description) card" : kind.isLiveActivity ? "Live Activity" : "\(kind.rawValue) widget"
        terminal.out("made a \(what) project in \(folder == "." ? "the current folder" : folder): \(files.map(\.path).joined(separator: ", "))")
        let steps = harmony ? ProjectTemplate.nextSteps(card: configuration.card) : ProjectTemplate.nextSteps(kind: kind)
        for (index, step) in steps.enumerated() {
            terminal.out(index == 0 ? "next: \(shown)\(step)" : "      \(step)")
        }
        if source == nil { terminal.out("for CI, set WIDGETHOST_GIT and WIDGETHOST_COMMIT in .github/workflows/widgethost.yml: where widgethost's sources are, and the commit to build") }
        return ExitStatus.success
    }
}
