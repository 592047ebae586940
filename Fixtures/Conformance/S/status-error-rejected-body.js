/*---
description: awaiting a promise that rejects rejects the body, so the run ends in error at the virtual time of the rejection
rules: [S5, O5, T3]
expect:
  status: error
  diagnosticsExact: [uncaught-error]
  error: { name: RangeError, message: nope }
  outputs: {}
  events:
    - { type: setUpdateFreq, args: [20], valid: true, at: "2026-11-29T08:00:00.000+00:00" }
---*/
let a = 1
setUpdateFreq(20)
await new Promise((resolve, reject) => setTimeout(() => reject(new RangeError("nope")), 50))
let b = 2
