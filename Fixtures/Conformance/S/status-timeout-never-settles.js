/*---
description: waiting on a promise nothing can settle ends at once with status timeout and never-settles
rules: [S5, S6, O5]
limits: { timeout: 0.5 }
expect:
  status: timeout
  diagnosticsExact: [never-settles]
  outputs: {}
---*/
let a = 1
await new Promise(() => {})
