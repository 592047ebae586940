/*---
description: endLiveActivity() in a button script also has no effect, each call giving end-outside-live-activity (never already-ended)
rules: [C6, S3]
kind: button
expect:
  status: ok
  events:
    - { type: endLiveActivity, valid: false }
    - { type: endLiveActivity, valid: false }
  diagnosticsExact: [end-outside-live-activity, end-outside-live-activity]
  liveActivity: null
---*/
endLiveActivity()
endLiveActivity()
