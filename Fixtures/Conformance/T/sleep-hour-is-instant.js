/*---
description: sleep of an hour completes at once in real time while the virtual clock advances by exactly one hour, and calls after it carry the later time
rules: [T3, T1, C5]
limits: { timeout: 0.5 }
expect:
  status: ok
  outputs: { waited: 3600000, after: "2026-11-29T09:00:00.000Z" }
  events:
    - { type: setUpdateFreq, args: [30], valid: true, at: "2026-11-29T09:00:00.000+00:00" }
  nextRefresh: { reason: frequency, requested: "2026-11-29T09:30:00.000+00:00" }
  diagnosticsExact: []
---*/
const _start = Date.now()
await sleep(60 * 60 * 1000)
let waited = Date.now() - _start
let after = new Date().toISOString()
setUpdateFreq(30)
