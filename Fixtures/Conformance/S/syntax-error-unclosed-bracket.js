/*---
description: an unclosed bracket is a syntax error pointing at the bracket that is never closed
rules: [S1, S2]
expect:
  status: error
  diagnosticsExact: [syntax-error]
  error: { name: SyntaxError, line: 11, column: 12 }
  events: []
---*/
setUpdateFreq(30)
let list = [1, 2,
  3
let other = 4
