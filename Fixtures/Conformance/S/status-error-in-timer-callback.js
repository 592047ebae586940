/*---
description: an exception thrown by a timer callback is uncaught, so the run ends in error at that callback's virtual time
rules: [S5, T3, O5]
expect:
  status: error
  diagnosticsExact: [uncaught-error]
  error: { name: RangeError, message: "in timer", line: 12, column: 40 }
  outputs: {}
  console: []
---*/
let a = 1
setTimeout(() => { throw new RangeError("in timer") }, 100)
await sleep(500)
console.log("after the sleep")
