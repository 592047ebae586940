/*---
description: in a file with CRLF line endings an error keeps its real line and column (CRLF is one line break, as the engine counts it)
rules: [S2, S1]
skip: false
expect:
  status: error
  diagnosticsExact: [uncaught-error]
  error: { name: TypeError, line: 14, column: 7 }
  outputs: {}
---*/
let a = 1
let b = 2
function f() {
  null.x
}
f()
