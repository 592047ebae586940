/*---
description: a run that fails still used its refresh; the frequency in force stays
rules: [R5, O5]
now: 2026-11-29T00:00:00Z
simulate: { hours: 4 }
expect:
  timeline: { refreshCount: 8, failedCount: 4 }
---*/
setUpdateFreq(30)
if (new Date().getMinutes() === 30) throw new Error("the API is down at half past")
let ok = true
