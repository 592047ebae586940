/*---
description: a synchronous infinite loop is stopped at the time limit with status timeout and nothing is published
rules: [S6, S5, O5, S8]
limits: { timeout: 0.3 }
expect:
  status: timeout
  diagnosticsExact: [time-limit]
  outputs: {}
  error: null
  console: ["before the loop"]
---*/
let a = 1
setUpdateFreq(30)
console.log("before the loop")
while (true) {}
