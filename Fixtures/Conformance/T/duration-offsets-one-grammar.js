/*---
description: offsets are parts of a number and a unit (ms, s, m, h, d) that add up, with fractions
rules: [T6, R4]
now: 2026-11-29T00:00:00Z
simulate: { hours: 2, taps: ["+0.25h", "+2400s", "+3300000ms", "+1h10m"] }
expect:
  timeline: { freeCount: 4 }
---*/
setUpdateFreq(30)
