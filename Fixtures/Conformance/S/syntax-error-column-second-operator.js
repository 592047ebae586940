/*---
description: the column of a syntax error points at the offending token, not at an earlier identical token on the same line
rules: [S1, S2]
skip: "host bug: the host guesses SyntaxError columns by searching the line for the first copy of the quoted token, so it reports the first * (column 11), not the unexpected one (column 16)"
expect:
  status: error
  diagnosticsExact: [syntax-error]
  error: { name: SyntaxError, line: 11, column: 16 }
  events: []
---*/
let x = 1 * 2 +* 3
