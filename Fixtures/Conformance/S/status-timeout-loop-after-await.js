/*---
description: an infinite loop after an await (inside a microtask) is also stopped at the time limit
rules: [S6, S5, O5]
limits: { timeout: 0.3 }
expect:
  status: timeout
  diagnosticsExact: [time-limit]
  outputs: {}
---*/
let a = 1
await null
while (true) {}
