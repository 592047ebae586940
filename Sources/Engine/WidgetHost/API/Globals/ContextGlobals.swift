/// The declarations of `Widget`, `$params` and `isDebug` (A1, A7, S3): each global once,
/// with its members, their docs and TypeScript types, and how the host makes it.
extension APIRegistry {
    static let context: [APIGlobal] = [
        APIGlobal(
            "Widget", .object, rules: "A1, A7, S3",
            summary: "The widget that is running.",
            members: [
                .property("id", returns: "string", "The widget's UUID (profile `widget.id`; by default derived from the script's file name). Storage is kept per id.",
                    type: .value("string")),
                .property("name", returns: "string", "The widget's name (profile `widget.name`; by default the script's file name without `.js`).",
                    type: .value("string")),
                .property("type", returns: "string", "The kind: `small`, `medium`, `large`, `circular`, `rectangular`, `inline`, `button`, `toggle` or `live` (`--kind`).",
                    type: .value("Omni.WidgetKind")),
                .property("urlscheme", returns: "string", "`awidget://runjs/<type>/<id>`, the URL that re-runs the script in the app.",
                    type: .value("string")),
                .function("openUrl", "(url)", returns: "undefined", "Opens a URL: recorded as an event in an app run; a no-op with an `app-only-api` info in a widget run. A URL that is not a string is an `invalid-argument` warning.",
                    type: .call("url: string", "void")),
                .function("reload", "()", returns: "undefined", "Asks the system to reload this widget's timelines: recorded in an app run; a no-op with an `app-only-api` info in a widget run.",
                    type: .call("", "void")),
            ],
            made: .onFirstRead { state, _, context in state.makeWidget(in: context) }),
        APIGlobal(
            "$params", .value, rules: "A1, A7",
            summary: "The query parameters of the `runjs` URL that started the run: an object of strings (profile `params`, then `--param key=value`).",
            members: [
                .value(".city", returns: "object", "An object whose values are all strings; `{}` when there are none.",
                    type: .value("{ readonly [key: string]: string }")),
            ],
            made: .onFirstRead { state, _, context in state.makeParams(in: context) }),
        APIGlobal(
            "isDebug", .function, rules: "A7",
            summary: "Whether the script runs in the app (the editor).",
            members: [
                .call("()", returns: "boolean", "`true` in an app run (`--context app`), `false` in a widget run.",
                    type: .call("", "boolean")),
            ],
            editions: [.ios, .harmony],
            made: .onFirstRead { state, name, context in state.makeIsDebug(name, in: context) }),
    ]
}
