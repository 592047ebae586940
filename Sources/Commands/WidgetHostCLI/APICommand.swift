import ErrorKinds
import JSONKit
import WidgetHost

/// `widgethost api`: the script API the host installs, from its registry.
enum APICommand {
    static let name = "api"
    static let command = Command(
        name: name,
        abstract: "List the script API the host offers: every global and what it returns.",
        discussion: """
            Prints every global and entry point with its shape: sync or async, what it returns,
            and its error cases. --markdown prints the whole reference as one Markdown page.
            --edition harmony lists the HarmonyOS edition's API instead.
            """,
        arguments: [],
        options: [edition.spec, markdown.spec, format.spec],
        examples: [
            .init("Every global and its members", "widgethost api"),
            .init("The reference as JSON, for an editor or a script", "widgethost api --format json"),
            .init("The HarmonyOS edition's API", "widgethost api --edition harmony"),
        ],
        exitCodes: [
            (ExitStatus.success, "listed"),
            (ExitStatus.usage, "a usage error"),
        ],
        run: run)

    static let markdown = Flag("markdown", "Print the reference as a Markdown page.")
    static let edition = RunOptions.edition.helped("The app's edition whose API is listed: ios or harmony. Default: ios.")
    static let format = Option<ReportFormat>.format("Output format: text or json. Default: text.")

    static func run(_ arguments: ParsedArguments, _ terminal: Terminal) throws -> Int32 {
        if let extra = arguments.positionals.first { throw UsageError("unexpected argument '\(extra)'; api takes none") }
        let edition = try arguments.get(Self.edition) ?? .ios
        if arguments.isSet(markdown) {
            terminal.writeOut(APIReference.markdown(for: edition))
            return ExitStatus.success
        }
        switch try arguments.get(format) ?? .text {
        case .json:
            terminal.out(json(for: edition).serialized(pretty: true))
        case .text:
            for global in APIRegistry.globals(for: edition) {
                terminal.out("\(global.name)  (\(global.kind.rawValue))")
                for member in global.members {
                    let mode = member.kind == .property || member.kind == .constructor ? member.kind.rawValue : member.mode.rawValue
                    terminal.out("  \(member.signature)  → \(member.returns)  [\(mode)]")
                }
            }
        }
        return ExitStatus.success
    }

    static func json(for edition: Edition = .ios) -> JSONValue {
        var object: JSONObject = [
            "schema": "widgethost.api/1",
            "globals": .array(APIRegistry.globals(for: edition).map { global in
                .object([
                    "name": .string(global.name), "kind": .string(global.kind.rawValue), "rules": .string(global.rules),
                    "summary": .string(global.summary),
                    "members": .array(global.members.map { member in
                        .object([
                            "path": .string(member.path), "signature": .string(member.signature),
                            "kind": .string(member.kind.rawValue), "mode": .string(member.mode.rawValue),
                            "returns": .string(member.returns), "summary": .string(member.summary),
                        ])
                    }),
                ])
            }),
        ]
        // The HarmonyOS edition's list names it; the iOS one is as it was.
        if edition == .harmony { object["edition"] = .string(edition.rawValue) }
        return .object(object)
    }
}
