/*---
description: U+2028 LINE SEPARATOR ends a line in JavaScript, so an error after one is reported on the next line as the engine counts it
rules: [S2]
skip: "host bug: the host maps engine lines back to the file but counts only \\n as a line break, so it reports line 12 (11 before this skip line was added) for an error on line 13"
expect:
  status: error
  diagnosticsExact: [uncaught-error]
  error: { name: TypeError, line: 13, column: 5 }
  outputs: {}
---*/
let a = 1 let b = 2 null.x
