/// The declarations of the HarmonyOS edition's own globals (H9–H13): `Request`, `Config`,
/// `Shared`, `Setting`, `Widget`, `$params` and `openUrl` here, `Device`, `FileManager`, the
/// control bindings and `sleep` in `HarmonyDeviceGlobals.swift`. Where a global of that edition
/// has the iOS edition's own implementation, the declaration says so by what it makes; the
/// globals both editions document alike (`console`, the timers, `isDebug`, `Location`) are
/// declared once, for both, beside the iOS ones.
enum HarmonyAPI {
    static let network: [APIGlobal] = [
        APIGlobal(
            "Request", .constructor, rules: "H9", receiver: "req",
            summary: "An HTTP request: `new Request(url)`, set `method`, `headers`, `body`, then fetch. `User-Agent: AWidgetHarmony/1.0` is added unless set. Answered live, from fixtures (replay) or live and recorded (`--network`).",
            members: APIRegistry.requestMembers(
                constructor: "A request for `url` (`GET`, no headers, no body).",
                method: "`\"GET\"` by default; `GET`, `POST`, `PUT`, `DELETE`, `OPTIONS`, `HEAD`, `TRACE` or `CONNECT`, any case; another method rejects the fetch with a `TypeError`.",
                body: ("A string, or an object sent as JSON; a non-empty body without `Content-Type` is sent with `Content-Type: application/json`.",
                       "string | object | undefined"),
                fetch: "The response bytes. Rejects with `http <code>` on a status of 400 or more, on a network failure or a timeout (5 s to connect and 5 s to read, each on its own, inside the run's 4.5 s), or, in replay, a request no fixture matches."),
            editions: [.harmony], made: .script),
    ]

    /// The three stores of one shape (H10).
    private static func store(_ name: String, _ summary: String, made: GlobalInstallation) -> APIGlobal {
        APIGlobal(
            name, .object, rules: "H10", summary: summary,
            members: APIRegistry.keyValueMembers(
                set: "Stores any JSON value, its type kept; `null` or `undefined` deletes the key. A value JSON cannot hold is an `invalid-argument` warning and nothing is stored.",
                get: "The stored value; `default` (else `undefined`) when the key is missing or its value is `null`."),
            editions: [.harmony], made: made)
    }

    static let storage: [APIGlobal] = [
        store("Config", "Per-card storage that keeps JSON types; changes are written when a run ends ok.",
              made: .onFirstRead { state, _, context in state.makeConfig(in: context) }),
        store("Shared", "Storage shared by every card of the same kind and dimension (`desk` `2*4` cards see one store, other sizes another); written when a run ends ok.",
              made: .onFirstRead { state, _, context in state.makeShared(in: context) }),
        APIGlobal(
            "Setting", .object, rules: "A1, H10",
            summary: "The values the user filled in the card's settings (the profile's `harmony.settings`, else `settings`): `get` and the typed readers; `set` persists in an app run and changes memory only in a card refresh.",
            members: [
                .function("get", "(key, default?)", returns: "any", "The value; `default` when missing or `null`, else `\"\"`.",
                    type: .call("key: string, defaultValue?: any", "any")),
                .function("set", "(key, value)", returns: "undefined", "Changes a value (key first). Persisted in an app run (`--context app`); in a card refresh it changes this run's memory only.",
                    type: .call("key: string, value: any", "void")),
                .function("all", "()", returns: "object", "Every value, as an object.",
                    type: .call("", "Record<string, any>")),
                .function("add", "({key, name, type, icon?, description?, options?})", returns: "undefined", "Declares a setting (types `text`, `number`, `date`, `toggle`, `select`, `icon`, `color`, `image`); never writes a value. App runs only: in a card refresh it is a no-op with an `app-only-api` info.",
                    type: .call("setting: Omni.SettingDeclaration", "void")),
                .function("string", "(key)", returns: "string", "The value as text; `\"\"` when missing.",
                    type: .call("key: string", "string")),
                .function("number", "(key)", returns: "number", "The value as a number; `0` when missing or not numeric.",
                    type: .call("key: string", "number")),
                .function("bool", "(key)", returns: "boolean", "A toggle; `false` when missing.",
                    type: .call("key: string", "boolean")),
                .function("date", "(key)", returns: "number", "A date as epoch milliseconds; `0` when missing.",
                    type: .call("key: string", "number")),
                .function("select", "(key)", returns: "string", "The chosen option; `\"\"` when missing.",
                    type: .call("key: string", "string")),
                .function("icon", "(key)", returns: "string", "An icon's name; `\"\"` when missing.",
                    type: .call("key: string", "string")),
                .function("color", "(key)", returns: "string | object", "A `#RRGGBB` string or a whole colour object (gradients, light and dark), usable in a colour field; `\"\"` when missing.",
                    type: .call("key: string", "string | object")),
                .function("image", "(key)", returns: "string", "An image's path in the card's files, e.g. `\"images/a.jpg\"`; `\"\"` when missing.",
                    type: .call("key: string", "string")),
            ],
            editions: [.harmony], made: .onFirstRead { state, _, context in state.makeHarmonySetting(in: context) }),
    ]

