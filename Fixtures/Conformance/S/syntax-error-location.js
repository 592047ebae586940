/*---
description: a script that does not parse is reported with line and column and nothing in it runs
rules: [S1, S2]
expect:
  status: error
  diagnosticsExact: [syntax-error]
  error: { name: SyntaxError, line: 15, column: 5 }
  events: []
  console: []
  outputs: {}
---*/
console.log("must not run")
setUpdateFreq(30)
let a = 1
let a = 2
