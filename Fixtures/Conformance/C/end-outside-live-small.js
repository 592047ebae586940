/*---
description: endLiveActivity() in a small widget has no effect, is recorded as invalid and gives end-outside-live-activity
rules: [C6, C5]
expect:
  status: ok
  events:
    - { type: setUpdateFreq, args: [30], valid: true }
    - { type: endLiveActivity, args: [], valid: false, at: "2026-11-29T08:00:00.000+00:00" }
  diagnosticsExact: [end-outside-live-activity]
  liveActivity: null
  nextRefresh: { reason: frequency, requested: "2026-11-29T08:30:00.000+00:00" }
---*/
setUpdateFreq(30)
endLiveActivity()
