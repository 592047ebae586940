/*---
description: U+2028 LINE SEPARATOR ends a line in JavaScript, so an error after one is reported on the next line as the engine counts it
rules: [S2]
skip: false
expect:
  status: error
  diagnosticsExact: [uncaught-error]
  error: { name: TypeError, line: 13, column: 5 }
  outputs: {}
---*/
let a = 1 let b = 2 null.x
