/*---
description: setUpdateTime accepts a Date; the next refresh is at that Date (here 00:01 tomorrow in the run's zone)
rules: [C3, C4, T2]
tz: Asia/Tokyo
expect:
  status: ok
  events:
    - { type: setUpdateTime, valid: true, at: "2026-11-29T17:00:00.000+09:00" }
  nextRefresh: { reason: updateTime, requested: "2026-11-30T00:01:00.000+09:00" }
  diagnosticsExact: []
---*/
const _next = new Date()
_next.setDate(_next.getDate() + 1)
_next.setHours(0, 1, 0, 0)
setUpdateTime(_next)
