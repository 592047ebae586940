/*---
description: an error thrown after awaiting a timer reports the user's line and column
rules: [S2, S5, T3]
expect:
  status: error
  diagnosticsExact: [uncaught-error]
  error: { name: RangeError, message: "too late", line: 14, column: 23 }
  outputs: {}
---*/
let before = 1
async function later() {
  await sleep(5000)
  const reason = "too late"
  throw new RangeError(reason)
}
await later()
