/*---
description: with a "use strict" prologue (which the wrapper must keep first) an uncaught strict-only error keeps its exact line and column
rules: [S2, S5]
expect:
  status: error
  diagnosticsExact: [uncaught-error]
  error: { name: ReferenceError, line: 14, column: 15 }
  outputs: {}
---*/
"use strict"
let before = 1
function inner() {
  let local = 2
  undeclared = local
}
function outer() {
  inner()
}
outer()
