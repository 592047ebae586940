/// A script's lines as JavaScript counts them: `\n`, `\r\n`, a lone `\r`, U+2028
/// and U+2029 each end a line. Columns count UTF-16 code units, as the engine does.
public struct SourceLines: Sendable {
    /// The lines without their terminators; a text that ends with a line break ends with an empty line.
    public let lines: [Substring]

    /// Splits `text` at every line terminator JavaScript knows.
    public init(_ text: String) {
        var lines: [Substring] = []
        let scalars = text.unicodeScalars
        var start = scalars.startIndex
        var index = start
        while index < scalars.endIndex {
            let scalar = scalars[index]
            if scalar == "\n" || scalar == "\r" || scalar == "\u{2028}" || scalar == "\u{2029}" {
                lines.append(Substring(scalars[start..<index]))
                var next = scalars.index(after: index)
                if scalar == "\r", next < scalars.endIndex, scalars[next] == "\n" { next = scalars.index(after: next) }
                start = next
                index = next
            } else {
                index = scalars.index(after: index)
            }
        }
        lines.append(Substring(scalars[start..<scalars.endIndex]))
        self.lines = lines
    }

    /// How many lines: one more than the number of terminators.
    public var count: Int { lines.count }

    /// Line `number` (1-based), or nil.
    public func line(_ number: Int) -> Substring? {
        number >= 1 && number <= lines.count ? lines[number - 1] : nil
    }

    /// The UTF-16 column (1-based) of the first `needle` on a line.
    public func column(of needle: String, onLine number: Int) -> Int? {
        guard let line = line(number), let range = line.firstRange(of: needle) else { return nil }
        return line[..<range.lowerBound].utf16.count + 1
    }
}
