/*---
description: in strict mode an uncaught binding exception ends the run in error at the line and column of the call
rules: [C7, S2, S5]
strict: true
expect:
  status: error
  outputs: {}
  error: { name: TypeError, line: 15, column: 14 }
  diagnostics: [invalid-argument, uncaught-error]
  events:
    - { type: setUpdateFreq, args: [15], valid: true }
    - { type: setUpdateTime, valid: false }
---*/
setUpdateFreq(15)
setUpdateTime("at noon")
let never = 1
