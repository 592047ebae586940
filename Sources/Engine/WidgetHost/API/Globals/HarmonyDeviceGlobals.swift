import ScriptCore

/// The declarations of the HarmonyOS edition's `Device`, `FileManager`, control bindings and
/// `sleep` (H5, H6, H11, H12); the rest of that edition's globals are in `HarmonyGlobals.swift`.
extension HarmonyAPI {
    static let device: [APIGlobal] = [
        APIGlobal(
            "Device", .object, rules: "A1, H12",
            summary: "A read-only plain object of the device's fields, from the profile's `harmony.device` (a missing field is `\"\"` or `0`).",
            members: [
                .property("model", returns: "string", "The model, e.g. `\"Mate 60 Pro\"`.", type: .value("string")),
                .property("brand", returns: "string", "The brand, e.g. `\"HUAWEI\"`.", type: .value("string")),
                .property("osVersion", returns: "string", "The system version, e.g. `\"OpenHarmony-5.0.0.110\"`.", type: .value("string")),
                .property("deviceType", returns: "string", "`phone`, `tablet`, `2in1`, `wearable`, …", type: .value("string")),
                .property("sdkApiVersion", returns: "number", "The SDK's API level, e.g. `14`.", type: .value("number")),
                .property("locale", returns: "string", "The run's locale (T5), e.g. `\"zh-Hans-CN\"`.", type: .value("string")),
                .property("screenWidth", returns: "number", "The screen's width in pixels.", type: .value("number")),
                .property("screenHeight", returns: "number", "The screen's height in pixels.", type: .value("number")),
                .property("densityDPI", returns: "number", "The screen's density in dots per inch.", type: .value("number")),
            ],
            editions: [.harmony], made: .onFirstRead { state, _, context in state.makeHarmonyDevice(in: context) }),
    ]

    static let files: [APIGlobal] = [
        APIGlobal(
            "FileManager", .object, rules: "A5, H11", receiver: "fm",
            summary: "Files in the card's folder (`files/`): every path is relative to it, and `files/a.png` is `a.png`. An absolute path, `~`, `..`, an empty segment or a backslash is refused: the call rejects with an `Error`. Also callable: `FileManager()` is the same object.",
            members: [
                .function("read", "(path)", .async, returns: "Promise<string>", "The file's text (UTF-8); `\"\"` when it does not exist.",
                    type: .call("path: string", "Promise<string>")),
                .function("write", "(path, content)", .async, returns: "Promise<string>", "Writes a string (UTF-8), a `Uint8Array` or an array of byte numbers, making folders as needed; resolves to the canonical path `\"files/<path>\"`, what an Image's `src` takes.",
                    type: .call("path: string, content: string | Uint8Array | number[]", "Promise<string>")),
                .function("exists", "(path)", .async, returns: "Promise<boolean>", "Whether the file or folder exists.",
                    type: .call("path: string", "Promise<boolean>")),
                .function("list", "(dir?)", .async, returns: "Promise<string[]>", "The names in the card's folder or a folder in it, sorted; `[]` when there is none.",
                    type: .call("dir?: string", "Promise<string[]>")),
                .function("remove", "(path)", .async, returns: "Promise<boolean>", "Deletes the file; `true` when there was one (a missing file is fine).",
                    type: .call("path: string", "Promise<boolean>")),
                .function("root", "()", returns: "string", "`\"files/\"`.",
                    type: .call("", "string")),
            ],
            editions: [.harmony], made: .onFirstRead { state, name, context in state.makeHarmonyFileManager(name, in: context) }),
    ]

    static let control: [APIGlobal] = [
        APIGlobal(
            ControlBinding.setUpdateFreq.rawValue, .function, rules: "H5, H7",
            summary: "Asks for the next refresh after a number of minutes: a lower bound the system may exceed.",
            members: [
                .call("(minutes)", returns: "undefined", "Whole minutes (a fraction is taken up to the next whole one); below 5 asks for 5. `0` or a value that is not a number is as if not called (`update-call-ignored`). Excludes `setUpdateTime`: the last call of either wins.",
                    type: .call("minutes: number", "void")),
            ],
            editions: [.harmony], made: .control { state, name in { call in try state.harmonyUpdateFreq(call, as: name); return call.context.undefined } }),
        APIGlobal(
            ControlBinding.setUpdateTime.rawValue, .function, rules: "H6, H7",
            summary: "Asks for the next refresh at a time.",
            members: [
                .call("(ms)", returns: "undefined", "Epoch milliseconds; at the earliest 5 minutes after the run. `0` or a value that is not a number (a `Date` too) is as if not called (`update-call-ignored`). Excludes `setUpdateFreq`: the last call of either wins.",
                    type: .call("ms: number", "void")),
            ],
            editions: [.harmony], made: .control { state, name in { call in try state.harmonyUpdateTime(call, as: name); return call.context.undefined } }),
        APIGlobal(
            "sleep", .function, rules: "H4, H12, T3",
            summary: "Waits on the virtual clock; the wait spends the run's 4.5 s.",
            members: [
                .call("(ms)", .async, returns: "Promise<number>", "Resolves with `ms` after `ms` virtual milliseconds; a value that is not a number waits 0 and resolves with 0. `await sleep(5000)` ends the run `timeout`, as on the phone.",
                    type: .call("ms: number", "Promise<number>")),
            ],
            editions: [.harmony], made: .host { (state, name, context) throws(ScriptError) in try state.installSleep(named: name, in: context) }),
    ]
}
