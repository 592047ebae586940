/*---
description: a live script that never calls endLiveActivity() leaves the activity active
rules: [C6, S3]
kind: live
expect:
  status: ok
  events: []
  liveActivity: { state: active, startedAt: "2026-11-29T08:00:00.000+00:00", endedAt: null }
  outputs: { type: live }
---*/
let type = Widget.type
