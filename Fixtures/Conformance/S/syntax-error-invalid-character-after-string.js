/*---
description: the column of an invalid character passes over copies of it in a string and a comment earlier on the line, counting UTF-16 units
rules: [S1, S2]
expect:
  status: error
  error: { name: SyntaxError, line: 9, column: 29, message: "Invalid character '＋' (U+FF0B)" }
---*/
let label = "1 ＋ 2 😀"
let sum = 1 /* ＋ */ + label ＋ 2
