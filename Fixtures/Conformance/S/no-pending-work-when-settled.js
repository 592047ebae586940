/*---
description: when every timer has fired or been cleared before the body settles there is no pending-work-cancelled warning
rules: [S4, T3]
expect:
  status: ok
  outputs: { fired: ["a"] }
  diagnosticsExact: []
---*/
let fired = []
setTimeout(() => fired.push("a"), 100)
const _b = setTimeout(() => fired.push("b"), 200)
const _c = setInterval(() => fired.push("c"), 50)
clearTimeout(_b)
clearInterval(_c)
await sleep(500)
