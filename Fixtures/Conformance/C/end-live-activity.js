/*---
description: endLiveActivity() in a live script records a valid end event and ends the activity at that moment
rules: [C6, C5]
kind: live
expect:
  status: ok
  events:
    - { type: endLiveActivity, args: [], valid: true, at: "2026-11-29T08:00:00.000+00:00" }
  liveActivity: { state: ended, startedAt: "2026-11-29T08:00:00.000+00:00", endedAt: "2026-11-29T08:00:00.000+00:00" }
  diagnosticsExact: []
  outputs: { score: "2:1" }
---*/
let score = "2:1"
endLiveActivity()
