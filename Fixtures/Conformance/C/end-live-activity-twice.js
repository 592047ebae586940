/*---
description: a second endLiveActivity() has no further effect - the end time stays the first one and already-ended (info) is given
rules: [C6, C5]
kind: live
expect:
  status: ok
  events:
    - { type: endLiveActivity, valid: true, at: "2026-11-29T08:00:00.000+00:00" }
    - { type: endLiveActivity, valid: false, at: "2026-11-29T08:01:00.000+00:00" }
  liveActivity: { state: ended, endedAt: "2026-11-29T08:00:00.000+00:00" }
  diagnosticsExact: [already-ended]
---*/
endLiveActivity()
await sleep(60 * 1000)
endLiveActivity()
