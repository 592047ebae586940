/*---
description: exactly 5 minutes is at the minimum, so there is no warning
rules: [C1, C2]
expect:
  status: ok
  diagnosticsExact: []
  nextRefresh: { reason: frequency, requested: "2026-11-29T08:05:00.000+00:00" }
---*/
setUpdateFreq(5)
