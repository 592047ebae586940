/*---
description: endLiveActivity() in a lock-screen circular widget has no effect
rules: [C6]
kind: circular
expect:
  status: ok
  events:
    - { type: endLiveActivity, valid: false }
  diagnosticsExact: [end-outside-live-activity]
  liveActivity: null
---*/
endLiveActivity()
