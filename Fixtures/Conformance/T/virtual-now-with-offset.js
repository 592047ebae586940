/*---
description: an ISO now with an explicit offset names an instant; the clock reads that instant whatever the zone
rules: [T1, T2]
now: "2026-06-15T23:30:00-04:00"
tz: Asia/Tokyo
expect:
  status: ok
  outputs: { iso: "2026-06-16T03:30:00.000Z", hours: 12, day: 16 }
  events:
    - { type: setUpdateFreq, at: "2026-06-16T12:30:00.000+09:00" }
---*/
let iso = new Date().toISOString()
let hours = new Date().getHours()
let day = new Date().getDate()
setUpdateFreq(10)
