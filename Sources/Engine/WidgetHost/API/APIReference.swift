/// The API reference pages (docs/api.md, and docs/api-harmony.md for the HarmonyOS edition),
/// generated from ``APIRegistry``.
///
/// Regenerate them with `widgethost api --markdown > docs/api.md` and `widgethost api --edition
/// harmony --markdown > docs/api-harmony.md`; a test compares the pages with this output.
public enum APIReference {
    /// The page of `edition`'s API: an introduction, a table of every global, then each
    /// section's globals with their entry points.
    public static func markdown(for edition: Edition = .ios) -> String {
        var text = edition == .harmony ? harmonyIntroduction : iosIntroduction
        for global in APIRegistry.globals(for: edition) {
            text += "| [`\(global.name)`](#\(anchor(global.name))) | \(global.kind.rawValue) | \(global.members.count) | \(global.rules) |\n"
        }
        text += "\n\(APIRegistry.members(for: edition).count) entry points in \(APIRegistry.globals(for: edition).count) globals.\n"
        for section in APIRegistry.sections(for: edition) {
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

    private static let harmonyIntroduction = """
        # Script API reference: the HarmonyOS edition

        Every global the host installs in the context of a script of the app's HarmonyOS edition
        (`--edition harmony`, `edition: harmony` in a fixture), with the shape of what it returns. This page is
        generated from the host's API registry (`Sources/Engine/WidgetHost/API/APIRegistry.swift`), from which the host
        also installs the API; regenerate it with `widgethost api --edition harmony --markdown > docs/api-harmony.md`.
        A test fails when the page and the code disagree. The iOS edition's API is [api.md](api.md); the rules
        this edition follows are section H of [contract.md](contract.md).

        A global of the iOS edition that this one does not document is absent, not a stub: `typeof Weather`,
        `typeof Health`, `typeof Calendar`, `typeof HTMLDoc`, `typeof http`, `typeof setConfig` and `typeof
        endLiveActivity` are `"undefined"`. Each global is built the first time a script touches it. Device answers
        come from the device profile's `harmony` section (docs/profile.md); requests from the network or from
        fixtures (docs/network.md); storage and files live in the state folder (docs/storage.md). Async calls
        return real promises that the host loop settles on the virtual clock, and the time they take spends the
        run's 4.5 s (H4). There is no `window`, `document`, `fetch`, `require` or module loading.

        | global | kind | entry points | rules |
        | --- | --- | --- | --- |

        """

    private static let iosIntroduction = """
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
