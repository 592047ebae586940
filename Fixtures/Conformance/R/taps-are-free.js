/*---
description: taps refresh at once and are not charged to the budget
rules: [R4]
now: 2026-11-29T00:00:00Z
simulate: { hours: 2, taps: ["+10m", "+50m"] }
expect:
  timeline: { freeCount: 2 }
---*/
setUpdateFreq(30)
