/*---
description: the activity ends at the virtual time of the call, not at the start or the end of the run
rules: [C6, C5, T3]
kind: live
expect:
  status: ok
  events:
    - { type: endLiveActivity, valid: true, at: "2026-11-29T08:10:00.000+00:00" }
  liveActivity: { state: ended, endedAt: "2026-11-29T08:10:00.000+00:00" }
---*/
await sleep(10 * 60 * 1000)
endLiveActivity()
await sleep(5 * 60 * 1000)
