/*---
description: of several update times the last valid one wins, even when it is later than an earlier one; invalid calls after it do not count
rules: [C5, C3, C4]
expect:
  status: ok
  events:
    - { type: setUpdateTime, valid: true }
    - { type: setUpdateTime, valid: true }
    - { type: setUpdateTime, valid: false }
    - { type: setUpdateTime, valid: false }
  diagnosticsExact: [time-in-past, invalid-argument]
  nextRefresh: { reason: updateTime, requested: "2026-11-29T11:00:00.000+00:00" }
---*/
setUpdateTime(Date.now() + 60 * 60 * 1000)
setUpdateTime(new Date(Date.now() + 3 * 60 * 60 * 1000))
setUpdateTime(Date.now() - 1)
setUpdateTime("soon")
