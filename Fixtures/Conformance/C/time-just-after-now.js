/*---
description: one millisecond after now is after now, so it is valid
rules: [C3, C4]
expect:
  status: ok
  events:
    - { type: setUpdateTime, args: [1795939200001], valid: true }
  diagnosticsExact: []
  nextRefresh: { reason: updateTime, requested: "2026-11-29T08:00:00.001+00:00" }
---*/
setUpdateTime(Date.now() + 1)
