/*---
description: throwing a non-Error value still ends the run in error, with the value as the message
rules: [S5, O5]
expect:
  status: error
  diagnosticsExact: [uncaught-error]
  error: { message: plain }
  outputs: {}
---*/
let a = 1
throw "plain"
