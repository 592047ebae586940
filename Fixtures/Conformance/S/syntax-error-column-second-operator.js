/*---
description: the column of a syntax error points at the offending token, not at an earlier identical token on the same line
rules: [S1, S2]
expect:
  status: error
  diagnosticsExact: [syntax-error]
  error: { name: SyntaxError, line: 10, column: 16 }
  events: []
---*/
let x = 1 * 2 +* 3
