/// What editors and TypeScript's checker read in a widget project: the `jsconfig.json` that
/// `init` writes and the one `types --wrap` writes beside the wrapped scripts (``CheckerWrap``,
/// docs/editors.md).
enum EditorConfig {
    /// The compiler options of both configurations: JavaScript only, no output, the language
    /// JavaScriptCore runs, no DOM or Node.js library (A9: the globals are `omni.d.ts`'s), and each
    /// file a module of its own, as each script runs in a fresh context (so top-level `await` is
    /// allowed and two scripts' bindings never clash).
    static func jsconfig(checkJs: Bool, include: [String], exclude: [String] = []) -> String {
        var text = """
            {
              "compilerOptions": {
                "allowJs": true,
                "checkJs": \(checkJs),
                "noEmit": true,
                "target": "es2022",
                "module": "es2022",
                "moduleDetection": "force",
                "lib": ["es2022"],
                "types": []
              },
              "include": [\(include.map { "\"\($0)\"" }.joined(separator: ", "))]
            """
        if !exclude.isEmpty { text += ",\n  \"exclude\": [\(exclude.map { "\"\($0)\"" }.joined(separator: ", "))]" }
        return text + "\n}\n"
    }
}
