/*---
description: an activity ended by endLiveActivity() stays ended even when the run then fails
rules: [C6, S5, O5]
kind: live
expect:
  status: error
  outputs: {}
  diagnosticsExact: [uncaught-error]
  liveActivity: { state: ended, endedAt: "2026-11-29T08:00:00.000+00:00" }
---*/
let score = "final"
endLiveActivity()
await sleep(1000)
throw new Error("after the end")
