/*---
description: in a file with CRLF line endings an error keeps its real line and column (CRLF is one line break, as the engine counts it)
rules: [S2, S1]
skip: "host bug: the host counts lines with Swift Characters, where CRLF is one Character that is not \"\\n\", so it clamps every location to the 10 LF-terminated lines it sees; it reports line 10 (9 before this skip line was added), the stack too"
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
