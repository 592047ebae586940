/*---
description: an ignored update time does not count, so the frequency in force decides the next refresh
rules: [C4, C2, C3]
expect:
  status: ok
  diagnosticsExact: [time-in-past]
  nextRefresh: { reason: frequency, frequencyMinutes: 30, requested: "2026-11-29T08:30:00.000+00:00" }
---*/
setUpdateFreq(30)
setUpdateTime(Date.now() - 60 * 1000)
