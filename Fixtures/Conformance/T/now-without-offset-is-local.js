/*---
description: a now written without an offset is a wall-clock time in the run's zone
rules: [T1, T2]
tz: Asia/Tokyo
now: "2026-11-29T08:00:00"
expect:
  status: ok
  outputs: { iso: "2026-11-28T23:00:00.000Z", hours: 8 }
  events:
    - { type: setUpdateFreq, at: "2026-11-29T08:00:00.000+09:00" }
---*/
let iso = new Date().toISOString()
let hours = new Date().getHours()
setUpdateFreq(60)
