/// The API reference page (docs/api.md), generated from ``APIRegistry``.
///
/// Regenerate the page with `widgethost api --markdown > docs/api.md`; a test
/// compares the page with this output.
public enum APIReference {
    /// The whole page: an introduction, a table of every global, then each section's globals with
    /// their entry points.
    public static func markdown() -> String {
        var text = """
            # Script API reference

            Every global the host installs in a script's context, with the shape of what it returns. This page is
            generated from the host's API registry (`Sources/Engine/WidgetHost/API/APIRegistry.swift`), from which the host
            also installs the API; regenerate it with `widgethost api --markdown > docs/api.md`. A test fails when
            the page and the code disagree.

            Each global is built the first time a script touches it, so a script pays only for what it uses.
            Device-dependent answers come from the device profile (docs/profile.md); requests from the network or
            from fixtures (docs/network.md); storage and files live in the state folder (`--state`, docs/storage.md).
            Async calls return real promises that the host loop settles on the virtual clock. Wrong input to a call
            that the app documents as throwing throws; anything else gives a diagnostic (docs/diagnostics.md) and,
            with `--strict`, throws at the call. The host offers no `window`, `document`, `fetch`, `require` or
            module loading (A9).

            | global | kind | entry points | rules |
            | --- | --- | --- | --- |

            """
        for global in APIRegistry.globals {
            text += "| [`\(global.name)`](#\(anchor(global.name))) | \(global.kind.rawValue) | \(global.members.count) | \(global.rules) |\n"
        }
        text += "\n\(APIRegistry.members.count) entry points in \(APIRegistry.globals.count) globals.\n"
        for section in APIRegistry.sections {
            text += "\n## \(section.title)\n"
            for global in section.globals {
                text += "\n### \(global.name)\n\n"
                text += "\(global.kind.rawValue.capitalizedFirst) (\(global.rules)). \(global.summary)\n\n"
                text += "| call | returns | mode | what it does |\n| --- | --- | --- | --- |\n"
                for member in global.members {
                    let mode = member.kind == .property || member.kind == .constructor ? member.kind.rawValue : member.mode.rawValue
                    text += "| `\(escape(member.signature))` | `\(escape(member.returns))` | \(mode) | \(escape(member.summary)) |\n"
                }
            }
        }
        return text
    }

    private static func anchor(_ name: String) -> String {
        String(name.lowercased().filter { $0.isLetter || $0.isNumber || $0 == "-" })
    }

    private static func escape(_ text: String) -> String {
        text.replacing("|", with: "\\|")
    }
}

extension String {
    var capitalizedFirst: String { prefix(1).uppercased() + dropFirst() }
}
