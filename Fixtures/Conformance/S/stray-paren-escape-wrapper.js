/*---
description: code that tries to close the wrapper and open a new one on the same line is still a syntax error at the stray brace
rules: [S1, S2]
expect:
  status: error
  diagnosticsExact: [syntax-error]
  error: { name: SyntaxError, line: 12, column: 12 }
  events: []
  console: []
---*/
setUpdateFreq(30)
let a = 1; })(); (async () => { console.log("escaped")