    static let context: [APIGlobal] = [
        APIGlobal(
            "Widget", .object, rules: "A1, H1, H12",
            summary: "The card that is running.",
            members: [
                .property("id", returns: "string", "The card's id (profile `widget.id`; by default derived from the script's file name). Storage is kept per id.",
                    type: .value("string")),
                .property("name", returns: "string", "The card's name (profile `widget.name`; by default the script's file name without `.js`).",
                    type: .value("string")),
                .property("kind", returns: "string", "`desk` or `lock` (`--kind`).",
                    type: .value("Omni.CardKind")),
                .property("dimension", returns: "string", "`1*2`, `2*2`, `2*4`, `4*4`, `lock_1*1` or `lock_1*2` (`--dimension`).",
                    type: .value("Omni.CardDimension")),
                .property("urlscheme", returns: "string", "`OmniWidgets://run-widget/<id>`, the link that runs the card's logic in the app.",
                    type: .value("string")),
                .function("openUrl", "(url)", returns: "undefined", "Opens a URL after the run: recorded as an event in an app run; a no-op with an `app-only-api` info in a card refresh. A URL that is not a string is an `invalid-argument` warning; `\"\"` is ignored.",
                    type: .call("url: string", "void")),
            ],
            editions: [.harmony], made: .onFirstRead { state, _, context in state.makeHarmonyWidget(in: context) }),
        APIGlobal(
            "$params", .value, rules: "A1, H12",
            summary: "The query of the `run-widget` link that started the run (strings: profile `params`, then `--param key=value`), and from the floating-ball shortcut the objects `shortcut` and `ocr` (profile `harmony.params`).",
            members: [
                .value(".city", returns: "object", "An object; a link's values are strings; `{}` when there are none.",
                    type: .value("{ readonly [key: string]: any, readonly shortcut?: Omni.ShortcutParams, readonly ocr?: Omni.OcrParams }")),
            ],
            editions: [.harmony], made: .onFirstRead { state, _, context in state.makeHarmonyParams(in: context) }),
        APIGlobal(
            "openUrl", .function, rules: "A7, H12",
            summary: "Opens a URL (`https:`, `tel:`, `mailto:`, an app link) once the run ends.",
            members: [
                .call("(url)", returns: "undefined", "Recorded as an event in an app run; a no-op with an `app-only-api` info in a card refresh. A URL that is not a string is an `invalid-argument` warning; `\"\"` is ignored.",
                    type: .call("url: string", "void")),
            ],
            editions: [.harmony], made: .onFirstRead { state, name, context in state.makeOpenURL(name, in: context) }),
    ]
}
