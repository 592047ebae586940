/*---
description: a seconds-looking call after a valid update time is ignored, so the earlier valid time stays in force
rules: [C3, C5]
expect:
  status: ok
  events:
    - { type: setUpdateTime, valid: true }
    - { type: setUpdateTime, args: [99999999999], valid: false }
  diagnostics: [time-looks-like-seconds]
  nextRefresh: { reason: updateTime, requested: "2026-11-29T10:00:00.000+00:00" }
---*/
setUpdateTime(Date.now() + 2 * 60 * 60 * 1000)
setUpdateTime(99999999999)
