/*---
description: the frequency in force is counted from the virtual time the run ends, after its sleeps
rules: [C2, C5, T3]
expect:
  status: ok
  events:
    - { type: setUpdateFreq, args: [15], valid: true, at: "2026-11-29T08:00:00.000+00:00" }
  nextRefresh: { reason: frequency, requested: "2026-11-29T08:17:00.000+00:00" }
---*/
setUpdateFreq(15)
await sleep(2 * 60 * 1000)
