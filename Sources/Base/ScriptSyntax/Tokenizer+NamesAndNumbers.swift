// Identifiers, numeric literals and punctuators.
extension Tokenizer {
    func startsIdentifier(_ byte: UInt8) -> Bool {
        CharacterClasses.isASCIIIdentifierStart(byte) || byte == CharacterClasses.backslash || byte >= 0x80
    }

    mutating func lexIdentifierRest() {
        while index < bytes.count {
            let byte = bytes[index]
            if CharacterClasses.isASCIIIdentifierPart(byte) {
                bump()
            } else if byte == CharacterClasses.backslash {
                bump()
                guard peek(index) == 0x75 else { continue }  // \u
                bump()
                if peek(index) == CharacterClasses.openBrace {
                    while index < bytes.count, bytes[index] != CharacterClasses.closeBrace,
                          lineTerminatorLength(at: index) == 0 { bump() }
                    if index < bytes.count, bytes[index] == CharacterClasses.closeBrace { bump() }
                }
            } else if byte >= 0x80 {
                let scalar = CharacterClasses.decodeScalar(bytes, at: index)
                if CharacterClasses.isUnicodeWhitespace(scalar.value)
                    || CharacterClasses.isUnicodeLineTerminator(scalar.value) { return }
                for _ in 0..<scalar.length { bump() }
            } else {
                return
            }
        }
    }

    mutating func lexNumber() {
        let first = bytes[index]
        if first == 0x30, let second = peek(index + 1), "xXoObB".utf8.contains(second) {
            bump()
            bump()
        } else {
            skipDigits()
            if peek(index) == CharacterClasses.dot {
                bump()
                skipDigits()
            }
            if let marker = peek(index), marker == 0x65 || marker == 0x45 {
                bump()
                if let sign = peek(index), sign == 0x2B || sign == 0x2D { bump() }
            }
        }
        // Remaining digits, exponent digits, BigInt `n` and any (invalid) letters.
        while let byte = peek(index), CharacterClasses.isASCIIIdentifierPart(byte) { bump() }
    }

    mutating func skipDigits() {
        while let byte = peek(index), CharacterClasses.isDigit(byte) || byte == 0x5F { bump() }
    }

    mutating func lexPunctuator() {
        let first = bytes[index]
        if first < 0x80 {
            for candidate in CharacterClasses.punctuatorsByFirstByte[Int(first)]
            where index + candidate.count <= bytes.count
                && bytes[index..<index + candidate.count].elementsEqual(candidate) {
                // `a?.5:b` is a conditional, not optional chaining.
                if candidate == [0x3F, 0x2E], peek(index + 2).map(CharacterClasses.isDigit) == true { continue }
                for _ in 0..<candidate.count { bump() }
                return
            }
        }
        bump()
        // Keep a stray non-ASCII scalar in one token.
        while index < bytes.count, bytes[index] & 0xC0 == 0x80 { bump() }
    }
}
