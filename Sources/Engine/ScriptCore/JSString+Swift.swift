import CJavaScriptCore

/// Conversions between Swift strings and JavaScriptCore strings.
///
/// Both directions go through UTF-16 so that strings with NUL characters or
/// non-BMP characters survive intact (JSStringCreateWithUTF8CString stops at NUL).
enum JSStringBridge {
    /// Creates a retained JSStringRef; the caller releases it.
    static func make(_ string: String) -> JSStringRef {
        var units = Array(string.utf16)
        if units.isEmpty { units.append(0) ; return JSStringCreateWithCharacters(units, 0) }
        return units.withUnsafeBufferPointer { JSStringCreateWithCharacters($0.baseAddress, $0.count) }
    }

    /// Runs `body` with a temporary JSStringRef that is released afterwards.
    static func with<R>(_ string: String, _ body: (JSStringRef) throws -> R) rethrows -> R {
        let ref = make(string)
        defer { JSStringRelease(ref) }
        return try body(ref)
    }

    /// Decodes a JSStringRef (lone surrogates become U+FFFD). Does not release it.
    static func string(from ref: JSStringRef) -> String {
        let length = JSStringGetLength(ref)
        guard length > 0, let chars = JSStringGetCharactersPtr(ref) else { return "" }
        return String(decoding: UnsafeBufferPointer(start: chars, count: length), as: UTF16.self)
    }

    /// Decodes and releases a retained JSStringRef.
    static func take(_ ref: JSStringRef) -> String {
        defer { JSStringRelease(ref) }
        return string(from: ref)
    }
}
